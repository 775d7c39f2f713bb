"""The words of carried rounding's feedback, in one place for grade and the
drill: the acceptance, its Canvas variant (0.63 may have been typed 0.630),
and the clause naming the key's unrounded answer, which the drill leaves
out when its "Correct:" line has just shown that answer."""

from __future__ import annotations

CARRIED_ACCEPTED = "accepted: consistent with carrying rounded intermediate results "
FIGURES_UNSEEN = ("accepted: the figures typed could not be checked (Canvas drops trailing zeros), and the value "
                  "is within what rounding intermediate results allows ")
"""The feedback of carried rounding, and its words when the LMS rewrote the
figures typed (a Canvas download)."""
ZEROS_UNSEEN = ("accepted: the figures typed could not be checked (a spreadsheet that saved the download again "
                "drops the zeros at the end of a number), and the value is the answer ({right} to {asked} "
                "significant figures)")
"""The feedback on the right answer with its end zeros left off in a Moodle download a spreadsheet
saved again (grading/resaved_zeros.py), which ``trailing_zeros: optional`` words
as ZEROS_ACCEPTED (marking/early.py)."""


def unrounded_clause(answer: str) -> str:
    """The clause that ends carried rounding's feedback: the key's answer from unrounded values."""
    return f"(from unrounded values the answer is {answer})"


def without_unrounded(text: str, answer: str) -> str | None:
    """``text`` (carried rounding's feedback) without its closing clause when
    that names ``answer``, else None (another answer, or no such clause)."""
    clause = unrounded_clause(answer)
    if not text.endswith(clause):
        return None
    text = text[:-len(clause)]
    return text[:-1] if text.endswith(" ") else text
