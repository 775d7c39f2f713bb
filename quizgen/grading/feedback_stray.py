"""The answers a student gave that were not graded against a part of their
paper, for their feedback sheet, in plain words and by question and part
(never by the row of the instructor's file, which the student never sees):
a row naming a question or part their paper does not have
(``unknown_question``), a row that could not be read as a row of answers
(``invalid``, when it is not the answer graded for a part: that one is in the
table), each with the answer as written; and the earlier answers replaced by
a later one to the same part (``superseded``), only summed up in one line
naming the parts (or counting them, past SUMMED_PARTS), since the table
shows the answer that counts. A blank passed over for another answer to the
same part (a form resubmitted with only the changed parts filled) lost
nothing, so such blanks are only counted, in one line under the others, and
make no section on their own.

They are gathered in the one read of graded.csv the sheets already make
(feedback._graded_rows); at most STRAY_LIMIT answers per student are listed,
the rest counted."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.cells import unguard
from quizgen.wording import thousands
from quizgen.question_ids import norm_part, norm_question
from quizgen.grading.feedback_words import shown_answer
from quizgen.marking.student_ids import IdMatcher, normalise_id
from quizgen.text.words import and_list
from quizgen.key.status import Status

STRAY_STATUSES = frozenset(["unknown_question", "superseded", "invalid"])
STRAY_LIMIT = 20   # answers listed per student; more are counted in one closing line
SUMMED_PARTS = 3   # parts answered more than once named in the summary; more are counted
ID_CACHE_LIMIT = 100_000   # id cells remembered as written
STRAY_HEADING = "Answers not graded against your paper"
RESUBMITTED_HEADING = "Answers you gave more than once"
"""A section of its own: a resubmitted answer lost nothing, and under STRAY_HEADING it read as lost work."""


class StrayAnswer(NamedTuple):
    """One answer of the student not graded against a part of their paper:
    the question and part it named, the answer as written, and its status."""

    question: str
    part: str
    answer: str
    status: str


class StrayAnswers:
    """Gathers every student's StrayAnswers while graded.csv is read once.
    ``columns``: where graded.csv holds (student, name, question, part, answer);
    ``shared``: the ids whose rows name two people (grading/same_id.py)."""

    def __init__(self, matrix, slot_of: dict, columns: tuple, shared=()):
        self.matrix, self.slot_of, self.columns = matrix, slot_of, columns
        self.number_of = {normalise_id(sid): n for n, sid in enumerate(matrix.students)}
        self.shared = {self.number_of[normalise_id(sid)] for sid in shared if normalise_id(sid) in self.number_of}
        self.matcher = IdMatcher(matrix.students)
        self.found, self.more, self.blanks, self.repeated, self.by_text = {}, {}, {}, {}, {}

    def add(self, row: list, status: str) -> None:
        """Record a graded.csv row of ``status`` under its student (an
        ``invalid`` row only when it is not the answer graded for a part)."""
        student = row[self.columns[0]]
        number = self.by_text.get(student, -1)
        if number == -1:
            number = self._number(student)
        if number is None:
            return
        question, part, answer = (row[c] if c is not None else "" for c in self.columns[2:])
        if status == Status.SUPERSEDED and not answer.strip():   # a blank passed over: nothing was lost
            self.blanks[number] = self.blanks.get(number, 0) + 1
        elif status == Status.SUPERSEDED:   # one entry per part, however often it was answered
            slot = self.slot_of.get((norm_question(question), norm_part(part)))
            self.repeated.setdefault(number, set()).add(slot if slot is not None else (question, part))
        elif len(self.found.setdefault(number, [])) >= STRAY_LIMIT:   # a flood costs a count per row
            self.more[number] = self.more.get(number, 0) + 1
        else:
            self.found[number].append(StrayAnswer(question, part, unguard(answer), status))

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
        passed over, [(question, part) answered more than once]`` in the
        paper's order, whether two people's rows came in under the id) of
        student ``number``."""
        parts = sorted(self.repeated.get(number, ()), key=lambda s: (isinstance(s, tuple), s))
        named = [(self.matrix.slots[s].question_id, self.matrix.slots[s].part) if isinstance(s, int) else s
                 for s in parts]
        return (self.found.get(number, []), self.more.get(number, 0), self.blanks.get(number, 0), named,
                number in self.shared)


