"""Error carried forward after the pass: each final answer to a part whose
recipe reads earlier parts is re-marked given the student's own final answers
to those parts, by the rule the drill and validate use (``ecf_verdict``). A
student's re-marking reads their own grid row alone, so it can be done a
student at a time (each part of a big file re-marks its own students,
parallel.py)."""

from __future__ import annotations

from quizgen.grading.careful import ecf_inputs
from quizgen.grading.key_index import LABEL_CACHE_LIMIT, KeyIndex
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import verdict_cells
from quizgen.grading.ecf_at_once import REMARKED, ecf_verdict, part_letters
from quizgen.grading.students import Students
from quizgen.key.status import Status
from quizgen.marking.rule_model import CARRIED


def carry_errors_forward(index: KeyIndex, students: Students, grid: AnswerGrid, numbers=None,
                         originals: dict | None = None, slots=None) -> dict:
    """After the pass, re-mark each final answer to a part computed from
    earlier parts (an ECF recipe) that was not correct, given the student's
    FINAL answers to those parts (which may have come later in the file, or
    been superseded): a correct consequence of a wrong earlier answer becomes
    ``correct``/``ecf``. Returns {row number: new Outcome}; the grid holds
    the new outcomes, so the totals count them. ``numbers`` limits it to
    those students (a student's re-marking reads their own answers alone);
    ``originals``, when given, receives {grid cell: Outcome it replaced};
    ``slots``, when given, holds every slot answered in the grid
    (``answered_slots``): the parts of the paper no row answered are not
    looked at, so a key of thousands of parts, a few of them answered, costs
    the answered ones alone per student (not the key's width)."""
    memo, dependents = {}, {}   # each template's ECF inputs, and each paper's dependent parts, found once
    last, latest, width, papers = grid.rows, grid.outcomes, grid.width, students.paper_numbers
    patched, kept = {}, {}   # kept: ecf_verdict's own traps and slips, many students sharing one (a class paper)
    remarked = {}   # (checker, outcome, final outcomes of the parts before it): the re-marked Outcome (None: it
    #                 stands); outcomes are keyed by identity, one per answer text, so 2 and 1+1 are apart already
    alike = {}   # the same by what ECF reads of those outcomes (``_as_read``): 0.0474 however it was written
    for number in range(len(papers)) if numbers is None else numbers:
        paper, base = papers[number], number * width
        found = dependents.get(paper)
        if found is None:
            found = dependents[paper] = [entry for entry in _dependents(index.papers[paper], memo)
                                         if slots is None or entry[0] in slots]
        for slot, checker, sources, named, letters in found:
            outcome = latest[base + slot]
            if outcome.status not in REMARKED and outcome.note != CARRIED:   # carried: ECF's words alone
                continue
            found_before = (checker, outcome, *[latest[base + s] for _, s in named])
            new = remarked.get(found_before, remarked)
            if new is remarked:
                read = (checker, outcome, *[_as_read(latest[base + s]) for _, s in named],
                        *[latest[base + s].status is Status.NEEDS_REVIEW for _, s in sources])
                new = alike.get(read, alike)
                if new is alike:
                    new = _remarked(checker, outcome, latest, base, sources, named, letters, kept)
                    if len(alike) >= REMARKED_KEPT:
                        alike.clear()
                    alike[read] = new
                if len(remarked) >= REMARKED_KEPT:
                    remarked.clear()
                remarked[found_before] = new
            if new is not None:
                if originals is not None:
                    originals[base + slot] = outcome
                latest[base + slot] = patched[last[base + slot]] = new
    return patched


REMARKED_KEPT = 100_000
"""Re-marked outcomes kept per ECF pass before starting afresh. On a class paper every student's
outcomes are shared by all who wrote the same answer texts, so the same question's outcomes recur
(a third of the million-row workload's re-marked cells are distinct)."""


