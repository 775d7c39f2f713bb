"""Checks over many seeds: each draw succeeds within ``max_tries`` and gives
a question that renders, and few enough draws are rejected that no seed
would run out of tries."""

from __future__ import annotations

from collections import Counter

from quizgen.bank.model import Template
from quizgen.errors import SamplingError
from quizgen.generation.quiz import seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.maths.answers import normalise_word
from quizgen.validation.ecf_routes import route_problems
from quizgen.validation.draw_warnings import failing_expressions, percent_shares, unsatisfiable, wide_reach
from quizgen.validation.instances import instance_problems
from quizgen.validation.marking import marking_problems
from quizgen.validation.paper import paper_problems
from quizgen.validation.problems import Report, problem_at
from quizgen.validation.steps import paths_once
from quizgen.validation.trap_leaks import numeric_leaks, trap_leak_problems

# A failure rate per seed above this means some generated quizzes would stop with an error.
MAX_FAILURE_RATE = 1e-4
# A trap that comes within tolerance of the answer (or another trap) on this share of draws or more
# gets a warning: those draws never reach a paper, so some parameter values silently never appear.
# The shipped bank's highest share is 2.4% (C8).
COINCIDE_WARN_SHARE = 0.10
COINCIDE_MIN_COUNT = 10   # fewer thrown-away draws is noise of a small --samples run, not a pattern
FIXED_MIN_SAMPLES = 20    # a yes/no answer the same in fewer draws may be chance
_YES_NO = frozenset(("yes", "no"))
# Draws per template marked by the real grader (validation/marking.py): about 8 ms each, mostly the
# carried-rounding sets, so 100 draws add about 0.8 s a template.
MARKING_DRAWS = 100


def check_samples(template: Template, samples: int, report: Report, found, referee: int = 0) -> None:
    """Sample ``samples`` seeds: each must succeed within max_tries, each
    instance must render, hold finite numbers, leak no answer, show a worked
    solution that recomputes and be marked as a careful marker would (the 3
    s.f. student correct, every trap named, never accepted: marking.py, on
    the first MARKING_DRAWS draws); the first ``referee`` draws are refereed by SymPy."""
    rejections, words, largest, recipe_paths, reach, numeric = [], {}, {}, paths_once(template), {}, {}
    unread = {}   # the worked steps a draw's recompute check could not read, one a step
    for k in range(samples):
        label = seed_label("validate", template.id, k)
        tried = len(rejections)
        try:
            inst = sample_instance(template, label, rejections)
        except SamplingError:
            found.add(unsatisfiable(template, label, rejections[tried:], rejections, report.samples))
            return
        report.samples += 1
        report.draws += len(rejections) - tried + 1
        for i, pv in enumerate(inst.parts):
            if pv.part.kind == "word":
                words.setdefault(i, set()).add(frozenset(map(normalise_word, pv.accept)))
            else:
                largest[i] = max(largest.get(i, 0), abs(float(pv.value)))
        problems = instance_problems(inst)
        found.add_all(problems)
        found.add_all(route_problems(inst))   # each ecf_also route gives the answer from right earlier answers
        if not problems:
            found.add_all(paper_problems(inst, referee=k < referee, unread=unread))
            found.add_all(trap_leak_problems(inst, numeric))   # a trap at an early part telling a later answer
            if k < MARKING_DRAWS:
                found.add_all(marking_problems(inst, recipe_paths, reach))
    if report.draws:
        found.add_all(_fragile(template, report, rejections))
        report.warnings += _coinciding_traps(template, report, rejections)
        report.warnings += failing_expressions(template, report.draws, rejections)
    report.warnings += _fixed_yes_no(template, report, words)
    report.warnings += percent_shares(template, report.samples, largest)
    report.warnings += wide_reach(template, reach)
    leaks, warnings = numeric_leaks(template.path, numeric, report.samples)
    found.add_all(leaks)
    report.warnings += warnings + list(unread.values())


def _most_common(rejections: list):
    (where, count), = Counter(r.where for r in rejections).most_common(1)
    return where, count, _last_example(rejections, where)


def _last_example(rejections: list, where) -> str:
    """The last rejection at ``where``, as text: an example for the message."""
    return next(str(r) for r in reversed(rejections) if r.where == where)


def _fragile(template: Template, report: Report, rejections: list) -> list:
    """A problem when so few draws pass that some seeds would run out of tries."""
    kept = report.samples / report.draws
    failure = (1 - kept) ** template.max_tries
    if failure <= MAX_FAILURE_RATE or not rejections:
        return []
    where, _, example = _most_common(rejections)
    return [problem_at(template.path, where, f"only {100 * kept:.1f}% of draws pass, so about one seed in "
                                           f"{max(round(1 / failure), 1)} would exhaust max_tries "
                                           f"({template.max_tries}); most are rejected here: {example}")]


def _fixed_yes_no(template: Template, report: Report, words: dict) -> list:
    """A warning at each yes/no part (it accepts yes or no alone) whose answer
    was the same in every one of at least FIXED_MIN_SAMPLES draws: every
    per-student paper then has one answer, which needs no working to write."""
    warnings = []
    for i, accepted in sorted(words.items()):
        answer = next(iter(accepted)) if len(accepted) == 1 else None
        if report.samples >= FIXED_MIN_SAMPLES and answer and len(answer) == 1 and answer <= _YES_NO:
            warnings.append(problem_at(template.path, ("parts", i, "accept"), (
                f"warning: this yes/no part's answer is {next(iter(answer))!r} in all {report.samples} draws, so "
                "every paper has the same answer, which a student can write without working or copy: draw "
                "which way it is asked, unless the mathematics fixes it (docs/templates.md, parts)")))
    return warnings


def _coinciding_traps(template: Template, report: Report, rejections: list) -> list:
    """A warning at each trap that came too close to the answer or to another
    trap on COINCIDE_WARN_SHARE of the draws or more, and at least
    COINCIDE_MIN_COUNT times (a trap equal to the answer for some parameter
    values): not a failure, but the author should know which values are
    being thrown away."""
    counts = Counter(r.where for r in rejections if len(r.where) == 4 and r.where[2] == "traps")
    warnings = []
    for where, count in sorted(counts.items()):
        share = count / report.draws
        if share >= COINCIDE_WARN_SHARE and count >= COINCIDE_MIN_COUNT:
            example = _last_example(rejections, where)
            warnings.append(problem_at(template.path, where, (
                f"warning: {100 * share:.0f}% of draws were thrown away because this trap came within tolerance "
                f"({example}); those values never reach a paper: if the trap equals the answer for some "
                "parameters, change it or add a constraint that keeps them apart")))
    return warnings
