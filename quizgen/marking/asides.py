"""What a student writes instead of a number, or beside one (docs/grading.md,
"Answers as people write them"): an explicit non-answer (``-``, ``n/a``,
``idk``: read as no answer; beside a number, a person reads it), a value
restated (``0.695 (69.5%)``, ``0.6952 ≈ 0.695``, ``2.72 (e)``: when both agree within
rounding, the more precise is the answer). forms.py reads the number itself;
this module never evaluates anything."""

from __future__ import annotations

import math
import re
from dataclasses import replace

from quizgen.marking.marks import decimal_marks
from quizgen.maths.functions import ANSWER_FUNCTIONS
from quizgen.maths.numerals import DECIMAL_DIGITS
from quizgen.maths.parser import CONSTANTS

_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
_DASH_RUN = r"[" + _DASHES + r"](?:\s*[" + _DASHES + r"])*"   # -, --, - -, —: one way to read a run
# (``[-]+(?:\s*[-]+)*`` read "-----" in exponentially many ways: 26 dashes and a letter took 13 s to refuse)
_TAG = (_DASH_RUN + r"|\?+|n\s*/\s*a|n\.?\s*a\.?|idk|dunno|no\s+(?:idea|clue)"
        r"|(?:i\s+)?(?:do\s+not|don[’']?t)\s+know|skip(?:ped)?|no\s+answer|not\s+answered")
_ELLIPSIS = r"\.(?:\s*\.){2,}|\u2026+"   # ``...``, ``. . .``, ``…``: alone, a trailing off with no value
_NON_ANSWER = re.compile(r"\s*(?:" + _TAG + "|" + _ELLIPSIS + r")\s*[.!]?\s*", re.IGNORECASE)
"""A whole answer that says the part was not answered: a dash (or a run of them), ``n/a``, ``NA``, ``?``,
``idk``, ``don't know``, ``skipped``, an ellipsis (``...``, ``…``). The ellipsis is no tag beside a
number (``_TAG_BESIDE``): ``0.7685...`` is its digits shown (forms.py)."""
_MAY_MEAN_NO_VALUE = re.compile(r"\s*(?:" + _DASH_RUN + r"|n\s*/\s*a|n\.?\s*a\.?|no\s+answer)\s*(?:\.\s*)?", re.IGNORECASE)
"""The non-answers that may also say "this has no value" (a dash, ``n/a``, ``NA``, ``no answer``)."""
NO_VALUE_PHRASES = ("undefined", "not defined", "no value", "does not exist")
"""Words that say "no value"; each pattern built from them (``no_value_words``) adds its own."""


def no_value_words(*extras: str):
    """A pattern finding one of NO_VALUE_PHRASES or ``extras`` as whole words."""
    return re.compile(r"\b(?:" + "|".join(map(re.escape, (*NO_VALUE_PHRASES, *extras))) + r")\b")


_NO_VALUE_WORDS = no_value_words("none", "nothing", "not applicable")
"""A listed word that is itself "no value": a part whose answer (or trap) it is may be answered ``n/a``
(``none`` and ``nothing`` too: words.py's pattern leaves them out, as they may say zero)."""
_DASH = "[" + _DASHES + "]"
_INNER_DASHES = (r"(?:" + _DASH + r"[^\S\n]*+(?=" + _DASH + r"))++(?=" + _DASH + r"(?:\s*+" + _DASH + r")*+"
                 r"(?!\s*+\.?\s*+$))")
"""From a dash to the last of its run on the line, when the run does not end the text (``1 - - - x``):
the tag after a number can start at none of those dashes (its dash run would have to reach the end)."""
_TAG_BESIDE = re.compile(r"\s*+(?P<before>(?:" + _TAG + r")(?=\s))?\s*+(?P<rest>(?>" + _INNER_DASHES + r"|.)*?\S)"
                         r"\s*+(?P<after>(?<=\s|\d)(?:" + _TAG + r"))?\s*+\.?\s*+", re.IGNORECASE)