def _remarked(checker, outcome, latest: list, base: int, sources: tuple, named: tuple, letters: tuple,
              kept: dict):
    """The Outcome ECF gives ``outcome`` from the final outcomes of the student whose grid row starts
    at ``base`` (``ecf_verdict``), or None when it stands: a function of the outcomes of the part's
    question alone, so ``carry_errors_forward`` keeps it for every student with the same ones."""
    given = tuple((name, letter, latest[base + s].status, latest[base + s].value, latest[base + s].figures)
                  for (name, s), letter in zip(sources, letters))
    verdict = ecf_verdict(checker, outcome, given, lambda: _own_answers(latest, base, named), kept)
    return None if verdict is None else verdict_cells(verdict, checker.expected, checker.writes_comma)


def answered_slots(index: KeyIndex):
    """The slots the rows graded with ``index`` in this process named (its
    ``labels``, kept as the pass meets them), or None when that cache is full
    and may not hold them all."""
    if len(index.labels) >= LABEL_CACHE_LIMIT or any(len(q) >= LABEL_CACHE_LIMIT for q in index.labels.values()):
        return None
    return frozenset(slot for questions in index.labels.values() for slot in questions.values()
                     if slot.__class__ is int)


def _as_read(outcome):
    """What ECF reads of an earlier part's final outcome (besides whether it needs review): its value and
    figures, with the value's type and the figures' (1 and 1.0 are quoted apart, and so are 0.01234567 written,
    quoted as written, and the value of exp(ln(0.01234567)), whose figures were not written, quoted to 6
    figures); the outcome itself for a zero (-0.0 is
    quoted apart from 0.0) or a number of another type, as no two such are taken for one."""
    value = outcome.value
    if value is None or value.__class__ is int or value.__class__ is float and value:
        return value, value.__class__, outcome.figures, outcome.figures.__class__
    return outcome


def _own_answers(latest: list, base: int, named: list) -> tuple:
    """A student's final values and figures of the ``named`` parts (those before the re-marked one: C2: -log10 of
    their own (a)); ECF reads no later part, so the re-marking is kept by these alone."""
    return ({name: latest[base + s].value for name, s in named}, {name: latest[base + s].figures for name, s in named})


def _dependents(paper, memo: dict) -> list:
    """``(slot, checker, ((earlier part name, its slot), ...), ((name, slot) of
    each part of its question named as a part before it, or read by it, ...),
    (earlier part letter, ...))`` for each part of ``paper`` whose template's
    recipe reads earlier parts (``careful.ecf_inputs``, once per template: no
    marking rules are made here; ``remark`` makes them
    for the answers it re-marks, and gives None where an instance's recipes
    do not evaluate). Only the checkers are the paper's own: the rest is its
    questions' layout (``_layout``), the same on every paper of a roster."""
    return [(slot, paper.checkers[slot], sources, named, letters)
            for question, slots in paper.placed for slot, sources, named, letters in _layout(question, slots, memo)]


def _layout(question, slots: tuple, memo: dict) -> tuple:
    """``(slot, sources, named, letters)`` (as ``_dependents`` gives them) for
    each part of ``question``, placed at ``slots``, that ECF re-marks: read
    from the template's recipes and part names alone, so found once for every
    instance of a template at those slots (kept in ``memo``, by the identity
    of the template's shared recipes and the parts' letters and names: an
    instance's own feedback texts make its part specs its own)."""
    token = ("layout", id(question.recipes), slots, *[(part.letter, part.name) for part in question.parts])
    found = memo.get(token)
    if found is not None:
        return found
    inputs, found = ecf_inputs(question, memo), []
    named = {part.name: slot for part, slot in zip(question.parts, slots)}
    letters = part_letters(question)
    for position, (part, slot) in enumerate(zip(question.parts, slots)):
        depends = inputs.get(part.letter)
        if depends and all(d in named for d in depends):
            read = {p.name for p in question.parts[:position]}.union(depends)   # what ECF may read (``_read``)
            found.append((slot, tuple((d, named[d]) for d in depends),
                          tuple((name, s) for name, s in named.items() if name in read),
                          tuple(letters[d] for d in depends)))
    found = memo[token] = tuple(found)
    return found
