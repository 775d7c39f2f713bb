"""Reading a failed TeX run: the first real error in its log, the line of
the .tex it happened on and that line's text, and the Debian package to
install when a standard file is missing; one line for the user (pdf.py
compiles, this module explains)."""

from __future__ import annotations

import re
from pathlib import Path

from quizgen.errors import LatexError
from quizgen.wording import shortened

PACKAGE_OF_FILE = {"tikz.sty": "texlive-pictures", "fancyhdr.sty": "texlive-latex-base",
                   "xcolor.sty": "texlive-latex-recommended"}
_FILE_LINE = re.compile(r"^(?:\./)?(?P<file>[^\s:]+):(?P<line>\d+): (?P<message>.*)$")
_CONTEXT_LINE = re.compile(r"^l\.(\d+) ")
_GENERIC = ("Emergency stop", "==> Fatal error occurred")
_MISSING_FILE = re.compile(r"File `([^']+)' not found")


def latex_failure(name: str, source: str, log: str) -> LatexError:
    """A LatexError for document ``name``: the log's first real error message,
    the line of the .tex it happened on, and that line's text."""
    message, line = first_error(log, Path(name).name)
    lines = source.splitlines()
    piece = set_piece(log)
    line = piece_line(lines, body_line(lines, line, log), piece)
    where = f"{name} line {line}" if line else name
    if piece and line and _inside(lines, line, piece[0]):
        qid, template, part = piece
        where += f" ({qid}'s stem" if part == "stem" else f" ({qid} {part}"
        where += f", template {template})"
    text = f"LaTeX failed on {where}: {message}"
    missing = _MISSING_FILE.search(message)
    if missing and "/" not in missing.group(1):   # a path is a template's own \input, not a package
        package = PACKAGE_OF_FILE.get(missing.group(1), "the Debian package that provides it")
        text += f" (install {package})"
    if line and 0 < line <= len(lines) and lines[line - 1].strip():
        shown = lines[line - 1].strip()
        text += f" -- the line reads: {shown[:100]}{'...' if len(shown) > 100 else ''}"
    return LatexError(text, document=name, log=log, template=piece[1] if piece and line else "")


_BODY_END = "\\end{qzquestion}"
_CONTEXT = re.compile(r"^<[^>]*> (.*)$")
_COMMAND = re.compile(r"\\[A-Za-z@]+")


def body_line(lines: list, line, log: str):
    """The line of an error inside a problem paper's question: TeX reads the question's body
    whole (an argument, so that it can be set again with less working space) and names the
    line of its ``\\end{qzquestion}``; the line above it, within the question, holding the
    command the log's context ends on (``<recently read> \\notamacro``) is the one meant."""
    if not line or not 0 < line <= len(lines) or not lines[line - 1].lstrip().startswith(_BODY_END):
        return line
    context = next((found.group(1) for found in map(_CONTEXT.match, log.splitlines()) if found), "")
    commands = _COMMAND.findall(context)
    if not commands:
        return line
    for number in range(line - 1, 0, -1):
        if commands[-1] in lines[number - 1]:
            return number
        if lines[number - 1].startswith("\\begin{qzquestion}"):
            break
    return line


_PIECE = re.compile(r"^quizgen-piece: (\S+) (\S+) (stem|\([a-z]+\))$")
_BEGIN = "\\begin{qzquestion}"


def set_piece(log: str):
    """(question id, template id, "stem" or "(b)") of the last piece of a question TeX began to set
    before it stopped (problems.tex.j2's ``\\qzwhere``), else None."""
    lines = log.splitlines()
    found = [_PIECE.match(_unwrap(raw, lines, i)) for i, raw in enumerate(lines) if raw.startswith("quizgen-piece: ")]
    found = [match.groups() for match in found if match]
    return found[-1] if found else None


def piece_line(lines: list, line, piece):
    """The first line of ``piece``'s text where ``line`` is its question's ``\\end{qzquestion}`` (the line
    TeX names for any error in the question's body, which it reads whole); else ``line``."""
    if not piece or not line or not 0 < line <= len(lines) or not lines[line - 1].lstrip().startswith(_BODY_END):
        return line
    marker = f"\\qzwhere{{{piece[2]}}}%"
    for number in range(line - 1, 0, -1):
        if lines[number - 1].startswith(_BEGIN):
            break
        if lines[number - 1].endswith(marker) and number < len(lines):
            return number + 1
    return line


def _inside(lines: list, line: int, qid: str) -> bool:
    """Whether ``line`` lies in question ``qid``'s block of the .tex."""
    start = next((n for n in range(min(line, len(lines)), 0, -1) if lines[n - 1].startswith(_BEGIN)), None)
    return start is not None and lines[start - 1].startswith(f"{_BEGIN}{{{qid}}}")


def first_error(log: str, tex_name: str) -> tuple:
    """(message, line in ``tex_name`` or None) of the first error in a LaTeX log."""
    lines = log.splitlines()
    for i, raw in enumerate(lines):
        found = _FILE_LINE.match(raw)
        if raw.startswith("! "):
            message = raw[2:]
        elif found and not found.group("message").lstrip().startswith(_GENERIC):
            message = found.group("message")
        else:
            continue
        message = _unwrap(message, lines, i).strip()
        if found and Path(found.group("file")).name == tex_name:
            return message, int(found.group("line"))
        return message, _context_line(lines, i, tex_name)
    fallback = next((l for l in lines if _FILE_LINE.match(l) or l.startswith("!")), "")
    return (fallback.strip() or silent_failure(lines)), None


def silent_failure(lines: list) -> str:
    """What to say of a TeX run that failed without an error message: the reason latexmk gives
    (its ``*`` line), else the output's last line, quoted, since its log may not be kept (a
    feedback sheet's is not) or may be latexmk's own output, not TeX's."""
    said = [line.strip() for line in lines if line.strip().strip("-")]
    reason = next((line[1:].strip() for line in said if line.startswith("*")), None)
    if reason:
        return f'pdflatex stopped without an error message; latexmk says: "{shortened(reason, 120)}"'
    if said:
        return f'pdflatex stopped without an error message; its output ends: "{shortened(said[-1], 120)}"'
    return "pdflatex stopped without an error message or any output"


def _unwrap(message: str, lines: list, index: int) -> str:
    """TeX breaks log lines at 79 characters; join a message that was broken."""
    raw = lines[index]
    while len(raw) == 79 and index + 1 < len(lines):
        index += 1
        raw = lines[index]
        message += raw
    return message


def _context_line(lines: list, start: int, tex_name: str):
    """The line number TeX shows after an error (``l.42 ...`` or ``name.tex:42:``)."""
    for raw in lines[start:start + 30]:
        context = _CONTEXT_LINE.match(raw)
        if context:
            return int(context.group(1))
        found = _FILE_LINE.match(raw)
        if found and Path(found.group("file")).name == tex_name:
            return int(found.group("line"))
    return None
