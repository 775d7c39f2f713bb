"""Marking a sampled instance's whole paper from its template: ``part_rules``
prepares each part's rule (value, tolerance, traps, recipe, carried-rounding
intervals) and ``mark_paper`` marks a student's final answers with them.
Tests and template authors use this path; grade builds the same rules from
the key (quizgen/grading/careful.py) and marks one answer at a time."""

from __future__ import annotations

from fractions import Fraction

from quizgen.maths.numbers import key_answer
from quizgen.marking.carry import carried_sets, intervals
from quizgen.marking.forms import NUMBER, read_number
from quizgen.marking.percent import asks_percent
from quizgen.marking.recipes import part_paths
from quizgen.marking.rules import Credits, PartRule, TrapRule, mark_part, source_of


def part_rules(instance, trap_credit=None) -> dict:
    """Every part's ``PartRule`` for a sampled instance; ``trap_credit(part,
    code)`` gives a trap's template credit (default: the trap's ``credit``
    field in the template's YAML, else 0)."""
    template = instance.template
    paths = part_paths(template)
    sets = carried_sets(paths, instance.env)
    credit = trap_credit or _yaml_credit(template)
    rules = {}
    for pv in instance.parts:
        part, value = pv.part, (float(pv.value) if pv.value is not None else None)
        traps = tuple(TrapRule(t.code, float(t.value) if t.value is not None else None, t.feedback,
                               credit(part.name, t.code), tuple(t.words)) for t in pv.traps)
        recipe = paths.get(part.name)
        recipe = recipe if recipe is not None and recipe.depends else None
        sources = tuple(source_of(rules[d]) for d in recipe.depends) if recipe else ()
        carried = intervals(sets.get(part.name, ()), part.tolerance, part.kind) if value is not None else ()
        exact = pv.value if isinstance(pv.value, Fraction) else None
        written = key_answer(pv.value, part.kind, part.decimals or 0) if value is not None else ""
        rules[part.name] = PartRule(part.name, f"({pv.letter})", part.kind, value, dict(part.tolerance), traps,
                                    recipe, carried, tuple(pv.accept), asks_percent(part.ask), sources, exact,
                                    written)
    return rules


def _yaml_credit(template):
    table = {(p.get("name"), t.get("code")): float(t.get("credit", 0) or 0)
             for p in template.raw.get("parts", ()) or () for t in p.get("traps", ()) or ()}
    return lambda part, code: table.get((part, code), 0.0)


def earlier_values(rules: dict, answers: dict, decimal_comma: bool = False, written: dict | None = None) -> dict:
    """The student's final answers read as numbers (None when missing or
    unreadable); ``written``, when given, receives the significant figures
    each showed (for quoting it back as written)."""
    values, written = {}, {} if written is None else written
    for name, rule in rules.items():
        if rule.value is None:
            continue
        reading = read_number(answers.get(name), rule.percent, decimal_comma, rule.kind == "integer")
        values[name] = reading.value if reading.status == NUMBER else None
        written[name] = reading.figures
    return values


def mark_paper(rules: dict, answers: dict, env: dict, credits: Credits = Credits(),
               decimal_comma: bool = False) -> dict:
    """Every part of one student's paper: ``answers`` maps part -> final text."""
    written = {}
    earlier = earlier_values(rules, answers, decimal_comma, written)
    return {name: mark_part(rule, answers.get(name), earlier, env, credits, decimal_comma, written)
            for name, rule in rules.items()}
