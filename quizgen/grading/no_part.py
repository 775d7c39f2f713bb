"""An answers file or an overrides file that lost its part column (``student_id,
question_id, answer``) on a paper with questions of several parts: each of their
rows names no part (``no part given for Q6 (parts a, ..., e)``), while each
student's single-part questions are still found, so unknown_labels.py's "most
students placed nowhere" rule let a whole class be graded at a few percent with
exit 0. Here such a file is refused in one line when its
rows naming a several-part question with no part outnumber those it places on
such a question's parts and are more than a stray row or two (``STRAY``) or
more than half the file's rows (``lost``): a file labelling its rows ``Q6a``
needs no part column, and a stray row or two only warns, also where no row sits
on a several-part question (one stray ``Q3`` row must not refuse a class
that answered only single-part questions). A paper of single-part questions needs none."""

from __future__ import annotations

from quizgen.errors import InputFileError
from quizgen.wording import thousands
from quizgen.grading.key_index import NO_PART_GIVEN

LABELS = "labels such as Q1a in the question column"
STRAY = 2   # rows (or overrides) naming no part that only warn, unless they are more than half the file


def lost(unparted: int, placed: int, rows: int) -> bool:
    """Whether ``unparted`` rows naming a several-part question with no part say the part
    column is lost: they outnumber the ``placed`` rows on such questions' parts, and are more
    than a stray row or two or more than half of the file's ``rows``."""
    return unparted > placed and (unparted > STRAY or 2 * unparted > rows)


def several_part_slots(index) -> list:
    """The slots of ``index`` (a KeyIndex) that are parts of a question with more than one part."""
    several = {entry["id"] for entry in index.questions.values() if len(entry["letters"]) > 1}
    return [slot for slot, info in enumerate(index.slots) if info["question_id"] in several]


def unparted_rows(labels: dict) -> tuple:
    """``(rows, first reason)`` of Tally.unknown_labels' entries naming a several-part question with no part."""
    found = [entry for entry in labels.values() if entry[0].startswith(NO_PART_GIVEN)]
    return sum(entry[1] for entry in found), (found[0][0] if found else "")


def placed_cells(grid, slots: list) -> int:
    """How many of ``grid``'s (student, slot) cells in ``slots`` hold an answer row."""
    rows, width = grid.rows, grid.width
    return sum(rows[n * width + slot] >= 0 for n in range(grid.students) for slot in slots)


def part_column_lost(source, tally, grid, index, rows: int) -> str:
    """The refusal's text when a long-form ``source`` has no part column and most
    of its rows on several-part questions name no part (``lost``; '' otherwise)."""
    if source.form == "wide" or source.part is not None:
        return ""
    unparted, reason = unparted_rows(tally.unknown_labels)
    if not unparted or not lost(unparted, placed_cells(grid, several_part_slots(index)), rows):
        return ""
    return (f"{source.path.name}: no part column, and {thousands(unparted)} of {thousands(rows)} answer rows name "
            f"a question of several parts with no part ({reason}): expected a part column (student_id, "
            f"question_id, part, answer) or {LABELS}{_other_columns(source)}")


def _other_columns(source) -> str:
    """The header's columns that grade does not read, named so that one holding the part letters
    under another name (``item``) can be renamed ('' when none)."""
    used = {source.student, source.question, source.answer, *source.name}
    others = [str(cell) for i, cell in enumerate(source.header) if i not in used and str(cell).strip()]
    if not others:
        return ""
    named = ", ".join(map(repr, others[:5])) + (", ..." if len(others) > 5 else "")
    said = f"column {named} is" if len(others) == 1 else f"columns {named} are"
    return f" (the header's {said} not read as the part: if one holds the part letters, name it part)"


def refuse_unparted_overrides(overrides: list, index, source: str) -> None:
    """Refuse an overrides file with no part column (its ``overrides``) whose
    overrides naming a several-part question mostly name no part (``lost``)."""
    slots, unparted, placed, first = set(several_part_slots(index)), 0, 0, None
    for override in overrides:
        slot = index.slot(override.question_id, "")
        if isinstance(slot, str) and slot.startswith(NO_PART_GIVEN):
            unparted, first = unparted + 1, first or (override.line, slot)
        placed += slot in slots
    if lost(unparted, placed, len(overrides)):
        raise InputFileError(f"{source}: no part column, and {unparted} of {len(overrides)} overrides name a "
                             f"question of several parts with no part (line {first[0]}: {first[1]}): expected a "
                             f"part column (student_id, question_id, part, score) or {LABELS}")
