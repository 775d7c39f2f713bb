"""One normalisation of how people write numbers, applied to every answer
before it is read (the rules are listed in docs/maths.md):

1. zero-width characters (U+200B-U+200D, U+2060, U+FEFF, soft hyphen) are removed;
2. a run of superscripts becomes a power: ``10⁻³`` reads as ``10**(-3)``;
3. Unicode NFKC: full-width ``０．７１０１`` becomes ``0.7101``, ``½`` becomes
   ``1⁄2``, no-break and thin spaces become spaces, ``log₁₀`` becomes ``log10``;
4. every other decimal digit (Arabic-Indic ``٠``-``٩``, Devanagari, ...) becomes
   its ASCII digit; the Arabic decimal mark ``٫`` becomes ``.``;
5. a raised decimal point, the middle dot ``·`` (U+00B7) written between two runs
   of digits with no space (``0·789``, UK handwriting), becomes ``.``, unless
   either run touches another point or dot (``0.5·0.3``, ``1·5·2``), a power
   follows (``2·10⁻³``, ``2·10^3``, flattened ``2·10−3``) or the digits are an exponent (``e^2·3``):
   those stay products (``decimal_middle_dots``);
6. minus signs and dashes (``−`` U+2212, ``‐ ‑ ‒ –``) become ``-``; ``× · ⋅``
   become ``*``, ``÷ ⁄`` become ``/``, ``π`` becomes ``pi``.

ASCII text is returned as it is (the common case costs one check).

Answers pasted from typeset maths are read by two more rules (docs/grading.md,
"Answers as people write them"), which the readers apply before the parser:
``from_typeset`` reads the LaTeX a student pastes from the paper's source or
types in an LMS with maths (``$3.449 \\times 10^{-5}$``), and ``power_of_ten``
reads a power of ten whose superscript copy-paste flattened (``3.45×10−5``)."""

from __future__ import annotations

import re
import unicodedata

from quizgen.maths.functions import LATEX_COMMANDS, LATEX_NAMES, LATEX_SUBSCRIPTED

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁽⁾]+")
_DELETE = {ord(ch): None for ch in ZERO_WIDTH}
_MARKS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
                        "\u066b": ".", "×": "*", "·": "*", "\u22c5": "*", "÷": "/", "\u2044": "/",
                        "π": "pi"})

# digits, a middle dot, digits: not after a point, dot or power sign, not before a point, dot or power
# (a superscript too: plain_characters meets 10⁻³ before its superscripts become a power)
_MIDDLE_DOT = re.compile(r"(?<![\d.\u00b7^])(?<!\*\*)(\d+)\u00b7(\d+)(?![\d.\u00b7])(?!\s*(?:\^|\*\*|[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁽]))"
                         r"(?!(?<=\u00b710)[-\u2212\u2010-\u2013]\d{1,3}\s*$)")   # nor ·10−5 ending the answer, a flattened power


def decimal_middle_dots(text: str) -> str:
    """``text`` with each raised decimal point (rule 5: ``0·789``) written ``.``."""
    return _MIDDLE_DOT.sub(r"\1.\2", text) if "\u00b7" in text else text


def normalise_numerals(text: str) -> str:
    """``text`` with numbers, decimal marks and signs in ASCII (see the module's rules)."""
    if text.isascii():
        return text
    text = _VULGAR.sub(_bracketed_fraction, text.translate(_DELETE))
    text = decimal_middle_dots(_SUPERSCRIPT_RUN.sub(lambda m: f"**({m.group()})", text))
    text = unicodedata.normalize("NFKC", text).translate(_MARKS)
    return ascii_digits(text)


def ascii_digits(text: str) -> str:
    """``text`` with every script's decimal digits (Arabic-Indic ``٣``, Devanagari ``३``, fullwidth ``３``)
    as ASCII ones, every other character as it is: the one rule for answers, student ids and file names."""
    if text.isascii():
        return text
    return "".join(_ascii_digit(ch) for ch in text)