"""A number with a non-answer before or after it (``n/a 0.6999``, ``? 0.5``, ``0.6999 -``). Its runs of
spaces are possessive (``\\s*+``): no tag starts with a space, so giving one back never found a match,
and the plain ``\\s*\\s*\\.?\\s*`` split a run of spaces in cubic time (200 spaces took 10-70 ms).
``rest`` steps over a run of dashes that is not the answer's end at once (``_INNER_DASHES``, atomic):
ending ``rest`` at each of them tried the tag after it there, each reading the run to its end, in
quadratic time (``1 - - ... x``, 200 characters: about 1-9 ms an answer; 4,000: 2 s); what it reads
is unchanged (tests/test_asides28.py compares the two on sampled texts)."""
_BESIDE_CHARS = 200
"""The longest text ``_TAG_BESIDE`` reads: a number with a tag beside it is far shorter (and the old
pattern took 4 s over 1,000 spaces)."""

NO_VALUE_REASON = ("read as no answer, but on this part it may be the answer itself (no value, undefined): "
                   "a person reads it")


def non_answer(text: str) -> bool:
    """True when the whole of ``text``, in quotation marks or not (``"n/a"``), says
    the part was not answered (``_NON_ANSWER``)."""
    return len(text) <= 40 and _NON_ANSWER.fullmatch(unquoted(text)) is not None


_QUOTE_PAIRS = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\u00ab": "\u00bb", "\u201e": "\u201c"}
_QUOTE_MARKS = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e"
_QUOTED_PART = re.compile(f"(?:^|(?<=[\\s=:]))(?P<open>[{_QUOTE_MARKS}])(?P<inner>[^{_QUOTE_MARKS}]+)"
                          f"(?P<close>[{_QUOTE_MARKS}])(?=$|[\\s.,;:)])")
"""A quoted part of an answer, standing apart (``"0.5" nats``, ``L = '0.5'``): a word's apostrophe is none."""


def unquoted(text: str) -> str:
    """``text`` without one pair of quotation marks around the whole of it
    (``"0.695"``, ``“0.695”``, ``"n/a"``) or around the one quoted part of it
    (``"0.5" nats``): a number quoted is that number."""
    inner = text.strip()
    if len(inner) > 2 and _QUOTE_PAIRS.get(inner[0]) == inner[-1]:
        return inner[1:-1]
    quoted = _QUOTED_PART.search(inner) if sum(map(inner.count, _QUOTE_MARKS)) == 2 else None
    if quoted is None or _QUOTE_PAIRS.get(quoted["open"]) != quoted["close"]:
        return text
    return inner[:quoted.start()] + quoted["inner"] + inner[quoted.end():]


def no_answer_reason(text: str) -> str:
    """The reason given with a non-answer's ``blank`` status."""
    return f"read as no answer: {text.strip()!r} says the part was not answered"


def may_mean_no_value(text: str, listed) -> bool:
    """True when the non-answer ``text`` may be the answer "no value" itself
    (``n/a``, a dash) on a part some of whose ``listed`` words (accepted or a
    trap's, as words.py reads them) say no value (C5 (b): ``undefined``)."""
    return len(text) <= 40 and _MAY_MEAN_NO_VALUE.fullmatch(unquoted(text)) is not None and any(
        _NO_VALUE_WORDS.search(word) for word in listed)


_NONE_COUNTED = re.compile(r"\s*(?:none|nothing|no\s+(?:masked\s+)?(?:positions?|tokens?|targets?|predictions?))"
                           r"(?:\s+at\s+all)?\s*\.?\s*", re.IGNORECASE)
"""A count said in words as nothing at all: ``none``, ``nothing``, ``no positions``, ``no masked positions``."""


def none_counted(text: str) -> bool:
    """True when the whole of ``text`` (in quotation marks or not) says a count is
    zero in words (``_NONE_COUNTED``): on a whole-number part it is 0 (forms.py)."""
    return len(text) <= 40 and _NONE_COUNTED.fullmatch(unquoted(text)) is not None


def none_may_say_no_value(text: str, listed) -> bool:
    """True when ``text`` says nothing counted (``none_counted``) on a part some of
    whose ``listed`` words (its traps') say "no value" (C5 (a), the empty sum's value,
    whose trap is ``undefined``, ``no value``): ``none`` there may be that trap, or 0."""
    return none_counted(text) and any(_NO_VALUE_WORDS.search(word.lower()) for word in listed)


