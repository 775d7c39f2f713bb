"""How the drill says an answer back: cut short, echoed safely, read in full,
and the exact form beside the decimal."""

from __future__ import annotations

import re
from decimal import Decimal

from quizgen.cells import quoted_as_shown
from quizgen.grading.careful import ecf_inputs
from quizgen.grading.other_part import ANOTHER_PART, other_part_letter
from quizgen.grading.outcome import comma_number, decimal_commas
from quizgen.key.status import Status
from quizgen.drill.options import wanted
from quizgen.marking.forms import DOUBT_REASON, LOG_NOTE, TOLERANCE_REVIEW_REASON
from quizgen.marking.carried_words import without_unrounded
from quizgen.marking.complement_route import NEAR_ONE, difference_figures
from quizgen.marking.rules import ECF
from quizgen.marking.quotes import MARKED_FROM, own_numbers, quoted as quoted_value, quotes_value
from quizgen.marking.asides import NO_VALUE_REASON, WORKING_REASON
from quizgen.marking.percent import NOT_A_SHARE, STRAY_PERCENT, reads_hundredths
from quizgen.marking.marks import EXPONENT
from quizgen.marking.offered import NONE_OFFERED, is_number
from quizgen.marking.spreadsheet import ERROR_VALUE, REASON as SPREADSHEET_REASON
from quizgen.marking.unclear import LOOKALIKE_REASON, SIDE_BY_SIDE_REASON
from quizgen.marking.unlisted import BARE_NO_REASON
from quizgen.marking.words import NONE_OR_ZERO_REASON
from quizgen.drill.slips import nearest_offered
from quizgen.maths.answers import normalise_word
from quizgen.maths.functions import ANSWER_FUNCTIONS
from quizgen.text.plain import math_to_plain, to_plain


def cut(text: str, width: int = 60) -> str:
    """``text`` shortened for a message (a long answer is not echoed back whole)."""
    return text if len(text) <= width else text[:width] + "..."


def exact_text(record, latex) -> str:
    """`` (exactly ...)`` when the exact value (``latex``) says more than the decimal."""
    if not latex or record.kind != "numeric":
        return ""
    exact = math_to_plain(latex)
    if exact == record.answer or len(exact) > 60 or not any(c.isalpha() or c == "/" for c in exact):
        return ""
    return f" (exactly {exact})"


def capital(text: str) -> str:
    """``text`` as a sentence: grade's feedback cells start in lower case."""
    return text[:1].upper() + text[1:]


def echo(line: str, width: int = 200) -> str:
    """A line of input as it is echoed: control characters shown escaped (a
    piped escape sequence must not recolour or clear the terminal), and a very
    long line cut (it is answered in one line anyway)."""
    if any(not c.isprintable() for c in line):
        line = "".join(c if c.isprintable() else _escaped(c) for c in line)
    return cut(line, width)


def _escaped(char: str) -> str:
    """A character that cannot be shown, escaped: ``\\x1b``; a byte that was no UTF-8 text
    (read as Python's surrogate escape, U+DC80 to U+DCFF) as the byte it was, ``\\xe9``."""
    return f"\\x{ord(char) - 0xDC00:02x}" if 0xDC80 <= ord(char) <= 0xDCFF else repr(char)[1:-1]


def _unshown(text: str) -> str:
    """Why ``text`` cannot be read when it holds a character that cannot be shown, or ''."""
    if any(0xDC80 <= ord(c) <= 0xDCFF for c in text):
        return "it holds a byte that is not UTF-8 text; check the keyboard layout or the terminal's encoding"
    if any(not c.isprintable() for c in text):
        return "it holds a control character, such as an arrow or function key sends"
    return ""


def as_read(value: float) -> str:
    """A number as read, without an exponent: in full as typed (1234567, 2.65, 0.00001234), an expression's
    value of many figures to 6 (-log(0,71): 0.34249, not 0.342490308946776; grade's its value)."""
    whole = abs(value) < 1e15 and value == int(value)
    shown = repr(value) if whole or len(repr(value).lstrip("-0.").replace(".", "")) <= 10 else format(value, ".6g")
    text = format(Decimal(shown), "f")
    return text[:-2] if text.endswith(".0") else text


_POINT_GROUPED_THOUSANDS = re.compile(r"(?<![\d.,])[1-9]\d{0,2}(?:(?:\.\d{3}){2,}|\.\d{3}"
                                      + f"(?!{EXPONENT.pattern}))" + r"(?![\d.,])")
