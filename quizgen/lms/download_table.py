"""The table of an LMS download as quizgen.lms.responses reads it: its rows
and the file line each starts on, read a row at a time from the download's
text, each Moodle "Question N" cell kept as no more than the reading uses of
it (``question_cell``). A question cell holds the whole question text, about
1 KB, of which only its ``[quizgen:...]`` tag names the variant: a download
of 10,000 students holds 100,000 of them, 130 MB kept for their tags."""

from __future__ import annotations

import csv

from quizgen.csv_input import csv_problem, sniffed_reader
from quizgen.errors import InputFileError
from quizgen.lms.attempts import first_columns
from quizgen.lms.download_kind import MOODLE_RESPONSE, as_written_by_the_lms, lms_kind
from quizgen.lms.tag import TAG

UNTAGGED_TEXT = "(question text with no tag)"
"""What a Moodle question cell with text and no tag is kept as: text, but no tag and not ``-``."""


def table_lines(text: str, delimiter: str | None = None) -> tuple:
    """``(rows, lines)``: the rows of a download's text (a leading BOM
    dropped; its delimiter chosen as for an answers file,
    csv_input.sniffed_reader), a row after the header being ``rows[n]``, on
    file line ``lines[n]`` (an Excel ``sep=`` line counted). The question
    cells of a Moodle download (``moodle_question_columns``) are kept as
    ``question_cell`` gives them, each as its row is read."""
    reader, skip = sniffed_reader(text.lstrip("\ufeff"), delimiter)
    rows, lines, end, questions = [], [], skip, []
    try:
        for row in reader:
            if rows:
                for column in questions:
                    if column < len(row):
                        row[column] = question_cell(row[column])
            else:
                row = as_written_by_the_lms(row)   # rows[0]: the header, its LMS's names as the LMS writes them
                questions = moodle_question_columns(row)
            rows.append(row)
            lines.append(end + 1)
            end = reader.line_num + skip
    except csv.Error as exc:   # a cell over the size limit: named by its line, as in an answers file
        raise InputFileError(f"line {end + 1}: {csv_problem(exc)}") from exc
    return rows, lines


def moodle_question_columns(header: list) -> list:
    """The "Question N" columns the reading of a Moodle download looks at
    (the first of that name, for each "Response N"); none for another ``header``."""
    if lms_kind(header) != "moodle":
        return []
    first = first_columns(header)
    return [first[name] for cell in header if (number := MOODLE_RESPONSE.fullmatch(cell))
            and (name := f"Question {int(number.group(1))}") in first]   # as responses.py names it: 01 is 1


def question_cell(text: str) -> str:
    """What the reading uses of a Moodle question cell ``text``: its last
    tag (the variant's) as written (``[quizgen:<template>:<seed label>]``, which TAG.search
    reads as it read it in the whole cell), else the cell stripped when that
    is "" or ``-`` (no question: Moodle's cell of a slot not attempted), else
    UNTAGGED_TEXT (a question with no tag: one of the teacher's own, or one
    whose tag was lost). No message quotes a question cell."""
    tag = TAG.search(text)
    if tag is not None:
        return tag.group(0)
    stripped = text.strip()
    return stripped if stripped in ("", "-") else UNTAGGED_TEXT