def non_answer_beside(text: str, read) -> str:
    """A reason for a person when ``text`` is a number (``read(rest).status``)
    with a non-answer before or after it (``n/a 0.6999``, ``? 0.5``,
    ``0.6999 -``): is the number the answer, or was the part skipped? Else ''."""
    found = _tag_beside(text)
    if found is None or not (found["before"] or found["after"]) or _tagged(found["rest"]) \
            or read(found["rest"]).status != "number":
        return ""
    tag = (found["before"] or found["after"]).strip()
    return f"a number with {tag!r} beside it, which says no answer: a person decides whether the number is the answer"


def _tagged(rest: str) -> bool:
    """True when ``rest`` has a non-answer beside it again (``? ? 0.5``): no
    number, and reading it would ask this again, once a tag (``? `` * 99 took
    15 ms an answer)."""
    found = _tag_beside(rest)
    return found is not None and bool(found["before"] or found["after"])


def _tag_beside(text: str):
    """``_TAG_BESIDE``'s full match of ``text``, or None (also when it is over ``_BESIDE_CHARS``)."""
    return _TAG_BESIDE.fullmatch(text) if len(text) <= _BESIDE_CHARS else None


# ------------------------------------------------------------------ a value restated

_PLAIN = re.compile(r"[-+]?(?:" + DECIMAL_DIGITS + r")(?:[eE][-+]?\d+)?")   # 0.0683, and in scientific notation 6.83e-2
_BRACKETED_VALUE = re.compile(r"(?P<head>[^()]*?[^\s(])\s*\(\s*(?:[=≈~]\s*|i\.?\s*e\.?,?\s*)?(?P<value>[-+]?(?:\d[\d,. ]*"
                              r"|[.,]\d+)(?:[eE][-+]?\d+)?\s*(?:%|per\s*cent|percent)?)\s*\)\s*\.?\s*", re.IGNORECASE)
"""A number, then a value in brackets, maybe a percentage: ``0.695 (69.5%)``, ``0.6999 (0.7)``, ``2580 (2,580)``,
``0.0683 (6.83e-2)``."""
_BRACKETED_EXPRESSION = re.compile(r"(?P<head>[^()]*?[^\s(])\s*\(\s*(?:[=≈~]\s*)?(?P<value>[^()]*(?:\([^()]*\)[^()]*)*)"
                                   r"\)\s*\.?\s*")
"""A number, then an expression in brackets (``2.72 (e)``, ``0.0683 (ln(1+e^-2.65))``, ``0.7 (7/10)``):
kept only when its every word names a constant or a function (``_MATHS_NAMES``)."""
_MATHS_NAMES = frozenset(name.lower() for name in (*ANSWER_FUNCTIONS, *CONSTANTS))
_NAME = re.compile(r"[^\W\d_]+")
_TIMES_X = re.compile(r"(?<=\d)\s*[xX]\s*(?=\d)")   # as forms.py reads it
_BRACKETED = re.compile(r"(?P<head>[^()]*?\S)\s*\((?!\s*(?:or|oder|ou|o)\b)(?P<note>[^()]*[^\W_][^()]*)\)\s*\.?\s*",
                        re.IGNORECASE)
"""A number, then any other note in brackets (``1950 (25% of 7800)``, ``0 (empty sum)``): a person reads it.
A note that opens with "or" (``0.769 (or 0.77)``) is a hedge, not a note."""

RESTATED_REASON = "a number and a different value beside it ({}): a person decides which is the answer"
WORKING_REASON = ("working and a different value after it ({working} is {value}, not {last}): "
                  "a person decides which is the answer")
_DECIMAL = re.compile(r"(?<![\w.])(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w.])")
"""A decimal written in working (``0.7157``, ``1.70``): it stands for any value that rounds to it; a whole
number (``4``, ``178``, the 10 of log10) is exact."""
_SLACK_DECIMALS = 12
"""Working with more decimals than this is checked within 1% of its value (never met in a part's working)."""
NOTE_REASON = "a number with a note in brackets: a person reads what it says"


