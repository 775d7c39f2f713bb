"""What a feedback sheet says in the student's words beyond the verdicts (why
an answer awaits a person is feedback_review.py's): the
pointer under a wrong answer that matches no known misconception, and the
"What to work on" list after the score (misconceptions met by name, the
answers rounded too early or cut off, the questions with lost marks, a drill
command for their classes), in the drill's style ("What to practise next")
without its code: grading sits below drill; and the sheet's one note "About
the answers" (the figures asked, the key's extra figures, carried rounding)."""

from __future__ import annotations

import difflib
import math
import re
from decimal import Decimal
from typing import NamedTuple

from quizgen.grading.feedback_verdict import parts_span
from quizgen.grading.outcome import comma_number
from quizgen.key.parts import code_in_words
from quizgen.marking.as_asked import rounds_otherwise
from quizgen.marking.forms import NUMBER, read_number
from quizgen.marking.offered import offered_answers
from quizgen.marking.quotes import SLIP_NOTE, rounded_before_use, steps_kept_short
from quizgen.marking.rule_model import EARLY
from quizgen.marking.rules import OVERRIDE
from quizgen.marking.sources import figures_asked
from quizgen.marking.spelling import MISSPELT, clear_misspelling
from quizgen.maths.answers import normalise_word
from quizgen.maths.numbers import significant
from quizgen.maths.stated import StatedFigures
from quizgen.maths.tolerance import matches
from quizgen.text.words import and_list

WORK_HEADING = "What to work on"
ABOUT_ANSWERS = "About the answers"
COMPARE_WORKING = "compare your working with the worked solution below"
COMPARE = "it matches no common mistake the grader knows: " + COMPARE_WORKING

ANSWER_LIMIT = 400   # characters of an answer a sheet quotes whole; a longer one is cut to ANSWER_SHOWN
ANSWER_SHOWN = 300   # a 300-character answer fills some 25 lines of the PDF sheet's table column
def template_trap_names(template) -> dict:
    """``{code: name}`` as ``template`` (the bank's, None when not found) names its traps."""
    if template is None:
        return {}
    return {trap.code: trap.name for part in template.parts for trap in part.traps if trap.name}


def misconception_name(code: str, names: dict | None) -> str:
    """The misconception ``code`` as a student reads it: the trap's name in the
    bank ("log base 10 instead of ln"), else the code read as words."""
    return (names or {}).get(code) or code_in_words(code)


def shown_answer(answer: str) -> str:
    """An answer as a sheet quotes it: whole up to ANSWER_LIMIT characters,
    else its first ANSWER_SHOWN (back to a space when one is near), then how
    long it is and where it is whole. A 10,000-character answer quoted in full
    helps no reader and is taller than a page of the PDF sheet's table."""
    if len(answer) <= ANSWER_LIMIT:
        return answer
    start = answer[:ANSWER_SHOWN]
    space = start.rfind(" ", ANSWER_SHOWN - 40)
    start = (start[:space] if space > 0 else start).rstrip()
    return f"{start} \u2026 ({len(answer)} characters in all; the graded CSV has it whole)"


KEEP = 4
"""The significant figures the papers ask students to keep in intermediate
steps (the bank's stems: "keep at least 4 significant figures in
intermediate steps"), which the advice below repeats unless the policy's
carried rounding asked for more (``kept_figures``)."""
ROUNDED_EARLY = ("rounded too early or cut off: {answers}: give each final answer to the figures the question asks, "
                 "rounded (not cut off), and keep at least {keep} significant figures in the working.")
"""The "What to work on" line naming the answers marked rounded too early (note rounded_too_early)."""
ROUNDED_BEFORE_USE = ("rounded before use: {answers}: keep at least {keep} significant figures (or as many as the "
                      "question asks) in any value you go on to use, and give each answer to the figures asked.")
"""The line naming the earlier answers (or steps of a part's own working)
rounded short and then used, when a part's mark was lost to that rounding,
not to its own final answer (marking/quotes.rounded_before_use). Both say
the figures to keep as ``kept_figures`` gives them (KEEP by default)."""


