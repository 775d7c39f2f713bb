"""An answer that is carried rounding only from intermediates kept to fewer
figures than the policy's ``carried_figures`` (the right method, carried too
short): rounded too early, saying how many figures the working should keep,
and naming the student's own earlier answers when, written to fewer figures,
they recompute plainly to it; or, when a value near 1 kept short of 4 figures
of its difference from 1 reaches it too, that value (near_one.py: with
``carried_figures: 4``, C9's 1 + e^(-s) kept as 1.067 keeps 4 figures, and the
student is not told they kept fewer). A pure helper of rules.py."""

from __future__ import annotations

from quizgen.maths.tolerance import matches
from quizgen.marking.as_asked import carried_accepts
from quizgen.marking.carry import LEVELS, reachable
from quizgen.marking.early import expected
from quizgen.marking.near_one import near_one
from quizgen.marking.quotes import marked_from
from quizgen.marking.rule_model import Credits, PartRule, tolerance_kind
from quizgen.marking.sources import OWN_RECIPE_ERRORS, figures_asked


def carried_short(rule: PartRule, x: float, earlier: dict, env: dict, credits: Credits, written: dict,
                  figures: int | None = None) -> str:
    """Feedback when ``x`` (written to ``figures``) is carried rounding only from
    intermediates kept to fewer figures than the policy's ``carried_figures``
    (the right method, carried too short), judged at the figures asked as
    carried rounding is (as_asked.carried_accepts), else "". Names the earlier
    answers when the student's own, written to fewer figures, recompute plainly to ``x``."""
    keep = credits.carried_figures
    if keep <= LEVELS[0] or not carried_accepts(x, figures, rule.short_carried, rule.kind, rule.spec,
                                                tuple(t.value for t in rule.traps)):
        return ""
    paper = keep <= (figures_asked(rule.kind, rule.spec) or 0) + 1   # the paper asks a figure more than the answers
    asks = f"this {'paper' if paper else 'course'} asks you to keep at least {keep} in intermediate steps " \
           f"(expected {expected(rule)})"
    short = [s for s in rule.sources if earlier.get(s.name) is not None and (written.get(s.name) or keep) < keep]
    try:
        given = {s.name: (earlier[s.name],) for s in rule.sources}
        own = bool(short and env) and any(matches(x, v, rule.spec, tolerance_kind(rule))
                                          for v in reachable(rule.recipe, env, given, levels=()))
    except OWN_RECIPE_ERRORS:
        own = False
    if not own:   # the working's own steps carried short: which value, when one near 1 reaches it
        return near_one(rule, x, {s.name: earlier.get(s.name) for s in rule.sources}, written, figures) or \
            f"right if intermediate results are carried to fewer than {keep} significant figures; {asks}"
    figures = min(written[s.name] for s in short)
    return (f"{marked_from((s.label, earlier[s.name], written.get(s.name)) for s in rule.sources)}: right if "
            f"{' and '.join(s.label for s in short)} {'are' if len(short) > 1 else 'is'} carried as written, "
            f"to {figures} significant figure{'s' * (figures > 1)}; {asks}")
