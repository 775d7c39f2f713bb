"""Error carried forward after a pass made in parts (parallel.py) on a class
paper: once every part's answers are merged, the questions are shared out
between processes, each re-marking its own questions' parts for every
student (ecf_pass.py). (With per-student papers each part re-marks its own
students, whose part checkers it made: another process would make them again.)

Shared out by question, not by student: on a class paper, students who wrote
the same answers to a question share one re-marking (carry_errors_forward
keeps it), which a split by student would make again in every process (on
the million-row workload, each half re-marked most of the other's). A
question's parts stay together, since a part may be worked from an earlier
part of it re-marked just before; no part reads another question's answers,
so each group's re-marking is what one pass over all the questions gives it."""

from __future__ import annotations

from contextlib import ExitStack

from quizgen.background import Background
from quizgen.grading.ecf_pass import carry_errors_forward
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.students import Students


def carry_forward_in_parts(index: KeyIndex, students: Students, grid: AnswerGrid, slots, parts: int) -> dict:
    """``carry_errors_forward`` over every student of ``grid`` (``slots``: the
    slots answered, or None for all), its questions shared out between up to
    ``parts`` processes (``question_groups``); the grid holds the new
    outcomes, as after one call. Returns {row: new Outcome}."""
    groups = question_groups(index, slots, parts)
    if len(groups) < 2:
        return carry_errors_forward(index, students, grid, slots=slots)
    with ExitStack() as stack:
        jobs = [stack.enter_context(Background(remarked_cells, index, students, grid, group)) for group in groups[1:]]
        patched = carry_errors_forward(index, students, grid, slots=groups[0])
        for job in jobs:
            for cell, outcome in job.result().items():
                grid.outcomes[cell] = patched[grid.rows[cell]] = outcome
    return patched


def remarked_cells(index: KeyIndex, students: Students, grid: AnswerGrid, slots: frozenset) -> dict:
    """{grid cell: its new Outcome} of ``carry_errors_forward`` over the parts at ``slots``."""
    originals = {}
    carry_errors_forward(index, students, grid, originals=originals, slots=slots)
    return {cell: grid.outcomes[cell] for cell in originals}


def question_groups(index: KeyIndex, slots, parts: int) -> list:
    """The ``slots`` (None: all of the key's) in up to ``parts`` frozensets,
    every slot of a question in the same one, the groups about equal in slots
    (questions placed largest first, each in the smallest group so far; ties:
    in slot order, so the groups are the same on every run)."""
    by_question = {}
    for slot in sorted(range(len(index.slots)) if slots is None else slots):
        by_question.setdefault(index.slots[slot]["question_id"], []).append(slot)
    groups = [[] for _ in range(min(parts, len(by_question)))]
    for question in sorted(by_question.values(), key=lambda found: (-len(found), found[0])):
        min(groups, key=len).extend(question)
    return [frozenset(group) for group in groups if group]
