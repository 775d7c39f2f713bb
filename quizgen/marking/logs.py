"""``log`` without a base, which the answer parser reads as ln: finding it in an
answer's maths, and the note that says so in the feedback (forms.py re-exports these)."""

from __future__ import annotations

import re

LOG_NOTE = "log is read as the natural log ln here"
"""Added to the feedback on an answer whose maths writes ``log`` without a base: log10 for ln
is the topic's main slip, so the reading is said, whatever the verdict."""
_BARE_LOG = re.compile(r"(?<![\w.])log(?![a-z_])", re.IGNORECASE)
_LOG_TAKES = re.compile(r"\s*(?:[(.\d]|(?:e|pi|π)(?!\w))", re.IGNORECASE)
"""What follows ``log`` when it is maths: a bracket, a number (``log 2``, ``log0.7``), e or pi."""


def bare_log(text: str, decimal_comma: bool = False) -> bool:
    """True when ``text`` takes a ``log`` without a base (``-log(0.7157)``,
    ``log 2``, ``log0.7``), which the parser reads as ln; not ``log10``, ``log2``,
    ``log(8, 2)``, whose comma gives a base (unless commas are decimal), nor the
    word in prose (``the natural log of that``: no bracket or number after it)."""
    for match in _BARE_LOG.finditer(text):
        rest = text[match.end():]
        if rest.startswith(("10", "2")) or not _LOG_TAKES.match(rest):
            continue   # log10(...), log2(...), or "log of it": a base, or a word
        rest = rest.lstrip()
        if not rest.startswith("(") or decimal_comma or not _has_base(rest):
            return True
    return False


def _has_base(brackets: str) -> bool:
    """Whether the bracket that ``brackets`` opens holds a comma at its own depth (``(8, 2)``)."""
    depth = 0
    for c in brackets:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return False
        elif c == "," and depth == 1:
            return True
    return False


def with_log_note(feedback: str) -> str:
    """``feedback`` with ``LOG_NOTE`` added (once), in its last sentence: "... so
    that it is positive; log is read as the natural log ln here." (never ".;")."""
    if LOG_NOTE in feedback:
        return feedback
    if feedback.endswith("."):
        return f"{feedback[:-1]}; {LOG_NOTE}."
    return f"{feedback}; {LOG_NOTE}" if feedback else LOG_NOTE


_LOG_E = re.compile(r"\\?log_\{?\s*e\s*\}?(?=\s*[(\d.])")
"""``log_e`` (also LaTeX's ``\\log_e``, ``\\log_{e}``), then its argument: the natural log, unambiguous."""
_LG = re.compile(r"(?<![\w.])\\?lg(?=\s*[(\d.])", re.IGNORECASE)
LG_REASON = ("not a number: 'lg' is log base 10 in some books and log base 2 in others, so quizgen does not read it: "
             "write ln (the natural log these losses take), log10 or log2")
"""Why ``lg(178)`` is refused: which base it means cannot be known."""


def natural_logs(text: str) -> str:
    """``text`` with ``log_e`` read as ``ln`` (``log_e(178)``: ``ln(178)``)."""
    return _LOG_E.sub("ln", text) if "log_" in text else text


def ambiguous_base(text: str) -> bool:
    """True when ``text`` takes an ``lg`` (``lg(178)``, ``lg 2``), whose base may be 10 or 2."""
    return _LG.search(text) is not None