def kept_figures(carried: int) -> int:
    """The significant figures a sheet tells students to keep in their working:
    the paper's KEEP, or the policy's ``carried_figures`` when it is more (5:
    an answer carried to 4 figures then lost marks, whatever the paper said,
    and the marking notes say 5 too). Fewer (3, the default) is never advised:
    the paper asks for KEEP and an answer so carried lost nothing."""
    return max(KEEP, carried)


class WorkList(NamedTuple):
    """The "What to work on" list of a sheet: its lines, and the drill command
    to practise the classes with lost marks ("" when none has a class); ``met``:
    ``(name, where)`` of its first lines, the misconceptions, which a PDF sheet quotes as TeX does."""

    lines: list
    command: str
    met: tuple = ()


def work_list(questions, lines_of: list, awaiting: str, drillable=None, keep: int = KEEP, lost=()) -> WorkList:
    """What to revise: the misconceptions met (by name, with where), each
    question with lost marks (not counting parts awaiting a person,
    ``awaiting`` being that verdict), and a drill command for their classes
    that the drill knows without --bank (``drillable``; None: all), since the
    instructor's folders mean nothing on a student's machine; empty when
    nothing was lost. ``lines_of``: each question's PartLines; ``keep``: the
    figures to keep in the working that its advice on early rounding gives; ``lost``: the parts, as
    ``(question id, letter)``, no student's answer was received for (feedback_verdict.lost_parts),
    which are no omission of the student's (the line under the score says so)."""
    met, lost_lines, classes = {}, [], []
    unreceived = {part: label for part, label in _unreceived(questions, lines_of).items() if part not in lost}
    for question, lines in zip(questions, lines_of):
        for line in lines:
            if line.misconception:
                name = line.name or code_in_words(line.misconception)
                met.setdefault(name, []).append(f"{question.id} ({line.letter})")
        short = [line for line in lines if line.status != awaiting and _number(line.score) < _number(line.points)
                 and (question.id, line.letter) not in unreceived and (question.id, line.letter) not in lost]
        if short:
            lost_lines.append(_lost_line(question, short))
            if question.cls and question.cls not in classes and (drillable is None or question.cls in drillable):
                classes.append(question.cls)
    named = tuple((name, ", ".join(where)) for name, where in met.items())
    said = [f"misconception \"{name}\": {where}." for name, where in named]
    said += _early_lines(questions, lines_of, awaiting, keep) + lost_lines + _unreceived_line(list(unreceived.values()))
    command = "quizgen drill --classes " + ",".join(classes) if classes else ""
    return WorkList(said, command, named)


def _early_lines(questions, lines_of: list, awaiting: str, keep: int = KEEP) -> list:
    """The "What to work on" lines of the answers marked rounded too early:
    those whose own final answer was (ROUNDED_EARLY; with them every answer
    whose feedback says it was cut off or rounded to too few figures, whatever
    its status: ``said_rounded_short``), and apart, the earlier
    answers rounded short before a later part used them (ROUNDED_BEFORE_USE,
    "Q7 (c) is what Q7 (a) rounded to 2 significant figures gives"),
    where the later answer itself has the figures asked."""
    own, used = [], {}
    for question, lines in zip(questions, lines_of):
        for line in lines:
            if line.status == awaiting or not (line.note == EARLY or said_rounded_short(line)):
                continue
            sources = () if line.note != EARLY or _itself_short(question, line) else rounded_before_use(line.feedback)
            own += [] if sources else [f"{question.id} ({line.letter})"]
            for label, figures in sources:   # a step of the working: one value or several, as the feedback says
                steps = "" if label else steps_kept_short(line.feedback)
                used.setdefault((question.id, label, figures, steps), []).append(f"({line.letter})")
    said = [ROUNDED_EARLY.format(keep=keep, answers=", ".join(own))] * bool(own)
    before = ROUNDED_BEFORE_USE.format(keep=keep, answers="; ".join(_used_early(*k, v) for k, v in used.items()))
    return said + [before] * bool(used)


