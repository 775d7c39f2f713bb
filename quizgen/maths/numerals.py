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
   follows (``2·10⁻³``, ``2·10^3``) or the digits are an exponent (``e^2·3``):
   those stay products (``decimal_middle_dots``);
6. minus signs and dashes (``−`` U+2212, ``‐ ‑ ‒ –``) become ``-``; ``× · ⋅``
   become ``*``, ``÷ ⁄`` become ``/``, ``π`` becomes ``pi``.

ASCII text is returned as it is (the common case costs one check)."""

from __future__ import annotations

import re
import unicodedata

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁽⁾]+")
_DELETE = {ord(ch): None for ch in ZERO_WIDTH}
_MARKS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-",
                        "\u066b": ".", "×": "*", "·": "*", "\u22c5": "*", "÷": "/", "\u2044": "/",
                        "π": "pi"})

# digits, a middle dot, digits: not after a point, dot or power sign, not before a point, dot or power
# (a superscript too: plain_characters meets 10⁻³ before its superscripts become a power)
_MIDDLE_DOT = re.compile(r"(?<![\d.\u00b7^])(?<!\*\*)(\d+)\u00b7(\d+)(?![\d.\u00b7])(?!\s*(?:\^|\*\*|[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁽]))")


def decimal_middle_dots(text: str) -> str:
    """``text`` with each raised decimal point (rule 5: ``0·789``) written ``.``."""
    return _MIDDLE_DOT.sub(r"\1.\2", text) if "\u00b7" in text else text


def normalise_numerals(text: str) -> str:
    """``text`` with numbers, decimal marks and signs in ASCII (see the module's rules)."""
    if text.isascii():
        return text
    text = text.translate(_DELETE)
    text = decimal_middle_dots(_SUPERSCRIPT_RUN.sub(lambda m: f"**({m.group()})", text))
    text = unicodedata.normalize("NFKC", text).translate(_MARKS)
    if text.isascii():
        return text
    return "".join(_ascii_digit(ch) for ch in text)


def _ascii_digit(ch: str) -> str:
    if ch.isascii() or not ch.isdecimal():
        return ch
    return str(unicodedata.decimal(ch))
