"""Students who wrote another paper's code (docs/grading.md "A paper code that
is not the student's"): with per-student papers, a row whose ``paper`` code is
not the student's own waits for a person (``needs_review``). One note per such
student says so and whose paper the code is; ``--paper-as-written`` instead
grades a student whose every coded answer names one and the same other paper
of this key against that paper (the one they sat), never silently: the note,
report.md and their feedback sheet say which paper was used."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from quizgen.cells import unguard
from quizgen.wording import printable, shortened
from quizgen.grading.answer_pass import paper_column
from quizgen.grading.key_index import OTHER_RUN, CodeReason
from quizgen.grading.outcome import RESULT_COLUMNS, verdict_outcome
from quizgen.key.papercode import code_slip, display_code, normalise_code
from quizgen.key.status import Status
from quizgen.marking.student_ids import normalise_id

SHOWN = 10   # students named, one line each; then one line counts the rest
OPTION = "--paper-as-written"


@dataclass(frozen=True)
class Written:
    """A student whose answers carry paper codes not their own: ``coded``
    their answers with a code, ``foreign`` those with a code not their own;
    ``paper`` the paper number of the one code on all of them (None when they
    wrote several codes, or one no paper of this key has), ``owner`` its
    student's id ("" for the class paper), ``code`` and ``own`` the codes as
    printed; ``normal`` the normalised id the key knows them by; ``wrote`` the
    codes not their own as written (up to three); ``slip`` how the one code
    written, no paper of this key, is one slip of the pen from their own
    (papercode.code_slip: ``8 for B, which look alike``), else "";
    ``waiting`` the answers under a code not their own still waiting for a
    person once overrides are applied (None: not counted yet); ``fits`` which
    paper those answers are right on more often, OWN or WRITTEN ("" when
    neither, or when the code names no paper of this key)."""

    student_id: str
    own_paper: int
    coded: int
    foreign: int
    paper: int | None
    owner: str
    code: str
    own: str
    normal: str = ""
    wrote: tuple = ()
    slip: str = ""
    waiting: int | None = None
    fits: str = ""

    def paper_words(self) -> str:
        """``s002's paper Y8J5-AHAQ`` or ``the class paper W9M7-4J70`` (instructor-facing)."""
        return f"the class paper {self.code}" if not self.owner else f"{shortened(self.owner)}'s paper {self.code}"


OWN, WRITTEN = "own", "written"   # Written.fits: the paper the answers under another code fit


def find_written(source, index, students, answers: dict | None = None) -> list:
    """Every key student whose answers carry a paper code not their own, in the
    order first met (a second read of the answers' id and ``paper`` columns);
    [] when the key has no codes or the answers no paper column. ``answers``,
    when given, gets ``{normal id: [(question, part, answer), ...]}`` of the
    answers under a code not the student's own, for ``fits``."""
    column = paper_column(source, index)
    if column is None:
        return []
    codes, texts = _codes_written(source, column, students, index, answers)
    numbers = {normalise_code(code): n for n, code in enumerate(index.codes) if code}
    owners = [""] + [paper.student_id.strip() for paper in index.key.papers]
    found = []
    for normal, written in codes.items():
        own = students.paper_of.get(normal, 0)
        own_code = normalise_code(index.codes[own]) if own < len(index.codes) else ""
        foreign = sum(n for code, n in written.items() if code != own_code)
        if not foreign or not own_code:
            continue
        only = next(iter(written)) if len(written) == 1 else None
        paper = numbers.get(only) if only is not None else None
        shown = students.shown.get(normal, (normal, ""))[0]
        wrote = tuple(texts[normal, code] for code in written if code != own_code)   # as the reason shows them
        slip = code_slip(only, own_code) if only is not None and paper is None else ""
        found.append(Written(shown, own, sum(written.values()), foreign, paper,
                             owners[paper] if paper is not None else "",
                             display_code(only) if paper is not None else "", display_code(own_code), normal,
                             wrote[:3], slip))
    return found


def _codes_written(source, column: int, students, index, answers: dict | None = None) -> tuple:
    """``{normal key id: Counter of the normal codes on their answers}``, a
    blank code left out, and ``{(normal key id, normal code): the code as first
    written}`` (stripped and cut as a row's reason quotes it: KeyIndex.code_problem);
    into ``answers`` (when given) each answer under a code not the student's own."""
    student, _, question, part, answer = source.columns
    ids, found, texts = {}, {}, {}
    for block in replace(source).blocks():
        for cells in block:
            if cells.__class__ is not list or not cells[column].strip():
                continue
            text = cells[student]
            if text not in ids:
                ids[text] = students.matcher.match(normalise_id(text)) if students.own_papers else None
            normal = ids[text]
            if normal is not None:
                code = normalise_code(cells[column]) or cells[column].strip()
                found.setdefault(normal, Counter())[code] += 1
                texts.setdefault((normal, code), printable(cells[column].strip()[:20]))
                if answers is not None and code != normalise_code(index.codes[students.paper_of.get(normal, 0)]):
                    answers.setdefault(normal, []).append(
                        (cells[question], "" if part is None else cells[part], cells[answer]))
    return found, texts


