"""Which attempt of an LMS download is graded when a student has several
(``quizgen grade --attempt``): ``highest`` (the default, as Moodle's "Grading
method: Highest grade", mod/quiz/settings.php QUIZ_GRADEHIGHEST, and Canvas's
"Keep highest" scoring policy), ``last`` or ``first``. For ``highest`` each
attempt is marked as grade marks an answer (the same key, checkers, policy and
tolerances, error carried forward from the attempt's own earlier parts), and
the one scoring most is kept (ties: the later). An answer a person must read
(needs_review) counts 0 there, as grade counts it until read; an attempt not
kept that could score more than the one kept once its answers are read is
named in the note. The other attempts' rows are not graded: one note says how
many students had more than one attempt, and which rule chose."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from quizgen.errors import InputFileError, UsageError
from quizgen.wording import named_few

RULES = ("highest", "last", "first")
SHOWN = 5
"""How many student ids the note names before "and N more"."""
_STAND_IN = "quizgen-attempt-"
"""The start of the id each attempt is marked under (then its number in order met)."""


@dataclass(frozen=True)
class AttemptChoice:
    """The rule (``RULES``; None: --attempt not given, ``highest``) and what
    marking an attempt for ``highest`` needs: the marking policy, the
    tolerance override and whether a comma between digits is a decimal point,
    as grade reads the built answers file (None: as its delimiter says,
    lms_grading_files). ``given``: whether the user chose the rule (an
    ``AttemptChoice(None)`` has ``rule`` "highest" and ``given`` False), so
    that a file with no attempts is said to ignore it only when chosen."""

    rule: str | None = None
    policy: object = None
    override: object = None
    decimal_comma: bool | None = None
    given: bool = True

    def __post_init__(self):
        if self.rule is None:   # the option not given: the default, which nothing need mention
            object.__setattr__(self, "rule", "highest")
            object.__setattr__(self, "given", False)
        if self.rule not in RULES:
            raise UsageError(f"--attempt must be one of {', '.join(RULES)}, got {self.rule!r}")


def chosen_attempts(rows: list, choice: AttemptChoice, banks=(), rounded_by: str = "", order=(),
                    unread: list | None = None, empty=(), fingerprints=None) -> dict:
    """``{student: attempt number}`` for each student of ``rows`` (ResponseRow)
    with more than one attempt, chosen by ``choice``; empty when none has.
    ``empty``: ``(student, attempt)`` of attempts with no row (a Canvas
    attempt given none of the questions), attempts too (scoring 0).
    ``unread`` receives, for ``highest``, ``(student, attempt, answers, rule)``
    for each attempt not chosen whose ``answers`` a person must read (counted
    0) could make it score more than the one chosen; ``rule``: the --attempt
    that grades it ("" when none does); ``fingerprints``: as grading_inputs'."""
    attempts = {}
    for student, number in [*((row.student_id, row.attempt) for row in rows), *empty]:
        attempts.setdefault(student, set()).add(number)
    several = {student: sorted(numbers) for student, numbers in attempts.items() if len(numbers) > 1}
    if not several or choice.rule != "highest":
        return {s: numbers[-1 if choice.rule != "first" else 0] for s, numbers in several.items()}
    scores = attempt_scores([r for r in rows if r.student_id in several], choice, banks, rounded_by, order,
                            [r for r in rows if r.student_id not in several], fingerprints)
    chosen = {s: max(numbers, key=lambda n: (scores.get((s, n), _NONE)[0], n)) for s, numbers in several.items()}
    if unread is not None:
        unread += _could_score_more(several, chosen, scores)
    return chosen


_NONE = (0.0, 0.0, 0)
"""The points, points awaiting a person and answers awaiting one of an attempt with no answer marked."""


def _could_score_more(several: dict, chosen: dict, scores: dict) -> list:
    """The ``unread`` entries of chosen_attempts."""
    out = []
    for student, numbers in several.items():
        kept = scores.get((student, chosen[student]), _NONE)[0]
        for number in numbers:
            points, waiting, answers = scores.get((student, number), _NONE)
            if number != chosen[student] and answers and points + waiting > kept:
                rule = "first" if number == numbers[0] else "last" if number == numbers[-1] else ""
                out.append((student, number, answers, rule))
    return out


