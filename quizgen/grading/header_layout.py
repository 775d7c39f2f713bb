"""Which column of an answers file's header holds what: the student id, name
(one column, or given and family name columns: roster.name_columns, the
roster's rule), question, part and answer (long form), or question-part labels (``Q1a``,
``Q1 (b)``, a form's ``Q1 (a) What ...`` title: wide form); a header naming
one role twice, or two columns one part, is refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

from quizgen.csv_input import ALIASES, doubled_column, find_column, norm_header, one_column_each_at
from quizgen.errors import InputFileError
from quizgen.grading.csv_columns import STUDENT_START
from quizgen.key.load import KEY_CSV_COLUMNS
from quizgen.wording import printable, shortened, thousands
from quizgen.lms.download_kind import MOODLE_ENGLISH, foreign_moodle
from quizgen.question_ids import compatible
from quizgen.roster import name_columns

MAX_OTHER_COLUMNS = 100      # wide form: other columns (e-mail, time stamps) repeated on each answer's row
MAX_COLUMNS = 250_000        # a header's cells (each is held and looked at in every pass)
MAX_PART_COLUMNS = 50_000    # wide form: columns labelled as question parts (each is an answer on every row)
LONG_COLUMNS = "student_id, question_id, part, answer"
WIDE_COLUMNS = "student_id, Q1a, Q1b, ..."
EXPECTED = f"expected a CSV of answers with a header ({LONG_COLUMNS}, or {WIDE_COLUMNS})"

_LABEL = re.compile(r"^\s*+(?:q|question)\s*+[#.]?\s*+0*(\d{1,9})\s*+(?:[._\-:/]\s*+)?\(?\s*+([a-z][a-z0-9_]*+)?\s*+\)?"
                    r"\s*+$|^\s*+0*(\d{1,9})\s*+(?:[._\-:/]\s*+)?\(?\s*+([a-z][a-z0-9_]*+)\s*+\)?\s*+$", re.IGNORECASE)
"""A question label; a number of more than 9 digits is no question number (and int() of
thousands of digits raises). Each run of spaces is taken whole (``*+``): nothing after
it starts with a space, and splitting a run between two spaces-patterns took seconds on a
header cell of a few thousand spaces (a ReDoS)."""


_TITLE = re.compile(r"^\s*+(?:q|question)\s*+[#.]?\s*+0*(\d{1,9})\s*+\(\s*+([a-z])\s*+\)\s++(\S.*)$",
                    re.IGNORECASE | re.DOTALL)
"""A form's question title that starts with its label: ``Q1 (a) What probability ...``
(Google Forms heads each column with the whole title); its runs of spaces taken whole, as in _LABEL."""
_NOT_ANSWERS = re.compile(r"\[\s*(score|points?|feedback)\s*\]\s*$", re.IGNORECASE)


def split_label(text: str):
    """``(question, part)`` from a combined label such as ``Q1a``, ``Q1 (b)``,
    ``Q2.loss`` or ``3c`` (part None for ``Q4``), or from a title that starts
    with one in brackets (``Q1 (a) What probability ...``, not one ending in
    ``[Score]`` or ``[Feedback]``), fullwidth too (``Ｑ１ａ``); None when it is not one."""
    text = compatible(str(text))
    match = _LABEL.match(text)
    if not match:
        title = _TITLE.match(text)
        if title and not _NOT_ANSWERS.search(title.group(3)):
            return f"Q{int(title.group(1))}", title.group(2).lower()
        return None
    number, part = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
    return f"Q{int(number)}", part.lower() if part else None



def _find(normalised: list, role: str):
    return find_column(normalised, ALIASES[role])


def layout_of(path: Path, header: list, line: int, given_delimiter: str | None = None) -> dict:
    """Which column holds what: long form when there is an answer column, wide
    form when columns are question-part labels (``given_delimiter``: the one
    ``--delimiter`` named, if any, for the hint when the header is one cell)."""
    normalised = [norm_header(h) for h in header]
    _refuse_key_csv(path, normalised, line)
    _refuse_students_csv(path, normalised, line)
    student = _find(normalised, "student")
    question, part, answer = (_find(normalised, r) for r in ("question", "part", "answer"))
    names = name_columns(normalised, {student, question, part, answer})   # the roster's rule
    name = names.read
    found = ", ".join(repr(h[:40]) for h in header[:12]) + (", ..." if len(header) > 12 else "")
    where = f"{path}: line {line}: "
    one_column_each_at(header, normalised, {"student id": student, **names.roles(), "question": question,
                                         "part": part, "answer": answer}, where)
    if answer is not None and question is not None:
        if student is None:
            raise InputFileError(f"{where}no student column (student_id, student, ...) in the header; "
                                 f"expected {LONG_COLUMNS}; found {found}")
        return {"form": "long", "student": student, "name": name, "question": question,
                "part": part, "answer": answer,
                "warnings": _unread_columns(path, header, {student, *name, question, part, answer})}
    wide = _wide_columns(header, {student, *name}, where)
    if wide and student is not None:
        identity, warnings = _kept_columns(path, header, wide, {student, *name})
        return {"form": "wide", "student": student, "name": name, "wide": tuple(wide), "identity": identity,
                "warnings": warnings}
    if foreign_moodle(header):
        raise InputFileError(f"{where}this looks like a Moodle quiz 'Responses' report downloaded in another "
                             f"language (found {found}); {MOODLE_ENGLISH}")
    if question is not None and student is not None and not wide:   # long form but for its answers
        raise InputFileError(f"{where}no answer column (answer, response, ...) in the header; "
                             f"expected {LONG_COLUMNS}; found {found}")
    raise InputFileError(f"{where}expected a header with {LONG_COLUMNS} (long form) or {WIDE_COLUMNS} "
                         f"(wide form); found {found}{_unread_hint(header, given_delimiter)}")


_KEY_CSV_HEADERS = [[norm_header(h) for h in columns] for columns in (KEY_CSV_COLUMNS, ("student_id",) + KEY_CSV_COLUMNS)]
"""key.csv's header, of a class paper and of per-student papers, as layout_of compares it."""


