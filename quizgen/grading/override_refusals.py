"""The overrides lines grade refuses outright (exit 2, nothing written) rather
than warns of: a part no question of the key has (a typo, as a policy file's
unknown part is), and two lines deciding one answer with different marks (a
person's two decisions: picking one would drop the other unseen). An override
that matches no answer for other reasons (a student with no answers, another
section's, a question the key lacks) stays a warning: decisions.py."""

from __future__ import annotations

from quizgen.errors import InputFileError
from quizgen.wording import did_you_mean, printable, shortened
from quizgen.grading.override_answers import same_answer
from quizgen.question_ids import norm_part


def refuse_unknown_parts(overrides: list, index, source: str) -> None:
    """Refuse the first override whose part names no part of any question of
    ``index`` (a KeyIndex), by letter or by name, naming its line and the parts."""
    known = {name for entry in index.questions.values() for name in entry["parts"]}
    for override in overrides:
        written = override.part.strip()
        if written and norm_part(written) not in known:
            letters = sorted({letter for entry in index.questions.values() for letter in entry["letters"]})
            raise InputFileError(f"{source}: line {override.line}: part {shortened(printable(written))!r}: no "
                                 f"question of {index.name} has such a part (its parts: {', '.join(letters)})"
                                 f"{did_you_mean(norm_part(written), letters)}")


def refuse_conflict(earlier, later, part: str, source: str) -> None:
    """Refuse two overrides of one ``part`` (student, question and part as the key
    names them) that give it different marks or statuses for the same answer (either
    line with no answer cell counts as the same): lines for two different answers
    are an answer changed since (review adds a line for the new one), not a conflict."""
    if (earlier.score, earlier.unit, earlier.status) == (later.score, later.unit, later.status):
        return
    if earlier.answer is not None and later.answer is not None and not same_answer(earlier.answer, later.answer):
        return
    raise InputFileError(f"{source}: lines {earlier.line} and {later.line} decide {part} differently "
                         f"({_marks(earlier)}, then {_marks(later)}): keep the line meant and remove the other")


def _marks(override) -> str:
    """``score 1``, ``score 0.5 partial``: an override's mark and status as a message names them."""
    return f"{override.shown()}{f' {override.status}' if override.status else ''}"
