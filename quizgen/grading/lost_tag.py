"""Grading a question of unknown variant: in a key built from an LMS download,
a question with no seed label stands for a Moodle cell that lost its
``[quizgen:...]`` tag (quizgen.lms.lost_tag), whose variant quizgen cannot
tell. Each answer to it awaits a person (``needs_review``, 0 until an
override, with ``LOST_TAG_REASON``), its parts' points counted in the
student's maximum; a blank one is blank, whatever the variant. No key answer
is shown for it (``expected`` empty): the key's values stand for no variant.
The warning on such cells, made once the answers are marked, names those a
person has still to mark (``untagged_lines``)."""

from __future__ import annotations

from collections import Counter

from quizgen.wording import thousands
from quizgen.grading.part_checker import PartChecker, Verdict
from quizgen.key.status import Status
from quizgen.lms.lost_tag import part_shape
from quizgen.lms.papers import is_lms_key
from quizgen.lms.untagged import untagged_warning

LOST_TAG_REASON = ("this question's [quizgen:...] tag was lost from the student's cell of the download (a hand "
                   "edit?), so quizgen cannot tell which variant they saw: a person marks it with an override, its "
                   "points counted in the student's maximum")
"""How graded.csv's reason starts for every answer to a question of unknown variant."""


def lost_tag_reasons(key) -> dict:
    """``{(question id, part_shape): reason}`` for each question of ``key`` (a Key) some
    student's paper has with no seed label, when the key was built from an LMS
    download; {} for any other key (a hand-written key with no seed labels
    grades as before). Where the papers with a variant of that question differ
    in its parts or points, the reason says so and which share the ones counted."""
    if not is_lms_key(key):
        return {}
    unknown, shapes = set(), {}
    for paper in key.papers:
        for question in paper.questions:
            if question.seed:
                shapes.setdefault(question.id, Counter())[part_shape(question)] += 1
            else:
                unknown.add((question.id, part_shape(question)))
    return {(qid, shape): LOST_TAG_REASON + _differing(shapes.get(qid, Counter()), shape) for qid, shape in unknown}


def _differing(shapes: Counter, own: tuple) -> str:
    """The reason's words when the other papers' variants of the question do not
    all have its parts and points (``shapes``: how many have each); "" when they do."""
    if len(shapes) < 2:
        return ""
    which = ("the ones most of them have" if shapes[own] == max(shapes.values()) else
             "those of the variants whose parts the student's response fills")
    return (f"; the variants the other students were given differ in their parts or points, and those counted are "
            f"{which} ({thousands(shapes[own])} of {thousands(sum(shapes.values()))})")


class LostTagChecker(PartChecker):
    """A part of a question of unknown variant: any answer but a blank one
    awaits a person, with ``reason``; no key answer is shown."""

    __slots__ = ("reason",)

    def __init__(self, part, reason: str, decimal_comma: bool = False, writes_comma: bool | None = None):
        super().__init__(part, decimal_comma, writes_comma=writes_comma)
        self.expected, self.reason = "", reason

    def __call__(self, text) -> Verdict:
        if text is None or not str(text).strip():
            return self.blank
        return Verdict(Status.NEEDS_REVIEW, 0.0, "", reason=self.reason)


def untagged_lines(untagged: list, matrix, students) -> list:
    """The warnings (untagged_warning) on the question cells with no tag of a
    download (``untagged``: lms_inputs' ``(download, kind, cells)``, or nothing)
    once its answers are marked (``matrix``: the VerdictMatrix; ``students``:
    Students): a cell that lost its tag is named while some part of it awaits a
    person (needs_review), as the summary's note counts them; one whose every
    part --overrides marked (or which was left blank) is not."""
    out, slots = [], {}   # slots: {question id: its parts' slots}
    for number, slot in enumerate(matrix.slots):
        slots.setdefault(slot.question_id, []).append(number)
    for download, kind, cells in untagged:
        out += untagged_warning(download, kind, [u for u in cells if not _marked(u, slots, matrix, students)])
    return out


def _marked(cell, slots: dict, matrix, students) -> bool:
    """Whether every part of the lost-tag ``cell`` (an Untagged) on its student's
    paper is marked: none needs_review (a cell of no student, or left out, is not)."""
    if not cell.student or cell.left_out:
        return False
    number = students.find(cell.student)
    parts = [] if number is None else [s for s in slots.get(cell.question, ()) if matrix.on_paper(number, s)]
    return bool(parts) and all(matrix.cell(number, s).status is not Status.NEEDS_REVIEW for s in parts)
