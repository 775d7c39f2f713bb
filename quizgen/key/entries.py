"""Key entries from generated instances: a question instance becomes a
:class:`KeyQuestion` (kept on the question), and its key.json record and
key.csv rows are encoded once (in a worker process with ``--jobs``).

Per-student keys share what the instances of a template have in common:
each template's part specs are taken from its canonical instance (the same
in every process, so the output is the same for any ``--jobs``); an instance
whose specs equal them shares the very objects, and its record carries only
its own values and the texts that differ (see quizgen/key/compact.py)."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from quizgen.bank.budget import NESTING, limit_error
from quizgen.bank.texts import located_error
from quizgen.bank.yamlfile import locate_line
from quizgen.cells import spreadsheet_safe
from quizgen.errors import BankLimitError, InputFileError, QuizgenError, TemplateError
from quizgen.key.checks import Where
from quizgen.key.work_caps import check_params, recipe_texts
from quizgen.generation.plan import from_yaml
from quizgen.generation.sampling import canonical_instance
from quizgen.key.compact import instance_record, template_record
from quizgen.key.recipes import RECIPE_LIMIT, KeyRecipe
from quizgen.key.model import DEFAULT_TOLERANCE, KeyPart, KeyQuestion, PartSpec, Trap
from quizgen.marking.percent import asks_percent
from quizgen.marking.recipes import alternative_recipes, part_paths, recipe_text, trap_recipes
from quizgen.key.record_fields import record_field_read
from quizgen.maths.draw_numbers import exact_in_numbers
from quizgen.maths.exact import Exact, to_float
from quizgen.maths.printing import terminating_decimal, to_text
from quizgen.text.render import names_read
from quizgen.text.repeats import render_repeated

_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))


def dump(value) -> str:
    """``value`` as JSON text (records are trees made here: no cycles to look for)."""
    return _ENCODER.encode(value)


class KeyText(NamedTuple):
    """A question's key, encoded: its key.json record, its key.csv lines (CSV
    text, no student id), and its template's shared record (one string per
    template per process)."""

    record: str
    csv: str
    template: str
    template_record: str
    values: tuple = ()   # (exact form, value) of each numeric part, for key.json's digest (key.exact_check)
    ecf_credit: float = 1.0   # its template's, for key.json's version (question_fields.version_with)


def csv_text(rows) -> str:
    """``rows`` as key.csv lines, every text cell guarded (``spreadsheet_safe``): a bank's
    accepted word ``=HYPERLINK(...)`` or an exact form ``-log(0.7)`` is text, not a formula."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows([spreadsheet_safe(c) if c.__class__ is str else c for c in row]
                                                       for row in rows)
    return buffer.getvalue()


def json_params(value):
    """Parameter values as JSON: whole numbers as ints, finite decimals as
    numbers, other exact values as SymPy-syntax text."""
    cls = value.__class__
    if cls is str:
        return value
    if cls is dict:
        return {k: json_params(v) for k, v in value.items()}
    if cls is tuple or cls is list:
        return [json_params(v) for v in value]
    if cls is Fraction:
        if value.denominator == 1:
            return value.numerator
        decimal = terminating_decimal(value)
        return float(decimal) if decimal is not None else f"{value.numerator}/{value.denominator}"
    if isinstance(value, Exact):
        return to_text(value)
    return value


def trap_feedback(inst, parts) -> list:
    """The rendered feedback of every trap of ``parts``, one list per part, in
    one render call, each distinct filling once a run (the questions of a template repeat them)."""
    texts = render_repeated([trap.feedback for pv in parts for trap in pv.traps], inst.context, "text")
    lists, start = [], 0
    for pv in parts:
        lists.append(texts[start:start + len(pv.traps)])
        start += len(pv.traps)
    return lists


def part_spec(pv, points: float, feedback) -> PartSpec:
    """What the part ``pv`` of an instance is (name, kind, points, rule, words, traps)."""
    template = {trap.code: trap for trap in pv.part.traps}   # its credit and name, as the template gives them
    traps = tuple(Trap(trap.code, text, tuple(trap.words), credit=template[trap.code].credit,
                       name=template[trap.code].name) for trap, text in zip(pv.traps, feedback))
    return _spec(pv.part, pv.letter, points, pv.accept, traps, pv.choices)


