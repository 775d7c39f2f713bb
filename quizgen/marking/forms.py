"""Answers as people write them: ``L = 0.851``, ``p̂ = 0.769``, ``0.2014 nats``, ``≈0.427``, ``12,345.6``,
``40 %``, ``0.769 (3 s.f.)``, ``0.769.``, ``0.7685...``, ``0.769 ✓``; a comma read by one rule for every
reader (``read_marks``, marks.py); what is beside a number is asides.py's, words are words.py's. The number is read
by the whitelist parser (``quizgen.maths.answers.to_number``), never eval. Text that cannot be read but
is not garbage (a sentence) is ``needs_review``: a person looks."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache, partial

from quizgen.errors import ExpressionError
from quizgen.key.status import Status
from quizgen.marking.asides import (NOTE_REASON, as_equals, bracketed_note, chain_disagrees, most_precise_in_chain,
                                    no_answer_reason, non_answer, non_answer_beside, none_counted, restated_value,
                                    unquoted, written_with_commas)
from quizgen.marking.arrows import read_steps
from quizgen.marking.quantity_words import BITS_REASON, PERPLEXITY_REASON, in_bits, in_perplexity, labelled_as_word
from quizgen.marking.leading_words import WORDS_BEFORE_REASON, without_label_word, words_before
from quizgen.marking import logs as _logs
from quizgen.marking.marks import COUNT_REASON, NUMERAL, count_read_otherwise, guessed_group, read_marks
from quizgen.marking.percent import percent_of
from quizgen.marking.spreadsheet import leftover_reason
from quizgen.marking.unclear import unclear_number
from quizgen.marking.unread import CANCELLED_REASON, lost_to_cancellation, unread_reason
from quizgen.marking.units import QUANTITY, UNIT, declared_unit
from quizgen.maths.answers import DEPTH_REASON, has_tolerance, to_number
from quizgen.maths.functions import ANSWER_FUNCTIONS, TABLE
from quizgen.maths.numerals import (DECIMAL_DIGITS, ascii_digits, decimal_middle_dots, from_typeset, normalise_numerals,
                                    power_of_ten, typeset_shell)
from quizgen.maths.parser import CONSTANTS
from quizgen.maths.stated import stated_figures

LOG_NOTE, bare_log, with_log_note = _logs.LOG_NOTE, _logs.bare_log, _logs.with_log_note   # their home: logs.py
NUMBER, BLANK, INVALID, REVIEW = "number", Status.BLANK.value, Status.INVALID.value, Status.NEEDS_REVIEW.value
INFINITE = Status.INCORRECT.value
"""A reading that is wrong whatever the part: infinity (``∞``, ``inf``, ``-infinity``), no finite answer."""
_INFINITY = re.compile(r"[-+−]?\s*(?:∞|inf|infinity|infinite)", re.IGNORECASE)
INFINITY_REASON = "read as infinity, but this part's answer is a finite number"

# a label's letters may carry combining marks (p̂, x̄: U+0300-036F, and those for symbols, U+20D0-20FF)
# or a size in bars (|M| = 1)
_FUNCTIONS = "|".join(sorted(map(re.escape, ANSWER_FUNCTIONS), key=len, reverse=True))   # log10 before log
_CALL = r"(?!(?i:" + _FUNCTIONS + r")\s*\()"
"""Not a function the answer parser knows, applied (``ln(178) = 5.18``): that is working, checked as working is."""
_LABEL_NAME = (_CALL + r"(?:[^\W\d][\w\u0300-\u036f\u20d0-\u20ff{}^\\]{0,15}|\|[^\W\d]\w{0,3}\|)"
               r"(?:\s*\((?:[^()=]{0,12}|[^()=|]{0,20}\|[^()=|]{0,20})\))?")   # L, p̂, L_MLM, |M|, p(story)
# in its brackets up to 12 characters, or a condition: up to 20 each side of a | (p(y_i | context), as the paper prints it)
_LABEL = re.compile(r"^\s*" + _LABEL_NAME + r"\s*(?:[=:]\s*[≈~]?|[≈~])\s*(?=\S)")   # L = 0.851, p ≈ 0.695
_SAID = re.compile(r"^\s*(?:so|it[’']s|(?:it|that|(?:the\s+)?(?:answer|" + _CALL
                   + r"[^\W\d][\w()]{0,20}|\|[^\W\d]\w{0,3}\|))\s+is)"
                   r"\s+(?=[-+.\d≈~]|about\b|roughly\b|around\b|circa\b|approx|(?:zero|one|two|three|four|five|six|seven|eight|"
                   r"nine|ten|eleven|twelve)\s*$)", re.IGNORECASE)
"""``it is 0``, ``the answer is 0.427``, ``p is 0.695``, ``the loss is about 0.364``, ``|M| is one``:
the words before a number (or a count in words, ``_NUMBER_WORDS``) that say it is the answer (the
parser would read ``is`` as a comparison)."""
_CALL_SAID = re.compile(r"^\s*(?P<call>[-+]?\s*(?:" + _FUNCTIONS + r")\s*\([^=]{0,200}?\))\s+is\s+(?=[-+.\d])",
                        re.IGNORECASE)
"""A function applied, then ``is`` and a number (``ln(178) is 5.18``): working, read as ``ln(178) = 5.18``."""
_CHAIN = re.compile(r"^(?P<work>.*?[^<>!=\s])\s*=(?!=)\s*(?P<last>[^=<>]+)$")
"""Working that ends in its value (``-ln(0.695) = 0.364``, ``0.72^2 = 0.518``): the value after the last ``=``."""
_SYMBOL = re.compile(r"[^\W\d]\w*")
_LABEL_ONLY = re.compile(r"\s*" + _LABEL_NAME + r"\s*")
_WORDS_ONLY = re.compile(r"[^\W\d_]+(?:\s+[^\W\d_]+){0,2}")
WORD_REASON = "not a number: a word, where this part asks for a number"
_APPROX = re.compile(r"^\s*(?:[≈~]\s*|(?:approx(?:imately|\.)?|about|roughly|around|circa|ca\.)(?:\s+equal\s+to)?"
                     r"(?:\s+|(?=[-+.\d(])))", re.IGNORECASE)   # a word then a space, or straight before a number
# The end-anchored patterns start where a run of spaces starts ((?<!\s)): tried
# from every space of a long run, a leading \s* made them quadratic (10,000
# spaces took seconds); ``\s*(?:\.\s*)?$`` likewise instead of ``\s*\.?\s*$``.
_APPROX_AFTER = re.compile(r"(?<!\s)\s*(?:\(\s*(?:approx\.?|approximately|roughly|about)\s*\)|approx\.?|approximately)"
                           r"\s*$", re.IGNORECASE)
# two numbers joined by "or", "and" or "to", also as the classes whose files use decimal commas write them
_HEDGE = re.compile(r"\d[^\d]*?\b(?:or|and|to|oder|und|bis|ou|et|o|y|of)\b[^\d]*\d", re.IGNORECASE)
# What may follow a number and says nothing more about its value, stripped in
# any order (``_strip_trailing``): a precision note in brackets ("(3 s.f.)",
# "(4dp)", "(to 3 sig figs)") or said plainly ("to 3 s.f."), "approx", a unit,
# a check mark, an ellipsis after a decimal's digits (a truncated decimal: the
# digits shown are the number read, their figures counted as usual), a full stop,
# a stray comma or semicolon (one: "0.789,," stays a list).
_FIGURES = r"\d{1,2}\s*(?:s\.?\s*f\.?|d\.?\s*p\.?|sig(?:nificant|\.)?\s*fig(?:ure)?s?\.?|decimal\s*places?)"
_TRAILING = (
    re.compile(r"(?<!\s)\s*(?:\(\s*(?:(?:correct\s+)?to\s*)?" + _FIGURES + r"\s*\)|\b(?:correct\s+)?to\s+"
               + _FIGURES + ")$", re.IGNORECASE),
    _APPROX_AFTER,
    UNIT,
    QUANTITY,
    re.compile(r"(?<!\s)\s*[✓✔]$"),
    re.compile(r"(?<!\s)\s*\(\s*rounded\s*\)$", re.IGNORECASE),
    re.compile(r"(?P<keep>[.,]\d+)\s*(?:\.\.\.|…)$"),   # after a decimal's digits only: never "1/3..."
    re.compile(r"(?<=[\d)}%✓✔])\.$"),   # 0.769. and {0,7157}. (a braced number: typeset_shell)
    re.compile(r"(?<=[^\s,;])\s*[,;]$"),   # 0.696; 0.789, (a slip: 1, is 1 read either way, no decimals after it)
)
_IN_BITS = frozenset({"bit", "bits"})   # a part's own units saying it is in bits: "bits" is then no log-2 slip
_TIMES_X = re.compile(r"(?<=\d)\s*[xX]\s*(?=\d)")   # the letter x for × between numbers (3.28 x 10^-5, 0.8 x 2580)
REVIEW_REASON = "a person should read this answer"
BOUND_REASON = "a bound, not a value: a person decides whether it answers the part"
TOLERANCE_REVIEW_REASON = "a value with a ± tolerance, not one value: a person decides whether it answers the part"
_BOUND = re.compile(r"^\s*(?:[^\W\d]\w{0,15}\s*|\|[^\W\d]\w{0,3}\|\s*)?"   # a bound, named or not (|M| >= 1)
                    r"(?:at\s+(?:least|most)|(?:no\s+)?(?:more|less|fewer)\s+than|[<>]=?|=[<>]|[≤≥])\s*[-+]?\d",
                    re.IGNORECASE)
# a number, then a word of two letters or more, bare or in brackets ("0.768 total loss", "0.768 (mean)",
# "2432 [MASK]"): said about the number, which a person reads ("0.7x" stays invalid)
_NUMBER_THEN_WORDS = re.compile(r"^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)\s*(?:[(\[]\s*)?(?P<word>[^\W\d_]{2,})"
                                r"(?P<applied>\s*[(\d])?")
NOTED_REASON = "a number with words after it: a person reads what they say"
TWO_VALUES_REASON = "two values joined by a word: a person decides which one counts"
# a whole number said in words, the whole answer ("one" for |M| = 1)
_NUMBER_WORDS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_PERCENT = re.compile(r"(?<!\s)\s*(?:%|percent|per\s*cent)\s*$", re.IGNORECASE)
_PLAIN = re.compile(r"[+-]?(" + DECIMAL_DIGITS + r")([eE][+-]?\d+)?")   # runs of digits whole: linear, no backtracking blow-up on long input
# a decimal times a power of ten (3.28*10^-5, 3.28 × 10**(-5)): its figures are the decimal's
_POWER_OF_TEN = re.compile(r"([+-]?(?:" + DECIMAL_DIGITS + r"))\s*[*×]\s*10\s*(?:\^|\*\*)\s*(?:\(\s*)?[+-]?\d+(?:\s*\))?")
_WORD = re.compile(r"[^\W\d_]{2,}")
HEDGE_WORDS = ("maybe", "perhaps", "possibly", "probably", "likely", "i think", "i believe", "i guess", "i suppose",
               "i'm not sure", "not sure", "unsure", "not certain")
"""The words that say an answer with doubt, for words and numbers alike (docs/marking.md); so does a
closing question mark (``0.716?``, ``undefined?``): ``said_with_doubt``."""
HEDGED = re.compile(r"\b(?:" + "|".join(map(re.escape, HEDGE_WORDS)) + r")\b", re.IGNORECASE)
QUESTION_MARK = re.compile(r"\S\s*\?\s*$")   # something, then a question mark: "?" alone asks for help
"""Searched for, yes or no: one mark says it as a run of them did (matching a run went
over it again from each of its marks: 399 of them then a letter took 25 ms)."""
DOUBT_REASON = "said with doubt (maybe, probably, I think, a question mark): a person reads it"


@dataclass(frozen=True)
class Reading:
    """What an answer's text says: a number (``value``, and ``figures`` when
    it is a plain decimal), or blank, invalid (with ``reason``) or needs_review."""

    status: str
    value: float | None = None
    figures: int | None = None
    reason: str = ""
    hundredths: bool = False   # written with a % sign on a part that is no percentage: value is the number / 100


def strip_decorations(text: str, percent: bool = False, units: tuple = ()):
    """``text`` without a leading label, approximation sign or trailing note
    (``_TRAILING``: a unit, the part's own ``units`` too, ``(3 s.f.)``, ``...``, ``✓``,
    a full stop); and the number to divide by (100 for ``76.9%`` in a part that is not a percentage)."""
    text = _CALL_SAID.sub(r"\g<call> = ", text.strip(), count=1)   # ln(178) is 5.18: working, never a label
    text = labelled_as_word(text, units)   # perplexity = 1.105 says 1.105 perplexity: another quantity (quantity_words.py)
    text = _LABEL.sub("", _SAID.sub("", text, count=1), count=1)
    text = _APPROX.sub("", without_label_word(text), count=1)   # total 1850, exactly 1850: leading_words.py
    text = _strip_trailing(text, units)
    factor = 1.0
    if _PERCENT.search(text):
        text = _PERCENT.sub("", text)
        factor = 1.0 if percent else 100.0
    text = text.strip()
    if text.startswith("=") and text[1:].strip() and not text.startswith("=="):
        text = text[1:].strip()   # a spreadsheet habit: "= 0,427" reads as "0,427", "=-ln(0.681)" as "-ln(0.681)"
    return text, factor


def _strip_trailing(text: str, units: tuple = ()) -> str:
    """``text`` without the notes that may follow a number (``_TRAILING``; a part's
    own ``units`` in place of the built-in ones, units.py: ``3.50 nats`` on a part in
    bits is another quantity), in any order and each at most once (``0.769 (3 s.f.) ✓.``)."""
    own = declared_unit(units)
    left = list(_TRAILING) if own is None else [own, *(note for note in _TRAILING if note is not UNIT)]
    while left:
        text = text.rstrip()
        found = next((pattern for pattern in left if pattern.search(text)), None)
        if found is None:
            return text
        text = found.sub(lambda match: match.groupdict().get("keep") or "", text, count=1)
        left.remove(found)
    return text.rstrip()


def plain_characters(text: str) -> str:
    """``text`` with every decimal digit as its ASCII digit (full-width ０, Arabic-Indic ٠),
    full-width signs and letters as ASCII (．, －), and invisible format characters
    (zero-width spaces and joiners, direction marks, variation selectors) dropped:
    a number reads, and its figures count, as it looks (``０.７０`` shows 2). The digits are
    numerals.ascii_digits', the one rule for every script's digits."""
    return text if text.isascii() else decimal_middle_dots("".join(map(_plain_character, ascii_digits(text))))


@lru_cache(maxsize=4096)
def _plain_character(c: str) -> str:
    """A character other than a digit (ascii_digits has made those ASCII) as ``plain_characters`` writes it."""
    if c.isascii():
        return c
    if "\uff01" <= c <= "\uff5e":   # the full-width forms of ASCII's printable characters
        return chr(ord(c) - 0xFEE0)
    return "" if unicodedata.category(c) == "Cf" or "\ufe00" <= c <= "\ufe0f" else c


def significant_figures(text: str, typeset: bool = True) -> int | None:
    """How many significant figures a plain decimal shows (``0.40`` has 2,
    ``150`` has 3), also times a power of ten however written (``3.45 × 10⁻⁵``,
    ``3.45×10−5``, ``3.45 \\times 10^{-5}``: 3), or None for anything else
    (``ln(2)``, ``1/3``: exact; ``7/10`` and ``1 - 0.3`` state 0.7, 1 figure: ``stated_figures``); ``typeset=False`` for a text ``from_typeset``
    has read already (``to_number``'s)."""
    signed = text.strip()
    if not _PLAIN.fullmatch(text := signed.lstrip("+-")):
        signed = power_of_ten(normalise_numerals((from_typeset if typeset else typeset_shell)(signed)).strip())
        power = _POWER_OF_TEN.fullmatch(signed.lstrip("+-"))
        if not _PLAIN.fullmatch(text := power.group(1).lstrip("+-") if power else signed.lstrip("+-")):
            return stated_figures(signed)   # with its sign: -0.98+1 states 0.02 (1), not 0.98+1's 1.98 (3)
    digits = re.split(r"[eE]", text)[0].replace(".", "").lstrip("0")
    return max(len(digits), 1)


def read_number(text, percent: bool = False, decimal_comma: bool = False, whole: bool = False,
                typeset: bool = True, units: tuple = ()) -> Reading:
    """Read a numeric answer as written (see the module's docstring); ``whole``
    for a whole-number part, whose ``1,440`` groups thousands (``read_marks``);
    ``units``, the part's own unit words (its template's ``units:``, units.py).
    LaTeX is read once (``from_typeset``, ``BRACE_DEPTH`` deep): the parts of the
    answer read again (``typeset=False``), and its core, only have their shell read."""
    if text is None or not str(text).strip():
        return Reading(BLANK)
    text = str(text)
    if spreadsheet := leftover_reason(text):   # #NAME?, 4-Mar, 1/3/1900: a spreadsheet's, not the student's
        return Reading(REVIEW, reason=spreadsheet)
    if non_answer(text):   # "-", "n/a", "idk": no answer, said so
        return Reading(BLANK, reason=no_answer_reason(text))
    if _INFINITY.fullmatch(text.strip()):   # a number part's answer is finite: wrong, not unreadable
        return Reading(INFINITE, reason=INFINITY_REASON)
    if whole and none_counted(text):   # a count's "none", "nothing", "no positions": 0, never a word refused
        return Reading(NUMBER, 0.0)
    written, text = text, unquoted((from_typeset if typeset else typeset_shell)(text, decimal_comma))   # $L = 0.851$, 3.449 \times 10^{-5}, "0.695"
    text = _logs.natural_logs(text)   # log_e(178) is ln(178)
    if has_tolerance(text):   # 0.7153 ± 0.001, 0.7153+-0.001: never read as 0.7143
        return Reading(REVIEW, reason=TOLERANCE_REVIEW_REASON)
    again = partial(read_number, percent=percent, decimal_comma=decimal_comma, whole=whole, typeset=False,
                    units=units)
    if not _BOUND.search(text) and (stepped := read_steps(text, again)) is not None:
        # 0.909 -> 0.096, -ln(0.909) → 0.0954: working, then its value; x => 0.5 is a bound (=> for ≥)
        return stepped
    restated = restated_value(text, again)
    if restated is not None:   # 0.695 (69.5%), 0.7 (69.99%): the more precise; 1950 (25%): a reason for a person
        restated = restated if isinstance(restated, str) else guessed_group(text, whole, decimal_comma) or restated
        return Reading(REVIEW, reason=restated) if isinstance(restated, str) else restated   # 5 (5,000): a guess
    raw, factor = strip_decorations(decimal_middle_dots(text), percent, units)
    core = as_equals(_TIMES_X.sub("*", read_marks(raw, whole, decimal_comma)))   # 3.28 x 10^-5; 0.6952 ≈ 0.695
    if said_with_doubt(str(text)) and any(c.isdigit() for c in core):   # "maybe 0.71", "0.716?", "maybe = 0.71"
        return Reading(REVIEW, reason=DOUBT_REASON)
    chain = _CHAIN.match(core)
    odd = chain and (chain_disagrees(chain, factor == 100.0, "%" in text, lambda last: _value_of(last, decimal_comma),
                                     written_with_commas(text, decimal_comma), whole)
                     or guessed_group(raw, whole, decimal_comma))
    if odd:   # 0.6952 ≈ 0.9, 0.5 ≈ 7/10: which is the answer? 5 = 5,000: which number?
        return Reading(REVIEW, reason=odd)
    # not ``again``: read_marks has settled the chain's marks into points, which read with the file's marks a
    # second time could change (on a count, ``again`` reads a settled 1.250 as 1250)
    settled = partial(read_number, percent=percent, typeset=False, units=units)
    if (worked := _working_value(core)) != core and (finer := most_precise_in_chain(
            _CHAIN.match(core), factor == 100.0, settled)):
        return finer   # 0.6999 ≈ 0.7: the more precise value
    core = worked
    if whole and core.casefold() in _NUMBER_WORDS:
        return Reading(NUMBER, float(_NUMBER_WORDS[core.casefold()]) / factor)
    try:
        value = to_number(core, decimal_comma, typeset=False)
    except ExpressionError as exc:
        return _unread(core, text, written, exc, again, units)
    return Reading(NUMBER, value / factor, significant_figures(core, typeset=False), hundredths=factor == 100.0)


def _unread(core: str, text: str, written: str, exc: ExpressionError, again, units: tuple) -> Reading:
    """The reading of an answer whose ``core`` is no number (to_number raised ``exc``): for a person when it may
    say one (bits on a part in nats, a bound, working, two values, a number with words or a note, a letter for a
    digit, a sentence), else invalid, saying why. ``text``: the answer, its typesetting read; ``written``: as
    given; ``again``: read_number as this answer was read, for a piece of it."""
    if (number := in_bits(core)) is not None and not _IN_BITS.intersection(u.casefold() for u in units):
        # 0.4826 bits on a part in nats: a person reads it (quantity_words.py: or the log-2 trap); a part in bits read it above
        bits = again(number) if number else Reading(REVIEW)
        return Reading(REVIEW, bits.value, bits.figures, reason=BITS_REASON)
    if (number := in_perplexity(core)) is not None:   # 1.105 perplexity: e^L is another number (quantity_words.py)
        said = again(number)
        return Reading(REVIEW, said.value, said.figures, reason=PERPLEXITY_REASON)
    if _BOUND.search(core):
        return Reading(REVIEW, reason=BOUND_REASON)
    head = bracketed_note(text)   # 1950 (25% of 7800), 0.6999 (7/10): a number, then a note
    head = head if head and again(head).status == NUMBER else None
    if working := percent_of(core):   # 15% of 17200: working, its value named for the person
        return Reading(REVIEW, reason=working)
    if _HEDGE.search(head or core) is not None:   # "0.83 or 0.84", "between 0.59 and 0.60"
        return Reading(REVIEW, reason=TWO_VALUES_REASON)
    if beside := non_answer_beside(text, again):
        return Reading(REVIEW, reason=beside)   # n/a 0.6999, 0.6999 -
    noted = _NUMBER_THEN_WORDS.search(core)
    if (noted and not _product(noted)) or head:   # 0.768 (mean): words after it; 1950 (25% of 7800): a note
        return Reading(REVIEW, reason=NOTED_REASON if noted and not _product(noted) else NOTE_REASON)
    if words_before(core, _WORKING_NAMES) and not _logs.ambiguous_base(core):   # only 1850, not 1850 (not lg 2)
        return Reading(REVIEW, reason=WORDS_BEFORE_REASON)
    if lost_to_cancellation(exc):   # ((1 + exp(-300)) - 1) + pi - pi: a float that lost the value, for a person
        return Reading(REVIEW, reason=CANCELLED_REASON)
    if str(exc) in (DEPTH_REASON, "number out of range"):   # nine \frac in each other, exp(exp(exp(9))): said so
        return Reading(INVALID, reason=unread_reason(exc, written))
    if unclear := unclear_number(core):   # O.168, 0.l68: a letter for a digit; 0.168 0.169: two values
        return Reading(REVIEW, reason=unclear)
    if looks_like_prose(str(text)) or (_CHAIN.match(core) and len(NUMERAL.findall(core)) > 1):
        return Reading(REVIEW, reason=REVIEW_REASON)   # a sentence, or values given beside the answer
    if _WORDS_ONLY.fullmatch(core):
        return Reading(INVALID, reason=WORD_REASON)
    return Reading(INVALID, reason=unread_reason(exc, written))


def misread_count(text: str, expected: float, tolerance: float, decimal_comma: bool = False,
                  percent: bool = False, whole: bool = True, units: tuple = ()) -> str:
    """A reason for a person when a count's answer (``2.000``, ``2,000 positions``),
    read by the file's decimal mark, is not ``expected`` but is when its group of
    three zeros is read the other way (``count_read_otherwise``); else ''. With
    ``whole`` False, a decimal part's lone group of three in the mark that is not
    the file's decimal mark (``1.250`` in a ';' file, read 1.25, where 1250 is the
    answer). Never a silent incorrect for a mark that two readers read two ways."""
    found = count_read_otherwise(text, decimal_comma, whole)
    if found is None:
        return ""
    written, read, other, how, otherwise = found
    reading = read_number(otherwise, percent, decimal_comma, whole=whole, units=units)
    if reading.status != NUMBER or abs(reading.value - expected) > tolerance:
        return ""
    return COUNT_REASON.format(what="a count" if whole else "a number", written=written, read=read, other=other,
                               how=how)


def _value_of(text: str, decimal_comma: bool) -> float | None:
    """The value of a chain's last expression (``7/10``), or None when it is none (``L``)."""
    try:
        return to_number(text, decimal_comma, typeset=False)
    except ExpressionError:
        return None


def _working_value(core: str) -> str:
    """The value after the last ``=`` when all before it is working: labels,
    numbers, operators and function names (``L = L_MLM + L_NSP = 1.565``,
    ``-ln(0.695) = 0.364``); else ``core`` as it is. A comma, a semicolon or
    a word there says something else (``L = 0.4076 where p = 0.6652`` gives
    the answer first and a given value last), which a person reads."""
    chain = _CHAIN.match(core)
    if chain is None:
        return core
    segments = chain["work"].split("=")
    if all(_is_working(segment, first=not k) for k, segment in enumerate(segments)):
        return chain["last"].strip()
    return core


def _is_working(segment: str, first: bool) -> bool:
    """Whether ``segment`` (one side of an ``=`` before the last) is working:
    no comma or semicolon, and every word a single letter, a subscripted
    symbol (``L_MLM``), a function or constant name, or (the first) a label."""
    if "," in segment or ";" in segment:
        return False
    if first and _LABEL_ONLY.fullmatch(segment):
        return True
    segment = _EXPONENT.sub("", segment)   # ln(1.454e3): a number, no word "e3"
    return all(len(word) == 1 or "_" in word or word.lower() in _WORKING_NAMES for word in _SYMBOL.findall(segment))


_EXPONENT = re.compile(r"(?<=\d)[eE][+-]?\d+\b")
"""A number's power of ten in e-notation (``1.454e3``, ``2.5E2``), read with the number it follows."""


_WORKING_NAMES = frozenset(name.lower() for name in (*ANSWER_FUNCTIONS, *CONSTANTS, "sum"))


def _product(noted) -> bool:
    """Whether a number's following word makes a product written without its
    sign (``2pi``, ``0.5ln2``, ``2 sqrt(2)``), not words about the number (``0.768 (mean)``)."""
    word = noted["word"]
    return word in CONSTANTS or (word.lower() in TABLE and noted["applied"] is not None)


def looks_like_prose(text: str) -> bool:
    """True for a sentence (three or more words: an explanation deserves a reader, not a zero), a hedge
    of two numbers joined by a word (``0.551 or 0.6``) or a number said with doubt (``maybe 0.71``).
    A function an answer may use, applied to something (``ln(``, ``log10(``, ``sqrt (``), is no word:
    ``ln(ln(ln(0.5)))`` is an expression, whose evaluation says what is wrong with it."""
    return (_word_count(text) >= 3 or _HEDGE.search(text) is not None
            or (HEDGED.search(text) is not None and any(c.isdigit() for c in text)))


def _word_count(text: str) -> int:
    """How many words ``text`` holds, the name of a function an answer may use
    (``ANSWER_FUNCTIONS``: ln, log10, sqrt ...) followed by ``(`` not counted."""
    called = {call.start() for call in _CALL.finditer(text) if call[1].lower() in ANSWER_FUNCTIONS}
    return sum(1 for word in _WORD.finditer(text) if word.start() not in called)


_CALL = re.compile(r"(?<![^\W\d_])([^\W\d_]+\d*)\s*\(")   # a name (log10 too) where a word starts, then "("


def said_with_doubt(text: str) -> bool:
    """True when ``text`` says its answer with doubt: a hedge word
    (``HEDGE_WORDS``: ``maybe 0.71``, ``probably undefined``, ``0.04 I think``)
    or a closing question mark (``0.716?``). One rule for every part: a person
    reads such an answer (needs_review), right or wrong."""
    return HEDGED.search(text) is not None or QUESTION_MARK.search(text) is not None
