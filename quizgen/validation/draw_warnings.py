"""What validate says about a template's draws as a whole, beyond each draw's checks:
expressions that fail on some draws (those draws are thrown away unseen), a seed that
runs out of ``max_tries`` with the rejections spread or rare, and a percentage part
whose answers are shares of 1."""

from __future__ import annotations

from collections import Counter

from quizgen.bank.model import Template
from quizgen.generation.separation import clash_advice
from quizgen.marking.percent import percent_phrase
from quizgen.validation.problems import Problem, problem_at

FAILED = "an expression failed: "
"""How a draw thrown away by an expression's failure (division by zero, a log of 0) starts its message."""
FAILURE_WARN_SHARE = 0.01
FAILURE_MIN_COUNT = 3   # an expression that fails once in a few hundred draws is left to its author's guard
DOMINANT_SHARE = 0.5
"""A key that rejects at least this share of all draws is why a seed ran out; below it, max_tries is."""
PERCENT_MIN_SAMPLES = 20   # fewer draws with every answer in [0, 1] may be chance


def failing_expressions(template: Template, draws: int, rejections: list) -> list:
    """A warning at each key (a let, a constraint, an answer, a trap) whose expression
    failed on FAILURE_WARN_SHARE of the ``draws`` or more: those draws were thrown away,
    so some parameter values never reach a paper, and nothing else would tell the author."""
    failed = [r for r in rejections if str(r).startswith(FAILED)]
    warnings = []
    for where, count in sorted(Counter(r.where for r in failed).items()):
        if count >= FAILURE_MIN_COUNT and count / draws >= FAILURE_WARN_SHARE:
            reason = next(str(r) for r in reversed(failed) if r.where == where)[len(FAILED):]
            warnings.append(problem_at(template.path, where, (
                f"warning: {100 * count / draws:.0f}% of draws were thrown away because this expression failed "
                f"({reason}); those values never reach a paper: if that is not meant, keep such draws out with "
                "a constraint (or a trap's when), or write the expression so that it holds for every draw")))
    return warnings


def unsatisfiable(template: Template, label: str, seed_rejections: list, rejections: list, kept: int) -> Problem:
    """The problem of a seed none of whose ``max_tries`` draws passed, at the key most of
    them met. Where other seeds passed (``kept`` draws of all so far, ``rejections``
    theirs too), it names max_tries and the share of draws kept; a trap's advice to
    change it (it clashes "in most draws") only where that key rejects most draws."""
    (where, count), = Counter(r.where for r in seed_rejections).most_common(1)
    example = next(str(r) for r in reversed(seed_rejections) if r.where == where)
    clash = next(getattr(r, "clash", None) for r in reversed(seed_rejections) if r.where == where)
    head = f"no draw passed in {template.max_tries} tries (seed {label})"
    if not kept:
        return problem_at(template.path, where, f"{head}; {count} were rejected here: {example}{clash_advice(clash)}")
    draws = len(rejections) + kept
    share = sum(r.where == where for r in rejections) / draws
    dominant = share >= DOMINANT_SHARE
    failure = (1 - kept / draws) ** template.max_tries
    return problem_at(template.path, where if dominant or "max_tries" not in template.raw else ("max_tries",), (
        f"{head}, though {100 * kept / draws:.0f}% of the {draws} draws so far passed: with max_tries "
        f"{template.max_tries}, about one seed in {max(round(1 / failure), 1)} runs out; raise max_tries or loosen "
        f"the constraints (most of this seed's draws were rejected at {'.'.join(map(str, where))}, which rejects "
        f"{100 * share:.0f}% of all draws: {example}){clash_advice(clash) if dominant else ''}"))


def percent_shares(template: Template, samples: int, largest: dict) -> list:
    """A warning at each part its ask makes a percentage part ("in %") whose answer lay
    within 0 to 1 in every draw (``largest``: {part index: its largest size}) or by its
    ``range``: a student's ``23.3%`` for 0.233 is then marked as 0.233 per cent."""
    warnings = []
    for i, part in enumerate(template.parts):
        phrase = percent_phrase(part.ask) if part.kind != "word" else None
        declared = part.bounds is not None and None not in part.bounds and 0 <= part.bounds[0] <= part.bounds[1] <= 1
        seen = i in largest and samples >= PERCENT_MIN_SAMPLES and largest[i] <= 1
        if phrase and (declared or seen):
            why = "its range is within 0 to 1" if declared else f"its answer lay within 0 to 1 in all {samples} draws"
            warnings.append(problem_at(template.path, ("parts", i, "ask"), (
                f"warning: the ask's words {phrase!r} make this a percentage part, where 42.7 and 42.7% both read "
                f"as 42.7 per cent, but {why}: a share's 23.3% for 0.233 is then marked wrong; if the answer "
                "is a share, word the ask without asking for per cent (docs/templates.md)")))
    return warnings


WIDE_REACH = 0.5
"""A part's carried-rounding reach wider than this share of its answer (0.0999 to 0.210 for
0.1326 is 0.83): a careful marker's rule then accepts answers far off, as where two close
values are subtracted. Carrying 3 figures through a few steps reaches about 1%;
an output near 0 from a weighted sum (the example bank's C11 and C12 (c)) about 30%, which this
leaves unsaid."""


def wide_reach(template: Template, reach: dict) -> list:
    """A warning at each part whose carried-rounding reach (``reach``, marking.note_reach) was
    wider than WIDE_REACH of its answer on some draw: the question loses its figures to rounding."""
    warnings = []
    for i, (width, low, high, value, seed) in sorted(reach.items()):
        if width > WIDE_REACH:
            warnings.append(problem_at(template.path, ("parts", i, "answer"), (
                f"warning: an answer worked with intermediate results rounded to 3 significant figures can be "
                f"anything from {low:.4g} to {high:.4g} where the answer is {value:.4g} (seed {seed}), and grade "
                "accepts all of them as carried rounding: the working loses its figures (a difference of close "
                "values?); rewrite the part, or have the stem ask for more figures in intermediate results "
                "and the policy's carried_figures say so")))
    return warnings