def attempt_scores(rows: list, choice: AttemptChoice, banks=(), rounded_by: str = "", order=(), others=(),
                   fingerprints=None) -> dict:
    """``{(student, attempt): (points, points awaiting a person, answers
    awaiting one)}`` (``_paper_points``): each attempt of ``rows`` marked as a
    paper of its own, every answer by its part's checker (grade's), a part
    worked from the attempt's own earlier parts given error carried forward
    as grade gives it (``carried_forward``); a part not answered scores 0.
    ``others``: the rows of the students with one attempt, not marked here, whose
    variants tell, with those of ``rows``, the parts and points of a cell that
    lost its tag (quizgen.lms.lost_tag), as they do when the attempt is graded."""
    from quizgen.grading.key_index import KeyIndex
    from quizgen.key.model import Key
    from quizgen.lms.papers import grading_inputs

    ids = {}   # {(student, attempt): stand-in id}: each attempt marked as the paper of a student of its own
    for row in rows:
        ids.setdefault((row.student_id, row.attempt), f"{_STAND_IN}{len(ids)}")
    try:
        inputs = grading_inputs([replace(r, student_id=ids[(r.student_id, r.attempt)], attempt=1) for r in rows],
                                banks=banks, rounded_by=rounded_by, order=order, others=others,
                                fingerprints=fingerprints)
    except InputFileError as exc:   # named by the student and attempt, not the stand-in
        pairs = list(ids)
        raise InputFileError(re.sub(rf"{_STAND_IN}(\d+)", lambda m: "{} (attempt {})".format(*pairs[int(m[1])]),
                                    str(exc))) from exc
    index = KeyIndex(Key.from_json(inputs.key), choice.decimal_comma, choice.override, "the key", choice.policy)
    typed = {}   # {(stand-in id, question id): {part letter: answer}}
    for stand_in, question, part, answer in inputs.rows:
        typed.setdefault((stand_in, question), {})[part] = answer
    papers = {student: index.papers[number] for student, _, number in index.roster}
    return {pair: _paper_points(papers[stand_in], stand_in, typed) for pair, stand_in in ids.items()}


def _paper_points(paper, student: str, typed: dict) -> tuple:
    """``(points, waiting, count)``: the points of ``student``'s answers
    (``typed``) on ``paper`` (a PaperChecks), each question's parts marked in
    order, ECF from the earlier; an answer a person must read (needs_review)
    scores 0 there, its part's points in ``waiting``, and ``count`` such answers."""
    from quizgen.grading.ecf_at_once import carried_forward
    from quizgen.key.status import Status

    points, waiting, count = 0.0, 0.0, 0
    for question, slots in paper.placed:
        answers, values, figures, statuses = typed.get((student, question.id), {}), {}, {}, {}
        for slot, part in zip(slots, question.parts):
            checker = paper.checkers[slot]
            verdict = carried_forward(checker, checker(answers.get(part.letter)), values, figures, statuses)
            values[part.name], figures[part.name], statuses[part.name] = verdict.value, verdict.figures, verdict.status
            points += verdict.score
            if verdict.status == Status.NEEDS_REVIEW:
                waiting, count = waiting + float(checker.part.points), count + 1
    return points, waiting, count


def refuse_attempt_for_answers(path, choice: AttemptChoice) -> None:
    """Refuse, in one line, --attempt given by the user (``choice.given``) for the file at
    ``path``: an answers file, not a Moodle or Canvas download, has no attempts to choose
    from (of a part answered twice, its last row, or latest time, is graded)."""
    if choice.given:
        raise UsageError(f"--attempt is for a Moodle or Canvas responses download, which holds each attempt: "
                         f"{Path(path).name} is an answers file, where a part answered twice is graded by its last "
                         "row (or latest time); leave --attempt out")


def attempt_note(download: str, chosen: dict, rule: str, others: int, unread=(), given: bool = False) -> list:
    """The note (in a list, or none) naming the students with more than one
    attempt (``chosen``: {student: attempt graded}), the rule that chose the
    attempt graded, how many ``others`` were not graded, and each attempt not
    graded that could score more once a person reads its answers (``unread``,
    chosen_attempts'). With no such student, none, unless the user gave
    --attempt (``given``): then one line says it changed nothing."""
    if not chosen:
        return [f"{download}: --attempt {rule} changed nothing: no student had more than one attempt"] * given
    how = {"highest": "each one's attempt that quizgen marks highest (ties: the later), as Moodle's default grading "
                      "method 'Highest grade' and Canvas's default 'Keep highest' do",
           "last": "each one's last attempt (Moodle's and Canvas's default grades the highest: --attempt highest)",
           "first": "each one's first attempt (Moodle's and Canvas's default grades the highest: --attempt highest)"}
    shown = named_few(list(chosen), SHOWN)
    return [f"{download}: {len(chosen)} student(s) had more than one attempt ({shown}); --attempt {rule} graded "
            f"{how[rule]}; their {others} other attempt(s) are not graded and are in no output "
            "(--attempt highest, last or first chooses)" + "".join(map(_unread_words, unread))]


def _unread_words(entry: tuple) -> str:
    """The note's words on one ``unread`` attempt of chosen_attempts."""
    student, number, answers, rule = entry
    grades = f"; --attempt {rule} grades it" if rule else ""
    return (f"; {student}: attempt {number} has {answers} answer(s) a person must read, counted 0, "
            f"and could score more than the attempt graded once read{grades}")
