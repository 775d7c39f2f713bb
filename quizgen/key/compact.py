"""key.json's shared layout for writing (version 2; version 3 adds choices by
place, version 4 part variants). What is stored where:

- ``"templates"``, once per template: what its instances share (class, title,
  points, each part's name, kind, points, tolerance rule, accepted words,
  trap codes, feedback and words), as the template's canonical instance has
  them; under ``"choices"`` the options of each choice parameter that is not
  a plain number (version 3); and per part, under ``"variants"``, the few
  other forms the part takes when a choice parameter its texts read alone
  draws another option (C9's yes/no wording with its own accepted and trap
  words; key/entries.py ``part_variants``): each one written as what
  differs from the part (``spec_difference``), in a list.
- each question instance: its own values (seed label, parameters but those
  named by place under ``"choices"``, exact answers and their floats, the
  answer as written, trap values), and per
  part either nothing more (it is the template's part), ``"variant": i``
  (it is exactly the part's variant ``i``, counted from 0), or the fields
  that differ from the template's part (a feedback naming the instance's
  numbers, say), under the part's own field names and ``trap_texts`` (by
  trap code).

A reader merges them back (quizgen/key/model.py ``read_key``, variants in
quizgen/key/variants.py). ``Key.to_json`` (``SharedTexts``) writes no
variants: a part that differs is written as what differs. Works on the
key model's objects by their attributes, so it imports none of them."""

from __future__ import annotations

from quizgen.maths.numbers import key_answer
from quizgen.maths.rounding import figure_places
from quizgen.maths.tolerance import DEFAULT_SIGFIGS, half_width

MAX_WRITTEN_PLACES = 20   # places a part of ``rtol``/``atol`` is written to at most (its window is never finer)


def default_answer(spec, value) -> str:
    """The answer as a student writes it, as key.csv shows it, when an instance
    gives none: the first accepted word, or ``value`` to at least 4
    significant figures (the part's decimals if more, and the figures its tolerance asks if more)."""
    if spec.kind == "word":
        return spec.accept[0] if spec.accept else ""
    return written_answer(value, spec.kind, spec.decimals or 0, spec.tolerance)


def written_answer(value, kind: str, decimals: int, tolerance: dict) -> str:
    """``key_answer``'s digits, to as many places as the part's own ``tolerance``
    needs for them to be correct: the figures a ``sigfigs`` rule asks at least
    (0.486005 at 6 figures, not 0.4860, which that rule marks imprecise), and
    under ``rtol``/``atol`` places until the written value lies in the window."""
    x = float(value) if kind == "numeric" and tolerance else 0.0
    if not x:
        return key_answer(value, kind, decimals)
    if "rtol" not in tolerance and "atol" not in tolerance:
        figures = tolerance.get("sigfigs", DEFAULT_SIGFIGS)
        return key_answer(value, kind, max(decimals, figure_places(x, figures)))
    text = key_answer(value, kind, decimals)
    while abs(float(text) - x) > half_width(x, tolerance) and decimals < MAX_WRITTEN_PLACES:
        decimals = max(decimals + 1, text[::-1].find(".") + 1)
        text = key_answer(value, kind, decimals)
    return text

class SharedTexts:
    """Writes questions in the version-2 layout: the first instance of each
    template gives the template's record (class, title, points, part specs),
    and each instance keeps only its own values and what differs."""

    def __init__(self):
        self.templates, self._specs = {}, {}

    def register(self, template: str, record: dict, specs: tuple) -> None:
        """Take ``record`` (JSON) and ``specs`` as the template's unless it has one."""
        if template not in self.templates:
            self.templates[template] = record
            self._specs[template] = specs

    def instance(self, question) -> dict:
        """The JSON record of ``question``, shared texts left to its template."""
        specs = tuple(part.spec for part in question.parts)
        self.register(question.template, template_record(question), specs)
        return instance_record(question, self._specs[question.template])


def template_record(question, variants: tuple = ()) -> dict:
    """What the instances of ``question``'s template share, as JSON; ``variants``
    (a tuple of variant specs per part, as ``instance_record`` takes) are
    written under each part's ``"variants"`` as what differs from the part."""
    parts = [part.spec.to_json() for part in question.parts]
    for record, part, others in zip(parts, question.parts, variants):
        if others:
            record["variants"] = [spec_difference(other, part.spec) for other in others]
    record = {"class": question.cls, "title": question.title, "points": question.points, "parts": parts}
    if question.recipes:
        record["recipes"] = {name: recipe.to_json() for name, recipe in question.recipes.items()}
    return {**record, **_ecf_credit(question)}