def restated_value(text: str, read):
    """For a number followed by a value in brackets (``0.695 (69.5%)``,
    ``0.6999 (0.7)``, ``0.0683 (6.83e-2)``, or an expression: ``2.72 (e)``):
    the reading of the more precise of the two (an expression's exact value;
    the number on a tie) when both agree within rounding, marked as read in
    hundredths when either has a % sign (``0.7036 (70.36%)`` on a loss, as
    ``70.36%`` is: percent.percent_unread), else a reason for a person
    (``1950 (25%)``: the rate beside the count); None for any other text, or
    when either is no number (``read``: forms.read_number for this part)."""
    if ")" not in text or len(text) > 200:
        return None
    found = _BRACKETED_VALUE.fullmatch(text) or _bracketed_expression(text)
    if found is None:
        return None
    head, shown = read(found["head"]), read(found["value"])
    if head.status != "number" or shown.status != "number":
        return None
    chosen = more_precise(head, shown)
    if chosen is None:
        return RESTATED_REASON.format(found["value"].strip())
    # a % beside it counts as in a bare 70.36%: read as hundredths only where the part's answers are shares
    return replace(chosen, hundredths=True) if (head.hundredths or shown.hundredths) else chosen


def _bracketed_expression(text: str):
    """The match of a number then an expression in brackets whose words all name
    constants or functions (``2.72 (e)``), else None: a word says a note (``0 (empty sum)``)."""
    found = _BRACKETED_EXPRESSION.fullmatch(text)
    words = _NAME.findall(_TIMES_X.sub("*", found["value"])) if found else ()
    if found is None or not all(name.lower() in _MATHS_NAMES for name in words):
        return None   # 6.83e-2's e is a name too; 6.83 x 10^-2's x is a times sign
    return found


def half_of(reading) -> float:
    """Half a unit in the last figure a reading shows, in the part's units
    (``0.6999``: 0.00005; ``69.99%`` on a probability: 0.00005); 0 for an exact value or 0."""
    if reading.figures is None or not reading.value:
        return 0.0
    return 0.5 * 10.0 ** (math.floor(math.log10(abs(reading.value)) + 1e-12) - reading.figures + 1)


def more_precise(first, second):
    """Of two readings of one value, the more precise (``first`` on a tie) when
    they agree within the rounding of the less precise, else None."""
    a_half, b_half = half_of(first), half_of(second)
    if not agree(first.value, a_half, second.value, b_half):
        return None
    return second if b_half < a_half * (1 - 1e-9) else first   # an exact value (figures None) is the most precise


def most_precise_in_chain(chain, hundredths: bool, read):
    """The reading of the most precise plain value in an ``=``/``≈`` chain
    (``0.6999 ≈ 0.7``: 0.6999) when it is more precise than the last (which
    is read as usual otherwise) and agrees with it; None when the last is no
    plain value (working ends in its value: ``0.7 ≈ 7/10`` is 7/10)."""
    if chain is None or not _PLAIN.fullmatch(chain["last"].strip()):
        return None
    best = read(chain["last"].strip() + ("%" if hundredths else ""))
    if best.status != "number" or best.value is None:   # "0.5 = 999...9": out of range, read as usual
        return None
    for segment in chain["work"].split("="):
        if _PLAIN.fullmatch(segment.strip().rstrip("%").strip()):
            candidate = read(segment.strip())
            if candidate.status == "number" and more_precise(best, candidate) is candidate:
                best = candidate
    return None if best.figures is None or best.value is None else best


def bracketed_note(text: str):
    """The text before a closing note in brackets (``1950 (25% of 7800)``), else None."""
    found = _BRACKETED.fullmatch(text) if len(text) <= 200 else None
    return None if found is None else found["head"]


def half_unit(text: str) -> float:
    """Half a unit in the last decimal place ``text`` shows (``0.695``: 0.0005); 0 for no plain decimal."""
    text = text.strip()
    if not _PLAIN.fullmatch(text):
        return 0.0
    mantissa, _, power = text.lower().partition("e")
    places = len(mantissa.split(".")[1]) if "." in mantissa else 0
    exponent = int(power or 0) - places
    if exponent > 300:   # beyond a float (1e309): no value that wide agrees with another (``agree``)
        return math.inf
    return 0.5 * 10.0 ** max(exponent, -400)