_SAID_ROUNDED_SHORT = re.compile(
    rf"(?:^|: |{re.escape(SLIP_NOTE.lstrip())})(?:cut off instead of rounded|rounded twice, and to too few figures"
    r"|rounded to \d+ significant figures?: give at least)"
    r"|^a count is exact: give all its digits \(.* rounded to \d+ significant figures\)")
"""The grader's feedback on an answer cut off, or rounded to fewer figures than
asked, that it marks otherwise than rounded too early (marking/early.py: 1.5
for 1.5505, "cut off instead of rounded, and to too few figures"; a count
rounded, 2000 for 1950; rules.py: a misconception's value so rounded, "(That
value, rounded to 2 significant figures: give at least 3.)")."""


def said_rounded_short(line) -> bool:
    """Whether ``line``'s feedback (the grader's, not a marker's comment) says
    its answer was cut off or rounded to too few figures: keyed on what the
    verdict says, so that it holds whether the grader marks such an answer
    incorrect or imprecise."""
    return line.note != OVERRIDE and _SAID_ROUNDED_SHORT.search(line.feedback) is not None


def _itself_short(question, line) -> bool:
    """Whether ``line``'s own answer shows fewer significant figures than its
    part asks (``0.075`` where 3 are asked): then it was itself rounded too
    early, whatever earlier answer it was computed from."""
    spec = next((getattr(p, "spec", None) for p in question.parts if getattr(p, "letter", p) == line.letter), None)
    asked = figures_asked(spec.kind, spec.tolerance) if spec is not None else None   # None: not known
    shown = read_number(line.answer).figures if asked else None
    return shown is not None and shown < asked


def _used_early(question_id: str, label: str, figures: int, steps: str, later: list) -> str:
    """``Q7 (c) is what Q7 (a) rounded to 2 significant figures gives``; a step
    of the working when ``label`` is "" (no count of figures: 1 + e^-s = 1.741 carried
    to 3 figures is e^-s to 2), or several (``steps``: marking/quotes.steps_kept_short):
    what the answers show, not a guess at
    what the student did (their (a) may show 4 figures: "you
    rounded Q3 (a) to 2 significant figures" would be false against a paper showing 0.03229)."""
    to, parts = f" to {figures} significant figure{'s' * (figures > 1)}", f"{question_id} {and_list(later)}"
    one = len(later) == 1
    if not label:   # which step, and so to how many figures, the part's feedback says (own_step_early.key_steps)
        return f"{parts} {'is' if one else 'are'} what the working gives with {steps}"
    return f"{parts} {'is' if one else 'are'} what {question_id} {label} rounded{to} gives"


UNANSWERED = ("blank", "missing")   # statuses of a part the student gave no answer to


def _unreceived(questions, lines_of: list) -> dict:
    """The parts after the student's last answer (every part, when they gave none),
    as ``{(question id, letter): "Q3 (a)"}`` in paper order: no answer was received for them."""
    order = [((question.id, line.letter), line.status) for question, lines in zip(questions, lines_of)
             for line in lines]
    last = max((k for k, (_, status) in enumerate(order) if status != "missing"), default=-1)
    return {(qid, letter): f"{qid} ({letter})" for (qid, letter), _ in order[last + 1:]}


def _unreceived_line(labels: list) -> list:
    """One plain line for the parts no answer was received for, in place of a "not answered"
    line and a drill class per question: there is no mistake in them to work on."""
    if not labels:
        return []
    return [f"{parts_span(labels)}: you gave no {'answer' if len(labels) == 1 else 'answers'}, so there is no mistake to look "
            "for; the worked solutions below show how each is done."]


