"""Free text given on the command line to be printed or stored: a paper's
``--title``, ``--course`` and ``--date``, Canvas's ``--title``, the gradebook's
``--gradebook-item``. One holding a character no paper, LMS file or terminal
shows as itself is refused in one line naming the option and the character,
before anything is written (an escape in the Canvas title would give a
QTI file that is no XML, exit 0; a BEL in generate's title would fail LaTeX after
key.json is written). The seed has its own rule (generation/quiz.py)."""

from __future__ import annotations

import re

from quizgen.errors import UsageError
from quizgen.wording import cut_repr

_REFUSED = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""The C0 controls (tab and line breaks too: each option is one line), DEL, the C1
controls, the line and paragraph separators, the direction controls (text/unprintable.py's
"Trojan source" characters) and lone surrogates (a byte that was not UTF-8)."""


def refuse_control(option: str, value) -> None:
    """Refuse (UsageError) ``value`` of ``option`` (``--title``) if it holds a character
    :data:`_REFUSED` matches; None (not given) passes."""
    bad = None if value is None else _REFUSED.search(str(value))
    if bad is None:
        return
    code = ord(bad.group())
    why = (f"the byte 0x{code - 0xDC00:02X}, which is not UTF-8" if 0xDC80 <= code <= 0xDCFF else
           f"the character U+{code:04X}, which a paper, an LMS file or a terminal does not show as itself")
    raise UsageError(f"{option} {cut_repr(str(value), 40)} holds {why}; give one line of printable text")


def refuse_controls(**options) -> None:
    """:func:`refuse_control` for each ``name=value`` (``gradebook_item`` is ``--gradebook-item``)."""
    for name, value in options.items():
        refuse_control("--" + name.replace("_", "-"), value)