def _spec(part, letter: str, points: float, accept, traps: tuple, choices: int | None = None) -> PartSpec:
    if part.kind == "word":
        return PartSpec(letter, part.name, "word", round(points, 4), None, {}, tuple(accept), traps,
                        choices=choices)
    return PartSpec(letter, part.name, part.kind, round(points, 4), part.decimals,
                    dict(part.tolerance) or dict(DEFAULT_TOLERANCE), (), traps, _asks_percent(part.ask),
                    bounds=part.bounds, units=part.units)


_asks_percent = lru_cache(maxsize=4096)(asks_percent)
"""``asks_percent`` of a part's ask text, remembered per text (the same few
texts come back with every instance of a template)."""


def key_part(pv, inst, points: float, feedback=None, spec: PartSpec | None = None) -> KeyPart:
    """The key part of ``pv`` in the instance ``inst``: ``feedback`` is its traps'
    rendered feedback when already at hand, ``spec`` a shared spec it equals."""
    if spec is None:
        spec = part_spec(pv, points, trap_feedback(inst, [pv])[0] if feedback is None else feedback)
    values = tuple(None if trap.value is None else to_float(trap.value) for trap in pv.traps)
    if pv.part.kind == "word":
        return KeyPart(spec, pv.written, None, None, values)
    return KeyPart(spec, pv.written, to_text(pv.value), to_float(pv.value), values)


def key_entry(question) -> KeyQuestion:
    """The key of one question (a generation ``Question``): everything the
    grader needs, kept on the question."""
    if question.entry is None:
        try:
            question.entry = _make_entry(question)
        except TemplateError as exc:
            raise located_error(question.instance, "text", exc) from exc
    return question.entry


_E = re.compile(r"(?<![\w.])E(?![\w(])")


def csv_exact(exact: str | None) -> str:
    """An exact answer as key.csv's ``exact`` column writes it: SymPy syntax (``log`` the natural
    logarithm), e written ``exp(1)`` beside ``exp(4)`` rather than SymPy's ``E`` (SymPy reads both
    as E); key.json keeps the printer's text."""
    return _E.sub("exp(1)", exact) if exact else ""


def _exact_shown(part: KeyPart, pv, env: dict) -> str | None:
    """The exact form key.csv writes for ``part``: the answer expression in the draw's numbers
    where the solutions print that ("exactly (1 - 0.07)^6"), else key.json's exact text."""
    shown = exact_in_numbers(pv, part.answer, env) if part.exact is not None else None
    return part.exact if shown is None else to_text(shown)


def key_text(question) -> KeyText:
    """The question's key encoded (:class:`KeyText`), kept on the question."""
    if question.key is None:
        entry = key_entry(question)
        shared = template_specs(question.instance.template)
        inst = question.instance
        rows = [[entry.id, p.letter, entry.cls, p.answer, p.points, entry.template, csv_exact(_exact_shown(p, pv, inst.env))]
                for p, pv in zip(entry.parts, inst.parts)]
        picks = choice_picks(entry.params, shared[3])
        record = instance_record(entry, shared[1], picks, shared[4])
        values = tuple((p.exact, p.value) for p in entry.parts if p.value is not None)
        question.key = KeyText(dump(record), csv_text(rows), entry.template, shared[0], values, entry.ecf_credit)
    return question.key


def _make_entry(question) -> KeyQuestion:
    inst = question.instance
    template = inst.template
    _, shared, recipes, _, variants, recipe_count = template_specs(template)
    points = template.part_points()
    parts = []
    for i, (pv, texts) in enumerate(zip(inst.parts, trap_feedback(inst, inst.parts))):
        known = (shared[i],) + variants[i] if i < len(shared) else ()
        spec = next((spec for spec in known if _same_texts(pv, texts, spec)), None) or part_spec(pv, points[i], texts)
        parts.append(key_part(pv, inst, points[i], spec=spec))
    entry = KeyQuestion(question.id, template.id, template.cls, template.title, template.points,
                        inst.seed_label, json_params(inst.params), tuple(parts), recipes,
                        template.ecf_credit)
    try:   # grade refuses a key past key/work_caps.py's caps: the template is refused now, not its key then
        check_params(entry.params, recipe_count, lambda: Where(f"its key (draw {inst.seed_label})"))
    except InputFileError as exc:
        raise BankLimitError(str(exc), path=template.path) from None
    return entry


