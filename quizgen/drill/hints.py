"""The drill's hints: for the part being answered, the forecast (once per
question), then the steps that part needs, the step that works out its answer
given first as its method (title and why) and only on a further ``h`` as its
working; never a step that shows the answer of a later part of the question
(docs/drill.md, "At the prompt")."""

from __future__ import annotations

import re
from dataclasses import dataclass

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


@dataclass
class PartHints:
    """The hints offered while one part is asked: ``hints`` as (label, text);
    ``held``: whether a step this part needs waits because it shows the
    answer of a later part; ``last``: whether no later part has steps of its own."""

    hints: list
    held: bool
    last: bool


def step_owners(view: dict, records: list) -> list:
    """The index of the part each step of ``view`` works towards: the latest
    part whose answer it states (by a number, or by ``shows:``); a step that
    states none prepares the next one that does (one after them all, the last
    part). The steps after the first that states the last part's answer conclude the
    question and prepare no part (C5's "Decide what training does", after (d)'s
    answer): their index is ``len(records)``, and they are no part's hints."""
    stated = [_stated_parts(f"{s['why']}\n{s['work']}", s["shows"], records) for s in view["steps"]]
    owners = [max(parts, default=None) for parts in stated]
    following = len(records) - 1
    for i in reversed(range(len(owners))):
        owners[i] = following = following if owners[i] is None else owners[i]
    final = len(records) - 1
    answering = [i for i, parts in enumerate(stated) if owners[i] == final and final in parts]
    end = answering[0] + 1 if answering else len(owners)
    return owners[:end] + [len(records)] * (len(owners) - end)


def forecast_owner(view: dict, owners: list):
    """The part the forecast speaks of: the latest whose own steps quote a number
    it quotes that the question does not give (C10's range of per-position losses
    belongs to (b), the loss, not to (a), the count; the latest, so that no later
    part's working is quoted early), or None for a forecast of the whole question.
    Given numbers do not count, as the steps repeat them (C7's score s = -0.95 is
    in (a)'s step), nor do whole numbers: a 1 or a 5 is in every step (C1's
    "below ln 5" was given to (a), whose step quotes e^1)."""
    given = _fractional(" ".join([view["stem"]] + [part["ask"] for part in view["parts"]]))
    quoted = _fractional(view["forecast"]) - given
    return max((owner for step, owner in zip(view["steps"], owners)
                if quoted & _fractional(f"{step['why']}\n{step['work']}")), default=None)


def _fractional(text: str) -> set:
    """The numbers of ``text`` that are not whole numbers."""
    return {value for value, _ in _numbers(text) if value != int(value)}


def part_hints(view: dict, records: list, current: int, forecast_seen: bool) -> PartHints:
    """The hints for part ``current`` (0 for (a)) of the key parts ``records``:
    the forecast unless already seen, about a later part (:func:`forecast_owner`;
    from that part on it is offered until asked for) or stating a part's answer,
    then the steps that part needs (:func:`step_owners`), the one stating its answer
    split into its method and its working, up to any that shows a later answer."""
    owners = step_owners(view, records)
    candidates = []
    if not forecast_seen and (forecast_owner(view, owners) or 0) <= current \
            and not view["forecast_shows"] and not shown_parts(view["forecast"], records):
        candidates.append(("Forecast", view["forecast"], ()))
    for i, (step, owner) in enumerate(zip(view["steps"], owners), 1):
        if owner == current:
            candidates += _step_hints(i, step, records, current)
    hints, held = _before_later_answers(candidates, records, current)
    own_steps = any(owner == current for owner in owners)
    later_steps = any(current < owner < len(records) for owner in owners)
    return PartHints(hints, held or (not own_steps and later_steps), not later_steps)


def _step_hints(number: int, step: dict, records: list, current: int) -> list:
    """(label, text, parts named) for one step: whole if it prepares the part,
    else its method first and then its working, which states the answer."""
    title = f"Step {number}, {step['title']}"
    if current not in _stated_parts(step["work"], step["shows"], records):
        return [(title, f"{step['why']}\n{step['work']}", step["shows"])]
    return [(title, step["why"], ()), (f"Step {number} worked out", step["work"], step["shows"])]


def _before_later_answers(candidates: list, records: list, current: int) -> tuple:
    """The (label, text) of ``candidates`` before the first that shows the
    answer of a part after ``current`` (by a number, or by the parts it
    names), and whether one did."""
    later = {record.name for record in records[current + 1:]}
    for k, (label, text, named) in enumerate(candidates):
        if any(j > current for j in shown_parts(text, records)) or later.intersection(named):
            return [(lbl, txt) for lbl, txt, _ in candidates[:k]], True
    return [(lbl, txt) for lbl, txt, _ in candidates], False


def _stated_parts(text: str, named, records: list) -> set:
    """Indexes of the parts whose answer ``text`` states: by a number, or
    in words as the template's ``shows:`` list ``named`` says."""
    return shown_parts(text, records) | {i for i, record in enumerate(records) if record.name in named}


def no_more_hints(part: PartHints) -> str:
    """What ``h`` says once the part's hints are all shown."""
    if part.held:
        none = "No more hints for this part" if part.hints else "No hint for this part"
        return (f"{none}: the next step shows the answer to a later part. Answer this part first, or type s "
                "to see the whole solution.")
    if part.last:
        return ("No more hints: every step towards an answer is shown. Answer it, or type s to see the whole "
                "solution with the answers (a skip counts as a miss).")
    return ("No more hints for this part: its steps are all shown. Answer it, or type s to see the whole "
            "solution.")


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