def _lost_line(question, short: list) -> str:
    """``Q2 (C5): marks lost in (c).``: a question and the parts that lost
    marks, those left unanswered said apart (``(b) not answered``): a blank
    is no mistake to look for in the working."""
    cls = f" ({question.cls})" if question.cls else ""
    wrong = and_list(f"({line.letter})" for line in short if line.status not in UNANSWERED)
    blank = and_list(f"({line.letter})" for line in short if line.status in UNANSWERED)
    if not wrong:
        return f"{question.id}{cls}: not answered." if len(short) == len(question.parts) else \
            f"{question.id}{cls}: {blank} not answered."
    return f"{question.id}{cls}: marks lost in {wrong}" + (f"; {blank} not answered." if blank else ".")


def full_marks_note(questions, lines_of: list, awaiting: str) -> str:
    """The line under the score naming the questions with full marks, or
    saying every question has them; "" when none has (a part awaiting a
    person is not full marks yet)."""
    full = [question.id for question, lines in zip(questions, lines_of)
            if lines and all(line.status != awaiting and _number(line.score) >= _number(line.points) for line in lines)]
    if not full:
        return ""
    if len(full) == len(questions):
        return "Full marks on every question: well done."
    return f"Full marks on {and_list(full)}."


def _number(text: str) -> float:
    """A score or points text as the sheet writes it (``1,5`` with decimal commas)."""
    return float(text.replace(",", "."))


def what_next_hint(question, part, answer: str, comma: bool = False) -> str:
    """What a sheet can say of a wrong answer the grader said nothing of
    (no misconception, feedback or reason), beyond pointing to the worked
    solution: a number off in its last figure (``last_digit_hint``); '' else.
    A fact read from the answer and the key, never a guess at the cause."""
    return "" if part.kind == "word" else as_asked_hint(part, answer, comma) or last_digit_hint(part, answer, comma)


def as_asked_hint(part, answer: str, comma: bool = False) -> str:
    """``0.7327 is 0.733 at the 3 significant figures asked, where the answer is 0.732`` for a plain
    decimal ``answer`` written to more figures than its part asks that lies within the exact
    answer's window but rounds at the figures asked to another number (as_asked.rounds_otherwise:
    why grade marked it incorrect; an LMS may have said "Correct."); '' otherwise."""
    asked = figures_asked(part.kind, part.tolerance) if not part.spec.percent else None
    if asked is None or part.value is None or not math.isfinite(part.value):
        return ""
    reading = read_number(answer, decimal_comma=comma)
    shown, exact = reading.figures, part.rational if part.rational is not None else part.value
    if reading.status != NUMBER or not isinstance(shown, int) or isinstance(shown, StatedFigures) or \
            not matches(reading.value, part.value, part.tolerance) or \
            not rounds_otherwise(reading.value, exact, part.kind, part.tolerance, shown):
        return ""
    mine, right = (comma_number(significant(v, asked), comma) for v in (reading.value, exact))
    return (f"{answer.strip()} is {mine} at the {asked} significant figures asked, "
            f"where the answer is {right}")


def spelling_hint(question, part, answer: str) -> str:
    """``check the spelling: "negativ" is none of the answers the question
    offers (negative, neutral or positive) as written`` for a one-word
    ``answer`` that is clearly a misspelling (marking/spelling.py,
    ``clear_misspelling``) of an answer the question offers (marking/offered.py),
    which the grader leaves to a person; which answer it is near is not said
    (the marker decides what was meant). '' otherwise."""
    traps = [w for trap in part.traps for w in trap.words]
    shown, words = offered_answers(getattr(question, "params", None) or {}, part.kind, part.accept, traps,
                                   getattr(part.spec, "choices", None), [trap.words for trap in part.traps])
    said = normalise_word(answer)
    listed = {normalise_word(w) for w in words if len(normalise_word(w)) >= 4}
    if not listed or " " in said or said in listed or not difflib.get_close_matches(
            said, [w for w in listed if clear_misspelling(said, w)], n=1, cutoff=MISSPELT):
        return ""
    offered = f"{', '.join(shown[:-1])} or {shown[-1]}" if len(shown) > 1 else shown[0]
    return f'check the spelling: "{answer.strip()}" is none of the answers the question offers ({offered}) as written'


SLIP_UNITS = 2
"""The most units of its last digit an answer may be off by for the sheet to
call it a last-digit slip (``last_digit_hint``)."""