def _same_texts(pv, feedback, spec: PartSpec) -> bool:
    """True when the part ``pv`` of an instance, with its traps' rendered
    ``feedback``, has the spec ``spec`` of its template's canonical instance:
    all else in a spec comes from the template, so only the letter and what is
    rendered per instance (accepted words, choices, trap feedback and words) are
    compared (``part_spec(...) == spec`` without building the instance's spec)."""
    if pv.letter != spec.letter or tuple(pv.accept) != spec.accept or len(pv.traps) != len(spec.traps) \
            or pv.choices != spec.choices:
        return False
    return all(text == trap.feedback and tuple(mine.words) == trap.words and mine.code == trap.code
               for mine, text, trap in zip(pv.traps, feedback, spec.traps))


_SHARED = {}


def template_specs(template) -> tuple:
    """``(record JSON text, part specs, recipes, choice places, part variants, recipe texts)``
    that the instances of ``template`` share: those of its canonical instance
    (the raw template texts if the canonical parameters fail), its ECF
    recipes, where each option of a choice parameter written once stands
    (``choice_options``), each part's variants (``part_variants``) and how many
    texts its recipes evaluate (``work_caps.recipe_texts``); made once per process."""
    found = _SHARED.get((template.id, template.path))
    if found is None:
        points, options = template.part_points(), choice_options(template)
        try:
            specs = _canonical_specs(template, points)
            variants = part_variants(template, points, specs, options)
        except QuizgenError:
            specs = tuple(_raw_spec(part, chr(ord("a") + i), points[i]) for i, part in enumerate(template.parts))
            variants = ((),) * len(specs)
        recipes = template_recipes(template)
        question = KeyQuestion("", template.id, template.cls, template.title, template.points,
                               parts=tuple(KeyPart(spec) for spec in specs), recipes=recipes,
                               ecf_credit=template.ecf_credit)
        record = template_record(question, variants)
        if options:
            record["choices"] = options
        places = {name: {dump(option): place for place, option in enumerate(values)} for name, values in options.items()}
        found = _SHARED[(template.id, template.path)] = (dump(record), specs, recipes, places, variants,
                                                         recipe_texts(recipes))
    return found


def _canonical_specs(template, points, swap: dict | None = None) -> tuple:
    """The part specs of ``template``'s canonical instance (with ``swap``'s options drawn)."""
    inst = canonical_instance(template, swap)
    return tuple(part_spec(pv, share, texts) for pv, share, texts
                 in zip(inst.parts, points, trap_feedback(inst, inst.parts)))


def part_variants(template, points, specs: tuple, options: dict) -> tuple:
    """Each part's variants (a tuple of specs per part): the other forms its
    spec takes in the canonical instance when one choice parameter written by
    place (``options``) draws another option, for a part whose texts read
    that parameter alone (C9's yes/no parts, each asked one of two ways with
    its own accepted and trap words: every instance then has one of its
    forms), each once, in the order the template lists the parameters and
    their options. Worked out from the template alone, so the key is the
    same for any ``--jobs``; an option whose canonical draw fails adds none."""
    found = [[] for _ in specs]
    read = [_names_read_by(template, part) for part in template.parts]
    for param in template.params:
        readers = [i for i, names in enumerate(read) if names == {param.name}]
        if param.name not in options or not readers:
            continue
        for place, option in enumerate(param.spec):
            pick = place if isinstance(param.spec[0], dict) else option   # as canonical params name a choice
            if pick == template.canonical["params"].get(param.name):
                continue   # the canonical draw itself
            try:
                other = _canonical_specs(template, points, {param.name: pick})
            except QuizgenError:
                continue
            for i in readers:
                mine, known = other[i], found[i]
                if mine != specs[i] and mine not in known and mine.letter == specs[i].letter:
                    known.append(mine)
    return tuple(tuple(known) for known in found)


