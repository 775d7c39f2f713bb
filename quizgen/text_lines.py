"""A text's lines as the csv module is given them, one at a time: a large
input (an LMS download of 130 MB) split without a second copy of it.
Imports nothing, so every layer may use it."""

from __future__ import annotations


def text_lines(text: str):
    """The lines of ``text`` with their ends, one at a time, split where
    ``io.StringIO(text, newline="").readlines()`` splits (``\\n``, ``\\r\\n``, a
    lone ``\\r``; not the other breaks str.splitlines knows), without its copy
    of the whole text (4 bytes a character) or a list of every line. Each
    character is looked at once: the next ``\\n`` is found once for the lines
    before it (a file of ``\\r`` line ends has none), a ``\\r`` looked for up to it."""
    start, newline = 0, text.find("\n")
    while start < len(text):
        if 0 <= newline < start:
            newline = text.find("\n", start)
        stop = newline if newline >= 0 else len(text)
        cr = text.find("\r", start, stop)
        if cr >= 0:
            end = cr + 2 if cr + 1 == newline else cr + 1
        else:
            end = stop + 1 if newline >= 0 else stop
        yield text[start:end]
        start = end