def _refuse_key_csv(path: Path, normalised: list, line: int) -> None:
    """Refuse the key.csv generate writes beside key.json given as the answers:
    a per-student key reads as long-form answers, each student's
    own right answers, and would grade every student 100% without a word."""
    if normalised in _KEY_CSV_HEADERS:
        raise InputFileError(f"{path}: line {line}: this is the answer key quizgen generate wrote (key.csv, its "
                             "header naming class, points, template and exact), not a class's answers; "
                             f"give the answers file ({LONG_COLUMNS}, or {WIDE_COLUMNS})")


def _refuse_students_csv(path: Path, normalised: list, line: int) -> None:
    """Refuse the students CSV grade writes (a row of scores per student) given as the answers, naming it."""
    if normalised[:len(STUDENT_START)] == [norm_header(h) for h in STUDENT_START]:
        raise InputFileError(f"{path}: line {line}: this is the students CSV quizgen grade wrote (a row of scores "
                             "per student), not a class's answers; give the answers file it was graded from "
                             f"({LONG_COLUMNS}, or {WIDE_COLUMNS})")


def _kept_columns(path: Path, header: list, wide: list, roles: set) -> tuple:
    """Wide form: ``(identity, warnings)``, the columns that graded.csv repeats
    on each answer's row: the student id, name and paper code, and the first
    MAX_OTHER_COLUMNS others. Each kept column is copied once per question
    part, so beyond that a wide file of many columns (200,000 of them) would
    make graded.csv and memory grow with columns x parts: the rest are dropped,
    named in one warning."""
    labelled = {column for column, _, _ in wide}
    others = [i for i in range(len(header)) if i not in labelled and i not in roles]
    kept = set(others[:MAX_OTHER_COLUMNS]) | {i for i in roles if i is not None}
    kept.update(i for i in others if norm_header(header[i]) in ("paper", "papercode"))
    dropped = [i for i in others if i not in kept]
    if not dropped:
        return tuple(sorted(kept)), ()
    names = ", ".join(repr(shortened(printable(header[i]), 40)) for i in dropped[:3])
    return tuple(sorted(kept)), (f"{path.name}: {thousands(len(others))} columns besides the student, name and "
                                 f"answer columns; graded.csv keeps the first {MAX_OTHER_COLUMNS} on each answer's row "
                                 f"and drops {thousands(len(dropped))} ({names}{', ...' if len(dropped) > 3 else ''})",)


