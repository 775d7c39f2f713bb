"""The answer key as typed objects: what generate writes, and grade, drill and
validate read. key.json is its JSON form (``Key.to_json`` / ``Key.from_json``).

A part is split the way a per-student key is: what every instance of a
template shares (:class:`PartSpec`: name, kind, points, tolerance rule,
accepted words, traps with their codes and feedback) is one object, shared by
all instances that agree with it; :class:`KeyPart` adds what is the instance's
own (the exact answer, its float, the answer as a student writes it, the
traps' wrong values). So a 2,000-student key holds each template's texts once,
in memory as in the file (see quizgen/key/compact.py for the file layout).

Tolerances are stored as their rule (``{"sigfigs": 3}``, ``{"rtol": ..}``,
``{"atol": ..}``) beside the exact value's float; the half-width is computed
from them when grading (quizgen/maths/tolerance.py), never stored rounded."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.compact import SharedTexts, WholeRecords, default_answer
from quizgen.maths.tolerance import half_width

FORMAT = "quizgen-key"
VERSION = 2
DEFAULT_TOLERANCE = {"sigfigs": 3}


@dataclass(frozen=True, slots=True)
class Trap:
    """A misconception of a part: its code, feedback, and (word parts) the words
    that show it; its wrong value is the instance's (``KeyPart.trap_values``).
    ``tolerance`` is the trap's own rule (version-1 keys' ``abs_tolerance``),
    None to use the part's."""

    code: str
    feedback: str = ""
    words: tuple = ()
    tolerance: dict | None = None

    def to_json(self) -> dict:
        record = {"code": self.code, "feedback": self.feedback}
        if self.words:
            record["words"] = list(self.words)
        if self.tolerance:
            record["tolerance"] = dict(self.tolerance)
        return record


@dataclass(frozen=True, slots=True)
class PartSpec:
    """What a part is, shared by the instances of a template: letter, name,
    kind (numeric, integer, word), points, decimals, tolerance rule, accepted
    words and traps."""

    letter: str
    name: str = ""
    kind: str = "numeric"
    points: float = 1.0
    decimals: int | None = None
    tolerance: dict = field(default_factory=lambda: dict(DEFAULT_TOLERANCE))
    accept: tuple = ()
    traps: tuple = ()

    def to_json(self) -> dict:
        record = {"part": self.letter, "name": self.name, "type": self.kind, "points": self.points}
        if self.kind == "word":
            record["accept"] = list(self.accept)
        else:
            if self.decimals is not None:
                record["decimals"] = self.decimals
            record["tolerance"] = dict(self.tolerance)
        record["traps"] = [trap.to_json() for trap in self.traps]
        return record


@dataclass(frozen=True, slots=True)
class KeyPart:
    """One part of one question instance: its shared spec plus the instance's
    exact answer (SymPy-syntax text), that value's float, the answer as a
    student would write it, and each trap's wrong value (None for a trap
    known only by words)."""

    spec: PartSpec
    answer: str = ""
    exact: str | None = None
    value: float | None = None
    trap_values: tuple = ()

    letter = property(lambda self: self.spec.letter, doc="The part's letter (a, b, ...).")
    name = property(lambda self: self.spec.name, doc="The part's name in its template.")
    kind = property(lambda self: self.spec.kind, doc="numeric, integer or word.")
    points = property(lambda self: self.spec.points, doc="Marks for a correct answer.")
    decimals = property(lambda self: self.spec.decimals, doc="Decimals the paper asks for (numeric parts).")
    tolerance = property(lambda self: self.spec.tolerance, doc="The tolerance rule.")
    accept = property(lambda self: self.spec.accept, doc="Accepted words (word parts).")
    traps = property(lambda self: self.spec.traps, doc="The misconceptions, in key order.")

    @classmethod
    def from_json(cls, record, source: str = "the key part") -> "KeyPart":
        """One part from a whole part record (version-1 fields, or version 2's
        spec and values together), checked; errors name ``source``."""
        return _part(record, Where(source), None)

    def half_width(self, rule: dict | None = None) -> float:
        """How far an answer may lie from ``value`` and still be correct, by
        ``rule`` (an instructor's --rtol/--atol) or else the part's own."""
        return half_width(self.value, rule or self.spec.tolerance, self.spec.kind)

    def trap_half_width(self, index: int, rule: dict | None = None) -> float:
        """The window of trap ``index`` around its value: ``rule``, else the
        trap's own rule, else the part's."""
        own = rule or self.spec.traps[index].tolerance or self.spec.tolerance
        return half_width(self.trap_values[index], own, self.spec.kind)

    def to_json(self) -> dict:
        """The whole part as one record (the version-2 field names)."""
        record = self.spec.to_json()
        record["answer"] = self.answer
        if self.spec.kind != "word":
            record["exact"], record["value"] = self.exact, self.value
        for trap, value in zip(record["traps"], self.trap_values):
            if value is not None:
                trap["value"] = value
        return record


