"""Which LMS download a CSV header is: a Moodle quiz report (its Responses
report, or its Grades report, which quizgen refuses with advice), a Canvas
Student Analysis, or neither (an ordinary answers file).

A file is taken for a Moodle download only on evidence that Moodle wrote it:
its "Response N" columns, or the columns Moodle's quiz reports write for every
attempt (mod/quiz/report/attemptsreport.php: State, Started on, Completed,
the time taken and the ``Grade/10.00`` column), two or more of them, one of
them a column no class sheet has (Started on, Time taken, Grade/10.00). Name
columns are no evidence: a class list from a student-records system has
``First name`` and ``Last name`` (or ``Surname``) too. A Canvas analysis is
known by its ``n correct`` column, or its ``name``, ``id`` and ``section_id``
together. Evidence counts only in the LMS's own spelling (spaces around a name
allowed): ``state``, ``completed`` or ``Section_ID`` are a class sheet's
columns; once a file is a download its columns are found
whatever their case (``as_written_by_the_lms``)."""

from __future__ import annotations

import re

MOODLE_COLUMNS = "'Last name', 'ID number', 'Question 1', 'Response 1', ..."
"""The English column names a Moodle Responses download is read by."""
DOWNLOADS = {"moodle": f"a Moodle quiz 'Responses' report download (columns {MOODLE_COLUMNS})",
             "canvas": "a Canvas 'Student Analysis' CSV (columns name, id, sis_id, section_id, ..., "
                       "'<id>: <question text>', ..., n correct)"}
"""Each LMS download quizgen grades, as messages describe it."""
NEITHER = f"neither {DOWNLOADS['moodle']} nor {DOWNLOADS['canvas']}"
MOODLE_ENGLISH = (f"quizgen reads Moodle's English column names ({MOODLE_COLUMNS}): "
                  "switch Moodle's language to English (the language menu, or Preferences > Preferred language; "
                  "English is always installed) and download the Responses report again")

MOODLE_RESPONSE = re.compile(r"Response (\d+)")
MOODLE_MAXIMUM = re.compile(r"grade\s*/\s*(\d{1,9}(?:[.,]\d{1,9})?)", re.IGNORECASE)
"""A Moodle quiz report's grade column, ``Grade/10.00``: the quiz's maximum grade in Moodle."""


def grade_column(header) -> tuple:
    """``(index, maximum)`` of the first of a Moodle download's ``header`` cells that is its grade column
    (MOODLE_MAXIMUM), the maximum as the heading writes it with a decimal point (``"10.00"``); else
    ``(None, "")``."""
    for index, cell in enumerate(header or ()):
        if found := MOODLE_MAXIMUM.fullmatch(cell.strip()):
            return index, found.group(1).replace(",", ".")
    return None, ""
MOODLE_ATTEMPT_COLUMNS = ("State", "Started on", "Completed", "Time taken", "Duration")
"""The columns Moodle's quiz reports write for each attempt, in English (the
time taken is "Time taken" in older Moodle, "Duration" in newer)."""
MOODLE_EVIDENCE = 2
"""How many of the attempt columns (and the grade column) make a header a
Moodle quiz report's: a download has at least four (the grade column only
when grades are shown), a class list hardly two."""
MOODLE_OWN = ("Started on", "Time taken")
"""Attempt columns no class sheet is likely to have (with the grade column):
one of them must be among the evidence, as ``State``, ``Completed`` and
``Duration`` are ordinary words."""
CANVAS_TOGETHER = {"name", "id", "section_id"}
"""Columns a Canvas analysis opens with, which together (or ``n correct``) make one."""


MOODLE_NAMED = ("ID number", "Email address", "First name", "Last name", "Surname", "Institution", "Department",
                *MOODLE_ATTEMPT_COLUMNS)
CANVAS_NAMED = ("name", "id", "sis_id", "root_account", "section", "section_id", "section_sis_id", "submitted",
                "attempt", "n correct", "n incorrect", "score")
_NAMED = {name.casefold(): name for name in (*MOODLE_NAMED, *CANVAS_NAMED)}
_MOODLE_NUMBERED = re.compile(r"(question|response|right answer)\s*(\d+)", re.IGNORECASE)


def as_written_by_the_lms(header: list) -> list:
    """A download's header with each column Moodle or Canvas names written as the LMS writes it:
    a name a spreadsheet saved again with spaces around it, or retyped in another case (`` ID number ``,
    ``Id Number``, `` sis_id ``, ``response 1``), is that column, as an answers file's columns are found
    whatever their case and spaces (else such a download is read without its ids, Moodle's
    named by e-mail, Canvas's by its internal user ids). Other cells are kept as written."""
    return [_as_written(cell) for cell in header]


def _as_written(cell: str) -> str:
    key = " ".join(cell.split()).casefold()
    numbered = _MOODLE_NUMBERED.fullmatch(key)
    if numbered:
        return f"{numbered.group(1).capitalize()} {numbered.group(2)}"
    return _NAMED.get(key, cell)


def lms_kind(header: list):
    """``"moodle"`` for the header of a Moodle quiz report download (its
    Responses report; its Grades report too, which quizgen.lms.responses
    refuses with advice), ``"canvas"`` for a Canvas student analysis, else None;
    known by columns in the LMS's own spelling, spaces around them allowed (a class sheet's
    ``state`` and ``completed``, or ``Section_ID``, must not make an answers file a download)."""
    cells = {cell.strip() for cell in header}
    if any(MOODLE_RESPONSE.fullmatch(cell) for cell in cells) or _moodle_attempts(cells):
        return "moodle"
    if "n correct" in cells or CANVAS_TOGETHER <= cells:
        return "canvas"
    return None


def _moodle_attempts(cells: set) -> bool:
    """Whether ``cells`` hold MOODLE_EVIDENCE or more of Moodle's attempt columns (MOODLE_ATTEMPT_COLUMNS
    and the ``Grade/10.00`` column), one of them Moodle's own (MOODLE_OWN or the grade column)."""
    grade = any(cell.startswith("Grade") and MOODLE_MAXIMUM.fullmatch(cell) for cell in cells)
    own = grade or any(name in cells for name in MOODLE_OWN)
    return own and sum(name in cells for name in MOODLE_ATTEMPT_COLUMNS) + grade >= MOODLE_EVIDENCE


_NUMBERED = re.compile(r"(\D*[^\W\d])\s+0*(\d{1,4})")


def foreign_moodle(header: list) -> bool:
    """Whether ``header`` looks like a Moodle Responses report downloaded in
    another language: two or more column names numbered from 1, as Moodle's
    "Question N", "Response N", "Right answer N" (``Frage 1``, ``Antwort 1``;
    ``Réponse 1``; ``Respuesta 1``)."""
    numbered = {}
    for cell in header:
        match = _NUMBERED.fullmatch(cell.strip())
        if match:
            numbered.setdefault(match.group(1).casefold(), set()).add(int(match.group(2)))
    return sum(1 in numbers for numbers in numbered.values()) >= 2
