"""What a question's own words promise a student, held against how its parts are
marked: the rounding its stem or a part's ask states ("to 3 significant figures",
"to 2 decimal places", "to the nearest whole number") must be the figures the
part's tolerance asks, and a logarithm's base must be said where an answer takes
one. Read from the template's text as written (rounding_phrases.py reads what
each rounding is said of); what the reader cannot tell is warned of, never refused."""

from __future__ import annotations

import math
import re

from quizgen.bank.model import Template
from quizgen.maths.numbers import fixed, significant
from quizgen.maths.tolerance import DEFAULT_SIGFIGS
from quizgen.maths.tree import Call, Name, children
from quizgen.validation.problems import problem_at
from quizgen.validation.rounding_phrases import roundings

HEADER_FIGURES = DEFAULT_SIGFIGS
"""The figures a paper's header asks of every decimal answer (templates/problems.*.j2)."""
_RULE = re.compile(r"\{\{-?\s*rounding_rule\s*-?\}\}")
_LOG_NAMES = frozenset(("log", "ln", "log10", "log2"))
_BASE_SAID = re.compile(r"natural\s+log|\\ln\b|\bln\b|log(?:arithms?)?\s+(?:to\s+)?base|base[\s-]*(?:e|2|10|two|ten)\b|"
                        r"\bnats?\b|\bbits?\b|\\log_|\blog_?(?:2|10)\b|common\s+log|binary\s+log", re.I)


def stated_rounding(text: str) -> list:
    """The roundings ``text`` states of an answer, in order: ``("sigfigs", 3)``,
    ``("places", 2)`` (``("places", 0)`` for the nearest whole number),
    ``("exact", None)``; a rounding of the working ("keep intermediate values to
    4 significant figures"), a denied one ("do not round to 2 decimal places") and
    ``{{ rounding_rule }}``, which states none, are not."""
    return [(r.kind, r.n) for r in roundings(text) if r.about == "answer"]


def stated_problems(template: Template) -> tuple:
    """``(problems, warnings)``: each numeric part whose stated rounding differs from
    the figures its tolerance asks (a problem at the line that states it: a student who
    rounds as told is marked otherwise), whose texts state none (a warning; on a paper
    its header's 3 significant figures stand, so a part asking other figures is a
    problem at its ask), a rounding the reader cannot tell is the answer's and that
    differs (a warning saying so), and whose answer takes a logarithm whose base no text
    says (a warning)."""
    problems, warnings = [], []
    stem = roundings(template.stem)
    lets = dict(template.lets)
    for i, part in enumerate(template.parts):
        if part.kind != "numeric" or part.answer is None:
            continue
        problem, warning = _rounding_findings(template, i, stem, roundings(part.ask))
        problems += [problem] if problem else []
        warnings += [warning] if warning else []
        if _takes_log(part.answer, lets) and not _BASE_SAID.search(template.stem + " " + part.ask):
            warnings.append(problem_at(template.path, ("parts", i, "answer"), (
                "warning: the answer takes a logarithm, and neither the stem nor this part's ask says its base "
                "(\"Use natural logarithms\", \"in bits\", \"log base 2\"): a paper's header says natural "
                "logarithms, but an LMS quiz and the drill show the question alone")))
    return problems, warnings


def _rounding_findings(template: Template, i: int, stem: list, ask: list) -> tuple:
    """``(problem, warning)`` (each None or one) for part ``i``'s stated rounding, read from its
    ask's roundings (which hold for it alone) or else the stem's."""
    part = template.parts[i]
    tolerance, asked = part.tolerance, _asked(part.tolerance)
    said = [("ask", r) for r in ask] + [("stem", r) for r in stem]
    answer = [(where, r) for where, r in said if r.about == "answer"]
    answer = [(where, r) for where, r in answer if where == answer[0][0]] if answer else []
    unclear = [(where, r) for where, r in said if r.about == "unclear"]
    if answer:
        fitting = [(where, r) for where, r in answer if _fits(asked, tolerance, r.kind, r.n)]
        if fitting:
            return None, _choice_warning(template, i, fitting, [r for _, r in answer])
        where, first = answer[0]
        words = " or ".join(_said((r.kind, r.n)) for _, r in answer if r.choice == first.choice) if first.choice \
            else _said((first.kind, first.n))
        return _at(template, i, where, first, (
            f"{_text(where)} says to give answers {words}, but part {part.name}'s tolerance "
            f"marks them {_said(asked)}{'' if tolerance else ' (the default)'}: a student who rounds as the text "
            f"says is marked otherwise; make the two say the same")), None
    if unclear:
        if any(_fits(asked, tolerance, r.kind, r.n) for _, r in unclear):
            return None, None
        where, first = unclear[0]
        return None, _at(template, i, where, first, (
            f"warning: {_text(where)} says \"{first.words}\", and validate cannot tell whether that is said of "
            f"part {part.name}'s answer or of something else (the working, a value given); the part's tolerance "
            f"marks answers {_said(asked)}: if it is the answer's rounding, make the two say the same; if not, "
            f"say how to round the answer (\"give the answer to ...\")"))
    return _unstated(template, i, [r for _, r in said if r.about == "working"])