def _unread_columns(path: Path, header: list, roles: set) -> tuple:
    """Long form: one note when over MAX_OTHER_COLUMNS columns are none of the
    student, name, question, part and answer (a few, such as an e-mail or a
    time stamp, are usual): grading reads none of them, graded.csv repeats them."""
    others = [i for i in range(len(header)) if i not in roles]
    if len(others) <= MAX_OTHER_COLUMNS:
        return ()
    names = ", ".join(repr(shortened(printable(header[i]), 40)) for i in others[:3])
    return (f"{path.name}: {thousands(len(others))} columns besides the student, name, question, part and "
            f"answer columns ({names}, ...) are not read for grading; graded.csv repeats them on each row",)


def _unread_hint(header: list, given: str | None = None) -> str:
    """Why a header may not have been read: a JSON file (a key?) given as the
    answers, or one column only (the wrong delimiter: when ``--delimiter``
    named it, what the header looks separated by instead)."""
    if header and header[0].lstrip().startswith(("{", "[")):
        return " (this looks like JSON, a key file? pass the answers CSV first, and the key with --key)"
    if len(header) > 1:
        return ""
    if given is None and header and "|" in header[0]:
        return (" (one column only: the header looks separated by '|', which quizgen does not detect by itself: "
                "pass --delimiter '|', or save the file again as comma, semicolon or tab separated CSV)")
    if given is None:
        return " (one column only: is the delimiter right? try --delimiter)"
    named = _delimiter_name(given)
    others = [d for d in (",", ";", "\t", "|") if d != given and d in (header[0] if header else "")]
    if not others:
        return (f" (--delimiter {named} gave one column only, and the header has no ',', ';', tab or '|' "
                "between its names)")
    likely = _delimiter_name(max(others, key=header[0].count))
    return (f" (--delimiter {named} gave one column only; the header looks separated by {likely}: "
            f"try --delimiter {likely}, or leave --delimiter out to detect it)")


def _delimiter_name(delimiter: str) -> str:
    """A delimiter as ``--delimiter`` takes it: ``tab``, else quoted (``','``)."""
    return "tab" if delimiter == "\t" else f"'{delimiter}'"


def plain_answers_header(header: list) -> bool:
    """Whether ``header`` is that of a plain answers file (long or wide form)."""
    try:
        layout_of(Path("-"), header, 1)
    except InputFileError:
        return False
    return True


def _wide_columns(header: list, taken: set, where: str) -> list:
    """``(column, question, part)`` for header cells that are question labels.
    Two columns naming one part (``Q1a`` and ``Q1 (a)``) are refused as soon
    as met: which is the student's answer cannot be known, and one would
    silently supersede the other (nor is a header of a million ``Q1a`` held
    as a million labels before saying so). Over MAX_PART_COLUMNS labels are
    refused: each is an answer on every row, and grading holds each part.
    """
    wide, first = [], {}
    for i, cell in enumerate(header):
        label = split_label(cell) if i not in taken else None
        if label:
            question, part = label[0], label[1] or ""
            other = first.setdefault((question, part), i)
            if other != i:
                raise doubled_column(where, header, other, i, f"{question}{f' ({part})' if part else ''}",
                                     "one column per question part")
            wide.append((i, question, part))
            if len(wide) > MAX_PART_COLUMNS:
                raise InputFileError(f"{where}over {MAX_PART_COLUMNS:,} columns are labelled as question parts "
                                     f"(the limit); expected one column per question part of the paper")
    return wide
