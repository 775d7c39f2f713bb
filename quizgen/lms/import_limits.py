"""What an LMS's grade import refuses in a file that quizgen must not write
so: an identity cell (an ID number, a Canvas SIS id) changed by the formula
guard, which names a student the LMS does not know (Moodle's import then stops
the whole file), a Canvas header without the student columns in the places
its import reads them (it refuses the file: "Invalid header row"), and a
Moodle grade over 100 (refused unless the site allows unlimited grades)."""

from __future__ import annotations

from quizgen.cells import spreadsheet_safe
from quizgen.report.formatting import number_text


def needs_guard(cell: str) -> bool:
    """Whether the formula guard would put a quote before ``cell`` (``-s9``).
    An identity cell is never so written, as the LMS would then not know the
    student (Moodle's import stops the whole file): its row is left out instead."""
    return spreadsheet_safe(cell)[:1] == "'" != cell[:1]


CANVAS_KEYS = ("ID", "SIS User ID", "SIS Login ID", "Root Account")
"""The cells Canvas's import finds a row's student by (gradebook_importer.rb, process_student: Canvas's
user ID, then the SIS User ID, then the SIS Login ID, in the Root Account's domain); only when none of
them finds one does it try the name: a name cell is guarded like any cell unless its row has no id."""
CANVAS_NAMES = ("Student", "LastName", "FirstName")
_SIS = ("SIS User ID", "SIS Login ID")


def canvas_layout(header: list) -> tuple:
    """``(columns, added)``: the student columns a Canvas gradebook file
    writes, in the places Canvas's import reads them (gradebook_importer.rb,
    ``header?``, ``update_column_count``: the name, ``ID``, then ``SIS User
    ID`` with ``SIS Login ID`` (and ``Integration ID``, ``Root Account`` after
    them), or ``SIS Login ID`` alone, as Canvas exports a gradebook without
    SIS ids, then ``Section`` last, or it refuses the file); the columns of
    ``header`` (a template's) that it lacks are written empty, as the
    import does not read their cells but for the ids (``added``)."""
    names = ["LastName", "FirstName"] if "Student" not in header and {"LastName", "FirstName"} <= {*header} \
        else ["Student"]
    sis = [*_SIS, *(c for c in ("Integration ID", "Root Account") if c in header)] \
        if any(c in header for c in (*_SIS, "Root Account")) else []
    if sis == list(_SIS) and "SIS User ID" not in header:
        sis = ["SIS Login ID"]   # read alone (update_column_count's first branch): no empty SIS User ID, no note
    columns = [*names, "ID", *sis, "Section"]
    return columns, tuple(c for c in columns if c not in header)


def canvas_unguardable(row: dict) -> bool:
    """Whether the Canvas file must leave out the row ``row`` ({column: cell}, its student columns): a
    cell Canvas finds the student by would need the formula guard, or, with no id to find them by, the name."""
    if any(needs_guard(row.get(c, "")) for c in CANVAS_KEYS):
        return True
    return not any(row.get(c, "").strip() for c in CANVAS_KEYS[:3]) and any(needs_guard(row.get(c, ""))
                                                                          for c in CANVAS_NAMES)


def over_moodle_maximum(grades: list) -> list:
    """A warning (in a list, or none) when the paper's maximum is over 100:
    Moodle's import stops the whole file at a grade over 100 unless the site
    allows unlimited grades (load_data.php, insert_grade_record). ``grades``
    as the file writes them: the paper's points, or scaled to the quiz's maximum
    grade a Moodle download names (grading/gradebook_warnings.moodle_grades)."""
    most = max((g.max for g in grades), default=0)
    if most <= 100:
        return []
    over = sum(g.score > 100 for g in grades)
    return [f"the paper's maximum is {number_text(most)} points, over 100 ({over} grade(s) here are over 100): "
            "Moodle's grade import refuses the whole file at a grade over 100 unless the site allows unlimited "
            "grades (Site administration > Grades > General settings: 'Unlimited grades' on, 'Grade point maximum' "
            f"at least {number_text(most)}); ask the site admin for that before importing"]