VULGAR_FRACTIONS = "\u00bc-\u00be\u2150-\u215e\u2189"
_VULGAR = re.compile(f"(?:(?<![\\d.,])(\\d+)[ \u00a0\u2009\u202f]?)?([{VULGAR_FRACTIONS}])")
"""A fraction character (½, ¾, ⅓ ...), after a whole number or not: a mixed
number, written ``2½`` or with a space, ``2 ½``; never after a decimal's digits
(``0.5½``, which the answer reader refuses: ``quizgen.maths.answers``)."""


def _bracketed_fraction(match) -> str:
    """``½`` as ``(1/2)`` and ``2½`` as ``(2+1/2)``: NFKC gives a bare ``1⁄2``,
    which made ``e^½`` e/2 and ``2½`` 21/2."""
    numerator, denominator = unicodedata.normalize("NFKC", match.group(2)).split("\u2044")
    whole = match.group(1) or ""
    return f"({whole}+{numerator}/{denominator})" if whole else f"({numerator}/{denominator})"


def _ascii_digit(ch: str) -> str:
    if ch.isascii() or not ch.isdecimal():
        return ch
    return str(unicodedata.decimal(ch))


# ------------------------------------------------------------------ typeset maths pasted as text

_WRAPPED = re.compile(r"\s*(?:\$\$?(?P<dollars>[^$]+?)\$\$?|\\\((?P<round>.+?)\\\)|\\\[(?P<square>.+?)\\\])\s*", re.DOTALL)
"""A whole answer in LaTeX's maths delimiters: ``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]``."""
def _one_of(names) -> str:
    """A regular expression's alternatives for ``names``, each escaped and the longest
    first (so ``log10`` is tried before ``log``)."""
    return "|".join(map(re.escape, sorted(set(names), key=len, reverse=True)))


_SIGNS_AS = {"times": "*", "cdot": "*", "pi": "pi", "approx": "\u2248", "pm": "\u00b1"}
_COMMAND_AS = {**_SIGNS_AS, **LATEX_COMMANDS}
"""LaTeX's signs, and the functions as the table of functions spells them (``\\ln``, ``\\sqrt``)."""
_COMMANDS = re.compile(r"\\(" + _one_of(_COMMAND_AS) + r")(?![A-Za-z])(?!(?<=sqrt)\s*\[)")   # \sqrt[: a root unread
_LATEX_COMMA = re.compile(r"\{([,.])\}")
"""LaTeX's comma (or point) in braces, ``0{,}5`` or ``1{,}440``: the mark without
the space LaTeX puts after a comma, read by the one comma rule as a comma written alone."""
_BRACED_NUMBER = re.compile(r"\s*\{\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+|\d*,\d+))\s*\}\s*")
"""A single number in braces, the whole answer (``{0.7153}``): a LaTeX group, not a
set; ``{0.1, 0.2}`` stays a set of values, which the parser refuses. With decimal
commas only, one with its comma (``{0,7153}``: ``typeset_shell``). Linear: it is
tried from the text's start only (fullmatch), its three alternatives one after
another, and what follows each run of digits (a point, a comma, a space or a brace)
is never a digit, so a failing run is given back at a constant cost a digit."""
ROOT_INDEX_MAX = 99
"""The largest n of an n-th root ``\\sqrt[n]{x}`` read (n from 1, at most two digits: ``_BRACES``)."""
_ACCENTS = {"hat": "\u0302", "widehat": "\u0302", "bar": "\u0304", "overline": "\u0304", "tilde": "\u0303",
            "widetilde": "\u0303"}
_ACCENTED = re.compile(r"\\(" + "|".join(_ACCENTS) + r")\s*(?:\{\s*([A-Za-z])\s*\}|([A-Za-z])(?![A-Za-z]))")
"""A label's accented letter: ``\\hat{p}`` is ``p̂``, ``\\bar x`` is ``x̄``."""
_BRACED_POWER = re.compile(r"\^\s*\{([^{}]*)\}")
_BRACED_CALL = re.compile(r"(?<![A-Za-z])\\?(" + _one_of(LATEX_NAMES.values()) + r")\s*\{([^{}]*)\}")
"""A function of the table applied to a braced group, as LaTeX writes it: ``\\ln{0.9}``, ``\\exp{1}``,
and ``\\log_{10}{2}`` once its subscript is read (``log10 {2}``): read as ``ln(0.9)``."""
_BRACES = [   # LaTeX's braced groups, innermost first: (pattern, what it reads as)
    (re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}"), r"((\1)/(\2))"),
    (_BRACED_CALL, r"\1(\2)"),   # \sqrt{x} too
    (re.compile(r"\\sqrt\s*\[\s*([1-9]\d?)\s*\]\s*\{([^{}]*)\}"), r"((\2)^(1/\1))"),   # \sqrt[3]{8}: ROOT_INDEX_MAX
    (_BRACED_POWER, r"^(\1)"),
]