class PapersWritten:
    """What grade does about paper codes not the student's own: with ``on``
    (``--paper-as-written``), before grading, each student whose coded answers
    all name one other paper of this key is graded against it (``taken``:
    {student id: Written}); after grading, ``notes`` names every such student."""

    def __init__(self, source, index, students, on: bool):
        self.source, self.index, self.students = source, index, students
        self.found = find_written(source, index, students) if on else None
        self.taken, self.grid = {}, None
        for written in self.found or ():
            if written.paper is not None and written.paper != written.own_paper:
                students.paper_of[written.normal] = written.paper
                self.taken[written.student_id] = written

    def notes(self, grid) -> list:
        """One note line per student who wrote a code not their own (the first
        SHOWN, then a count); the answers are read again only when some answer
        waits for a person in ``grid`` (the AnswerGrid; without ``on``, the only way such a code shows)."""
        self.grid = grid   # for review_reasons: each waiting answer's own reason
        if self.found is None:
            waiting = any(o.status is Status.NEEDS_REVIEW for o in grid.outcomes)
            answers = {}
            found = find_written(self.source, self.index, self.students, answers) if waiting else []
            found = [replace(w, waiting=self._waiting(grid, w.student_id)) for w in found]
            self.found = [replace(w, fits=_fits(self.index, w, answers.get(w.normal, ())))
                          for w in found if w.waiting]   # not all overridden since
        lines = [_line(w, w.student_id in self.taken) for w in self.found[:SHOWN]]
        if len(self.found) > SHOWN:
            lines.append(f"and {len(self.found) - SHOWN} more student(s) wrote a paper code not their own: see the "
                         "reason column of graded.csv")
        return lines

    def review_reasons(self) -> dict:
        """``{student id: {part label: why that answer waits}}`` of the students
        ``notes`` named whose answers wait for a person, for report.md's and the
        page's "To act on" lines (report/attention.py): an answer under a code
        not their own waits for that (review_reason), any other for its own
        reason (graded.csv's). Called after ``notes``."""
        reasons = {}
        labels = [f"{slot['question_id']}{slot['part']}" for slot in self.index.slots]
        for w in self.found or ():
            number = self.students.find(w.student_id) if w.student_id not in self.taken else None
            if number is not None:   # keyed by the id the reports show (Students.ids)
                reasons[self.students.ids[number]] = {
                    label: review_reason(w) if _code_reason(outcome) else unguard(outcome.cells[_REASON])
                    for label, outcome in zip(labels, self.grid.row(number)) if outcome.status is Status.NEEDS_REVIEW}
        return reasons

    def _waiting(self, grid, student_id: str) -> int:
        """How many answers of ``student_id`` still wait for a person for their
        paper code (no override decided them); 0 when none does."""
        number = self.students.find(student_id)
        if number is None:
            return 0
        return sum(o.status is Status.NEEDS_REVIEW and _code_reason(o) for o in grid.row(number))


def _fits(index, w: Written, answers) -> str:
    """Which paper ``w``'s ``answers`` under another code (question, part,
    answer) are right on more often: OWN (the code was miswritten), WRITTEN
    (they sat the paper whose code they wrote), or "" (a tie, or the code
    names no paper of this key)."""
    if w.paper is None:
        return ""
    right = {OWN: 0, WRITTEN: 0}
    for question, part, answer in answers:
        slot = index.slot(question, part)
        if not isinstance(slot, int):
            continue
        for fit, paper in ((OWN, w.own_paper), (WRITTEN, w.paper)):
            checker = index.papers[paper].checkers[slot]
            right[fit] += checker is not None and verdict_outcome(checker, answer).status is Status.CORRECT
    return OWN if right[OWN] > right[WRITTEN] else WRITTEN if right[WRITTEN] > right[OWN] else ""


