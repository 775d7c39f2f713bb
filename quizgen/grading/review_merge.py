"""``quizgen review`` run again onto the file it wrote before: the lines
already there (decided or left for later) stay exactly as they are, and the
answers that need a person now and are not listed yet are added below them.
``grade --overrides`` takes one file, so the one review file grows with the
marking (new submissions, an answer changed since) instead of being split
over several. A file that is no review file (no answer or share column: an
answers file, graded.csv, an overrides file written by hand) is refused: its
lines could not be told apart from the new ones, or are no decisions."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from quizgen.cells import spreadsheet_safe
from quizgen.csv_input import csv_problem, header_shown, norm_header, read_csv_text, sniffed_reader
from quizgen.errors import InputFileError, UsageError
from quizgen.wording import printable
from quizgen.grading.override_answers import answer_key
from quizgen.marking.student_ids import normalise_id
from quizgen.question_ids import norm_part, norm_question

IDENTITY = ("student_id", "question_id", "part", "answer")
"""The review file's columns that say which answer a line decides: a line is listed once by them."""
OWN = IDENTITY + ("share",)
"""The columns a file must have to be taken for a review file: IDENTITY, which every long-form
answers file has too, and review's mark column, ``share``, which neither an answers file nor
graded.csv (``score``) has (else marks would be appended to an answers file)."""


def answer_identity(student: str, question: str, part: str, answer: str) -> tuple:
    """Which answer a line is about, as grade matches it: the id by the one id rule
    (normalise_id), the question and part as answers write them, the answer as the
    grader compares it (answer_key)."""
    return normalise_id(student), norm_question(question), norm_part(part), answer_key(answer)


def merged_review(target: Path, header: tuple, lines: list) -> tuple:
    """``(text, added)``: the text of the review file at ``target`` with the
    ``lines`` ((kind, cells) in ``header``'s columns) it does not list yet
    appended, in its own delimiter, line ends and column order; ``added``: those
    lines. The text is None when nothing is added (the file stays as it was)."""
    text = read_csv_text(target, "review")
    columns, delimiter, listed = _listed(target, text, header)
    added = [(kind, cells) for kind, cells in lines
             if answer_identity(*(cells[header.index(name)] for name in IDENTITY)) not in listed]
    if not added:
        return None, []
    ending = "\r\n" if "\r\n" in text else "\n"
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator=ending)
    for _, cells in added:
        by_name = dict(zip(header, cells))
        writer.writerow([spreadsheet_safe(by_name.get(name, "")) for name in columns])
    kept = text if not text or text.endswith(("\n", "\r")) else text + ending
    return "\ufeff" + kept.lstrip("\ufeff") + buffer.getvalue(), added


def _listed(target: Path, text: str, header: tuple) -> tuple:
    """``(columns, delimiter, identities)`` of the review file's ``text``: each of its
    columns' name in ``header`` ("" for one of its own), its delimiter, and the
    answer_identity of every line it holds."""
    where = f"{printable(str(target))}: "
    reader, skip = sniffed_reader(text, where=where)
    try:
        found = next(reader, None) or []
        names = {norm_header(name): name for name in header}
        columns = [names.get(norm_header(cell), "") for cell in found]
        missing = [name for name in OWN if name not in columns]
        if missing:
            raise UsageError(f"{where.rstrip(': ')} exists already and is no review file quizgen review wrote "
                             f"(no {missing[0]} column among {header_shown(found)}): it is never replaced; give "
                             "another --out, or move it away")
        at = [columns.index(name) for name in IDENTITY]
        listed = {answer_identity(*(row[i] if i < len(row) else "" for i in at)) for row in reader}
    except csv.Error as exc:
        raise InputFileError(f"{where}line {reader.line_num + skip}: {csv_problem(exc)}") from exc
    return columns, reader.dialect.delimiter, listed
