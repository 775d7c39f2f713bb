"""Lines of answers with no student id (docs/grading.md, "Each status in full", `invalid`):
named by their file line and, when the line carries a name, by that name and
the roster students of that name, so that the instructor can put the id on the
line. grade never gives such a line to a student by its name alone."""

from __future__ import annotations

import unicodedata

from quizgen.wording import named_first


def name_words(name: str) -> tuple:
    """A name as compared with the roster's: its words, case and order aside
    (``Turing, Alan`` is ``Alan Turing``)."""
    return tuple(sorted(unicodedata.normalize("NFKC", name).casefold().replace(",", " ").split()))


def roster_namesakes(names, roster) -> dict:
    """``{name: [roster ids]}`` for each of ``names`` that is a name on ``roster``
    (quizgen.roster.Student list), read once however long it is."""
    wanted = {name_words(name): name for name in names if name_words(name)}
    found = {}
    for student in roster or ():
        name = wanted.get(name_words(student.name)) if student.name else None
        if name is not None:
            found.setdefault(name, []).append(student.student_id)
    return found


def no_id_places(no_id_at: list, lines: int, roster) -> str:
    """``line 3 (name Alan Turing: roster's s002?), line 9`` for the lines kept
    (Tally.no_id_at: line and name cell) of ``lines`` with no student id, then how many more ("" when none)."""
    if not lines:
        return ""
    namesakes = roster_namesakes([name for _, name in no_id_at], roster)
    shown = []
    for line, name in no_id_at:
        ids = namesakes.get(name)
        said = f"name {name}: roster's {' or '.join(ids[:3])}?" if ids else f"name {name}" if name else ""
        shown.append(f"line {line} ({said})" if said else f"line {line}")
    return named_first(shown, max(lines, len(shown)))


def no_id_notes(places: str, lines: int) -> list:
    """The roster note on the ``lines`` lines with no student id, found at ``places`` (no_id_places); none when there are none."""
    if not lines:
        return []
    return [f"{lines} line(s) of answers have no student id, so none of their answers is graded (invalid): "
            f"{places}; put the student id on the line and grade again "
            f"(a line is never given to a student by its name alone)"]
