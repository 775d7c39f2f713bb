"""The parts of a key: :class:`PartSpec` (what every instance of a template
shares: name, kind, points, tolerance rule, accepted words, traps with their
codes and feedback), :class:`Trap`, and :class:`KeyPart` (a spec plus one
instance's own values: the exact answer, its float, the answer as a student
writes it, the traps' wrong values), with their checked reading from JSON.

Tolerances are stored as their rule (``{"sigfigs": 3}``, ``{"rtol": ..}``,
``{"atol": ..}``) beside the exact value's float; the half-width is computed
from them when grading (quizgen/maths/tolerance.py), never stored rounded."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.compact import default_answer
from quizgen.key.exact_check import check_values
from quizgen.key.part_fields import bounds as _bounds, units as _units
from quizgen.maths.tolerance import half_width

DEFAULT_TOLERANCE = {"sigfigs": 3}
MAX_CHOICES = 1000   # answers a word part may offer (generation refuses more)
_SMALLEST, _LARGEST = checks.ANSWER_RANGE
SPEC_FIELDS = ("part", "name", "type", "points", "decimals", "tolerance", "accept", "traps", "misconceptions",
               "abs_tolerance", "trap_texts", "percent", "choices", "range", "units")
"""Fields of a part record that say what the part is (the rest are the instance's values)."""
SPEC_KEYS = frozenset(SPEC_FIELDS)
_RATIONAL = re.compile(r"-?\d{1,60}(?:\.\d{1,60})?(?:/\d{1,60})?")


def code_in_words(code: str) -> str:
    """A misconception's code read as words (``log10_instead_of_ln``: "log10 instead of
    ln"), as a learner or a class-wide table reads it."""
    return code.replace("_", " ")


@dataclass(frozen=True, slots=True)
class Trap:
    """A misconception of a part: its code, feedback, and (word parts) the words
    that show it; its wrong value is the instance's (``KeyPart.trap_values``).
    ``tolerance`` is the trap's own rule (version-1 keys' ``abs_tolerance``),
    None to use the part's. ``credit`` is the template's partial credit for
    the misconception (a fraction of the part's points; written only when not
    0, so keys without credit keep their bytes and digests). ``name`` is the
    template's short English label for it ("the wrong sign inside the sigmoid"),
    which the class report shows beside the code; "" when the template gives
    none or the key predates it (written only when set, once per template)."""

    code: str
    feedback: str = ""
    words: tuple = ()
    tolerance: dict | None = None
    credit: float = 0.0
    name: str = ""

    @classmethod
    def from_json(cls, record, source: str = "the trap") -> "Trap":
        """One trap from its record (``to_json``'s, or a key's with its ``value``), checked; errors name ``source``."""
        return _trap(record, Where(source))

    def to_json(self) -> dict:
        """The trap's record as key.json writes it in its part's ``traps`` (without the instance's value)."""
        record = {"code": self.code, "name": self.name} if self.name else {"code": self.code}
        record["feedback"] = self.feedback
        if self.words:
            record["words"] = list(self.words)
        if self.tolerance:
            record["tolerance"] = dict(self.tolerance)
        if self.credit:
            record["credit"] = self.credit
        return record


@dataclass(frozen=True, slots=True)
class PartSpec:
    """What a part is, shared by the instances of a template: letter, name,
    kind (numeric, integer, word), points, decimals, tolerance rule, accepted
    words and traps. ``choices`` is how many answers a word part offers (None:
    not said; see quizgen/marking/phrases.py on negated answers). ``bounds``,
    key.json's ``"range": [low, high]`` (null: no bound on that side), is
    where every correct answer of a number part lies (None: not said); ECF is
    withheld outside it (quizgen/marking/coherence.py)."""

    letter: str
    name: str = ""
    kind: str = "numeric"
    points: float = 1.0
    decimals: int | None = None
    tolerance: dict = field(default_factory=lambda: dict(DEFAULT_TOLERANCE))
    accept: tuple = ()
    traps: tuple = ()
    percent: bool = False   # the question asks for a percentage (quizgen/marking/percent.py)
    choices: int | None = None
    bounds: tuple | None = None
    units: tuple = ()   # the template's own unit words, read after the number (quizgen/marking/units.py)

    def to_json(self) -> dict:
        record = {"part": self.letter, "name": self.name, "type": self.kind, "points": self.points}
        if self.kind == "word":
            record["accept"] = list(self.accept)
            if self.choices is not None:   # written only when said: other keys keep their bytes
                record["choices"] = self.choices
        else:
            if self.decimals is not None:
                record["decimals"] = self.decimals
            record["tolerance"] = dict(self.tolerance)
            if self.percent:   # written only when true: other keys keep their bytes
                record["percent"] = True
            if self.bounds is not None:   # written only when said: other keys keep their bytes
                record["range"] = [None if b is None else int(b) if b.is_integer() else b for b in self.bounds]
            if self.units:   # written only when said: other keys keep their bytes
                record["units"] = list(self.units)
        record["traps"] = [trap.to_json() for trap in self.traps]
        return record


@dataclass(frozen=True, slots=True, eq=False)
class KeyPart:
    """One part of one question instance: its shared spec plus the instance's
    exact answer (SymPy-syntax text), that value's float, the answer as a
    student would write it (``answer``), and each trap's wrong value (None
    for a trap known only by words).

    ``written`` is the answer as the key states it, None for the default
    form (``compact.default_answer``, as key.json leaves it out): a key read
    for grading then writes each student's answer out only when it is used,
    in grade's parallel parts, not all on loading."""

    spec: PartSpec
    written: str | None = None
    exact: str | None = None
    value: float | None = None
    trap_values: tuple = ()

    @property
    def answer(self) -> str:
        """The answer as a student would write it, as key.csv shows it."""
        if self.written is not None or (self.value is None and self.spec.kind != "word"):
            return self.written or ""
        return default_answer(self.spec, self.value)

    @property
    def rational(self) -> Fraction | None:
        """The exact answer as a Fraction when it is rational (an integer, a
        decimal or a fraction), else None: what feedback rounds, as the paper
        does (0.9175 to 3 figures is 0.918; its float's side is 0.917)."""
        text = self.exact
        if text is None or not _RATIONAL.fullmatch(text):
            return None
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):   # 1.5/2, 1/0: not a form quizgen writes
            return None

    def __eq__(self, other) -> bool:
        """Parts are equal when they say the same: an answer stated or left to its default form alike."""
        if other.__class__ is not KeyPart:
            return NotImplemented
        return (self.spec, self.answer, self.exact, self.value, self.trap_values) == \
            (other.spec, other.answer, other.exact, other.value, other.trap_values)

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
        spec and values together), checked, its value against its exact form
        too; errors name ``source``."""
        where = Where(source)
        part = read_part(record, where, None)
        check_values([(where, part)])
        return part

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


# ------------------------------------------------------------------ reading

def read_part(record, where: Where, shared: PartSpec | None, cache: dict | None = None) -> KeyPart:
    """One part: in version 1 the whole record; in version 2 the instance's
    values over the template's ``shared`` spec (an instance spec that differs
    from it is made once per distinct difference, kept in ``cache``)."""
    checks.mapping(record, where)
    spec = shared
    if shared is None:
        spec = read_spec(record, where)
    elif not SPEC_KEYS.isdisjoint(record):
        spec = own_spec(record, lambda: where, shared, {} if cache is None else cache)
    if shared is not None:
        part = plain_part(record, spec)
        if part is not None:
            return part
    values = record.get("trap_values")
    if values is None:
        values = [t.get("value") if isinstance(t, dict) else None
                  for t in record.get("misconceptions", record.get("traps", [])) or []] if shared is None else []
    values = checks.listing(values, where / "trap_values")
    if len(values) > len(spec.traps) or (shared is not None and values and len(values) != len(spec.traps)):
        raise (where / "trap_values").fail(f"expected {len(spec.traps)} values, one per trap, got {len(values)}")
    if _plain_values(values):   # the usual case, checked at once
        traps = tuple(values)
    else:
        traps = tuple(None if v is None else checks.answer_value(v, where / "trap_values" / i)
                      for i, v in enumerate(values))
    traps += (None,) * (len(spec.traps) - len(traps))
    answer = record.get("answer")
    if answer is not None:
        answer = str(answer) if checks.is_number(answer) else checks.text(answer, where / "answer", checks.MAX_ID)
    if spec.kind == "word":
        if not spec.accept:
            raise (where / "accept").fail("expected a non-empty list of accepted words")
        return KeyPart(spec, answer or None, None, None, traps)
    if "value" not in record:
        raise where.fail("a numeric part needs its \"value\"")
    value = checks.answer_value(record["value"], where / "value")
    exact = checks.text(record["exact"], where / "exact") if "exact" in record else None
    return KeyPart(spec, answer, exact, value, traps)


def _plain_value(v) -> bool:
    """True for a float that is 0 or of a size within checks.ANSWER_RANGE (the
    usual value, checked at once): ``_plain_values``' test, written out (a
    2,000-student key holds 46,000 values)."""
    return v.__class__ is float and (_SMALLEST <= v <= _LARGEST or -_LARGEST <= v <= -_SMALLEST or v == 0.0)


def _plain_values(values) -> bool:
    """True when each trap value is None or a float that is 0 or of a size
    within checks.ANSWER_RANGE (the one test, inlined in a loop rather than a
    call per value, and by comparisons alone, no ``abs``: a 2,000-student key
    holds 160,000 of them). NaN and the infinities fail every comparison."""
    for v in values:
        if v.__class__ is float:
            if not (_SMALLEST <= v <= _LARGEST or -_LARGEST <= v <= -_SMALLEST or v == 0.0):
                return False
        elif v is not None:
            return False
    return True


def plain_part(record: dict, spec: PartSpec) -> KeyPart | None:
    """An instance part whose every field is plainly right (the usual case,
    read at once); None to read it field by field and name the problem."""
    value, exact, answer = record.get("value"), record.get("exact"), record.get("answer")
    values = record.get("trap_values") or (None,) * len(spec.traps)
    if answer is not None and (answer.__class__ is not str or len(answer) > checks.MAX_ID):
        return None
    if values.__class__ not in (list, tuple) or len(values) != len(spec.traps) \
            or not _plain_values(values):
        return None
    if spec.kind == "word":
        if value is not None or exact is not None or not spec.accept:
            return None
        return KeyPart(spec, answer, None, None, tuple(values))
    if not _plain_value(value) \
            or exact.__class__ is not str or len(exact) > checks.MAX_TEXT:
        return None   # read_part names the problem
    return KeyPart(spec, answer, exact, value, tuple(values))


def own_spec(record: dict, where, shared: PartSpec, cache: dict) -> PartSpec:
    """The spec of an instance part that overrides some of ``shared``'s fields;
    ``where()`` gives its path, made only when the spec is new."""
    own = {name: record[name] for name in SPEC_FIELDS if name in record}
    token = (id(shared), repr(own))
    spec = cache.get(token)
    if spec is None:
        spec = cache[token] = read_spec(record, where(), shared)
    return spec


def read_spec(record, where: Where, base: PartSpec | None = None) -> PartSpec:
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
    if "choices" in record:
        if kind != "word":
            raise (where / "choices").fail(f"only a word part says how many answers it offers; this part is {kind}")
        fields["choices"] = checks.integer(get("choices"), where / "choices", 2, MAX_CHOICES)
    if "range" in record:
        fields["bounds"] = _bounds(get("range"), where / "range", kind)
    if "units" in record:
        fields["units"] = _units(get("units"), where / "units", kind)
    if "percent" in record:
        if get("percent") not in (True, False):
            raise (where / "percent").fail(f"expected true or false, got {checks.shown(get('percent'))}")
        fields["percent"] = get("percent")
    traps = "misconceptions" if "misconceptions" in record else "traps"
    if traps in record and get(traps) is not None:
        items = checks.listing(get(traps), where / traps)
        own_windows = "tolerance" not in record   # version 1: a trap's abs_tolerance counts only without a rule
        fields["traps"] = tuple(_trap(t, where / traps / i, own_windows) for i, t in enumerate(items))
        for k, j in checks.repeats([t.code for t in fields["traps"]]):
            raise (where / traps / j / "code").fail(
                f"the code {checks.shown(fields['traps'][j].code)} is also that of {traps}[{k}]; expected each "
                "trap of a part its own code, as the bank gives them (the grader could not tell the two apart)")
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
        checks.answer_value(record["value"], where / "value")
    credit = checks.number(record["credit"], where / "credit", 0, 1) if "credit" in record else 0.0
    name = checks.trap_name(record["name"], where / "name") if "name" in record else ""
    return Trap(checks.code(record.get("code"), where / "code"),
                checks.text(record.get("feedback", ""), where / "feedback"),
                checks.words(record["words"], where / "words") if "words" in record else (), tolerance, credit,
                name)


def trap_names(key) -> dict:
    """``{code: name}`` of every named trap of ``key`` (a Key): the class paper's
    and each student's, each distinct part spec looked at once; a code two
    templates name differently takes the first one's name in key order, as the
    drill's names do (drill/traps.py). {} for a key written before names."""
    names, seen = {}, set()
    for questions in (key.questions, *(paper.questions for paper in key.papers)):
        for part in (part for question in questions for part in question.parts):
            if id(part.spec) not in seen:   # the key keeps every spec alive
                seen.add(id(part.spec))
                for trap in part.spec.traps:
                    if trap.name:
                        names.setdefault(trap.code, trap.name)
    return names


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
