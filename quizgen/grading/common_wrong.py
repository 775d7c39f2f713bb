"""Each part's most common wrong answer over the class, for the class report: many students
writing the same wrong number on a part nobody scored on is the sign of a wrong key or a
misprinted number, not of a topic untaught (report/flags.hard_reason says so)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter

from quizgen.key.status import Status
from quizgen.maths.tolerance import half_width
from quizgen.question_ids import norm_question
from quizgen.report.formatting import decimal_mark


def common_wrong(matrix, gone, comma: bool = False, rules: list | None = None) -> list:
    """Per slot of ``matrix`` (grading.matrix.VerdictMatrix), ``(value, students, code)``: the number
    most students answered wrongly (status incorrect), written as read (``9.99``; a decimal comma when
    ``comma``), how many wrote it and the trap it met ("" for none); None when no wrong answer was a
    number, or when the part's students hold more than one paper (per-student papers: each student's
    own numbers, so one value shared by many says nothing of the key). ``gone``: the student numbers
    left out of the class report's figures (absent, marked only by overrides, every answer blank).
    ``rules``, per slot the part's ``(tolerance rule, kind)`` (slot_rules), counts as one number the
    values its marking would take for the same answer (same_answers), else each value read is its own."""
    found = []
    for slot in range(len(matrix.slots)):
        papers = {matrix.papers[n] for n in range(len(matrix)) if matrix.on_paper(n, slot)}
        wrong = Counter((outcome.value, outcome.misconception) for n, outcome in enumerate(matrix.column(slot))
                        if outcome.status is Status.INCORRECT and outcome.value is not None and n not in gone)
        if len(papers) > 1 or not wrong:
            found.append(None)
            continue
        rule = rules[slot] if rules else None
        (value, code), count = min(same_answers(wrong, rule) if rule else wrong.items(),
                                   key=lambda item: (-item[1], item[0][0], item[0][1]))
        found.append((decimal_mark(_written(value), comma), count, code))
    return found


def same_answers(wrong: Counter, rule: tuple) -> list:
    """``wrong`` ({(value, trap code): students}) gathered as the part's marking would read them:
    each value, commonest first, takes in the values of its trap code within its window (the part's
    ``rule``, ``(tolerance, kind)``) not yet taken, as a key of that value would accept them, so 0.52,
    0.5203 and 0.5198 are one number at 3 significant figures. ``[((value, code), students)]``, each
    shown by its commonest value. Sorted values and bisection: a look per distinct value, not per pair."""
    tolerance, kind = rule
    by_code = {}
    for value, code in sorted(wrong):
        by_code.setdefault(code, []).append(value)
    taken, gathered = set(), []
    for (value, code), _ in sorted(wrong.items(), key=lambda item: (-item[1], item[0][0], item[0][1])):
        if (value, code) in taken:
            continue
        values, width = by_code[code], half_width(value, tolerance, kind)
        near = [v for v in values[bisect_left(values, value - width):bisect_right(values, value + width)]
                if (v, code) not in taken]
        taken.update((v, code) for v in near)
        gathered.append(((value, code), sum(wrong[v, code] for v in near)))
    return gathered


def slot_rules(key, slots: list) -> list:
    """Per slot (Slot: question id and part letter), its part's ``(tolerance rule, kind)`` in ``key``,
    the class paper's or the first paper's holding it; None for a word part or one the key lacks."""
    wanted = {(norm_question(slot.question_id), slot.part) for slot in slots}
    rules = {}
    for part_id, part in _parts(key):
        if part_id in wanted and part_id not in rules:
            rules[part_id] = (part.tolerance, part.kind)
            if len(rules) == len(wanted):   # a per-student key's papers share their templates' slots
                break
    found = [rules.get((norm_question(slot.question_id), slot.part)) for slot in slots]
    return [rule if rule and rule[1] != "word" else None for rule in found]


def _parts(key):
    """Every ``((question id, letter), part)`` of ``key``: the class paper's, then each paper's."""
    for questions in [key.questions, *(paper.questions for paper in key.papers)]:
        for question in questions:
            for part in question.parts:
                yield (norm_question(question.id), part.letter), part


def _written(value: float) -> str:
    """A number as its shortest exact decimal (``9.99``, ``0.000123``), never in exponent form."""
    text = repr(float(value))
    if "e" in text or "E" in text:
        text = format(value, ".15f").rstrip("0").rstrip(".")
        text = format(value, "f") if text in ("", "-0") else text
    return text[:-2] if text.endswith(".0") else text
