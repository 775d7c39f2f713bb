"""Why an answer is no number, in the words graded.csv and the feedback give: the
parser's message said once, quoting the student's own text (``unread_reason``); and
an expression whose floats lost its value, which a person reads (``CANCELLED_REASON``)."""

from __future__ import annotations

import re

from quizgen.cells import quoted_as_shown
from quizgen.errors import ExpressionError
from quizgen.marking import logs as _logs
from quizgen.maths.answer_floats import CANCELLED


CANCELLED_REASON = "an expression whose terms cancel past the digits the grader works to: a person works out its value"
"""Why an expression whose value was lost where its terms cancel (``maths.answer_floats.CANCELLED``) awaits a
person: its float may be far from its value, so no verdict is given on it."""


def lost_to_cancellation(exc: ExpressionError) -> bool:
    """Whether ``exc`` refuses an expression whose value its floats lost (``CANCELLED_REASON``)."""
    return str(exc) == CANCELLED


_UNPARSED = "not a valid expression: "   # the parser's words for text it cannot read (maths/parser.py)


_QUOTED = re.compile(r"(?P<quoted>'.*'|\".*\")(?P<tail>[^'\"]*)", re.DOTALL)   # the parser's quote, then "; a bracket ..."


def unread_reason(exc: ExpressionError, written: str = "") -> str:
    """Why an answer is no number, said once: the parser's "not a valid
    expression: '0.71o'" becomes "not a number or an expression quizgen reads:
    '0.71o'", not "not a number: not a valid expression: ..."; quoting
    ``written``, the student's own text, when given, never the parser's
    rewriting of it (``10**{-5}`` for ``10^{-5}``), as the answer column shows
    it (a NUL as U+FFFD: cells.quoted_as_shown). An ``lg`` is refused saying why:
    its base may be 10 or 2 (``logs.LG_REASON``)."""
    message = str(exc)
    if _logs.ambiguous_base(written):   # lg(178): base 10 or base 2?
        return _logs.LG_REASON
    if message.startswith(_UNPARSED):
        quoted = _QUOTED.fullmatch(message[len(_UNPARSED):])
        if written and quoted:
            return f"not a number or an expression quizgen reads: {quoted_as_shown(written.strip())}{quoted['tail']}"
        return "not a number or an expression quizgen reads: " + message[len(_UNPARSED):]
    if message.endswith(" is not a number"):
        return "not a number: " + message[:-len(" is not a number")]
    if " is not a number: " in message:   # what was written, then what to write instead
        return "not a number: " + message.replace(" is not a number: ", ": ", 1)
    return f"not a number: {message}"
