"""An answer as the papers print it: the key's digits (``key_answer``, the
form key.csv writes), and below 0.001 in scientific form, ``3.449 \\times
10^{-5}`` for 0.00003449, whose leading zeros hide the figures. key.csv and
key.json keep the decimal (a spreadsheet reads it); the grader takes either."""

from __future__ import annotations

import re
from fractions import Fraction

from quizgen.maths.numbers import key_answer

SMALL = Fraction(1, 1000)   # below this (and above 0) an answer is printed in scientific form
_SMALL_ZEROS = 3   # the zeros after the point of a decimal below SMALL, at least (scientific_parts)
_DECIMAL = re.compile(r"(-?)0([.,])(0*)([1-9][0-9]*)")   # a decimal comma too (a sheet with --decimal-comma)
_SUPERSCRIPTS = str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")


def scientific_parts(text: str) -> tuple | None:
    """``("3.449", -5)`` for the decimal ``0.00003449`` (its digits kept, none
    added or rounded; ``0,00003449`` gives ``3,449``), or None for a number not below 0.001 in magnitude.
    A decimal ``0.`` then a digit 1-9 after ``z`` zeros lies from 10^-(z+1) up to 10^-z: below
    SMALL, 0.001, exactly when three zeros or more follow the point (the pattern's digit 1-9 rules out zero)."""
    match = _DECIMAL.fullmatch(text.strip())
    if match is None or len(match.group(3)) < _SMALL_ZEROS:
        return None
    sign, mark, zeros, digits = match.groups()
    mantissa = digits[0] + (mark + digits[1:] if len(digits) > 1 else "")
    return sign + mantissa, -(len(zeros) + 1)


def in_maths(text: str) -> str:
    """A written number as TeX maths: ``3.449 \\times 10^{-5}`` below 0.001, else as written."""
    parts = scientific_parts(text)
    return text if parts is None else f"{parts[0].replace(',', '{,}')} \\times 10^{{{parts[1]}}}"


def in_plain(text: str) -> str:
    """A written number as plain Unicode text: ``3.449 \u00d7 10\u207b\u2075`` below 0.001, else as written."""
    parts = scientific_parts(text)
    return text if parts is None else f"{parts[0]} \u00d7 10{str(parts[1]).translate(_SUPERSCRIPTS)}"


def in_ascii(text: str) -> str:
    """A written number as ASCII (the drill's terminal, a figure's alt text): ``3.449 x 10^(-5)``
    below 0.001, as text/plain.py writes ``in_maths``'s form, else as written."""
    parts = scientific_parts(text)
    return text if parts is None else f"{parts[0]} x 10^({parts[1]})"


def answer_in_maths(value, decimals: int = 4) -> str:
    """The bank text's ``answer`` filter: ``value`` as the key writes it, in maths (scientific below 0.001)."""
    return in_maths(key_answer(value, "numeric", decimals))


def bold_answer(text: str, fmt: str, bold: bool = False) -> str | None:
    """A key's written answer for a layout, as maths (``$3.449 \\times 10^{-5}$``, in
    LaTeX bold with ``bold``, where the layout sets the answer bold) when it is below 0.001, else
    None (the layout prints the text, escaped)."""
    if scientific_parts(text) is None or fmt not in ("md", "tex"):
        return None
    # bold: inside the layout's \textbf{...}, whose group keeps \boldmath to it
    return f"\\boldmath${in_maths(text)}$" if bold and fmt == "tex" else f"${in_maths(text)}$"


# a number starts where its run of digits does, whole (else a ReDoS: 20,000 digits take 31 s)
_PLAIN_FORM = re.compile("(-?(?<![0-9])[0-9]++(?:[.,][0-9]++)?) \u00d7 10([\u207b\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)")
_FROM_SUPERSCRIPTS = {v: k for k, v in _SUPERSCRIPTS.items()}


def plain_in_tex(text: str) -> str:
    """LaTeX text (a feedback sheet's table cell or note) with every ``3.449 \u00d7 10\u207b\u2075``
    (``in_plain``'s form, which pdflatex cannot print) as the maths ``$3.449 \\times 10^{-5}$``."""
    def maths(match) -> str:
        power = match.group(2).translate(_FROM_SUPERSCRIPTS)
        return f"${match.group(1).replace(',', '{,}')} \\times 10^{{{power}}}$"
    return _PLAIN_FORM.sub(maths, text)


def plain_in_ascii(text: str) -> str:
    """Text with every ``in_plain`` form (the marker's "expected 3.45 \u00d7 10\u207b\u2075") as ``in_ascii``'s, for the drill's terminal."""
    return _PLAIN_FORM.sub(lambda m: f"{m.group(1)} x 10^({m.group(2).translate(_FROM_SUPERSCRIPTS)})", text)
