"""What a question's own words promise a student, held against how its parts are
marked: the rounding its stem or a part's ask states ("to 3 significant figures",
"to 2 decimal places", "to the nearest whole number") must be the figures the
part's tolerance asks, and a logarithm's base must be said where an answer takes
one. Read from the template's text as written, by a short list of phrasings."""

from __future__ import annotations

import math
import re

from quizgen.bank.model import Template
from quizgen.maths.numbers import fixed, significant
from quizgen.maths.tolerance import DEFAULT_SIGFIGS
from quizgen.maths.tree import Call, Name, children
from quizgen.validation.problems import problem_at

HEADER_FIGURES = DEFAULT_SIGFIGS
"""The figures a paper's header asks of every decimal answer (templates/problems.*.j2)."""
_COUNT = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_SIGFIGS = re.compile(r"\b(?:to|at)\s+" + _COUNT + r"\s+(?:significant\s+figures?|sig\.?\s*figs?\.?|s\.\s?f\.|sf\b)",
                      re.I)
_PLACES = re.compile(r"\b(?:to|at)\s+" + _COUNT + r"\s+(?:decimal\s+places?|d\.\s?p\.|dp\b)", re.I)
_WHOLE = re.compile(r"\bto\s+the\s+nearest\s+(?:whole\s+number|integer)\b", re.I)
_EXACT = re.compile(r"\b(?:give|write|state)\s+(?:it|them|the\s+\w+\s+)?\s*exactly\b|\bas\s+a\s+fraction\b|"
                    r"\bexact\s+(?:value|answer|fraction)\b", re.I)
_RULE = re.compile(r"\{\{-?\s*rounding_rule\s*-?\}\}")
# what a rounding said of the working, not of the answer: "round intermediate values to 4 significant figures"
_OF_WORKING = re.compile(r"intermediate|working|each step|every step|carry|keep", re.I)
_CLAUSE_END = re.compile(r"[.;:()]|\band\b|\bbut\b")
_LOG_NAMES = frozenset(("log", "ln", "log10", "log2"))
_BASE_SAID = re.compile(r"natural\s+log|\\ln\b|\bln\b|log(?:arithms?)?\s+(?:to\s+)?base|base[\s-]*(?:e|2|10|two|ten)\b|"
                        r"\bnats?\b|\bbits?\b|\\log_|\blog_?(?:2|10)\b|common\s+log|binary\s+log", re.I)


def stated_rounding(text: str) -> list:
    """The roundings ``text`` states of an answer, in order: ``("sigfigs", 3)``,
    ``("places", 2)`` (``("places", 0)`` for the nearest whole number),
    ``("exact", None)``; a rounding of the working ("keep intermediate values to
    4 significant figures") is not one, nor ``{{ rounding_rule }}``, which states none."""
    found = []
    for kind, pattern in (("sigfigs", _SIGFIGS), ("places", _PLACES)):
        found += [(m.start(), kind, _number(m.group(1))) for m in pattern.finditer(text) if not _of_working(text, m)]
    found += [(m.start(), "places", 0) for m in _WHOLE.finditer(text) if not _of_working(text, m)]
    found += [(m.start(), "exact", None) for m in _EXACT.finditer(text)]
    return [(kind, n) for _, kind, n in sorted(found)]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _of_working(text: str, match) -> bool:
    """Whether the clause a rounding sits in is about intermediate values, not the answer."""
    before = _CLAUSE_END.split(text[max(0, match.start() - 120):match.start()])[-1]
    after = text[match.end():match.end() + 40].lstrip()
    return bool(_OF_WORKING.search(before) or re.match(r"(?:in|for)\s+(?:the\s+)?(?:intermediate|working|each|every)",
                                                        after, re.I))


def stated_problems(template: Template) -> tuple:
    """``(problems, warnings)``: each numeric part whose stated rounding differs from
    the figures its tolerance asks (a problem: a student who rounds as told is
    marked otherwise), whose texts state none (a warning; on a paper its header's
    3 significant figures stand, so a part asking other figures is a problem), and
    whose answer takes a logarithm whose base no text says (a warning)."""
    problems, warnings = [], []
    stem = stated_rounding(template.stem)
    lets = dict(template.lets)
    for i, part in enumerate(template.parts):
        if part.kind != "numeric" or part.answer is None:
            continue
        ask = stated_rounding(part.ask)
        stated = ask or stem
        message = _differs(part.tolerance, stated)
        key = ("parts", i, "tolerance") if part.tolerance else ("parts", i, "ask")
        if message:
            problems.append(problem_at(template.path, key, message))
        elif not stated and not _RULE.search(template.stem + part.ask):
            warnings.append(problem_at(template.path, ("parts", i, "ask"), (
                "warning: neither the stem nor this part's ask says how to round its answer (\"Give answers to 3 "
                "significant figures ({{ rounding_rule }})\"): a paper's header asks 3 significant figures, "
                "but an LMS quiz and the drill show the question alone")))
        if _takes_log(part.answer, lets) and not _BASE_SAID.search(template.stem + " " + part.ask):
            warnings.append(problem_at(template.path, ("parts", i, "answer"), (
                "warning: the answer takes a logarithm, and neither the stem nor this part's ask says its base "
                "(\"Use natural logarithms\", \"in bits\", \"log base 2\"): a paper's header says natural "
                "logarithms, but an LMS quiz and the drill show the question alone")))
    return problems, warnings


def _differs(tolerance: dict, stated: list) -> str | None:
    """Why a part of ``tolerance`` cannot mark an answer rounded as ``stated`` says
    (the first of several must fit), or None."""
    asked = _asked(tolerance)
    if not stated:
        if asked not in (("sigfigs", HEADER_FIGURES), None):
            return (f"the tolerance marks answers {_said(asked)}, but neither the stem nor this part's ask says so, and a "
                    f"paper's header asks {HEADER_FIGURES} significant figures: a student who gives those is "
                    f"marked otherwise; say the rounding in the ask, or drop the tolerance")
        return None
    if any(_fits(asked, tolerance, kind, n) for kind, n in stated):
        return None
    return (f"the text asks for answers {_said(stated[0])}, but the tolerance marks them {_said(asked)}: a student who "
            f"rounds as the text says is marked otherwise; make the two say the same")


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
