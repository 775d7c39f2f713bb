"""Grading one answer against one part of the key: correct within tolerance,
or the misconception whose trap value (or words) it matches. ``PartChecker`` works a part's
tolerances out once so that many answers grade fast; ``check_answer`` grades one. Both follow one rule.

An answer within tolerance that shows enough figures is correct at once (the common path). Anything
else goes through the careful marker (quizgen/marking/rules.py, the rules made from the key by careful.py):
traps, carried rounding, rounded too early, answers as people write them, sentences for review. ECF needs
the student's other answers and is applied after the pass (``PartChecker.remark``, called from rows.py)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from quizgen.cells import text_formula_value, unguard
from quizgen.grading.careful import QuestionRules
from quizgen.grading.cloze_twice import part_twice_reason
from quizgen.grading.other_part import another_parts_value
from quizgen.grading.kept_values import kept_reading, number_or_error
from quizgen.maths.answers import normalise_word
from quizgen.errors import ExpressionError
from quizgen.key.model import KeyPart
from quizgen.key.status import Status
from quizgen.lms.window import canvas_window
from quizgen.maths.tolerance import matches
from quizgen.marking import canvas_kept, rules as careful
from quizgen.marking.coherence import may_carry, withheld
from quizgen.marking.rule_model import near_plain, tolerance_kind
from quizgen.marking.quotes import from_own_answers
from quizgen.marking.asides import none_may_say_no_value
from quizgen.marking.words import NONE_OR_ZERO_REASON
from quizgen.marking.as_asked import shown_right
from quizgen.marking.expression_value import judged
from quizgen.marking.quantity_words import bits_trap
from quizgen.marking.count_trap import count_trap
from quizgen.marking.spreadsheet import leftover_reason
from quizgen.marking.units import unit_against_part
from quizgen.marking.forms import (BLANK, INFINITE, NUMBER, REVIEW, REVIEW_REASON, WORD_REASON, Reading, bare_log,
                                   looks_like_prose, misread_count, plain_characters, read_marks,
                                   significant_figures, with_log_note)
from quizgen.marking.unread import unread_reason
from quizgen.marking.long_answers import LONG_FOR_A_NUMBER, MAX_REVIEW, too_long
from quizgen.maths.parser import MAX_LENGTH

__all__ = ["Verdict", "PartChecker", "check_answer", "question_checkers", "accepted_words"]

REMARK_LIMIT = 50_000   # ECF verdicts kept per part before starting afresh


class Verdict(NamedTuple):
    """The grade of one answer (a NamedTuple: one is made per answer, and a
    frozen dataclass took five times as long to make)."""

    status: Status
    score: float
    expected: str
    misconception: str = ""
    feedback: str = ""
    reason: str = ""
    note: str = ""
    value: float | None = None     # the number read (ECF reads the student's final answers)
    figures: int | None = None     # significant figures shown, for a plain decimal


class PartChecker:
    """One key part (a :class:`KeyPart`, or a whole key.json part record) made
    ready to grade many answers: verdicts are built once, when first given, and
    plain decimals skip the expression parser. Windows come from the part's tolerance rule at
    its exact value's float (quizgen/maths/tolerance.py), or from ``override``
    (``{"rtol": ..}`` / ``{"atol": ..}``) when given; the traps' windows are
    worked out at the first answer that is not correct, and so are a word
    part's trap words (with per-student papers most parts are answered once,
    and most answers are right)."""

    __slots__ = ("part", "kind", "override", "question", "_remarked", "decimal_comma", "writes_comma", "expected",
                 "_traps", "_correct", "_incorrect", "_blank", "accept", "_trap_words", "value", "tolerance", "asked",
                 "figures_shown", "canvas")

    def __init__(self, part, decimal_comma: bool = False, override: dict | None = None,
                 question: QuestionRules | None = None, figures_shown: bool = True, writes_comma: bool | None = None):
        if isinstance(part, dict):
            part = KeyPart.from_json(part)
        self.part, self.kind, self.override = part, part.kind, override
        self.question = question
        self.figures_shown = figures_shown   # False: the LMS rewrote the figures (Canvas): only the value counts
        self._remarked = None   # ECF verdicts by (value, figures, earlier values, the figures' kinds), made at first need
        self.decimal_comma = decimal_comma   # the answers are read with decimal commas
        self.writes_comma = decimal_comma if writes_comma is None else writes_comma
        expected = part.answer
        self.expected = expected
        self._traps = self._correct = self._incorrect = self._blank = None
        if self.kind == "word":
            self.accept, self._trap_words = accepted_words(part.accept), None
        else:
            self.value = part.value
            self.tolerance = part.half_width(override)
            self.asked = None if override else careful.figures_asked(part.kind, part.tolerance)
            self.canvas = None if figures_shown else canvas_window(part)   # Canvas's (answer, margin), ends in

    @property
    def correct(self) -> Verdict:
        if self._correct is None:
            self._correct = Verdict(Status.CORRECT, float(self.part.points), self.expected)
        return self._correct

    @property
    def incorrect(self) -> Verdict:
        if self._incorrect is None:
            self._incorrect = Verdict(Status.INCORRECT, 0.0, self.expected)
        return self._incorrect

    @property
    def blank(self) -> Verdict:
        if self._blank is None:
            self._blank = Verdict(Status.BLANK, 0.0, self.expected)
        return self._blank

    @property
    def trap_words(self) -> dict:
        """A word part's verdict for each trap word (normalised), made at the first answer not accepted."""
        if self._trap_words is None:
            credits = self.question.credits.traps if self.question is not None else {}
            self._trap_words = {}
            for trap in self.part.traps:
                verdict = Verdict(Status.INCORRECT, credits.get(trap.code, trap.credit) * float(self.part.points),
                                  self.expected, trap.code, trap.feedback)
                for word in trap.words:
                    self._trap_words.setdefault(normalise_word(word), verdict)
        return self._trap_words

    @property
    def traps(self) -> list:
        """``(value, window, verdict)`` for each trap with a value, in key order."""
        if self._traps is None:
            part, expected = self.part, self.expected
            self._traps = [(value, part.trap_half_width(i, self.override),
                            Verdict(Status.INCORRECT, 0.0, expected, trap.code, trap.feedback))
                           for i, (trap, value) in enumerate(zip(part.traps, part.trap_values)) if value is not None]
        return self._traps

    def __call__(self, text) -> Verdict:
        """The verdict for the answer ``text`` (None or empty text is blank);
        one that writes ``log`` without a base says it is read as ln (LOG_NOTE)."""
        if text is None:
            return self.blank
        text = plain_characters(str(text))
        if text[:1] == "'":
            text = unguard(text)   # the text marker quizgen's own CSVs put before '-ln(0.7)' (cells.py)
        text = text_formula_value(text.strip()).strip()   # spaces around an answer are no part of it; ="0.7" is 0.7
        if not text:
            return self.blank
        if twice := part_twice_reason(text):   # a Moodle Cloze cell naming a part twice: each part a person's
            return Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=twice)
        if self.kind == "word":
            return self._word(text)
        verdict = self._numeric(text)
        if ("og" in text or "OG" in text) and verdict.status is not Status.INVALID \
                and bare_log(text, self.decimal_comma):
            return verdict._replace(feedback=with_log_note(verdict.feedback))
        return verdict

    def _numeric(self, text: str) -> Verdict:
        """The verdict on a number part's answer ``text`` (stripped, not blank); a date
        a spreadsheet made (``1/3/1900``, which parses as a sum) is a person's (spreadsheet.py)."""
        if (text.count("/") == 2 or text.count("-") == 2) and (spreadsheet := leftover_reason(text)):
            return Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=spreadsheet)
        read = self._marks(text)
        value = number_or_error(read, self.decimal_comma)
        if isinstance(value, ExpressionError):
            return self._written(text, unread_reason(value, text))
        near = abs(value - self.value) <= self.tolerance
        if near and self.asked is None and not self.override:   # a count, or figures an LMS rewrote
            return self.correct._replace(value=value)   # the value kept: a later part's ECF reads it
        if not self.figures_shown and not self.override and canvas_kept.inside(value, self.canvas):
            return self.correct._replace(value=value)   # Canvas's window: its verdict, a tie it holds too
        value, figures = self._judged(significant_figures(read), value)   # --rtol/--atol: the value kept
        if near and (self.asked is None or shown_right(self.part, value, figures, self.asked, self.kind, self._spec())):
            return Verdict(Status.CORRECT, float(self.part.points), self.expected, value=value, figures=figures)
        return self._careful(Reading(NUMBER, value, figures), "" if near else text)

    def _judged(self, shown, value: float) -> tuple:
        """``(value, figures)`` an answer is judged at: an LMS's rewritten number (Canvas) at the figures asked
        (``canvas_kept.past_asked``), an expression's value's decimal and its figures (expression_value.py)."""
        return judged(shown, value, self.value, self.asked) if self.figures_shown else \
            (value, canvas_kept.past_asked(shown, self.asked))

    @property
    def rule(self) -> careful.PartRule:
        """The part's marking rule (traps, recipe, carried rounding), made at first need."""
        rule = self.question.rule(self.part.letter) if self.question is not None else None
        if rule is None:
            rule = self.question_rules().rule(self.part.letter)
        if self.override:
            rule = replace(rule, spec=dict(self.override), carried=(), short_carried=())
        return rule

    def question_rules(self) -> QuestionRules:
        """The rules of the part's question (of this part alone for a checker
        made without its question)."""
        if self.question is None:
            from quizgen.key.model import KeyQuestion
            self.question = QuestionRules(KeyQuestion("", parts=(self.part,)), careful.Credits())
        return self.question

    def _careful(self, reading: Reading, text: str = "") -> Verdict:
        """The careful marker's verdict on a number that is not plainly correct, with no earlier answers yet (ECF
        comes after the pass, from ``remark``: no parameters are read, so none are passed); a person's for a
        count's ``2.000`` that is the answer read the other way (``text``: ``misread_count``), or a trap."""
        why = misread_count(text, self.value, self.tolerance, self.decimal_comma, whole=self.kind == "integer",
                            units=self.part.spec.units)
        found = Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=why) if why else \
            self._named_trap(reading) or count_trap(self, text, reading)   # 7.500 for a trap's 7.5: that trap
        if found is not None:
            return found
        rule, question = self.rule, self.question
        mark = careful.mark_value(rule, reading, {}, {}, question.credits, question.carried)
        if not self.figures_shown:   # a Canvas download: 0.630 arrives as 0.63, 0.000623 as 0.0006
            mark = canvas_kept.canvas_mark(mark, self.value, self.canvas, reading.value)
        return another_parts_value(self, self._verdict(mark, reading.figures))   # (b)'s value at (a): say so

    def _named_trap(self, reading: Reading) -> Verdict | None:
        """The verdict on a number outside tolerance that falls into a trap, as ``marking.rules.mark_value``
        gives it during the pass (traps come before carried rounding there, and ECF waits for the
        pass's end), without making the part's marking rule: most careful answers are traps."""
        x = reading.value
        if abs(x - self.value) <= self.tolerance or reading.hundredths:   # a %: percent.py first (careful)
            return None
        part, spec = self.part, self._spec()
        for trap, value in zip(part.traps, part.trap_values):
            if value is not None and matches(x, value, spec, self.kind):
                credits = self.question.credits.traps if self.question is not None else {}
                return Verdict(Status.INCORRECT, credits.get(trap.code, trap.credit) * float(part.points),
                               self.expected, trap.code, trap.feedback, value=x, figures=reading.figures)
        return None

    def _spec(self) -> dict:
        """The tolerance the careful marker applies: the --rtol/--atol override, else the part's own."""
        return self.override or self.part.tolerance

    def _verdict(self, mark: careful.Verdict, figures=None) -> Verdict:
        review = mark.status == careful.NEEDS_REVIEW   # a person's (a % on a loss): its words are the reason
        return Verdict(Status(mark.status), mark.score * float(self.part.points), self.expected, mark.misconception,
                       "" if review else mark.feedback, mark.feedback if review else "", mark.note, mark.value, figures)

    def _written(self, text: str, reason: str) -> Verdict:
        """An answer the plain reader refused: read as people write it (``L = 0.851``,
        ``0.2014 nats``, ``≈0.427``), else needs_review for a sentence, else invalid.
        A text too long to hold a number (``MAX_LENGTH``) is only looked at as
        a sentence: reading it as a number cost milliseconds a row."""
        if len(text) > MAX_LENGTH:
            return self._long(text)
        reading = kept_reading(text, self.part.spec.percent, self.decimal_comma, self.kind == "integer",
                               self.part.spec.units)
        if reading.status == NUMBER and not (self.part.spec.units or self.part.spec.percent) and (
                against := unit_against_part(text, self.kind == "integer")):   # 2220 nats, 0.401 tokens
            return Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=against)
        if reading.status == NUMBER and none_may_say_no_value(text, (w for trap in self.part.traps for w in trap.words)):
            return Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=NONE_OR_ZERO_REASON)   # C5 (a): 0, or no value?
        if reading.status == NUMBER:   # an LMS's figures are no student's; an expression's, its value's
            value, figures = self._judged(reading.figures, reading.value)
            reading = replace(reading, value=value, figures=figures)
        if reading.status == NUMBER:
            if abs(reading.value - self.value) <= self.tolerance and not reading.hundredths and (
                    self.asked is None or shown_right(self.part, reading.value, reading.figures, self.asked, self.kind, self._spec())):
                return Verdict(Status.CORRECT, float(self.part.points), self.expected, value=reading.value,
                               figures=reading.figures)
            return self._careful(reading, text)
        said = self._said(text)
        if said is not None:
            return said
        if reading.status == INFINITE:   # infinity: wrong, for a reason
            return Verdict(Status.INCORRECT, 0.0, self.expected, feedback=reading.reason)
        if reading.status in (REVIEW, BLANK):   # BLANK: "n/a", "-", "idk" said; "0.4826 bits": the log-2 trap?
            return bits_trap(self, reading) or Verdict(Status(reading.status), 0.0, self.expected, reason=reading.reason)
        return Verdict(Status.INVALID, 0.0, self.expected, reason=WORD_REASON if reading.reason == WORD_REASON
                       else reason)

    def _long(self, text: str) -> Verdict:
        """The verdict on an answer longer than any number as people write it:
        a trap's words or a sentence for a person to read, up to ``MAX_REVIEW``
        characters; anything longer is invalid at once."""
        if len(text) > MAX_REVIEW:
            return Verdict(Status.INVALID, 0.0, self.expected, reason=too_long(number=True))
        said = self._said(text)
        if said is not None:
            return said
        if looks_like_prose(text):
            return Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=REVIEW_REASON)
        return Verdict(Status.INVALID, 0.0, self.expected, reason=LONG_FOR_A_NUMBER)

    def _said(self, text: str) -> Verdict | None:
        """The verdict on a text (at most MAX_REVIEW characters: ``_long`` sees to
        it) that is no number but says a trap's words (``marking.words.said_trap``),
        or None; only parts with trap words make the rule."""
        if not any(trap.words for trap in self.part.traps):
            return None
        mark = careful.said_trap(self.rule, text, self.question.credits)
        if mark is None:
            return None
        if mark.status == careful.NEEDS_REVIEW:
            return Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=mark.feedback or REVIEW_REASON)
        return self._verdict(mark)

    def remark(self, value: float, figures, earlier: dict, written: dict | None = None) -> Verdict | None:
        """The verdict given the student's final ``earlier`` answers (part name ->
        value or None), when ECF changes it; None when it does not. ``written``:
        the significant figures each earlier answer showed (its feedback quotes them)."""
        shown = tuple(written.values()) if written else ()
        token = (value, figures, *earlier.values(), *shown, *[f.__class__ for f in (figures, *shown)])   # 2 and 1+1 apart
        if self._remarked is None:   # most checkers of per-student papers re-mark nothing (many students share them)
            self._remarked = {}
        if token in self._remarked:
            return self._remarked[token]
        question, verdict = self.question_rules(), None
        recipe = question.ecf_recipe(self.part.letter) if None not in earlier.values() else None
        plain = question.plain(self.part.name, recipe, earlier) if recipe is not None else None
        # a carried misconception counts even where the recipe gives nothing (a recipe over (a) - 2 after (a) 2)
        near = (plain is not None and self._near(value, plain, figures)) or (recipe is not None and may_carry(
            question.question.parts, self.part, value, earlier))
        if plain is not None and not near:   # from the unrounded trap their (a) stands for?
            traps = question.carried_traps(self.part.letter, earlier, written or {})
            plain = question.plain(self.part.name, recipe, {**earlier, **traps}) if traps else None
            near = plain is not None and self._near(value, plain, figures)
        if near and question.usable():
            mark = careful.mark_value(self.rule, Reading(NUMBER, value, figures), earlier, question.env,
                                      question.credits, question.carried, written)
            # ECF; rounded too early, or a count left a fraction (rules.FRACTION_FROM_OWN), from their own
            # answers; or ECF withheld: saying why
            if mark.note == careful.ECF or withheld(mark.feedback) or from_own_answers(mark.feedback) and (
                    mark.note in (careful.EARLY, careful.CARRIED)
                    or mark.status == careful.INCORRECT and not mark.misconception):
                verdict = self._verdict(mark, figures)
        if len(self._remarked) >= REMARK_LIMIT:
            self._remarked.clear()
        self._remarked[token] = verdict
        return verdict

    def _near(self, value: float, plain: float, figures) -> bool:
        """Whether ``value`` (written to ``figures``) is near enough ``plain`` (a
        recomputation from the student's own answers) for ECF to look at it
        closely (``near_plain``: an answer shown to fewer figures than asked,
        right to them given those answers, is looked at too)."""
        short = figures if self.asked is not None and figures is not None and figures < self.asked else None
        return near_plain(value, plain, self._spec(), tolerance_kind(self.part), short=short)

    def _marks(self, text: str) -> str:
        """``text`` with its commas (and, in a count, its points) read by the one rule (``read_marks``); other
        texts as they are, fast: a text the rule would change otherwise fails here, and ``read_number`` reads it."""
        whole = self.kind == "integer"
        if "," in text or (whole and "." in text):
            return read_marks(text, whole, self.decimal_comma)
        return text

    def _trap(self, value: float) -> Verdict:
        for trap_value, width, verdict in self.traps:
            if abs(value - trap_value) <= width:
                return verdict
        return self.incorrect

    def _word(self, text: str) -> Verdict:
        if len(text) > MAX_REVIEW:
            return Verdict(Status.INVALID, 0.0, self.expected, reason=too_long())
        word = normalise_word(text)
        if word in self.accept:
            return self.correct
        verdict = self.trap_words.get(word)
        if verdict is not None:
            return verdict
        if spreadsheet := leftover_reason(text):   # #NAME?, 4-Mar: no word the student wrote
            return Verdict(Status.NEEDS_REVIEW, 0.0, self.expected, reason=spreadsheet)
        value = number_or_error(self._marks(text), self.decimal_comma)
        if not isinstance(value, ExpressionError):
            return self._trap(value)
        rule = self.rule
        mark = careful.mark_words(rule, text, self.question.credits)
        if mark.status in (careful.NEEDS_REVIEW, BLANK):   # BLANK: "n/a", "-", "idk" said for no answer
            return Verdict(Status(mark.status), 0.0, self.expected, reason=mark.feedback or REVIEW_REASON)
        return self._verdict(mark) if mark.status != careful.INCORRECT or mark.misconception else self.incorrect


@lru_cache(maxsize=1024)
def accepted_words(words: tuple) -> frozenset:
    """A word part's accepted words, normalised: one set per template part,
    not one per student's instance."""
    return frozenset(normalise_word(w) for w in words)


def question_checkers(question, credits: careful.Credits | None = None, decimal_comma: bool = False) -> dict:
    """A checker per part letter of a key question, sharing its marking rules
    (``decimal_comma``: read 0,408 as 0.408 everywhere, as grade --decimal-comma)."""
    rules = QuestionRules(question, credits or careful.Credits(ecf=question.ecf_credit))
    return {part.letter: PartChecker(part, decimal_comma, question=rules) for part in question.parts}


def check_answer(part, text: str, decimal_comma: bool = False,
                 override: dict | None = None) -> Verdict:
    """Grade the answer ``text`` against the key part ``part`` (a KeyPart or a part record)."""
    return PartChecker(part, decimal_comma, override)(text)
