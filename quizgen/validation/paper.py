"""Issue 13's paper checks and issue 11's referee, as validate problems.

For one sampled instance: the SymPy referee (on every sampled draw; SymPy
reads a repeated printed text once, referee.py), the leak check on the problem
paper in Markdown and LaTeX, and the recompute check of every displayed ``=``
of the worked solution. Each finding becomes a :class:`Problem` located at the template key
it comes from (``stem``, ``figure``, ``solution.steps.2.work``, ``let.p``, ...),
so validate prints it as file:line: key: what is wrong."""

from __future__ import annotations

import re
from dataclasses import replace

from quizgen.generation.quiz import Question
from quizgen.generation.views import question_view
from quizgen.text.conventions import without_conventions
from quizgen.validation.leak_lines import first_line_showing
from quizgen.validation.leaks import question_leaks, targets_of, text_leaks
from quizgen.validation.problems import problem_at
from quizgen.validation.recompute import recompute_view
from quizgen.validation.referee import referee_instance
from quizgen.validation.referee_truths import truth_disagreements
from quizgen.wording import shortened
from quizgen.validation.working_end import working_end_problems

LEAK_FORMATS = ("md", "tex")
_FORMAT_NAMES = {"md": "Markdown", "tex": "LaTeX"}


def paper_problems(inst, referee: bool, unread: dict | None = None) -> list:
    """Every leak, every displayed step that does not recompute and (when
    ``referee``) every value SymPy disagrees with, for one instance; with ``unread``,
    the warning of each worked step it cannot read added there (``unread_warnings``)."""
    problems = referee_problems(inst) if referee else []
    views = {fmt: question_view(Question("Q1", inst), fmt) for fmt in LEAK_FORMATS}
    problems += leak_problems(inst, views)
    results = recompute_view(views["md"])
    problems += recompute_problems(inst, results)
    if unread is not None:
        _add_unread(inst, results, unread, f" (seed {inst.seed_label})")
    problems += working_end_problems(inst, views["md"])
    first = {}
    for problem in problems:
        first.setdefault(problem.key, problem)
    return list(first.values())


def leak_problems(inst, views: dict) -> list:
    """One problem per leak: a figure coordinate or a number in the problem
    text within tolerance of an answer (or, in a figure, of a trap)."""
    targets, path, problems = targets_of(inst), inst.template.path, []
    for fmt, view in views.items():
        for leak in question_leaks(view, targets, fmt):
            key = _leak_key(leak)
            name = "problem text" if leak.where == "text" else f"problem figure ({_FORMAT_NAMES[fmt]})"
            line = leak_line(inst, key, fmt, leak) if leak.where == "text" else None
            problems.append(problem_at(path, key, f"the {name} gives an answer away: {leak} "
                                                  f"(seed {inst.seed_label})", line))
    return problems


def leak_line(inst, key: tuple, fmt: str, leak):
    """The line inside the stem's (or an ask's) text that prints ``leak``'s number, or None
    (a leak on a stem's sixth line told there, not at ``stem: |``)."""
    source = inst.template.stem if key == ("stem",) else inst.template.parts[key[1]].ask
    if "\n" not in source.strip():
        return None
    hit = (lambda text: any(found.target == leak.target and found.shown == leak.shown
                            for found in text_leaks(without_conventions(text), [leak.target])))
    return first_line_showing(source, inst.context, fmt, hit)


def _leak_key(leak) -> tuple:
    """The template key a leak is printed from: the figure, the stem or a part's ``ask``."""
    if leak.where != "text":
        return ("figure",)
    return ("stem",) if leak.part is None else ("parts", leak.part, "ask")


def recompute_problems(inst, results: dict) -> list:
    """One problem per displayed step of the worked solution that does not
    hold for the numbers as shown, to the precision shown (``results``: recompute_view's)."""
    problems = []
    for where, result in results.items():
        for step in result.failures:
            problems.append(problem_at(inst.template.path, solution_key(where),
                                       f"a displayed step does not recompute: {step.left} = {step.right} "
                                       f"gives {step.computed:.6g} (seed {inst.seed_label}); {_advice(step)}"))
    return problems


def unread_warnings(inst) -> list:
    """A warning for each displayed ``=`` of the worked solution that the recompute check could not
    read though it is arithmetic (``\\sum_{i=1}^{3} i = 6``), or a computation shown with no value
    beside it in its span (a chain split across two spans): such a step passes unchecked, and the
    author should know it. Told at the line of the step's text that prints it. The sampled draws
    add theirs (``paper_problems``' ``unread``); one step is told once (``Problem.same``)."""
    found = {}
    _add_unread(inst, recompute_view(question_view(Question("Q1", inst), "md")), found)
    return list(found.values())


def _add_unread(inst, results: dict, found: dict, seed: str = "") -> None:
    """Into ``found``, by the step's form whatever its numbers, the warning of each step the recompute
    ``results`` left unread that ``found`` has not yet (its line is looked up once a step)."""
    for where, result in results.items():
        key = solution_key(where)
        for math, claim, reason in dict.fromkeys(result.unread):
            same = "|".join((".".join(map(str, key)), _NUMBER.sub("#", claim), _NUMBER.sub("#", reason)))
            if same in found:
                continue
            found[same] = replace(problem_at(inst.template.path, key, (
                f"warning: the worked step ${shortened(math, 120)}$ is not checked ({shortened(claim, 80)}: "
                f"{reason}){seed}; write it in the numbers, operators and functions validate reads "
                f"(docs/templates.md, \"Solution\"), or with a symbol where it is no arithmetic"),
                _math_line(inst, key, math)), same=same)


_NUMBER = re.compile(r"\d+(?:\.\d+)?")
"""A number of a step's text: the same step of two draws differs in its numbers alone."""


def _math_line(inst, key: tuple, math: str):
    """The line of the solution text at ``key`` that prints the math span ``math``, or None."""
    solution = inst.template.solution
    source = solution["steps"][key[2]]["work"] if key[1] == "steps" else solution[key[1]]
    if "\n" not in source.strip():
        return None
    return first_line_showing(source, inst.context, "md", lambda text: math in text)


def _advice(step) -> str:
    """What to do about a step that does not recompute: a result near what its inputs give is
    short of figures; one far from it (more than 1% off) is a wrong step."""
    if abs(step.computed - step.shown) <= 0.01 * max(abs(step.computed), abs(step.shown)):
        return "show its inputs with more significant figures, or compute it in a let from the values as shown"
    return ("its result is not what its inputs give (not a rounding: more than 1% off); check the step's working, "
            "and compute its result in a let from the values as shown")


def solution_key(where: str) -> tuple:
    """The template key of a part of the worked solution named by recompute_view."""
    if where.startswith("step "):
        return ("solution", "steps", int(where.split()[1]) - 1, "work")
    return ("solution", "verify" if where == "check" else where)


def referee_problems(inst) -> list:
    """One problem per exact value SymPy evaluates differently from the engine."""
    template, problems = inst.template, []
    parts = {part.name: i for i, part in enumerate(template.parts)}
    for line in referee_instance(inst):
        label = line.split("] ", 1)[-1]
        words = label.split(":", 1)[0].split()
        if words[0] == "let":
            key = ("let", words[1].split("[")[0])
        else:
            key = ("parts", parts.get(words[1], 0), "answer" if words[2] == "answer" else "traps")
        problems.append(problem_at(template.path, key, f"SymPy disagrees with the engine: {line}"))
    for key, line in truth_disagreements(inst):
        problems.append(problem_at(template.path, key, f"SymPy disagrees with the engine: {template.id} "
                                                       f"[{inst.seed_label}] {line}"))
    return problems
