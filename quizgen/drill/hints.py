"""The drill's hints: the forecast, then one worked step at a time, offered
while a part is being answered only up to the first step that shows the answer
of a later part of the question (docs/drill.md, "At the prompt")."""

from __future__ import annotations

import re

from quizgen.maths.tolerance import matches

_NUMBER = re.compile(r"(?<![\w.^])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:e([-+]?\d+))?"
                     r"(?:\s*x\s*10\^\(?([-+]?\d+)\)?)?(?![\w^])")
"""A number as the plain-text steps print it: 0.6621, 18196, 30,000, 3.45e-05, 3.45 x 10^(-5)."""

_RESULT = re.compile(r"(?:=|~|<=|>=|<|>)\s*-?$")
"""What stands just before a number that a step states as a result (``|M| >= 1``, ``= 5``)."""


def all_hints(view: dict) -> list:
    """(label, text) for the forecast and each step of the worked solution, in order."""
    steps = [(f"Step {i}, {s['title']}", f"{s['why']}\n{s['work']}") for i, s in enumerate(view["steps"], 1)]
    return [("Forecast", view["forecast"])] + steps


def drill_hints(view: dict) -> list:
    """(label, text, the part names it states in words) for each hint the
    drill may offer: the steps, after the forecast unless the forecast states
    a part's answer (``forecast_shows`` in the template): no step builds on
    it, so it waits for the worked solution rather than hold every step back."""
    shows = [tuple(view.get("forecast_shows", ()))] + [tuple(s.get("shows", ())) for s in view["steps"]]
    hints = [(label, text, named) for (label, text), named in zip(all_hints(view), shows)]
    return hints[1:] if shows[0] else hints


def offered_hints(hints: list, records: list, current: int) -> list:
    """The (label, text) of the ``drill_hints`` that may be offered while part
    ``current`` (0 for (a)) of the key parts ``records`` is answered: those
    before the first one that shows the answer of a later part, by a number or
    by the parts it names."""
    later = {record.name for record in records[current + 1:]}
    offered = []
    for label, text, named in hints:
        if any(j > current for j in shown_parts(text, records)) or later.intersection(named):
            break
        offered.append((label, text))
    return offered


def no_more_hints(offered: int, start: int, every: int) -> str:
    """What ``h`` says when the part's ``offered`` hints (counted from ``start``,
    those seen before it) are all shown, of the question's ``every``."""
    if offered == every:
        return "No more hints: type s to see the whole solution with the answers."
    none = "No hint for this part" if offered == start else "No more hints for this part"
    return (f"{none}: the next step shows the answer to a later part. Answer this part first, or type s "
            "to see the whole solution.")


def shown_parts(text: str, records: list) -> set:
    """Indexes of the numeric parts whose answer ``text`` shows: a number the
    grader would accept for that part (within its tolerance, either sign) that
    is not also an answer of an earlier part (known by then). A whole-number
    part counts only a number stated as a result (after =, ~, <, >, <=, >=), as a
    small whole number turns up in working without being an answer (1 - 0.07)."""
    found = set()
    for number, result in _numbers(text):
        accepted = [i for i, record in enumerate(records) if _accepts(record, number)]
        if accepted and (result or records[accepted[0]].kind != "integer"):
            found.add(accepted[0])   # only the first part it answers: the later ones repeat a known value
    return found


def _accepts(record, number: float) -> bool:
    """Whether the grader would take ``number`` (or its negative) as the value of ``record``."""
    if record.kind == "word" or record.value is None:
        return False
    return any(matches(x, record.value, record.tolerance, record.kind) for x in (number, -number))


def _numbers(text: str):
    """Each number in ``text`` as (value, whether it is stated as a result)."""
    for match in _NUMBER.finditer(text):
        digits, exp, power = match.groups()
        value = float(digits.replace(",", "")) * 10.0 ** int(exp or 0) * 10.0 ** int(power or 0)
        yield value, bool(_RESULT.search(text[max(0, match.start() - 4):match.start()]))
