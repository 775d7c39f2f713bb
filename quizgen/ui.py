"""What a person sees and types at a terminal: a progress bar on stderr while
a long run works, the wait for a line of input that a Ctrl-C always ends, and
text its console cannot encode shown as near as it can, never a traceback."""

from __future__ import annotations

import codecs
import os
import select
import sys

import click


def progress_bar(show: bool, length: int, label: str):
    """click's progress bar on stderr for a long run, when ``show`` and stderr
    is a terminal; otherwise a stand-in that prints nothing."""
    if show and sys.stderr.isatty():
        return click.progressbar(length=length, label=label, file=sys.stderr)
    return _SilentBar()


class _SilentBar:
    """A progress bar that shows nothing (pipes, logs, tests)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n: int, current_item=None) -> None:
        """Nothing to show (``current_item`` as click's progress bar takes it, so either serves)."""


WAIT_SLICE = 0.5   # seconds: how soon a Ctrl-C is honoured at the latest


def wait_for_line(stream) -> None:
    """On a terminal, wait for the next line in short slices before it is read:
    a Ctrl-C that lands just before a blocking read() would otherwise wait for
    the next key (CPython runs its handler only when a call is interrupted or
    returns). Pipes, files and Windows consoles are read at once."""
    try:
        if os.name == "nt" or not stream.isatty():
            return
        while not select.select([stream], [], [], WAIT_SLICE)[0]:
            pass
    except (AttributeError, ValueError, OSError):   # no fileno, a closed stream: read as before
        return


CONSOLE_ERRORS = "quizgen-console"
_SPACES = frozenset("\u00a0\u202f\u2009\u2007")   # the spaces that set thousands apart


def _console_fallback(error: UnicodeError):
    """A space for a no-break or thin space the console's code page lacks, ``?`` for any other character."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unencodable = error.object[error.start:error.end]
    return "".join(" " if char in _SPACES else "?" for char in unencodable), error.end


codecs.register_error(CONSOLE_ERRORS, _console_fallback)


def tolerant_console() -> None:
    """Let stdout and stderr write what their encoding lacks (a cp1252 console on
    Windows, output redirected there): a decimal-comma run's ``1\u202f200`` is
    ``1 200``, where stdout stopped with a UnicodeEncodeError after the outputs were written;
    under a strict UTF-8 locale a file name that is no UTF-8 (``r\\udce9s``) is ``r?s``. And let stdin read
    a byte its encoding does not (a cp1252 ``é`` piped to the drill under such a locale) as a C.UTF-8 locale
    does, escaped (``\\udce9``), which the drill names as a byte that is no UTF-8 text (docs/drill.md),
    never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure") and (_strict(stream) or not _utf8(stream)):
            stream.reconfigure(errors=CONSOLE_ERRORS)
    if hasattr(sys.stdin, "reconfigure") and _strict(sys.stdin):
        sys.stdin.reconfigure(errors="surrogateescape")


def _utf8(stream) -> bool:
    return (getattr(stream, "encoding", None) or "").lower().replace("-", "") == "utf8"


def _strict(stream) -> bool:
    """True when ``stream`` refuses what its encoding cannot say (C.UTF-8 locales escape it instead)."""
    return getattr(stream, "errors", None) == "strict"