SHARED_HEADING = "Answers under your student id"
SHARED_ID = ("Answers from more than one person came in under your student id, so some of those graded here "
             "may not be yours: your teacher has been told and will check them.")


def stray_sections(strays: list, more: int, blanks: int, repeated: list, shared: bool, questions, esc) -> list:
    """The sheet's ``[(heading, lines)]`` for these answers: under STRAY_HEADING
    one plain sentence per StrayAnswer and a line counting those not listed;
    under RESUBMITTED_HEADING one line summing up the parts ``repeated``
    (answered more than once), or the SHARED_ID line when two people's rows
    came in under the id (``shared``: no resubmission), and one counting the ``blanks`` passed over (only
    beside other lines: alone they tell the student nothing). Every text from
    the answers file is made literal by ``esc`` (md_cell for Markdown,
    breakable for LaTeX); ``questions``: the student's paper. Empty sections are left out."""
    parts_of = {norm_question(q.id): (q.id, [p.letter for p in q.parts]) for q in questions}
    lost = [stray_sentence(stray, parts_of, esc) for stray in strays]
    if more:
        lost.append(f"... and {thousands(more)} more such answer(s), not listed here.")
    changed = [SHARED_ID] if shared else [repeated_sentence(repeated, esc)] if repeated else []
    if (lost or changed) and blanks:
        counted = "One of your blank answers was" if blanks == 1 else f"{blanks} of your blank answers were"
        changed.append(f"{counted} passed over for your other answer to the same part: "
                       "a blank never replaces an answer, so nothing was lost.")
    second = SHARED_HEADING if shared else RESUBMITTED_HEADING
    return [(heading, lines) for heading, lines in ((STRAY_HEADING, lost), (second, changed)) if lines]


def repeated_sentence(repeated: list, esc) -> str:
    """One line for every part answered more than once (a resubmitted form):
    the parts named, up to SUMMED_PARTS, else counted."""
    if len(repeated) > SUMMED_PARTS:
        return f"You answered {len(repeated)} parts more than once; your last answer to each part was graded."
    names = [_named(question, part, esc) for question, part in repeated]
    listed = and_list(names)
    each = "was" if len(names) == 1 else "to each was"
    return f"You answered {listed} more than once; your last answer {each} graded."


def _named(question: str, part: str, esc) -> str:
    """``Q1 (a)``, or ``Q1`` when no part is named."""
    return f"{esc(question)} ({esc(part)})" if part.strip() else esc(question)


def stray_sentence(stray: StrayAnswer, parts_of: dict, esc) -> str:
    """Where one answer went, in plain words."""
    answer = f"Your answer {esc(shown_answer(stray.answer))}" if stray.answer.strip() else "Your blank answer"
    named = _named(stray.question, stray.part, esc)
    if stray.status == Status.INVALID:   # its cells are not what was written (a decimal comma split "0,84"): none quoted
        where = f" to {named}" if stray.question.strip() else ""
        return (f"Your answer{where} could not be read from the answers file (its row was malformed: a comma in "
                "the answer splits it into cells, for example); it was not graded.")
    if not stray.question.strip():
        return f"{answer} named no question; it was not graded."
    paper = parts_of.get(norm_question(stray.question))
    if paper is None:
        return f"{answer} was for question {esc(stray.question)}, which is not on your paper; it was not graded."
    return (f"{answer} was for {named}, but {esc(paper[0])} on your paper has parts "
            f"{', '.join(esc(p) for p in paper[1])}; it was not graded.")