def last_digit_hint(part, answer: str, comma: bool = False) -> str:
    """``your last digit is off: 0.8544 rounds to 0.854 at the 3 significant
    figures you gave`` for a plain decimal ``answer`` (at least the figures its
    part asks) that differs from the key's value so rounded in its last digit
    alone by at most ``SLIP_UNITS`` units of it, or by one unit of it (rounded
    the wrong way: 0.855, or 0.859 for 0.860); '' otherwise: 3.51 for 3.56 is
    no slip of a digit but a different value (seed 11's Q8 (b), -ln 0.03 with
    p = 0.02848 carried at 1 figure), and the hint sent its student looking for
    a typo."""
    asked = figures_asked(part.kind, part.tolerance) if not part.spec.percent else None
    value = part.value
    if asked is None or value is None or not math.isfinite(value) or value == 0:
        return ""
    reading = read_number(answer, decimal_comma=comma)
    shown = reading.figures
    if reading.status != NUMBER or shown is None or isinstance(shown, StatedFigures) or shown < max(asked, 2):
        return ""
    right = significant(value, shown)
    unit = Decimal(1).scaleb(Decimal(right).adjusted() - shown + 1)
    mine, key = Decimal(repr(reading.value)) / unit, Decimal(right) / unit
    if not 0 < abs(mine - key) <= SLIP_UNITS or mine != mine.to_integral_value() or \
            not (abs(mine - key) == 1 or mine // 10 == key // 10):
        return ""
    said = f"{comma_number(_rounding_to(value, part.answer, shown, right), comma)} rounds to {comma_number(right, comma)}"
    return f"your last digit is off: {said} at the {shown} significant figures you gave"


def _rounding_to(value: float, written: str, shown: int, right: str) -> str:
    """``value`` as the sheet shows it beside its rounding ``right`` (to
    ``shown`` figures): the key's ``written`` answer when it has more figures
    and rounds so, else ``value`` to the fewest more figures that do."""
    if (read_number(written).figures or 0) > shown and significant(written, shown) == right:
        return written
    return next((text for more in range(shown + 1, shown + 8)
                 if significant(text := significant(value, more), shown) == right), significant(value, shown + 8))


def answers_note(questions, carried: int, comma: bool = False) -> str:
    """The sheet's one "About the answers" note, for a student: the figures
    the questions asked, that the key's answers show more (with one of theirs
    rounded as an example), and that working carried with intermediate results
    rounded to ``carried`` figures or more (the policy's carried_figures, 3 by
    default: docs/grading.md, "Carried rounding") is marked correct. '' when no
    key answer on the sheet shows more figures than its part asks."""
    asked, longer = [], []
    for part in (p for q in questions for p in q.parts if p.kind == "numeric" and p.value is not None):
        figures = figures_asked(part.kind, part.tolerance)
        if figures is None:
            continue
        asked.append(figures)
        if (read_number(part.answer).figures or 0) > figures and significant(part.answer, figures) == \
                significant(part.value, figures):
            longer.append((part.answer, significant(part.value, figures), figures, abs(part.value)))
    if not longer:
        return ""
    kinds = sorted(set(asked))
    to = f"to {kinds[0]} significant figures" if len(kinds) == 1 else \
        f"to {', '.join(map(str, kinds[:-1]))} or {kinds[-1]} significant figures, as each says"
    plain = [entry for entry in longer if 1e-3 <= entry[3] < 1e6]
    example = (f" ({comma_number(plain[0][0], comma)} is {comma_number(plain[0][1], comma)} to {plain[0][2]})"
               if plain else "")   # a tiny value reads as the sheet shows it, 3.449 × 10−5, never 0.00003449
    return (f"The questions asked for decimal answers {to}. The key's answers show more "
            f"figures, so that you can see how each rounds{example}. An answer worked from intermediate results rounded to "
            f"{carried} or more significant figures is marked correct too, when it is what that working gives, "
            "though it may differ a little from the key's.")
