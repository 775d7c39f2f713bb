"""Which LMS download a CSV header is: a Moodle quiz report (its Responses
report, or its Grades report, which quizgen refuses with advice), a Canvas
Student Analysis, or neither (an ordinary answers file).

A file is taken for a Moodle download only on evidence that Moodle wrote it:
its "Response N" columns, or the columns Moodle's quiz reports write for every
attempt (mod/quiz/report/attemptsreport.php: State, Started on, Completed,
the time taken and the ``Grade/10.00`` column). Name columns are no evidence:
a class list from a student-records system has ``First name`` and ``Last
name`` (or ``Surname``) too."""

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
MOODLE_ATTEMPT_COLUMNS = ("State", "Started on", "Completed", "Time taken", "Duration")
"""The columns Moodle's quiz reports write for each attempt, in English (the
time taken is "Time taken" in older Moodle, "Duration" in newer)."""
MOODLE_EVIDENCE = 2
"""How many of the attempt columns (and the grade column) make a header a
Moodle quiz report's: a download has at least four (the grade column only
when grades are shown), a class list hardly two."""


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
    whatever their case and spaces (review 50a F10: such a download was read without its ids, Moodle's
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
    its columns named whatever their case and spaces (``as_written_by_the_lms``)."""
    header = as_written_by_the_lms(header)
    if any(MOODLE_RESPONSE.fullmatch(h) for h in header) or moodle_attempt_columns(header) >= MOODLE_EVIDENCE:
        return "moodle"
    if "n correct" in header or "section_id" in header:
        return "canvas"
    return None


def moodle_attempt_columns(header: list) -> int:
    """How many of Moodle's attempt columns (MOODLE_ATTEMPT_COLUMNS and the
    ``Grade/10.00`` column) ``header`` has."""
    cells = {cell.strip() for cell in header}
    return (sum(name in cells for name in MOODLE_ATTEMPT_COLUMNS)
            + any(MOODLE_MAXIMUM.fullmatch(cell) for cell in cells))


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