@dataclass(frozen=True, slots=True)
class KeyQuestion:
    """One question instance on a paper: its id (Q1, ...), template, class,
    title, points, seed label, parameters (JSON values) and parts."""

    id: str
    template: str = ""
    cls: str = ""
    title: str = ""
    points: float = 0.0
    seed: str = ""
    params: dict = field(default_factory=dict)
    parts: tuple = ()


@dataclass(frozen=True, slots=True)
class KeyPaper:
    """One student's own paper (``generate --students``)."""

    student_id: str
    name: str = ""
    seed: str = ""
    questions: tuple = ()


@dataclass(frozen=True, slots=True)
class Key:
    """A whole key: the class paper's questions and each student's own paper."""

    questions: tuple
    papers: tuple = ()
    seed: object = None
    worked_examples: bool = False
    quizgen: str = ""
    version: int = VERSION

    def to_json(self, compact: bool = True) -> dict:
        """The key as key.json's data (format version 2): template texts shared,
        or with ``compact=False`` every question record whole (no templates)."""
        from_templates = SharedTexts() if compact else WholeRecords()
        data = {"format": FORMAT, "version": VERSION, "quizgen": self.quizgen, "seed": self.seed,
                "worked_examples": self.worked_examples}
        questions = [from_templates.instance(q) for q in self.questions]
        papers = {p.student_id: {"name": p.name, "seed": p.seed,
                                 "questions": [from_templates.instance(q) for q in p.questions]}
                  for p in self.papers}
        data["templates"] = from_templates.templates
        data["questions"] = questions
        if papers:
            data["students"] = papers
        return data

    @classmethod
    def from_json(cls, data, source: str = "the key") -> "Key":
        """The key in ``data`` (key.json's data, version 1 or 2), checked field
        by field; InputFileError names ``source`` and the JSON path of a problem."""
        return read_key(data, source)




# ------------------------------------------------------------------ reading

MAX_VERSION = VERSION
_HUGE = sys.float_info.max   # a float strictly inside (-max, max) is finite
_SPEC_FIELDS = ("part", "name", "type", "points", "decimals", "tolerance", "accept", "traps", "misconceptions",
                "abs_tolerance", "trap_texts")
_SPEC_KEYS = frozenset(_SPEC_FIELDS)


def read_key(data, source: str = "the key") -> Key:
    """A :class:`Key` from key.json's data, version 1 (no ``format`` field,
    every text in every question) or 2 (template texts shared)."""
    top = Where(source)
    if not isinstance(data, dict):
        raise top.fail("expected key.json (an object with a \"questions\" list)")
    version = _version(data, top)
    templates = _templates(data, top) if version >= 2 else None
    cache = {}   # instance specs that differ from their template's alike, made once
    questions = _questions(data.get("questions"), top / "questions", templates, cache)
    if not questions:
        raise (top / "questions").fail("expected a non-empty list of questions")
    papers = []
    students = data.get("students")
    students = {} if students is None else checks.mapping(students, top / "students")
    for student_id, paper in students.items():
        where = top / "students" / student_id
        checks.text(student_id, where, checks.MAX_ID, empty=False)
        checks.mapping(paper, where)
        papers.append(KeyPaper(student_id, checks.text(paper.get("name", ""), where / "name", checks.MAX_ID),
                               str(checks.label(paper.get("seed", "-"), where / "seed")),
                               _questions(paper.get("questions"), where / "questions", templates, cache)))
    return Key(tuple(questions), tuple(papers), data.get("seed"), data.get("worked_examples") is True,
               str(data.get("quizgen", "")), version)