"""A count written with a point between thousands (``1.950``), which a count reads as grouping
(1950: forms.read_marks), so the drill says how it read it. Never one point before an exponent
(``2.640e3`` is a decimal's point: marks.EXPONENT); several still group."""


_COMMA_DECIMAL = re.compile(r"[-+]?\d+,\d+")


def _read_as_written(text: str, value: float) -> bool:
    """True for a plain decimal with a comma (0,800) read as that decimal: with
    --decimal-comma nothing about its reading is worth saying (a count's 1,440,
    read as 1440, is said; at a count, 2,65's verdict says a count is whole)."""
    return _COMMA_DECIMAL.fullmatch(text.strip()) is not None and float(text.strip().replace(",", ".")) == value


def reading_notes(record, text: str, verdict, decimal_comma: bool = False, options=NONE_OFFERED) -> tuple:
    """``(verdict, lines)``: the verdict without grade's LOG_NOTE, and the lines
    said before it about how ``text`` was read: a comma, or a count's point
    between thousands (``1.950`` is 1950), when the answer was not
    right; the value of an expression marked incorrect (``sqrt(2)/2`` is 0.707107), quoted as grade
    quotes a student's number, unless grade's feedback already does (quotes_value); that a bare ``log`` was read as ln; and, at a word part, a
    number or a word that is none of its ``options`` (``offered_note``)."""
    lines = [note] if (note := offered_note(record, text, verdict, options)) else []
    grouped = record.kind == "integer" and _POINT_GROUPED_THOUSANDS.search(text)   # a count's 1.950: 1950 (read_marks)
    if verdict.value is not None and verdict.status != Status.CORRECT and ("," in text or grouped) \
            and not (decimal_comma and _read_as_written(text, verdict.value)):
        read = as_read(verdict.value)
        lines.append(f"(Your {cut(text)} was read as {decimal_commas(read) if decimal_comma else read}.)")
    elif verdict.value is not None and verdict.status == Status.INCORRECT and _EXPRESSION.search(text) \
            and not quotes_value(verdict.feedback, verdict.value, verdict.figures):   # told once, as grade quotes it
        worked = quoted_value(verdict.value, verdict.figures)   # what a wrong expression came to, as carried_sentence
        lines.append(f"(Your {cut(text)} is {decimal_commas(worked) if decimal_comma else worked}.)")
    if LOG_NOTE in verdict.feedback:
        feedback = verdict.feedback.replace(f"; {LOG_NOTE}", "").replace(LOG_NOTE, "")
        verdict = verdict._replace(feedback=feedback)
        lines.append(f"(Your {cut(text)} uses log: {LOG_NOTE}; write log10 for base 10.)")
    return verdict, lines


def unreadable(text: str, reason: str, decimal_comma: bool) -> str:
    """The reply to an answer that cannot be read (``reason``, the parser's).
    With a comma and decimal commas off, the comma is the likely cause, so its
    advice comes first: inside log(0,71) the comma parts log's two arguments,
    and what that reading gives (a log of 0) would only puzzle. A character that
    cannot be shown (``_unshown``) is said instead of the parser's words, which quote it otherwise."""
    if why := _unshown(text):
        return (f"I cannot read {quoted(text)} as an answer: {why}. It was not counted; try again, e.g. "
                f"{comma_number('14.3', decimal_comma)} or 100/7, or ? for help.")
    if "," in text and not decimal_comma:
        return (f"I cannot read {quoted(text)} as an answer. If the comma is a decimal comma, write a point "
                f"(14.3) or start the drill with --decimal-comma (as written: {reason}). It was not counted; "
                "try again, or ? for help.")
    reason = reason.replace(f": {quoted_as_shown(text.strip())}", "", 1)   # the answer is quoted once, above
    root = " Write a square root as sqrt(), e.g. sqrt(2)/2." if "\u221a" in text else ""
    return (f"I cannot read {quoted(text)} as an answer ({reason}).{root} It was not counted; try again, e.g. "
            f"{comma_number('14.3', decimal_comma)} or 100/7, or ? for help.")


def unasked_kept(verdict, asked, checker) -> object:
    """``verdict`` (``checker``'s) without grade's note that the answer is
    another part's value (C1 (a) 0.3636 is (b)'s) when that part is not
    ``asked`` yet: a paper shows every part at once, the drill asks them in
    turn, and a reply must not give a later part's answer away."""
    if verdict.note == ANOTHER_PART and other_part_letter(checker, verdict.value) not in asked:
        return verdict._replace(note="", feedback=LOG_NOTE if LOG_NOTE in verdict.feedback else "")   # how log was read stays
    return verdict