def _ecf_credit(question) -> dict:
    """A question's ``ecf_credit`` field, written only when its template sets one
    below 1 (so a key of templates that leave it out keeps its bytes)."""
    return {"ecf_credit": question.ecf_credit} if question.ecf_credit != 1.0 else {}


def instance_record(question, shared: tuple, picks: dict | None = None, variants: tuple = ()) -> dict:
    """``question`` as JSON, without what the template's ``shared`` specs say;
    ``picks`` ({parameter: place}) are choice parameters written by their place
    among the template's ``choices`` (version 3) instead of whole; ``variants``
    holds each part's variant specs (version 4), a part equal to one written
    by its place."""
    params = question.params
    if picks:
        params = {name: value for name, value in params.items() if name not in picks}
    record = {"id": question.id, "template": question.template, **_seed(question), "params": params}
    if picks:
        record["choices"] = picks
    record["parts"] = [part_record(p, shared[i] if i < len(shared) else None, variants[i] if i < len(variants) else ())
                       for i, p in enumerate(question.parts)]
    return record


def part_record(part, shared, variants: tuple = ()) -> dict:
    """One instance part as JSON: its values, and ``"variant": i`` when its spec
    is ``variants[i]``, else any spec field that differs from ``shared`` (the
    template's); trap texts that differ go under ``trap_texts`` by code."""
    record = {}
    if part.kind != "word":
        record["exact"], record["value"] = part.exact, part.value
    if part.written is not None and part.written != default_answer(part.spec, part.value):
        record["answer"] = part.written
    if any(v is not None for v in part.trap_values):
        record["trap_values"] = list(part.trap_values)
    if part.spec is shared or shared is None:
        return record if shared is not None else {**part.spec.to_json(), **record}
    for place, other in enumerate(variants):
        if part.spec is other or part.spec == other:
            record["variant"] = place
            return record
    record.update(spec_difference(part.spec, shared))
    return record


def spec_difference(spec, shared) -> dict:
    """The fields of part spec ``spec`` that differ from ``shared``'s, as JSON:
    under their own names, and trap texts (feedback, words) under
    ``trap_texts`` by code (the traps whole if their codes differ)."""
    record, mine, theirs = {}, spec.to_json(), shared.to_json()
    for name, value in mine.items():
        if name != "traps" and theirs.get(name) != value:
            record[name] = value
    if [t["code"] for t in mine["traps"]] != [t["code"] for t in theirs["traps"]]:
        record["traps"] = mine["traps"]
    else:
        texts = {t["code"]: _trap_difference(t, o) for t, o in zip(mine["traps"], theirs["traps"]) if t != o}
        if texts:
            record["trap_texts"] = texts
    return record


def _trap_difference(mine: dict, theirs: dict) -> dict:
    """The fields of an instance's trap record that differ from the template's;
    words the template has and the instance has not (a trap word that renders
    empty in this draw) are written as an empty list."""
    fields = {k: v for k, v in mine.items() if k != "code" and theirs.get(k) != v}
    if "words" in theirs and "words" not in mine:
        fields["words"] = []
    return fields


class WholeRecords:
    """Writes each question record whole (every text in it), no templates."""

    def __init__(self):
        self.templates = {}

    def instance(self, question) -> dict:
        record = {"id": question.id, "template": question.template, "class": question.cls, "title": question.title,
                  "points": question.points, **_seed(question), "params": question.params,
                  "parts": [part.to_json() for part in question.parts]}
        if question.recipes:
            record["recipes"] = {name: recipe.to_json() for name, recipe in question.recipes.items()}
        return {**record, **_ecf_credit(question)}


def _seed(question) -> dict:
    """A question record's ``seed``: its seed label, or nothing for a question
    with none (a cell of an LMS download that lost its tag: quizgen.lms.lost_tag),
    as key.json reads an absent seed as none and refuses an empty one."""
    return {"seed": question.seed} if question.seed else {}