def _names_read_by(template, part):
    """The template's parameters and lets that ``part``'s key texts (accepted
    words, trap feedback and words) read; None when it has a ``choices``
    expression (which reads others) or its texts cannot be read. A part whose
    set is one parameter alone reads that parameter only."""
    if part.choices is not None:
        return None
    names = names_read([*part.accept, *(trap.feedback for trap in part.traps),
                        *(word for trap in part.traps for word in trap.words)])
    known = {param.name for param in template.params} | {let for let, _ in template.lets}
    return None if names is None else names & known


def choice_options(template) -> dict:
    """{parameter: [each option as key.json writes it]} of ``template``'s
    choice parameters with an option that is not a plain number (a scene, a
    claim and its wording): key.json (version 3) writes these options once,
    with the template, and each instance's pick by its place, where every
    instance used to carry its pick's whole text."""
    return {param.name: [json_params(from_yaml(option)) for option in param.spec] for param in template.params
            if param.kind == "choice" and not all(_plain_number(option) for option in param.spec)}


def _plain_number(option) -> bool:
    return isinstance(option, (int, float)) and not isinstance(option, bool)


def choice_picks(params: dict, places: dict) -> dict:
    """{parameter: the place of its value among its template's options} for the
    choice parameters written by place (``choice_options``); a value that is
    no option (a hand-made parameter) is left to be written whole."""
    picks = {}
    for name, where in places.items():
        if name in params:
            place = where.get(dump(params[name]))
            if place is not None:
                picks[name] = place
    return picks


def _raw_spec(part, letter: str, points: float) -> PartSpec:
    """A part's spec from the template's own texts, unrendered."""
    traps = tuple(Trap(trap.code, trap.feedback, tuple(trap.words), credit=trap.credit, name=trap.name)
                  for trap in part.traps)
    return _spec(part, letter, points, part.accept, traps)


def template_recipes(template) -> dict:
    """``{part name: KeyRecipe}`` for every part of ``template`` with an
    answer expression (derived from the let graph, quizgen/marking/recipes.py):
    the grader recomputes a part from the student's earlier answers, and
    carries rounding through every part, so each numeric part has one; with
    the trap values that read earlier parts (``trap_recipes``) and the other
    routes its author declared (``ecf_also``, ``alternative_recipes``)."""
    try:
        paths, traps, routes = part_paths(template), trap_recipes(template), alternative_recipes(template)
    except TemplateError:   # an answer that compares or uses and/or/not: nothing to carry
        return {}
    except RecursionError:   # lets chained deeper than Python prints: the template's limit
        raise limit_error(template, ("parts",), *NESTING) from None
    field = record_field_read(template, paths, {name: traps.get(name, ()) for name in paths})
    if field is not None:
        _field_error(template, ("parts", field[0], "answer"), field[1])
    for name, texts in routes.items():
        for j, text in enumerate(texts):   # a route's field through a let: said at the route's own line
            field = record_field_read(template, {}, {name: (("ecf_also", text),)}, "this route reads")
            if field is not None:
                _field_error(template, ("parts", field[0], "ecf_also", j), field[1])
    return _recipes(template, paths, traps, routes)


def _field_error(template, where: tuple, message: str):
    """Raise the TemplateError of a record's field read, at ``where`` in the template's YAML."""
    raise TemplateError(message, path=template.path, line=locate_line(template.path, where),
                        key=".".join(map(str, where)))


def _recipes(template, paths: dict, traps: dict, routes: dict) -> dict:
    """``template_recipes`` from the part paths, trap recipes and ``ecf_also`` routes worked out."""
    found = {}
    for name, recipe in paths.items():
        steps = tuple((let, recipe_text(node)) for let, node in recipe.intermediates)
        if len(recipe.text) <= RECIPE_LIMIT and all(len(text) <= RECIPE_LIMIT for _, text in steps):
            # a longer text could not be read back: that part simply gets no ECF or carried rounding
            kept = tuple(trap for trap in traps.get(name, ()) if len(trap[1]) <= RECIPE_LIMIT)
            also = tuple(text for text in routes.get(name, ()) if len(text) <= RECIPE_LIMIT)
            found[name] = KeyRecipe(recipe.text, steps, kept, also)
    return found