def held_back(checked, kept) -> str:
    """The line ``unasked_kept`` took from ``checked`` (``kept``: its result), said once the
    question ends, without the log note the reply gave; '' when it took none."""
    if kept is checked or checked.note != ANOTHER_PART:
        return ""
    return checked.feedback.replace(f"; {LOG_NOTE}", "")


def misconception_sentence(name: str, feedback: str, comma: bool = False) -> str:
    """The line naming the misconception an answer fell into, with the trap's
    words; feedback worked from the learner's own earlier answer says so in a
    clause ("(worked from your own (a) = 0.413)", ``comma``: 0,413), not as a second colon."""
    mine, why = own_numbers(feedback)   # "marked from your (a) = 0.413", the trap's own words
    mine = decimal_commas(mine) if comma else mine
    worked = f" (worked from your own {mine[len(MARKED_FROM):]})" if mine else ""
    return f'Your answer matches the misconception "{name}"{worked}: {to_plain(why)}'


_EXPRESSION = re.compile(rf"[()*/^]|\b(?:{'|'.join(sorted(ANSWER_FUNCTIONS))})\b", re.IGNORECASE)


def carried_sentence(feedback: str, expected: str, value, typed: str, own=str) -> str:
    """Why an answer off the key's value was accepted (carried rounding), as a
    sentence: grade's words without the unrounded answer when "Correct:" has
    just shown it, and, for an expression typed, the value it works out to
    (``-ln(0.917)`` is 0.0866477, not the 0.08684 above it, quoted as grade quotes a student's number). ``own`` writes the
    drill's own numbers (Drill.own: decimal commas); what was typed is quoted as typed."""
    text = to_plain(feedback)
    shorter = without_unrounded(text, expected)   # the answer "Correct:" has just shown
    if shorter is None:
        return f"{capital(own(text))}."
    if value is not None and _EXPRESSION.search(typed):
        return f"{capital(own(shorter))} (your {cut(typed)} is {own(quoted_value(value))})."
    return f"{capital(own(shorter))}."


def near_one_reminder(verdict, checker, turn, own=str) -> str:
    """A reminder of the stems' rule for a value near 1 when an answer to ``checker``'s part is accepted
    as carried rounding and an earlier answer its recipe reads (ecf_inputs; ``turn.values``, figures
    shown ``turn.figures``, by part name) is over 0.9 and under 1, written with fewer figures than keep
    4 of its difference from 1; else "". The answer was right, but carried on, such a value moves a
    later loss more than its own rounding suggests. It is called a probability only where its part's
    range is one (within 0 to 1)."""
    if verdict.status != Status.CORRECT or verdict.note in ("", ECF):
        return ""
    reads = ecf_inputs(checker.question_rules().question).get(checker.part.letter, ())
    for record in turn.records:
        value, shown = turn.values.get(record.name), turn.figures.get(record.name)
        if record.name in reads and value is not None and shown and NEAR_ONE < value < 1 \
                and shown < difference_figures(value):
            what = "a probability over 0.9" if _a_probability(record.spec.bounds) else "over 0.9 and under 1"
            return (f"(Your ({record.letter}) {own(format(value, f'#.{shown}g'))} is {what}: carried into a later "
                    "part, keep such a value to at least 4 significant figures of its difference from 1, "
                    f"{difference_figures(value)} figures here.)")
    return ""


def _a_probability(bounds) -> bool:
    """Whether a part's range (``(low, high)``, None for an open side or no range) lies within 0 to 1."""
    return bounds is not None and None not in bounds and bounds[0] >= 0 and bounds[1] <= 1


STUCK = ("i don't know", "i dont know", "don't know", "dont know", "do not know", "i do not know", "no idea",
         "not sure", "i'm not sure", "im not sure", "idk", "no clue", "unsure", "i'm stuck", "stuck",
         "dunno", "i dunno")   # dunno: grade's word for no answer too (marking/words.py)
"""What a learner types who does not know: taken as asking for a hint (it
was a miss for one part and put back for another, by how grade reads it)."""