def _version(data: dict, where: Where) -> int:
    if "format" not in data and "version" not in data:
        return 1
    if data.get("format") != FORMAT:
        raise (where / "format").fail(f"expected {FORMAT!r}, got {checks.shown(data.get('format'))}")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > MAX_VERSION:
        raise (where / "version").fail(f"this key is version {version}, newer than this quizgen reads "
                                       f"(up to {MAX_VERSION}); upgrade quizgen")
    return checks.integer(version, where / "version", 1, MAX_VERSION)


def _templates(data: dict, top: Where) -> dict:
    """{template id: (question fields, part specs)} of a version-2 key."""
    found = {}
    for name, record in checks.mapping(data.get("templates", {}), top / "templates").items():
        where = top / "templates" / name
        checks.mapping(record, where)
        parts = checks.listing(record.get("parts", []), where / "parts")
        specs = tuple(_spec(p, where / "parts" / i) for i, p in enumerate(parts))
        checks.unique([s.letter for s in specs], where / "parts", "part")
        found[name] = (_question_fields(record, where), specs)
    return found


def _question_fields(record: dict, where: Where) -> dict:
    fields = {}
    if "class" in record:
        fields["cls"] = checks.text(record["class"], where / "class", checks.MAX_ID)
    if "title" in record:
        fields["title"] = checks.text(record["title"], where / "title")
    if "points" in record:
        fields["points"] = checks.number(record["points"], where / "points", 0, checks.MAX_POINTS)
    return fields


def _questions(records, where: Where, templates, cache: dict) -> list:
    questions = [_question(r, where, i, templates, cache) for i, r in enumerate(checks.listing(records, where))]
    ids = [q.id for q in questions]
    if len({i.strip().casefold() for i in ids}) != len(ids):
        checks.unique(ids, where, "question id")
    return questions


_PLAIN_QUESTION = frozenset(("id", "template", "seed", "params", "parts"))


def _question(record, within: Where, index: int, templates, cache: dict) -> KeyQuestion:
    if templates and record.__class__ is dict and _PLAIN_QUESTION.issuperset(record):
        question = _plain_question(record, templates, cache, within, index)
        if question is not None:
            return question
    where = within / index
    checks.mapping(record, where)
    fields, shared = {}, ()
    template = checks.text(record.get("template", ""), where / "template", checks.MAX_ID)
    if templates and template in templates:   # else a whole record, as version 1 or compact=False write
        fields, shared = templates[template]
    fields = {**fields, **_question_fields(record, where)}
    if "params" in record:
        fields["params"] = checks.mapping(record["params"], where / "params")
    if "seed" in record:
        fields["seed"] = str(checks.label(record["seed"], where / "seed"))
    records = checks.listing(record.get("parts"), where / "parts")
    if shared and len(records) != len(shared):
        raise (where / "parts").fail(f"expected {len(shared)} parts as template {template!r} has, got {len(records)}")
    parts = tuple(_part(r, where / "parts" / i, shared[i] if shared else None, cache)
                  for i, r in enumerate(records))
    checks.unique([p.letter for p in parts], where / "parts", "part")
    return KeyQuestion(checks.label(record.get("id"), where / "id"), template, **fields, parts=parts)