def _subscripted(names: dict) -> list:
    """``(pattern, reading)`` for each function the table spells with a subscript
    (``names``: {(command, subscript): name}; ``\\log_{10}``, also ``\\log_10``): read as
    its name and a space (``log10 0.3``), the longer spellings tried first."""
    readings = []
    for (command, subscript), name in sorted(names.items(), key=lambda item: -len("".join(item[0]))):
        sub = re.escape(subscript)
        pattern = re.compile(rf"\\{re.escape(command)}_\s*(?:\{{\s*{sub}\s*\}}|{sub}(?!\d))")
        readings.append((pattern, lambda _, name=name: name + " "))
    return readings


_SUBSCRIPTED = _subscripted(LATEX_SUBSCRIPTED)
_MARKUP = [   # (LaTeX, what it reads as), in this order, before the braces
    (re.compile(r"\\(?:text|math(?:rm|it|bf|sf|cal)|operatorname|boldsymbol)\s*\{([^{}]*)\}"), r" \1 "),   # \text{nats}
    (_ACCENTED, lambda m: (m[2] or m[3]) + _ACCENTS[m[1]]),                           # \hat{p} = 0.769
    (re.compile(r"\\(?:left|right|[bB]igg?[lr]?)(?![A-Za-z])\s*"), ""),           # \left( ... \right)
    *_SUBSCRIPTED,                                                                   # \log_{10} 0.3
    (re.compile(r"(?<!\s)\s*_\s*\{\s*(\w+)\s*\}"), r"_\1"),                      # L_{\text{MLM}}: L_MLM
    (re.compile(r"(?<=\d)\\,(?=\d{3}(?!\d))"), ""),                                  # 1\,000: a digit group
    (re.compile(r"\\[,;:! ]"), " "),                                                 # other spaces
    (re.compile(r"\\%"), "%"),
]
BRACE_DEPTH = 8   # braced groups read at most this deep (a power in a \frac in a \frac ...)


def latex_commas(text: str) -> str:
    """``text`` with LaTeX's braced comma or point written alone (``0{,}5`` is ``0,5``)."""
    return _LATEX_COMMA.sub(r"\1", text) if "{" in text else text


def typeset_shell(text: str, decimal_comma: bool = False) -> str:
    """``text`` with what LaTeX puts around a whole answer read: ``$...$`` (also
    ``$$...$$``, ``\\(...\\)``, ``\\[...\\]``) dropped, LaTeX's comma ``{,}`` as a
    comma and a single number in braces as that number (``_BRACED_NUMBER``). This
    is all ``from_typeset`` would still find in a text it has read once whose label,
    note or quotes a reader has since stripped (``L = $0.851$``, ``{0.7153} nats``):
    the readers use it there, so the braced groups are read once, ``BRACE_DEPTH`` deep."""
    if "$" not in text and "\\" not in text and "{" not in text:
        return text
    wrapped = _WRAPPED.fullmatch(text)
    if wrapped:
        text = next(inner for inner in wrapped.groups() if inner is not None)
    text = latex_commas(text)
    braced = _BRACED_NUMBER.fullmatch(text)
    return braced[1] if braced and (decimal_comma or "," not in braced[1]) else text