HELP = """\
Type your answer to the part shown: a number (a decimal 14.3, a fraction
100/7 or an expression exp(2)/(exp(2)+e+1); 3 significant figures unless
the question asks for more, zeros at the end counting: 5.80, not 5.8,
unless the value is exactly 5.8) or the word a part asks for (yes, no, a
term).
Or type a command:
  h  hint: the forecast first, then the steps this part needs; the one that
     works out its answer comes as its method, then as its working
  s  skip this question and show its worked solution
  ?  this help
  q  quit (a summary follows; so does end of input)"""

COMMANDS = {"h": "hint", "hint": "hint", "s": "skip", "skip": "skip", "?": "help", "help": "help",
            "q": "quit", "quit": "quit", "exit": "quit", **dict.fromkeys(STUCK, "hint")}   # "no idea": a hint


def stuck_words(text: str) -> str:
    """``text`` as a command is looked up: lower case, spaces and a closing
    full stop or question mark aside, curly apostrophes straight."""
    words = " ".join(text.lower().replace("\u2019", "'").split())
    return words.rstrip(".?!") or words   # "?" itself is the help command


def quoted(text: str) -> str:
    """What the learner typed, quoted as typed (``'\\frac{12.18}{17.52}'`` is no
    Python string): cut when long, a control character shown escaped (``\\x1b``)."""
    return f"'{echo(text, 60)}'"


_ASKED_AGAIN = {
    DOUBT_REASON: "it is said with doubt (maybe, probably, I think, a question mark); type just the answer, {asked}",
    TOLERANCE_REVIEW_REASON: "it gives a value with a \u00b1 tolerance, not one value; type one value, {asked}",
    LOOKALIKE_REASON: "it has a letter where a digit looks meant (O for 0, l or I for 1); type digits, {asked}",
    SIDE_BY_SIDE_REASON: "it gives two numbers with nothing between them, not one value; type one value, {asked}",
    NONE_OR_ZERO_REASON: ("it may say that there is no value or that the value is 0, which this part tells apart; "
                          "write 0 for zero, or say in words that there is no value (such as 'undefined')"),
    NO_VALUE_REASON: ("it may say that you have no answer or that there is no value, which this part tells apart; "
                      "to say there is no value, write it in words (such as 'undefined'), or type h for a hint"),
    BARE_NO_REASON: "it is a bare no, and this part does not ask for a yes or no; type {asked}",
}
"""Why the drill asks an answer again and what to type instead, by grade's
reason for leaving it to a person (grade's reasons are for that person, the
marker; the learner is told what to write)."""

PERCENT_SIGN = ("a % sign makes it a hundredth of the number before it, but this part's answer is no percentage "
                "(and no probability or share); write the number without %")
SHARE_PERCENT_SIGN = ("a % sign makes it a hundredth of the number before it, so {shown} is read as {hundredths}; "
                      "write a probability or share as a decimal without %, or as a percentage with % "
                      "(a hundred times the decimal)")
"""The drill's replies to a % sign grade leaves to a person. Off a share (a loss, a count): one reply
whether or not the number without % is right (grade's percent.STRAY_PERCENT and NOT_A_SHARE tell those
apart, which would give the answer away). On a probability or share, where ``69.5%`` is 0.695, grade
leaves only ``0.695%`` (right but for its %) to a person: the reply says how a % reads there."""

_PERSON = ": " + WORKING_REASON.rsplit(": ", 1)[-1]   # ": a person decides which is the answer"


def not_markable(record, text: str, verdict, options=NONE_OFFERED, decimal_comma: bool = False) -> str:
    """Why an answer is asked for again, not counted, or '': one grade leaves
    to a person (there is none here), or a near spelling of a word the question
    offers (drill/slips.py), so the drill never marks what a marker would read
    (docs/drill.md). The reply says what to type instead: one value without
    doubt, a tolerance or a % sign, for a single word the listed word (or
    option, ``options``: drill/options.py) it is a near spelling of, else to
    check its spelling or, at a part that offers given answers, which they
    are. Spelling help covers every option the question names, so it never
    tells which is right. Its example number takes the learner's decimal mark."""
    if verdict.status != Status.NEEDS_REVIEW:
        return ""
    shown, words = options
    asked = ((wanted(shown) if shown else "the word or short phrase asked for") if record.kind == "word" else
              f"a number such as {comma_number('14.3', decimal_comma)} or an expression such as 100/7")
    again = "It was not counted; try again, or ? for help."
    if verdict.reason in _ASKED_AGAIN:   # "maybe 14.3", a ± tolerance, "none" at C5 (b)
        return f"I cannot mark {quoted(text)}: {_ASKED_AGAIN[verdict.reason].format(asked=asked)}. {again}"
    if leftover := SPREADSHEET_REASON.fullmatch(verdict.reason):   # #NAME?, 4-Mar: as a spreadsheet writes them
        what = "a spreadsheet's error value" if leftover["what"] == ERROR_VALUE else "a date as a spreadsheet writes it"
        return f"I cannot mark {quoted(text)}: it is {what}, not an answer; type just the answer, {asked}. {again}"
    if record.kind == "word" and len(text.split()) == 1 and not is_number(text):
        near = nearest_offered(record, text, words)
        if near or not words:
            check = f"did you mean '{near}'?" if near else "check its spelling."
            return f"I do not know the word {quoted(text)} as an answer here: {check} {again}"
        return f"Part ({record.letter}) asks for {_words_wanted(record, shown)}: {quoted(text)} was not counted; " \
               "try again, or ? for help."
    if verdict.reason in (STRAY_PERCENT, NOT_A_SHARE):
        return f"I cannot mark {quoted(text)}: {_percent_sign(record, text, verdict)}. {again}"
    said = _working_said(verdict)
    return f"I cannot mark {quoted(text)}: {said}{'; ' if said else ''}type just the answer, {asked}. {again}"


