"""The answers a student gave that were not graded against a part of their
paper, for their feedback sheet: a row naming a question or part their paper
does not have (``unknown_question``), an earlier answer replaced by a later
one to the same part (``superseded``) and a row not read as a row (``invalid``
with no part: an unquoted decimal comma made too many cells, say). A student who sees "missing" for a part
they believe they answered reads here where that answer went, in plain words,
with the row it was in (graded.csv's row as a spreadsheet numbers it, the
header being row 1) and the text as they wrote it. A blank passed over for
another row of the same part (a form resubmitted with only the changed parts
filled) lost nothing, so such blanks are only counted, in one line under the
others, and make no section on their own.

They are gathered in the one read of graded.csv the sheets already make
(feedback._graded_rows); at most STRAY_LIMIT per student are kept, the rest
counted."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.cells import unguard
from quizgen.csv_input import norm_part, norm_question
from quizgen.marking.student_ids import IdMatcher, normalise_id

STRAY_STATUSES = frozenset(["unknown_question", "superseded"])
STRAY_LIMIT = 20   # lines per student; more are counted in one closing line
ID_CACHE_LIMIT = 100_000   # id cells remembered as written
FIRST_ROW = 2      # graded.csv's first data row as a spreadsheet numbers it
STRAY_HEADING = "Answers not graded against your paper"
STRAY_INTRO = "Rows are those of the graded answers file, its header being row 1."


class StrayAnswer(NamedTuple):
    """One answer of the student not graded against a part of their paper:
    its row, the question and part it named and the answer as written, its
    status, and for a superseded answer the row of the answer that counts."""

    row: int
    question: str
    part: str
    answer: str
    status: str
    later: int = 0


class StrayAnswers:
    """Gathers every student's StrayAnswers while graded.csv is read once.
    ``columns``: where graded.csv holds (student, name, question, part, answer)."""

    def __init__(self, matrix, slot_of: dict, columns: tuple):
        self.matrix, self.slot_of, self.columns = matrix, slot_of, columns
        self.number_of = {normalise_id(sid): n for n, sid in enumerate(matrix.students)}
        self.matcher = IdMatcher(matrix.students)
        self.found, self.more, self.blanks, self.by_text = {}, {}, {}, {}

    def add(self, index: int, row: list, status: str) -> None:
        """Record graded.csv's data row ``index`` (from 0), of ``status``, under its student."""
        student = row[self.columns[0]]
        number = self.by_text.get(student, -1)
        if number == -1:
            number = self._number(student)
        if number is None:
            return
        _, _, question, part, answer = (row[c] if c is not None else "" for c in self.columns)
        if status == "superseded" and not answer.strip():   # a blank passed over: nothing was lost
            self.blanks[number] = self.blanks.get(number, 0) + 1
            return
        kept = self.found.setdefault(number, [])
        if len(kept) >= STRAY_LIMIT:   # a flood of resubmissions costs a count per row
            self.more[number] = self.more.get(number, 0) + 1
            return
        later = 0
        if status == "superseded":
            slot = self.slot_of.get((norm_question(question), norm_part(part)))
            latest = self.matrix.answer_row(number, slot) if slot is not None else -1
            later = latest + FIRST_ROW if latest >= 0 else 0
        kept.append(StrayAnswer(index + FIRST_ROW, question, part, unguard(answer), status, later))

    def _number(self, student: str):
        """The number of the student whose id cell reads ``student`` (None: no
        sheet's student), kept by the cell's text for the rows to come."""
        normal = normalise_id(student)
        number = self.number_of.get(self.matcher.match(normal) or normal)
        if len(self.by_text) < ID_CACHE_LIMIT:
            self.by_text[student] = number
        return number

    def of(self, number: int) -> tuple:
        """``([StrayAnswer], how many more were not kept, how many blanks were
        passed over)`` of student ``number``."""
        return self.found.get(number, []), self.more.get(number, 0), self.blanks.get(number, 0)


def stray_sentences(strays: list, more: int, blanks: int, questions, esc) -> list:
    """One plain sentence per StrayAnswer, every text from the answers file
    made literal by ``esc`` (md_cell for Markdown, breakable for LaTeX), a
    line counting the answers not listed, and one counting the ``blanks``
    passed over (only beside other lines: alone they tell the student
    nothing). ``questions``: the student's paper."""
    parts_of = {norm_question(q.id): (q.id, [p.letter for p in q.parts]) for q in questions}
    lines = [stray_sentence(stray, parts_of, esc) for stray in strays]
    if more:
        lines.append(f"... and {more} more such answer(s), listed in the graded answers file.")
    if lines and blanks:
        counted = "One of your blank answers was" if blanks == 1 else f"{blanks} of your blank answers were"
        lines.append(f"{counted} passed over for another row answering the same part: "
                     "a blank never replaces an answer, so nothing was lost.")
    return lines


def stray_sentence(stray: StrayAnswer, parts_of: dict, esc) -> str:
    """Where one answer went, in plain words."""
    answer = f"your answer {esc(stray.answer)}" if stray.answer.strip() else "your blank answer"
    named = f"{esc(stray.question)} ({esc(stray.part)})" if stray.part.strip() else esc(stray.question)
    if stray.status == "superseded":
        later = f"your later answer in row {stray.later}" if stray.later else "a later answer"
        return f"Row {stray.row}: {answer} to {named} was replaced by {later}, which is the one graded."
    if stray.status == "invalid":
        return (f"Row {stray.row}, for {named}, could not be read as one answer (a comma in the answer splits "
                "it into cells, for example); it was not graded.")
    paper = parts_of.get(norm_question(stray.question))
    if paper is None:
        return (f"Row {stray.row}: {answer} was for question {esc(stray.question)}, which is not on your paper; "
                "it was not graded.")
    return (f"Row {stray.row}: {answer} was for {named}, but {esc(paper[0])} on your paper has parts "
            f"{', '.join(esc(p) for p in paper[1])}; it was not graded.")
