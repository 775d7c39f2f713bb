"""How a one-line message or note says what it names: counts with their thousands set
apart as the run's reader writes decimals (``1,200``, or ``1\u202f200`` for a class of
decimal commas), the first few names then "and N more", a value a user wrote cut short
and shown printable, and the near spelling of a name refused. Every layer's messages
use it, so it sits below them all and imports nothing of quizgen (tests/test_layering.py);
the exception family those messages travel in is errors.py's."""

import difflib
from contextlib import contextmanager
from contextvars import ContextVar


NARROW_SPACE = "\u202f"
"""What sets a count's thousands apart for a reader of decimal commas: a narrow no-break space
(``1\u202f200``), as SI and both German and French usage allow; there ``1,200`` reads as 1.2."""

_APART = ContextVar("thousands_apart", default=",")


def thousands(count: int, comma: bool | None = None) -> str:
    """``count`` with its thousands set apart: ``1,200``; ``1\u202f200`` when ``comma`` (the
    outputs write decimal commas), or, with ``comma`` None, inside a run that said so
    (``commas_written``): grade's notes are made in many places, and none needs the flag passed."""
    text = f"{count:,}"
    apart = _APART.get() if comma is None else NARROW_SPACE if comma else ","
    return text if apart == "," else text.replace(",", apart)


def commas_written(comma: bool) -> None:
    """From here to the end of the enclosing ``thousands_kept``, ``thousands`` writes counts for a
    reader of decimal commas when ``comma``, as the run's outputs write its decimals."""
    _APART.set(NARROW_SPACE if comma else ",")


@contextmanager
def thousands_kept():
    """A run's ``commas_written`` undone when it ends, so that it never reaches the next
    run in the same process (a test, a caller of grade)."""
    token = _APART.set(_APART.get())
    try:
        yield
    finally:
        _APART.reset(token)


def did_you_mean(name, known) -> str:
    """`` (did you mean 'tau'?)`` naming the entry of ``known`` nearest ``name``,
    or "" when none is near: one hint for every message that refuses a name. A
    name that differs only in case comes first (``t`` for ``T``: one-letter maths
    names are too short for a near spelling to find); else the most alike by difflib
    among those a slip of the keys away (``_slips``), so that ``eps`` is never pointed at ``p_s``."""
    name = str(name)
    names = sorted(map(str, known))
    same = [k for k in names if k.casefold() == name.casefold()]
    near = max(1, (len(name) + 1) // 3)   # the slips allowed (_slips)
    close = same or [k for k in difflib.get_close_matches(name, names, n=5) if _slips(name, k) <= near]
    return f" (did you mean {close[0]!r}?)" if close else ""


def _slips(typed: str, meant: str) -> int:
    """How many letters typed wrong, left out, added or swapped with the next make ``typed`` of ``meant``
    (the optimal string alignment distance, case aside): one in a name of up to 4 characters, two in one
    of 5 to 7 (``halfd`` for ``halved``), a third of a longer one, are slips."""
    a, b = typed.casefold(), meant.casefold()
    before, row = None, list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], before[j - 2] + 1)
        before, row = row, current
    return row[-1]


WARNINGS_SHOWN = 10
"""The most warning lines of one kind a user's file gives (the overrides, the
policy); one more line counts the rest, so a file of 20,000 mistakes is no flood."""


def lines_shown(lines: list, rest, limit: int = WARNINGS_SHOWN) -> list:
    """The first ``limit`` of ``lines``, then, when there are more, the one line ``rest(more)`` says
    of them, ``more`` their count grouped by ``thousands``: 20,000 mistakes are ``limit`` + 1 lines."""
    lines = list(lines)
    return lines if len(lines) <= limit else lines[:limit] + [rest(thousands(len(lines) - limit))]


def first_few(items: list, limit: int = 5) -> str:
    """The first ``limit`` of ``items`` for a one-line message, with ", ..."
    after them when there are more."""
    return ", ".join(map(str, items[:limit])) + (", ..." if len(items) > limit else "")


def named_first(shown: list, total: int) -> str:
    """The first names of ``total`` (``shown``), then how many more: ``a, b and 3 more``."""
    return ", ".join(shown) + (f" and {thousands(total - len(shown))} more" if total > len(shown) else "")


FEW_SHOWN = 5
"""How many items a note names before "and N more" (``named_few``)."""


def named_few(shown: list, count: int = FEW_SHOWN) -> str:
    """The first ``count`` of ``shown``, then how many more: ``a, b and 3 more``
    (the one helper of the notes that name students or ids; ``first_few``'s
    ", ..." says no count)."""
    return named_first(list(shown[:count]), len(shown))


SHOWN_CHARS = 60
"""The most characters of one value a user wrote (a student id, a name, a
column label, an answer) that a note or message shows; the data files
(graded.csv, the students CSV) keep it whole."""


def shortened(text, limit: int = SHOWN_CHARS) -> str:
    """``text`` cut to ``limit`` characters, the last three ``...`` when it was
    longer: one id of 10,000 characters must not make a note of 10,000."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def a_word(word: str) -> str:
    """``word`` after its indefinite article, told by its first letter: ``an id``, ``an int``, ``a class``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def quoted(text, limit: int = 40) -> str:
    """``text`` quoted for a one-line message, cut to ``limit`` characters with
    its length after (``'7777'... (100,000 characters)``): a value of 100,000
    characters must not make a message of 100,000."""
    return cut_repr(printable(text), limit)


def cut_repr(text: str, limit: int) -> str:
    """``repr(text)``, or of its first ``limit`` characters followed by ``... (N characters)``."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({thousands(len(text))} characters)"


_NO_BREAK_SPACES = "\u00a0\u202f"


def printable(text) -> str:
    """``text`` with each character a terminal would not print as itself (a
    line break, an escape) shown as ``?``: user text inside a one-line message.
    The no-break spaces print as spaces (a decimal-comma class's counts are
    grouped with U+202F, which Python does not call printable)."""
    return "".join(c if c.isprintable() or c in _NO_BREAK_SPACES else "?" for c in str(text))


def shell_word(text) -> str:
    """``text`` as one word of a suggested command: ``shlex.quote``'s, or, when it holds a character a
    terminal would not print as itself (an escape, a line break: a progress path from $QUIZGEN_PROGRESS),
    bash's and zsh's ``$'...'`` with each such character escaped (``$'\\x1b[31mred.json'``), so the line
    neither runs an escape sequence nor splits, and pastes back as the same path."""
    import shlex

    text = str(text)
    if text.isprintable():
        return shlex.quote(text)
    return "$'" + "".join(_escaped(char) for char in text) + "'"


def _escaped(char: str) -> str:
    """One character inside ``$'...'``: a byte a file name kept as a surrogate (``\\udce9``) as that byte."""
    code = ord(char)
    if char in "\\'":
        return "\\" + char
    if char.isprintable():
        return char
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
