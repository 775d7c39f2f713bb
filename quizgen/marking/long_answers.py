"""What grade says of an answer too long to read: over MAX_REVIEW characters no person
is asked to read it, and a number part's answer over the parser's MAX_LENGTH is no number."""

from __future__ import annotations

from quizgen.maths.parser import MAX_LENGTH
from quizgen.wording import thousands

MAX_REVIEW = 2000   # a longer text is not an answer a person should be asked to read
LONG_FOR_A_NUMBER = f"not a number: over {MAX_LENGTH} characters, and no sentence"


def too_long(number: bool = False) -> str:
    """The reason of an answer over MAX_REVIEW characters (``number``: at a number part), its count
    grouped as the run writes counts (``thousands``)."""
    over = f"over {thousands(MAX_REVIEW)} characters"
    return f"not a number: {over}" if number else f"{over}: too long to be read as an answer"