def _plain_question(record: dict, templates: dict, cache: dict, within: Where, index: int) -> KeyQuestion | None:
    """A version-2 question whose fields are all plainly right (the usual
    case, read at once); None to read it field by field and name a problem."""
    found = templates.get(record.get("template"))
    qid, seed, params, records = record.get("id"), record.get("seed", ""), record.get("params", {}), record.get("parts")
    if found is None or qid.__class__ is not str or not 0 < len(qid) <= checks.MAX_ID or not qid.strip():
        return None
    fields, shared = found
    if seed.__class__ is not str or len(seed) > checks.MAX_ID or params.__class__ is not dict \
            or records.__class__ is not list or len(records) != len(shared):
        return None
    parts = []
    for i, (part_record, spec) in enumerate(zip(records, shared)):
        if part_record.__class__ is not dict:
            return None
        if not _SPEC_KEYS.isdisjoint(part_record):
            spec = _own_spec(part_record, lambda: within / index / "parts" / i, spec, cache)
        part = _plain_part(part_record, spec)
        if part is None:
            return None
        parts.append(part)
    return KeyQuestion(qid, record["template"], **fields, seed=seed, params=params, parts=tuple(parts))


def _part(record, where: Where, shared: PartSpec | None, cache: dict | None = None) -> KeyPart:
    """One part: in version 1 the whole record; in version 2 the instance's
    values over the template's ``shared`` spec (an instance spec that differs
    from it is made once per distinct difference, kept in ``cache``)."""
    checks.mapping(record, where)
    spec = shared
    if shared is None:
        spec = _spec(record, where)
    elif not _SPEC_KEYS.isdisjoint(record):
        spec = _own_spec(record, lambda: where, shared, {} if cache is None else cache)
    if shared is not None:
        part = _plain_part(record, spec)
        if part is not None:
            return part
    values = record.get("trap_values")
    if values is None:
        values = [t.get("value") if isinstance(t, dict) else None
                  for t in record.get("misconceptions", record.get("traps", [])) or []] if shared is None else []
    values = checks.listing(values, where / "trap_values")
    if len(values) > len(spec.traps) or (shared is not None and values and len(values) != len(spec.traps)):
        raise (where / "trap_values").fail(f"expected {len(spec.traps)} values, one per trap, got {len(values)}")
    if all(v.__class__ is float and -_HUGE < v < _HUGE for v in values):   # the usual case, checked at once
        traps = tuple(values)
    else:
        traps = tuple(None if v is None else checks.number(v, where / "trap_values" / i) for i, v in enumerate(values))
    traps += (None,) * (len(spec.traps) - len(traps))
    answer = record.get("answer")
    if answer is not None:
        answer = str(answer) if checks.is_number(answer) else checks.text(answer, where / "answer", checks.MAX_ID)
    if spec.kind == "word":
        if not spec.accept:
            raise (where / "accept").fail("expected a non-empty list of accepted words")
        return KeyPart(spec, answer or spec.accept[0], None, None, traps)
    if "value" not in record:
        raise where.fail("a numeric part needs its \"value\"")
    value = checks.number(record["value"], where / "value")
    exact = checks.text(record["exact"], where / "exact") if "exact" in record else None
    return KeyPart(spec, default_answer(spec, value) if answer is None else answer, exact, value, traps)


def _plain_part(record: dict, spec: PartSpec) -> KeyPart | None:
    """An instance part whose every field is plainly right (the usual case,
    read at once); None to read it field by field and name the problem."""
    value, exact, answer = record.get("value"), record.get("exact"), record.get("answer")
    values = record.get("trap_values") or (None,) * len(spec.traps)
    if answer is not None and (answer.__class__ is not str or len(answer) > checks.MAX_ID):
        return None
    if values.__class__ not in (list, tuple) or len(values) != len(spec.traps) \
            or not all(v is None or (v.__class__ is float and -_HUGE < v < _HUGE) for v in values):
        return None
    if spec.kind == "word":
        if value is not None or exact is not None or not spec.accept:
            return None
        return KeyPart(spec, spec.accept[0] if answer is None else answer, None, None, tuple(values))
    if value.__class__ is not float or not -_HUGE < value < _HUGE \
            or exact.__class__ is not str or len(exact) > checks.MAX_TEXT:
        return None
    return KeyPart(spec, default_answer(spec, value) if answer is None else answer, exact, value, tuple(values))