def _percent_sign(record, text: str, verdict) -> str:
    """Why a number with a % sign is asked again: on a probability or share
    (``reads_hundredths``) how the % reads there, else that the part wants no %."""
    if not reads_hundredths(record.spec.bounds) or verdict.value is None:
        return PERCENT_SIGN
    return SHARE_PERCENT_SIGN.format(shown=quoted(text), hundredths=as_read(float(f"{verdict.value:.12g}")))


def _working_said(verdict) -> str:
    """grade's words on working whose value is not the value after it
    (``-ln(p) = L``, with a number for each), without its "a person decides", or ''."""
    if not verdict.reason.startswith(WORKING_REASON.split("(")[0]):
        return ""
    return verdict.reason.removesuffix(_PERSON)


def offered_note(record, text: str, verdict, options=NONE_OFFERED) -> str:
    """The help said before a word part's wrong answer that is a number: grade
    marks it wrong, and so does the drill (one verdict, grade's), adding what
    the part asks for (``2.5`` at a yes/no part); '' otherwise. A word that
    names none of the answers the part offers (``options``) grade leaves to a
    person (marking/offered.py ``unoffered_reason``), so it is asked again."""
    if record.kind != "word" or verdict.status != Status.INCORRECT or verdict.misconception:
        return ""
    if is_number(text):
        return (f"(Part ({record.letter}) asks for {_words_wanted(record, options.shown)}, not a number: "
                f"{quoted(text)} is marked wrong.)")
    return ""


def worked_from_notes(entry) -> dict:
    """{part letter: the words added to the reply to an answer to it that was
    not counted, when later parts are worked out from it (their recipes read
    it, as grade's ECF pass finds them)}. Grade holds such a later part for a
    person when the earlier answer waits for one; the drill has no person, so
    it asks for the earlier answer again and says why."""
    first, inputs = {}, ecf_inputs(entry)
    for part in entry.parts:
        first.setdefault(part.name, part)   # a recipe reads the first part so named
    readers = ((part, [p.letter for p in entry.parts if part.name in inputs.get(p.letter, ())])
               for part in first.values() if part.name)
    return {part.letter: _worked_from(part, later) for part, later in readers if later}


def _worked_from(part, later: list) -> str:
    """`` Part (b) is worked out from (a): give (a) as a number, ...``."""
    one, a = len(later) == 1, f"({part.letter})"
    names = " and ".join(filter(None, [", ".join(f"({x})" for x in later[:-1]), f"({later[-1]})"]))
    wanted = "the word asked for" if part.kind == "word" else "a number"
    return (f" Part{'' if one else 's'} {names} {'is' if one else 'are'} worked out from {a}: give {a} as {wanted}, "
            f"and {names if one else 'they'} {'is' if one else 'are'} then checked against your own {a}.")


def _words_wanted(record, shown=()) -> str:
    """'yes or no' for a yes/no part, the options its question names (all of
    them, ``shown``), else what any word part asks for (its accepted words are
    not listed: they are the answer)."""
    if shown:
        return wanted(shown)
    words = {normalise_word(w) for w in record.accept}
    words.update(normalise_word(w) for trap in record.traps for w in trap.words)
    return "yes or no" if {"yes", "no"} <= words else "a word or short phrase, as its question says"
