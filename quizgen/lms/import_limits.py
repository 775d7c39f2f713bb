"""What an LMS's grade import refuses in a file that quizgen must not write
so: an identity cell (an ID number, a Canvas SIS id) changed by the formula
guard, which names a student the LMS does not know (Moodle's import then stops
the whole file), and a Moodle grade over 100 (refused unless the site allows
unlimited grades)."""

from __future__ import annotations

from quizgen.cells import spreadsheet_safe
from quizgen.report.formatting import number_text


def needs_guard(cell: str) -> bool:
    """Whether the formula guard would put a quote before ``cell`` (``-s9``).
    An identity cell is never so written, as the LMS would then not know the
    student (Moodle's import stops the whole file): its row is left out instead."""
    return spreadsheet_safe(cell)[:1] == "'" != cell[:1]


def over_moodle_maximum(grades: list) -> list:
    """A warning (in a list, or none) when the paper's maximum is over 100:
    Moodle's import stops the whole file at a grade over 100 unless the site
    allows unlimited grades (load_data.php, insert_grade_record). Not scaled:
    the file holds the paper's points, as the students CSV does."""
    most = max((g.max for g in grades), default=0)
    if most <= 100:
        return []
    over = sum(g.score > 100 for g in grades)
    return [f"the paper's maximum is {number_text(most)} points, over 100 ({over} grade(s) here are over 100): "
            "Moodle's grade import refuses the whole file at a grade over 100 unless the site allows unlimited "
            "grades (Site administration > Grades > General settings: 'Unlimited grades' on, 'Grade point maximum' "
            f"at least {number_text(most)}); ask the site admin for that before importing"]