def agree(a: float, a_half: float, b: float, b_half: float) -> bool:
    """Whether two written values say the same number within the rounding of the
    less precise (never an infinite one: a digit string too long for a float)."""
    if not (math.isfinite(a) and math.isfinite(b)):
        return False
    return abs(a - b) <= max(a_half, b_half) * (1 + 1e-9) + 1e-12 * max(abs(a), abs(b))


_APPROXIMATELY = re.compile(r"(?<=[\w.)%])\s*[≈~]\s*(?=[-+.\d(]|(?:" + "|".join(
    sorted(map(re.escape, _MATHS_NAMES | set(CONSTANTS)), key=len, reverse=True)) + r")\b)")
"""An approximation sign between two values, the second maybe a constant or a function's value (``2.72 ≈ e``)."""


def as_equals(core: str) -> str:
    """``core`` with an approximation sign between two values read as ``=``: ``0.6952 ≈ 0.695`` is a chain."""
    return _APPROXIMATELY.sub(" = ", core) if "≈" in core or "~" in core else core


def chain_disagrees(chain, hundredths: bool, percent_sign: bool, value_of=None, comma: bool = False,
                    whole: bool = False) -> str:
    """A reason for a person when a plain value in the ``=``/``≈`` chain
    ``chain`` (a match: ``work`` before the last ``=``, then ``last``) does
    not agree with ``last`` within rounding (``0.6952 ≈ 0.9``), else ''.
    ``hundredths``: ``last`` was written with a % sign on a part that is no
    percentage (``0.426 = 42.6%``); with any % sign (``percent_sign``) a
    value may also stand for a hundredth of another. A ``last`` that is a
    fraction or expression (``0.5 ≈ 7/10``) is exact: ``value_of(last)``
    (its value, or None when it has none) against the rounding of the plain value. ``comma``: the
    answer was written with decimal commas, so the reason quotes its numbers with them (``0,237``).
    Working (``-ln(0.7157)``) agrees with a plain ``last`` when some value its
    decimals stand for rounds to ``last``, or to a unit beside it (``_working_half``);
    on a count (``whole``) only when its value rounds to ``last`` (``0.8 x 1205 = 960``: 964)."""
    if chain is None:
        return ""
    work, last = chain["work"], chain["last"].strip()
    scale = 100.0 if hundredths else 1.0
    if _PLAIN.fullmatch(last):
        b, b_half = float(last) / scale, half_unit(last) / scale
    elif value_of is None or (b := value_of(last)) is None:
        return ""
    else:
        b, b_half = b / scale, 0.0
    for segment in work.split("="):
        written = segment.strip()
        shown = written.rstrip("%").strip()
        a_scale = 100.0 if written.endswith("%") and not hundredths else 1.0
        if _PLAIN.fullmatch(shown):
            a, a_half, reason = float(shown) / a_scale, half_unit(shown) / a_scale, RESTATED_REASON
        elif _PLAIN.fullmatch(last) and (a := _worked(shown, value_of)) is not None:   # -ln(0.789) = 0.300
            a, a_half, reason = a / a_scale, _working_half(shown, a, value_of, whole, b_half) / a_scale, WORKING_REASON
        else:
            continue   # a label (L, L_MLM + L_NSP) or working with no value: read as before
        # working may be off by a unit in the value's last figure (rounded from unrounded working); on a count, none
        reach = None if reason is RESTATED_REASON else b_half if whole else 2 * b_half
        if not (_meets(a, a_half, b, b_half, reach) or percent_sign and (
                _meets(a * 100, a_half * 100, b, b_half, reach) or _meets(a / 100, a_half / 100, b, b_half, reach))):
            value = _plain_figures(a * a_scale, max(3, _figures_shown(last)))
            if comma:   # read with points (read_marks): quoted as the file writes them
                written, last, value = (t.replace(".", ",") for t in (written, last, value))
            return reason.format(f"{written} and {last}", working=written, value=value, last=last)
    return ""