def from_typeset(text: str, decimal_comma: bool = False) -> str:
    """``text`` with LaTeX's marks read: ``$...$`` (and ``\\(...\\)``) around the
    whole answer dropped, ``\\frac{a}{b}`` as ``((a)/(b))``, ``\\times`` and
    ``\\cdot`` as ``*``, the functions as the table of functions spells them in
    LaTeX (``\\ln``, ``\\log``, ``\\log_{10}``, ``\\exp``, ``\\sqrt``: ``latex_names``) and
    ``\\pi`` as their names, ``\\sqrt[n]{x}`` as ``((x)^(1/n))`` (n from 1
    to ``ROOT_INDEX_MAX``; any other index is left for ``to_number`` to refuse), ``\\approx`` as ``≈``, ``\\text{..}``,
    ``\\left``/``\\right`` and LaTeX's spaces dropped, and braces around a
    power's exponent as brackets (``10^{-5}`` is ``10^(-5)``); a label's marks
    (``L_{\\text{MLM}}`` is ``L_MLM``, ``\\hat{p}`` is ``p̂``), LaTeX's comma
    ``{,}`` as a comma (``0{,}5``), ``\\pm`` as ``±`` and a single number in
    braces as that number (``{0.7153}``, and with ``decimal_comma`` ``{0,7153}``);
    any other text as it is (the whitelist parser then reads it, or says why not)."""
    if "$" not in text and "\\" not in text and "{" not in text:
        return text
    text = typeset_shell(text, decimal_comma)
    if "\\" in text:
        for pattern, reading in _MARKUP:
            text = pattern.sub(reading, text)
    for _ in range(BRACE_DEPTH):
        read = 0
        for pattern, reading in _BRACES:
            text, found = pattern.subn(reading, text)
            read += found
        if not read:
            break
    return _COMMANDS.sub(lambda m: _COMMAND_AS[m.group(1)], text).strip()



def nested_too_deep(text: str) -> bool:
    """Whether ``text``, as ``from_typeset`` gave it, still holds a braced group it
    reads (``\\frac{a}{b}``, ``\\sqrt{x}``, ``^{..}``): its reading stops only there,
    after ``BRACE_DEPTH`` rounds, never for a group unclosed (``10^{-5``)."""
    return any(pattern.search(text) for pattern, _ in _BRACES)


DECIMAL_DIGITS = r"\d++(?:\.\d*+)?|\.\d++"
"""A decimal's digits, as a regular expression to put in a group (``12``,
``1.5``, ``1.``, ``.5``): each run of digits is taken whole (possessive), so
a long run that fails is given up at once, not split every way (no ReDoS).
The number patterns of this module, parser.py, answers.py, marking/forms.py
and marking/asides.py share it."""
_FLAT_POWER = re.compile(r"\s*(?P<a>[+-]?(?:" + DECIMAL_DIGITS + r"))\s*\*\s*10-(?P<k>\d{1,3})\s*")
"""A decimal times ten, then, with no space, a minus sign and one to three digits,
and nothing else (``3.45*10-5``, as a raised exponent pastes; ``10 - 5`` spaced is a subtraction)."""
_SPACED_POWER = re.compile(r"\s*(?P<a>[+-]?(?:" + DECIMAL_DIGITS + r"))\s+10\s*(?P<power>\^|\*\*)\s*(?P<k>\(?\s*[+-]?\d{1,3}\s*\)?)\s*")
"""A decimal, a space, then a power of ten, and nothing else (``3.45 10^-5``: the times sign left out)."""


def power_of_ten(text: str) -> str:
    """``text`` (in ASCII signs: ``normalise_numerals``) with a power of ten
    written without its raised exponent read as one: ``3.45*10-5`` (copied
    from ``3.45 × 10⁻⁵``) is ``3.45*10**(-5)``, as ``3.45 10^-5`` is
    ``3.45*10^-5``. Only the whole answer, and only with no space around the
minus sign: ``10-5`` unspaced is how a pasted superscript reads, where
``10 - 5`` is written as a subtraction."""
    if "10" not in text:
        return text
    flat = _FLAT_POWER.fullmatch(text)
    if flat:
        return f"{flat['a']}*10**(-{int(flat['k'])})"   # 10−05: no leading zero for the parser
    spaced = _SPACED_POWER.fullmatch(text)
    if spaced:
        return f"{spaced['a']}*10{spaced['power']}{spaced['k']}"
    return text
