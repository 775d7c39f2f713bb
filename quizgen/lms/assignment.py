"""Which column of Canvas's exported gradebook is the assignment ``quizgen
grade --gradebook canvas`` fills. Canvas heads an assignment's column with its
name and numeric id, ``BERT quiz 1 (4412)``; a user types the name as they
remember it (``--gradebook-item "BERT Quiz 1"``), or gives none (the name of
the download file). A column is the assignment's when its name, without the
id, is the one given, case and surrounding spaces aside; when none is, the
file adds a new assignment on import, which ``added_warning`` says, naming
the assignments the template has."""

from __future__ import annotations

import shlex

from quizgen.wording import first_few, printable, shortened


def name_before_id(text: str):
    """The name of a header cell of a Canvas assignment, ``BERT quiz 1 (4412)``:
    the text before its numeric id in parentheses (spaces before the id
    dropped), or None when the cell ends in no such id. Read as the pattern
    ``(.*?)\\s*\\((\\d+)\\)`` would read the whole cell (the name on one line),
    in linear time: that pattern took quadratic time on a long cell of spaces."""
    if not text.endswith(")"):
        return None
    opening = text.rfind("(")
    digits = text[opening + 1:-1]
    if opening < 0 or not digits or not all(c.isdecimal() for c in digits):
        return None
    name = text[:opening].rstrip()
    return None if "\n" in name else name


def assignment_name(cell: str) -> str:
    """The name a header cell (or a given ``--gradebook-item``) stands for,
    as compared: Canvas's numeric ``(id)`` dropped, spaces trimmed, case
    folded. Only digits are an id: "Quiz 1 (Retake) (456)" is "quiz 1 (retake)"."""
    text = cell.strip()
    name = name_before_id(text)
    return (text if name is None else name).strip().casefold()


def names_assignment(assignment: str):
    """Whether a header cell names ``assignment`` (``assignment_name`` of both alike)."""
    wanted = assignment_name(assignment)
    return lambda cell: assignment_name(cell) == wanted


def assignment_column(header: list, assignment: str):
    """The index of ``assignment``'s column in a Canvas gradebook's header, or None."""
    names_it = names_assignment(assignment)
    return next((i for i, cell in enumerate(header) if names_it(cell)), None)


def added_warning(header: list, assignment: str) -> str:
    """The warning when no column of ``header`` is ``assignment``'s: the file
    adds a new assignment on import, and the template's own ones (the
    columns with a Canvas id) are named, with the option that fills one."""
    said = shortened(printable(assignment), 60)
    existing = [name.strip() for name in map(name_before_id, (c.strip() for c in header)) if name is not None]
    first = shlex.quote(shortened(printable(existing[0]), 60)) if existing else ""
    advice = (f"pass --gradebook-item {first} to fill that one" if len(existing) == 1 else
              "pass --gradebook-item with the name of the one to fill "
              f"({first_few([repr(shortened(printable(e), 60)) for e in existing])})" if existing else
              "it has no assignment column (a name followed by its Canvas id, such as 'Quiz 1 (4412)')")
    return (f"the Canvas gradebook template has no column for the assignment {said!r}, so the gradebook file adds a "
            f"new assignment {said!r} when imported: {advice}")
