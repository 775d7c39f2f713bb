"""A verdict re-marked at once given the student's earlier answers, as
grade's ECF pass re-marks it after the pass (quizgen/grading/ecf_pass.py):
the drill and validate know those answers when they mark a part, so they
apply ECF, or a trap worked from the student's own answers, straight away.
Moved out of part_checker.py, which keeps the rules for one answer alone."""

from __future__ import annotations

from quizgen.key.status import Status
from quizgen.marking.forms import LOG_NOTE, with_log_note


def carried_forward(checker, verdict, values: dict, figures: dict | None = None):
    """``verdict`` (``checker``'s, a PartChecker), or the ECF verdict when the
    answer is right given the answers already given to the earlier parts (``values``: part name ->
    number; ``figures``: part name -> the significant figures it showed, so
    that feedback quotes it as written), as grade's ECF pass decides; the
    drill marks with it at once."""
    if verdict.status not in (Status.INCORRECT, Status.IMPRECISE) or verdict.value is None:
        return verdict
    recipe = checker.rule.recipe
    if recipe is None or any(values.get(name) is None for name in recipe.depends):
        return verdict
    earlier = {name: values[name] for name in recipe.depends}
    written = {name: (figures or {}).get(name) for name in recipe.depends}
    return keep_log_note(verdict, checker.remark(verdict.value, verdict.figures, earlier, written)
                         or _named_from_own(checker, verdict, values, figures))


def keep_log_note(before, after):
    """``after`` (ECF's verdict) with the LOG_NOTE of ``before`` (a Verdict or Outcome on the same answer)."""
    if LOG_NOTE in before.feedback and LOG_NOTE not in after.feedback:
        return after._replace(feedback=with_log_note(after.feedback))
    return after


def _named_from_own(checker, verdict, values: dict, figures: dict | None = None):
    """``verdict``, or the trap it is when worked from the student's own
    earlier answers: only for a plain incorrect or imprecise answer (no trap
    named, no credit for one): C8 (b) 0.5000, a copy of their own (a) 0.500,
    is that trap, not a rounding of the loss."""
    if verdict.status not in (Status.INCORRECT, Status.IMPRECISE) or verdict.misconception:
        return verdict
    return checker.own_trap(verdict.value, verdict.figures, values, figures) or verdict