def _own_spec(record: dict, where, shared: PartSpec, cache: dict) -> PartSpec:
    """The spec of an instance part that overrides some of ``shared``'s fields;
    ``where()`` gives its path, made only when the spec is new."""
    own = {name: record[name] for name in _SPEC_FIELDS if name in record}
    token = (id(shared), repr(own))
    spec = cache.get(token)
    if spec is None:
        spec = cache[token] = _spec(record, where(), shared)
    return spec


def _spec(record, where: Where, base: PartSpec | None = None) -> PartSpec:
    """A part's spec from ``record``'s fields, the others from ``base``."""
    checks.mapping(record, where)
    get = record.get
    letter = checks.label(get("part"), where / "part") if "part" in record or base is None else base.letter
    kind = checks.kind(get("type"), where / "type") if "type" in record else (base.kind if base else "numeric")
    fields = {"letter": letter.lower(), "kind": kind}
    if "name" in record:
        fields["name"] = checks.text(get("name"), where / "name", checks.MAX_ID)
    if "points" in record:
        fields["points"] = checks.number(get("points"), where / "points", 0, checks.MAX_POINTS)
    if get("decimals") is not None:
        fields["decimals"] = checks.integer(get("decimals"), where / "decimals", 0, 15)
    if "tolerance" in record:
        fields["tolerance"] = checks.tolerance(get("tolerance"), where / "tolerance") or dict(DEFAULT_TOLERANCE)
    elif "abs_tolerance" in record and base is None:   # a version-1 key written by hand: its window as a rule
        fields["tolerance"] = {"atol": checks.number(get("abs_tolerance"), where / "abs_tolerance", positive=True)}
    if "accept" in record:
        fields["accept"] = checks.words(get("accept"), where / "accept")
    traps = "misconceptions" if "misconceptions" in record else "traps"
    if traps in record and get(traps) is not None:
        items = checks.listing(get(traps), where / traps)
        own_windows = "tolerance" not in record   # version 1: a trap's abs_tolerance counts only without a rule
        fields["traps"] = tuple(_trap(t, where / traps / i, own_windows) for i, t in enumerate(items))
    spec = PartSpec(**fields) if base is None else _replaced(base, fields)
    if "trap_texts" in record:
        spec = _with_trap_texts(spec, record["trap_texts"], where / "trap_texts")
    return spec


def _replaced(base: PartSpec, fields: dict) -> PartSpec:
    values = {name: getattr(base, name) for name in PartSpec.__dataclass_fields__}
    values.update(fields)
    return PartSpec(**values)


def _trap(record, where: Where, own_windows: bool = False) -> Trap:
    checks.mapping(record, where)
    tolerance = None
    if "tolerance" in record:
        tolerance = checks.tolerance(record["tolerance"], where / "tolerance") or None
    elif own_windows and record.get("abs_tolerance") and "value" in record:
        tolerance = {"atol": checks.number(record["abs_tolerance"], where / "abs_tolerance", positive=True)}
    if "value" in record:
        checks.number(record["value"], where / "value")
    return Trap(checks.code(record.get("code"), where / "code"),
                checks.text(record.get("feedback", ""), where / "feedback"),
                checks.words(record["words"], where / "words") if "words" in record else (), tolerance)


def _with_trap_texts(spec: PartSpec, texts, where: Where) -> PartSpec:
    """``spec`` with the instance's own trap texts (feedback, words) by code."""
    checks.mapping(texts, where)
    traps = list(spec.traps)
    for code, fields in texts.items():
        index = next((i for i, t in enumerate(traps) if t.code == code), None)
        if index is None:
            raise (where / code).fail("no trap with this code in the template")
        merged = {**traps[index].to_json(), **checks.mapping(fields, where / code), "code": code}
        traps[index] = _trap(merged, where / code)
    return _replaced(spec, {"traps": tuple(traps)})
