"""How the drill reads a line: from a pipe or file as it comes, and at a
terminal with line editing (arrows, history) where Python's readline exists."""

from __future__ import annotations

import re
import shutil
import signal
import sys
import threading
from contextlib import contextmanager

from quizgen.errors import InputFileError
from quizgen.text.plain import WIDTH
from quizgen.ui import WAIT_SLICE, wait_for_line

NO_LINE_END = 64 << 20   # characters of one line after which a drill's input is taken to be no text (64 MiB)


def isatty(stream) -> bool:
    """Whether ``stream`` is a terminal (False for a closed or file-less stream)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


NARROWEST = 20   # columns: a narrower terminal still gets lines this long (a formula or a path may be longer)


def columns(out) -> int:
    """The width the drill wraps its text to: a terminal's own (as shutil reads it, $COLUMNS first) up to
    WIDTH, so a phone or a split pane never breaks a line mid-word; WIDTH for a pipe or a file, whose
    text is then the same wherever it is made."""
    if not isatty(out):
        return WIDTH
    return max(NARROWEST, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))


def line_editing(inp, out) -> bool:
    """True when ``inp`` and ``out`` are this process's terminal and readline
    is there to give the prompt line editing (a Left arrow moves the cursor,
    not ``^[[D`` into the answer; Up brings back an earlier answer): input()
    then reads the line. Some platforms have no readline: the plain read then."""
    if not (inp is sys.stdin and out is sys.stdout and isatty(inp) and isatty(out)):
        return False
    try:
        import readline  # (imported for its effect on input())
    except ImportError:
        return False
    return keeps_bytes(readline, getattr(inp, "encoding", None) or "")


BYTE_ORIENTED = (8, 2)   # the GNU readline that has the byte-oriented setting (8.2, checked; an older one says
#                          "unknown variable name" for it)


EIGHT_BIT = ("set input-meta on", "set output-meta on", "set convert-meta off")
#  Under the C or POSIX locale GNU readline reads a byte of 0x80 or more as Meta plus a key, an editing command
#  (the UTF-8 bytes of U+2212 minus were eaten and "\u22120.335" read as "0.335"); these keep each byte as text.


def keeps_bytes(readline, encoding: str) -> bool:
    """Whether ``readline`` hands input() every byte typed. GNU readline under a UTF-8 locale drops a byte
    that is not UTF-8 (a Latin-1 terminal's ``×``, 0xD7) and the rest of the line was marked: ``7.16×10^-1``
    as ``7.1610^-1``. Its ``byte-oriented`` setting keeps the byte, which the drill then
    refuses as a pipe's; a GNU readline without it keeps line editing only where the locale is not UTF-8
    (it then reads bytes as they come), else the plain read is used (the terminal still erases and kills).
    Every GNU readline is also told to take a byte of 0x80 or more as text, never as a Meta key (EIGHT_BIT).
    libedit (macOS) is not known to drop bytes: its line editing is kept."""
    if "libedit" in (readline.__doc__ or ""):
        return True
    for setting in EIGHT_BIT:
        readline.parse_and_bind(setting)
    version = tuple(int(n) for n in re.findall(r"\d+", str(readline._READLINE_LIBRARY_VERSION))[:2])
    if version >= BYTE_ORIENTED:
        readline.parse_and_bind("set byte-oriented on")
        return True
    return encoding.lower().replace("-", "") != "utf8"


def read_line(inp, out, prompt: str, limit: int, editing: bool) -> str:
    """The next line after ``prompt``, its newline kept; '' at the end of input.
    A plain read takes at most ``limit`` characters (the rest is read after)."""
    if editing:
        try:
            with _ticking(WAIT_SLICE):
                return input(prompt) + "\n"
        except EOFError:   # Ctrl-D
            return ""
    out.write(prompt)
    out.flush()
    wait_for_line(inp)
    return inp.readline(limit)


def refuse_binary(line: str) -> None:
    """InputFileError for a line holding a NUL byte, which typed text never holds: binary data (``/dev/zero``,
    a random file whose lines are short, which would otherwise be marked as answers), not answers."""
    if "\0" in line:
        raise InputFileError("standard input: found binary data (NUL bytes) where a line of text was "
                             "expected: is it text?")


def skip_rest(inp, line: str) -> None:
    """Read on to the end of an over-long ``line`` (its start already read), so the next answer starts on the
    next line; a stream with no line end in NO_LINE_END characters (``/dev/zero``, a binary file), or NUL
    bytes in the line, raises InputFileError rather than reading on forever."""
    read = len(line)
    while line and not line.endswith("\n"):
        refuse_binary(line)
        if read > NO_LINE_END:
            raise InputFileError(f"standard input: no line end in {NO_LINE_END // (1 << 20)} MiB of input, "
                                 "where a line of text was expected: is it text?")
        line = inp.readline(1 << 16)
        read += len(line)


@contextmanager
def _ticking(interval: float):
    """A do-nothing SIGALRM every ``interval`` seconds while readline waits:
    it wakes readline's wait, which then handles a Ctrl-C that landed just
    before it began (readline looks at signals only when woken; the plain
    read waits in slices for the same reason, quizgen.ui.wait_for_line)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGALRM, lambda *_: None)
    signal.setitimer(signal.ITIMER_REAL, interval, interval)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