def _line(w: Written, taken: bool) -> str:
    """The note on one student."""
    who = shortened(w.student_id)
    if taken:
        return (f"{who} was graded against {w.paper_words()}, the paper code {_on_all(w)} ({OPTION}), not against "
                f"their own paper {w.own}; their feedback sheet says so")
    if w.slip:
        return (f"{who} wrote paper code {w.wrote[0]} {_on_all(w)}, one slip from their own "
                f"paper's code {w.own} ({w.slip}): probably their own paper, the code miswritten; {_still_waiting(w)}: "
                f"correct the code in the answers file and grade again, or override {_them(_left(w))}")
    if w.paper is None:
        return (f"{who} wrote paper code(s) not their own ({_wrote(w)}; their own paper is {w.own}) on {w.foreign} of "
                f"their {w.coded} coded answers, which wait for a person (needs_review; the reason column of graded.csv "
                f"names each code); the codes differ or name no paper of this key ({OTHER_RUN}), so {OPTION} cannot "
                "take one paper for them")
    return (f"{who} wrote the paper code of {w.paper_words()} {_on_all(w)}, not their "
            f"own paper {w.own}: {_still_waiting(w)}; {_advice(w)}")


def _on_all(w: Written) -> str:
    """``on all 3 of their coded answers``, ``on their one coded answer``."""
    return "on their one coded answer" if w.coded == 1 else f"on all {w.coded} of their coded answers"


def _left(w: Written) -> int:
    """How many answers under a code not their own still wait for a person (all of them before overrides are counted)."""
    return w.foreign if w.waiting is None else w.waiting


def _them(count: int) -> str:
    return "it" if count == 1 else "them"


def _still_waiting(w: Written) -> str:
    """``those answers wait for a person``, or how many of them still do when overrides decided the others."""
    if w.waiting is None or w.waiting >= w.foreign:
        return f"{'that answer waits' if w.foreign == 1 else 'those answers wait'} for a person (needs_review)"
    return (f"{w.waiting} of them still {'waits' if w.waiting == 1 else 'wait'} for a person (needs_review; "
            f"overrides decided {'the other' if w.foreign - w.waiting == 1 else 'the others'})")


def _advice(w: Written) -> str:
    """What to do about answers under another paper's code, by the paper they fit (Written.fits);
    singular or plural as many answers are under the code (``foreign``) and as many still wait (``_left``)."""
    them, fit = _them(_left(w)), "the answer fits" if w.foreign == 1 else "the answers fit"
    if w.fits == OWN:
        return (f"{fit} their own paper {w.own}, not {w.code}: the code was miswritten, so decide {them} "
                f"against {w.own} (correct the code in the answers file and grade again, or override {them}); "
                f"{OPTION} would mark {them} against {w.code}")
    if w.fits == WRITTEN:
        return f"{fit} paper {w.code}, whose code they wrote: to grade {them} against that paper, pass {OPTION}"
    return f"to grade {them} against the paper whose code they wrote, pass {OPTION}"


def _wrote(w: Written) -> str:
    """The codes not their own a student wrote, as written: the first three, then how many more."""
    return ", ".join(map(shortened, w.wrote)) + (" and more" if len(w.wrote) == 3 and w.foreign > 3 else "")


_REASON = RESULT_COLUMNS.index("reason")


def _code_reason(outcome) -> bool:
    """Whether ``outcome`` waits for its paper code not the student's own
    (KeyIndex.code_problem's reasons: a CodeReason)."""
    return isinstance(outcome.cells[_REASON], CodeReason)


def review_reason(w: Written) -> str:
    """Why a student's coded answers wait, in a few words: ``paper code of
    s002's paper F918-BKWM, not their own 852C-GNJF; --paper-as-written grades
    them against it`` (the count first when not every answer waiting is one)."""
    if w.slip:
        return f"paper code {w.wrote[0]} on {w.foreign} answer(s), one slip from their own {w.own} ({w.slip})"
    count = w.foreign if w.waiting is None else w.waiting
    if w.paper is None:
        return (f"paper code(s) not their own ({_wrote(w)}) on {count} answer(s), naming no one paper of this key; "
                f"their own is {w.own}")
    if w.fits == OWN:
        return f"paper code of {w.paper_words()} on {count} answer(s), but they fit their own {w.own}: the code " \
               "was miswritten"
    return f"paper code of {w.paper_words()} on {count} answer(s), not their own {w.own}; {OPTION} grades them " \
           "against it"


def sheet_note(written: Written) -> str:
    """The line under the score of a student graded against the paper whose code
    they wrote: the codes only (whose paper it is stays with the instructor)."""
    return (f"Your answers were graded against paper {written.code}, the paper code you wrote on them, not against "
            f"paper {written.own}, the one printed for you: your instructor chose to grade the paper you sat. "
            "If you did not sit paper " + f"{written.code}, contact your instructor.")