def _choice_warning(template: Template, i: int, fitting: list, answer: list):
    """A warning when each rounding of the answer that part ``i``'s tolerance marks (``fitting``:
    ``(where, Rounding)``) is one of a choice the text offers ("to 3 s.f. or 2 d.p.") whose other
    rounding it marks otherwise; else None. A warning, not a problem: whether the other rounding
    is marked right depends on the value (2 d.p. of 12.345 shows 4 figures, of 0.679 two)."""
    if any(not r.choice for _, r in fitting):
        return None
    where, first = fitting[0]
    tolerance = template.parts[i].tolerance
    others = [r for r in answer if r.choice == first.choice and not _fits(_asked(tolerance), tolerance, r.kind, r.n)]
    if not others:
        return None
    return _at(template, i, where, first, (
        f"warning: {_text(where)} offers a choice, \"{first.choice}\", but part {template.parts[i].name}'s "
        f"tolerance marks answers {_said(_asked(tolerance))}{'' if tolerance else ' (the default)'}: a student who "
        f"gives them {_said((others[0].kind, others[0].n))} may be marked otherwise (as the value's size has it); "
        "say the one rounding the part is marked by"))


def _unstated(template: Template, i: int, working: list) -> tuple:
    """``(problem, warning)`` for part ``i``, whose stem and ask state no rounding of its answer."""
    part, asked = template.parts[i], _asked(template.parts[i].tolerance)
    aside = f"\"{working[0].words}\" is said of the working" if working else ""
    if asked not in (("sigfigs", HEADER_FIGURES), None):
        said = f" ({aside})" if aside else ""
        return problem_at(template.path, ("parts", i, "ask"), (
            f"the tolerance marks answers {_said(asked)}, but neither the stem nor this part's ask says so{said}, "
            f"and a paper's header asks {HEADER_FIGURES} significant figures: a student who gives those is "
            f"marked otherwise; say the rounding in the ask, or drop the tolerance")), None
    if _RULE.search(template.stem + part.ask):
        return None, None
    return None, problem_at(template.path, ("parts", i, "ask"), (
        "warning: neither the stem nor this part's ask says how to round its answer (\"Give answers to 3 "
        f"significant figures ({{{{ rounding_rule }}}})\"){f'; {aside}' if aside else ''}: a paper's header asks 3 "
        "significant figures, but an LMS quiz and the drill show the question alone"))


def _at(template: Template, i: int, where: str, rounding, message: str):
    """A finding at the line of the stem or of part ``i``'s ask that states ``rounding``."""
    keys = ("stem",) if where == "stem" else ("parts", i, "ask")
    return problem_at(template.path, keys, message, rounding.line)


def _text(where: str) -> str:
    return "the stem" if where == "stem" else "this part's ask"


def _asked(tolerance: dict):
    """The rounding a tolerance rule marks by, as ``stated_rounding`` writes one, or None (rtol)."""
    if "rtol" in tolerance:
        return None
    if "atol" in tolerance:
        places = asked_places(tolerance["atol"])
        return None if places is None else ("places", places)
    return ("sigfigs", tolerance.get("sigfigs", DEFAULT_SIGFIGS))


def asked_places(atol: float) -> int | None:
    """The decimal places an absolute window of half a unit there asks (0.005: 2), else None."""
    places = -math.log10(2 * atol) if atol > 0 else None
    return round(places) if places is not None and abs(places - round(places)) < 1e-9 else None


def _fits(asked, tolerance: dict, kind: str, n) -> bool:
    """Whether answers rounded as ``(kind, n)`` says are what ``tolerance`` marks correct."""
    if kind == "exact" or (asked is None and "rtol" in tolerance and kind == "sigfigs"
                           and tolerance["rtol"] >= 0.5 * 10.0 ** (1 - n)):
        return True
    return asked == (kind, n)


def _said(rounding) -> str:
    if rounding is None:
        return "by a relative or absolute window"
    kind, n = rounding
    if kind == "places":
        return "to the nearest whole number" if n == 0 else f"to {n} decimal place{'s' * (n != 1)}"
    return "exactly" if kind == "exact" else f"to {n} significant figure{'s' * (n != 1)}"


def _takes_log(node, lets: dict) -> bool:
    """Whether ``node`` calls a logarithm, itself or through the lets it reads (walked
    with a stack: a chain of a thousand lets is no deeper than one)."""
    stack, seen = [node], set()
    while stack:
        node = stack.pop()
        if isinstance(node, Call) and node.func.name in _LOG_NAMES:
            return True
        if isinstance(node, Name):
            name = node.name.split(".")[0]
            if name in lets and name not in seen:
                seen.add(name)
                stack.append(lets[name])
        else:
            stack += children(node)
    return False


def answer_as_asked(pv) -> str | None:
    """Part ``pv``'s answer rounded as its tolerance asks: to its ``sigfigs``, or to the
    places of an ``atol`` of half a unit there; None for a count, a word or ``rtol``."""
    tolerance = pv.part.tolerance
    if pv.value is None or pv.part.kind != "numeric" or "rtol" in tolerance:
        return None
    if "atol" in tolerance:
        places = asked_places(tolerance["atol"])
        return None if places is None else fixed(pv.value, places)
    return significant(pv.value, tolerance.get("sigfigs", DEFAULT_SIGFIGS))