def written_with_commas(text: str, decimal_comma: bool) -> bool:
    """True when ``text``, read with decimal commas (``decimal_comma``), writes its decimals with them
    (``-ln(0,789) = 0,300``, ``1.000,5 ≈ 10,27``: its points group thousands), so a reason quotes its
    numbers so; ``0.5 ≈ 7/10`` in a ``;`` file keeps its point, and so does ``0.5 ≈ 0,5``."""
    if not decimal_comma or re.search(r"\d,\d", text) is None:
        return False
    return "." not in decimal_marks(text, decimal_comma=True)   # as read_marks reads its points: groups


def _plain_figures(value: float, figures: int) -> str:
    """``value`` to ``figures`` significant figures, written plainly from 0.001
    to a million (``1000``, ``0.00123``), else in e-notation (``1.23e+07``)."""
    if not (1e-3 <= abs(value) < 1e6):
        return f"{value:#.{figures}g}".rstrip(".")
    decimals = max(0, figures - 1 - math.floor(math.log10(abs(value))))
    shown = f"{value:.{decimals}f}"
    if decimals and len(shown.lstrip("-").replace(".", "").lstrip("0")) > figures:   # 9.9996 rounds to 10.000
        shown = f"{value:.{decimals - 1}f}"
    return shown


def _meets(a: float, a_half: float, b: float, b_half: float, reach: float | None) -> bool:
    """``agree`` for two plain values (``reach`` None); for working's value ``a``
    (``a_half``: its slack) and a plain ``b``, whether some value the working
    stands for lies within ``reach`` of ``b``."""
    if reach is None:
        return agree(a, a_half, b, b_half)
    return math.isfinite(a) and math.isfinite(b) and abs(a - b) <= (a_half + reach) * (1 + 1e-9) + 1e-12 * abs(b)


def _working_half(shown: str, value: float, value_of, whole: bool, last_half: float = 0.0) -> float:
    """How far working's ``value`` may lie from what its written decimals stand
    for: each decimal moved by half a unit in its last place (``1.70``: 0.005),
    the moves added (interval arithmetic, to first order); 0 on a count
    (``whole``: working there is exact) or with no decimal (``ln(178)``). When
    that is more than ``_COARSE`` times ``last_half`` (the half-unit of the value
    after the working), the working shows too few figures to vouch for the
    value's: at most 1% of ``value`` (``-ln(0.8) = 0.1698``, 0.2231, goes to a
    person; ``3.9/5 = 0.7846`` is read)."""
    if whole:
        return 0.0
    found = list(_DECIMAL.finditer(shown))
    if len(found) > _SLACK_DECIMALS:
        return 0.01 * abs(value)
    slack = 0.0
    for match in found:
        half = half_unit(match.group())
        moved = [value_of(f"{shown[:match.start()]}({match.group()}{sign}{half!r}){shown[match.end():]}")
                 for sign in "+-"]
        if any(v is None or not math.isfinite(v) for v in moved):
            return 0.01 * abs(value)   # a decimal at a function's edge (ln of 0.0): 1% as before
        slack += max(abs(v - value) for v in moved)
    return min(slack, 0.01 * abs(value)) if slack > _COARSE * last_half else slack


_COARSE = 10   # working's slack this many times the value's half-unit: a figure or more fewer than the value shows


def _figures_shown(last: str) -> int:
    """The significant figures a chain's last value shows (``0.300``: 3), 0 when it is no plain number."""
    mantissa = re.split("[eE]", last)[0] if _PLAIN.fullmatch(last) else ""
    return len("".join(filter(str.isdigit, mantissa)).lstrip("0"))


def _worked(shown: str, value_of) -> float | None:
    """The value of working before a chain's last plain value (``-ln(0.789)``,
    ``33.1155/41.9642``) when it has one (``value_of``), else None (``L``)."""
    if value_of is None or not any(c.isdigit() for c in shown):
        return None   # a label or a symbol (L, p, e): no working to check
    value = value_of(shown)
    return value if value is not None and math.isfinite(value) else None
