"""The answer key as typed objects: what generate writes, and grade, drill and validate read.
key.json is its JSON form (``Key.to_json`` / ``Key.from_json``), checked field by field on
reading (quizgen/key/checks.py).

A :class:`Key` holds the class paper's questions and each student's own paper; a
:class:`KeyQuestion` holds its parts (quizgen/key/parts.py), whose shared specs are one object
for all the instances of a template that agree with it, so a 2,000-student key holds each
template's texts once, in memory as in the file (see quizgen/key/compact.py for the file layout)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.choices import INCONSISTENT, NoChoices, choice_options, picked
from quizgen.key.compact import SharedTexts, WholeRecords
from quizgen.key.exact_check import DIGEST_FIELD, check_values, values_digest
from quizgen.key.question_fields import ECF_CREDIT_VERSION, question_fields, template_head, version_with
from quizgen.key.download_fields import NO_ATTEMPT, STILL_OPEN, UNSUBMITTED, moodle_maximum, open_attempt, paper_state
from quizgen.key.seen_records import SeenRecords
from quizgen.key.work_caps import check_params, recipe_texts
from quizgen.key.variants import read_variants, variant_spec
from quizgen.key.parts import (DEFAULT_TOLERANCE, SPEC_KEYS, KeyPart, PartSpec, Trap, own_spec,
                               plain_part, read_part, read_spec)

__all__ = ["FORMAT", "VERSION", "DEFAULT_TOLERANCE", "Key", "KeyPaper", "KeyQuestion", "KeyPart", "PartSpec",
           "Trap", "read_key", "NO_ATTEMPT", "STILL_OPEN", "UNSUBMITTED"]

FORMAT = "quizgen-key"
EXPORT_KEY_FORMAT = "quizgen-lms-export-key"   # quizgen.lms.exportkey's (the key model imports nothing above it)
VERSION = 4   # 3: a choice parameter's pick may be written by its place in the template's options;
#              4: an instance part by its place among its template part's variants
SHARED_VERSION = 5   # a question on several students' papers written once, under "shared_questions",
#                      and each paper naming it by its place there: written only by keys that have one
MAX_VERSION = ECF_CREDIT_VERSION   # 6: a template's "ecf_credit", written only by keys that have one


@dataclass(frozen=True, slots=True)
class KeyQuestion:
    """One question instance on a paper: its id (Q1, ...), template, class, title, points,
    seed label, parameters (JSON values), parts, its template's ECF recipes and credit."""

    id: str
    template: str = ""
    cls: str = ""
    title: str = ""
    points: float = 0.0
    seed: str = ""
    params: dict = field(default_factory=dict)
    parts: tuple = ()
    recipes: dict = field(default_factory=dict)   # {part name: KeyRecipe}, one dict per template
    ecf_credit: float = 1.0   # the template's share of a part's points for error carried forward (policy may override)

    @classmethod
    def from_json(cls, record, source: str = "the key question") -> "KeyQuestion":
        """One question from a whole record (as ``to_json`` and version 1 write it), checked as
        key.json's are, its values against their exact forms too; errors name ``source``."""
        where = Where(source)
        question = _read_question(record, where, None, {})
        check_params(question.params, recipe_texts(question.recipes), lambda: where)
        check_values(((where / "parts" / i, part) for i, part in enumerate(question.parts)))
        return question

    def to_json(self) -> dict:
        """The question as one whole record, every text in it (``Key.to_json(compact=False)``'s)."""
        return WholeRecords().instance(self)


@dataclass(frozen=True, slots=True)
class KeyPaper:
    """One student's own paper (``generate --students``, or the variants an LMS
    gave them). ``state``: for a key built from a Moodle download, the State
    of the attempt graded when Moodle shows it as not submitted (one of
    ``UNSUBMITTED``, graded because it is the student's only attempt), else "";
    written only when set, so other keys keep their bytes."""

    student_id: str
    name: str = ""
    seed: str = ""
    questions: tuple = ()
    state: str = ""
    open_attempt: str = ""   # the State of a later attempt still open beside the finished one graded


@dataclass(frozen=True, slots=True)
class Key:
    """A whole key: the class paper's questions and each student's own paper."""

    questions: tuple
    papers: tuple = ()
    seed: object = None
    worked_examples: bool = False
    quizgen: str = ""
    version: int = VERSION
    secret: str = ""          # keys the paper codes (quizgen.key.papercode)
    codes: tuple = ()         # (code, student_id or "", seed label) of each paper
    rounded_by: str = ""      # "canvas": the answers' figures were rewritten by the LMS, not the student;
    #                           "spreadsheet": a Moodle download saved again, one-number answers' end zeros dropped
    printed: object = None    # key.json's "printed" as read, unchecked (per-student keys): report/title.exam_words
    files: tuple | None = None   # key.json's "files", the files its run wrote (checks.listed_files): grade writes none
    moodle_maximum: str = ""  # a Moodle download's key: the quiz's maximum grade there, "10.00"

    def codes_by_student(self) -> dict:
        """{student id: its paper's code} ('' is the class paper), the first code listed for each, in one pass."""
        first = {}
        for code, student_id, _ in self.codes:
            first.setdefault(student_id, code)
        return first

    def every_question(self) -> list:
        """Every question of the key, the class paper's then each student's, in key order."""
        return [*self.questions, *(q for paper in self.papers for q in paper.questions)]

    def exact_values(self) -> list:
        """(exact form, value) of every numeric part, in key order: what key.json's digest covers."""
        return [(p.exact, p.value) for q in self.every_question() for p in q.parts if p.value is not None]

    def to_json(self, compact: bool = True) -> dict:
        """The key as key.json's data (the current format version): template texts shared,
        or with ``compact=False`` every question record whole (no templates)."""
        from_templates = SharedTexts() if compact else WholeRecords()
        data = {"format": FORMAT, "version": VERSION, "quizgen": self.quizgen, "seed": self.seed,
                "worked_examples": self.worked_examples, **({} if self.printed is None else {"printed": self.printed})}
        questions = [from_templates.instance(q) for q in self.questions]
        shared = self._shared()
        place = {id(q): i for i, q in enumerate(shared)}
        papers = {p.student_id: {"name": p.name, "seed": p.seed, **({"state": p.state} if p.state else {}),
                                 **({"open_attempt": p.open_attempt} if p.open_attempt else {}),
                                 "questions": [place[id(q)] if id(q) in place else from_templates.instance(q)
                                               for q in p.questions]}
                  for p in self.papers}
        data["version"] = version_with((q.ecf_credit for q in self.every_question()), SHARED_VERSION if shared else VERSION)
        if self.rounded_by:
            data["answers_rounded_by"] = self.rounded_by
        if self.moodle_maximum:
            data["moodle_maximum"] = self.moodle_maximum
        if self.secret:
            data["secret"] = self.secret
            data["papers"] = {code: {"seed": seed, **({"student_id": sid} if sid else {})}
                              for code, sid, seed in self.codes}
        data["templates"] = from_templates.templates
        data["questions"] = questions
        if shared:
            data["shared_questions"] = [from_templates.instance(q) for q in shared]
        if papers:
            data["students"] = papers
        data[DIGEST_FIELD] = values_digest(self.exact_values())
        return data

    def _shared(self) -> list:
        """The questions (one object each) on more than one student's paper, in the order first
        met: an LMS download's variants, which its thousands of students share, written once."""
        uses = Counter(id(q) for paper in self.papers for q in paper.questions)
        shared = {id(q): q for paper in self.papers for q in paper.questions if uses[id(q)] > 1}
        return list(shared.values())   # a dict keeps the order its keys were first set in

    @classmethod
    def from_json(cls, data, source: str = "the key") -> "Key":
        """The key in ``data`` (key.json's data, version 1 to 5), checked field
        by field; InputFileError names ``source`` and the JSON path of a problem."""
        return read_key(data, source)


# ------------------------------------------------------------------ reading

def read_key(data, source: str = "the key") -> Key:
    """A :class:`Key` from key.json's data, version 1 (no ``format`` field,
    every text in every question), 2 (template texts shared), 3 (and
    choices by place; a version-2 key with choices is refused) or 4 (and
    part variants; a key before version 4 with variants is refused)."""
    top = Where(source)
    if not isinstance(data, dict):
        raise top.fail("expected key.json (an object with a \"questions\" list)")
    version = _version(data, top)
    templates = _templates(data, top, version) if version >= 2 else None
    cache = {}   # instance specs that differ from their template's alike, made once
    questions = _questions(data.get("questions"), top / "questions", templates, cache)
    if not questions:
        raise (top / "questions").fail("expected a non-empty list of questions")
    shared = _shared_questions(data, top, version, templates, cache)
    papers = []
    students = data.get("students")
    students = {} if students is None else checks.mapping(students, top / "students")
    for student_id, paper in students.items():
        where = top / "students" / student_id
        checks.text(student_id, where, checks.MAX_STUDENT_ID, empty=False)
        checks.mapping(paper, where)
        own = _questions(paper.get("questions"), where / "questions", templates, cache, shared)
        if not own:   # a paper worth 0 points: no score or percentage for its student
            raise (where / "questions").fail("expected a non-empty list of questions: a student's paper holds "
                                             "at least one (generate writes every paper whole)")
        papers.append(KeyPaper(student_id, checks.text(paper.get("name", ""), where / "name", checks.MAX_NAME),
                               str(checks.label(paper.get("seed", "-"), where / "seed")), own,
                               paper_state(paper, where / "state"), open_attempt(paper, where / "open_attempt")))
    secret, codes = _codes(data, top)
    rounded_by = checks.text(data.get("answers_rounded_by", ""), top / "answers_rounded_by", checks.MAX_ID)
    if rounded_by not in ("", "canvas", "spreadsheet"):
        raise (top / "answers_rounded_by").fail(f"expected \"canvas\" or \"spreadsheet\" (or no such field), "
                                                f"got {rounded_by[:40]!r}")
    key = Key(tuple(questions), tuple(papers), data.get("seed"), data.get("worked_examples") is True,
              str(data.get("quizgen", "")), version, secret, codes, rounded_by, data.get("printed"),
              checks.listed_files(data), moodle_maximum(data, top / "moodle_maximum"))
    if data.get(DIGEST_FIELD) != values_digest(key.exact_values()):   # edited since written, or written without it
        check_values(_located_parts(key, top, {id(q): top / "shared_questions" / i for i, q in enumerate(shared)}))
    return key


def _located_parts(key: Key, top: Where, shared: dict):
    """(JSON path, part) for every part of ``key``, in key order; a shared question's
    (``shared``: {id: its path under shared_questions}) once, at that path."""
    seen = set()
    for within, questions in [(top / "questions", key.questions)] + \
            [(top / "students" / paper.student_id / "questions", paper.questions) for paper in key.papers]:
        for i, question in enumerate(questions):
            at = shared.get(id(question))
            if at is None or id(question) not in seen:
                seen.add(id(question))
                yield from (((at or within / i) / "parts" / j, part) for j, part in enumerate(question.parts))


def _codes(data: dict, top: Where) -> tuple:
    """``(secret, ((code, student_id, seed label), ...))`` of a key with paper codes."""
    secret = checks.text(data.get("secret", ""), top / "secret", checks.MAX_ID)
    codes = []
    for code, record in checks.mapping(data.get("papers", {}), top / "papers").items():
        where = top / "papers" / code
        checks.text(code, where, checks.MAX_ID, empty=False)
        checks.mapping(record, where)
        codes.append((code, checks.text(record.get("student_id", ""), where / "student_id", checks.MAX_STUDENT_ID),
                      str(checks.label(record.get("seed", "-"), where / "seed"))))
    return secret, tuple(codes)


def _version(data: dict, where: Where) -> int:
    if "format" not in data and "version" not in data:
        return 1
    if data.get("format") == EXPORT_KEY_FORMAT:
        raise (where / "format").fail("this is the key of a Moodle or Canvas export (quizgen export): grade that "
                                      "LMS's responses download with it; a CSV of answers to a generated paper "
                                      "needs the key.json that quizgen generate wrote beside the paper")
    if data.get("format") != FORMAT:
        raise (where / "format").fail(f"expected {FORMAT!r}, got {checks.shown(data.get('format'))}: this is not a "
                                      "key.json written by quizgen generate (nor a quizgen export's key)")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > MAX_VERSION:
        raise (where / "version").fail(f"this key is version {checks.shown(version)}, newer than this quizgen reads "
                                       f"(up to {MAX_VERSION}); upgrade quizgen")
    return checks.integer(version, where / "version", 1, MAX_VERSION, written=True)   # 5.0 is no version


def _templates(data: dict, top: Where, version: int) -> dict:
    """{template id: (question fields, part specs, choice options, part variants, head)}
    of a version-2, 3 or 4 key (part variants: a tuple of specs per part; head: class, title,
    points, recipes or None and ECF credit as KeyQuestion takes them, and the count of recipe_texts)."""
    found = {}
    for name, record in checks.mapping(data.get("templates", {}), top / "templates").items():
        where = top / "templates" / name
        checks.mapping(record, where)
        parts = checks.listing(record.get("parts", []), where / "parts")
        specs = tuple(read_spec(p, where / "parts" / i) for i, p in enumerate(parts))
        checks.unique([s.letter for s in specs], where / "parts", "part")
        variants = tuple(read_variants(p, spec, where / "parts" / i, version)
                         for i, (p, spec) in enumerate(zip(parts, specs)))
        if version < 3 and "choices" in record:
            raise (where / "choices").fail(INCONSISTENT)
        options = choice_options(record, where) if version >= 3 else NoChoices()
        fields = question_fields(record, where)
        head = (*template_head(fields), recipe_texts(fields.get("recipes")))
        found[name] = (fields, specs, options, variants, head)
    return found


def _shared_questions(data: dict, top: Where, version: int, templates, cache: dict) -> list:
    """A version-5 key's ``shared_questions``, which students' papers name by place (none before version 5)."""
    if "shared_questions" not in data:
        return []
    where = top / "shared_questions"
    if version < SHARED_VERSION:
        raise where.fail(f"a key before version {SHARED_VERSION} has no shared questions, so this key is "
                         "inconsistent; grade the LMS download it was built from again")
    return [_question(r, where, i, templates, cache) for i, r in enumerate(checks.listing(data["shared_questions"], where))]


def _questions(records, where: Where, templates, cache: dict, shared: list | None = None) -> list:
    """The questions of a list of records; on a student's paper (``shared`` given) an
    entry may instead name one of the key's shared questions by its place."""
    questions = [_shared_place(r, where / i, shared) if r.__class__ is int and shared is not None
                 else _question(r, where, i, templates, cache) for i, r in enumerate(checks.listing(records, where))]
    ids = [q.id for q in questions]
    if len({i.strip().casefold() for i in ids}) != len(ids):
        checks.unique(ids, where, "question id")
    return questions


def _shared_place(place: int, where: Where, shared: list) -> KeyQuestion:
    if not shared:
        raise where.fail("expected a question record (a number names one of the key's shared_questions, "
                         "and this key has none)")
    return shared[checks.integer(place, where, 0, len(shared) - 1)]


_PLAIN_QUESTION = frozenset(("id", "template", "seed", "params", "parts", "choices"))


def _question(record, within: Where, index: int, templates, cache: dict) -> KeyQuestion:
    if templates and record.__class__ is dict and _PLAIN_QUESTION.issuperset(record):
        question = _plain_question(record, templates, cache, within, index)
        if question is not None:
            return question
    seen = cache.setdefault("records", SeenRecords())   # the same variant on many papers (an older LMS key)
    question = seen.question(record)
    if question is None:
        question = _read_question(record, within / index, templates, cache)   # rare, and read whole: its own count
        check_params(question.params, recipe_texts(question.recipes), lambda: within / index)
        seen.add(record, question)
    return question


def _read_question(record, where: Where, templates, cache: dict) -> KeyQuestion:
    checks.mapping(record, where)
    fields, shared, options, variants = {}, (), {}, ()
    template = checks.text(record.get("template", ""), where / "template", checks.MAX_ID)
    if templates and template in templates:   # else a whole record, as version 1 or compact=False write
        fields, shared, options, variants, _ = templates[template]
    elif templates and not _whole_record(record):
        known = ", ".join(checks.shown(name) for name in list(templates)[:5])
        raise (where / "template").fail(f"no template {checks.shown(template)} under \"templates\" (it has {known}), "
                                        "and the question is no whole record of its own")
    fields = {**fields, **question_fields(record, where)}
    if "params" in record:
        fields["params"] = checks.mapping(record["params"], where / "params")
    if "choices" in record:
        fields["params"] = picked(record, fields.get("params", {}), options, lambda: where)
    if "seed" in record:
        fields["seed"] = str(checks.label(record["seed"], where / "seed"))
    records = checks.listing(record.get("parts"), where / "parts")
    if shared and len(records) != len(shared):
        raise (where / "parts").fail(f"expected {len(shared)} parts as template {template!r} has, got {len(records)}")
    parts = tuple(read_part(r, where / "parts" / i, _base(r, shared, variants, i, where), cache)
                  for i, r in enumerate(records))
    if not parts:
        raise (where / "parts").fail("expected at least one part (a question with none could never be answered)")
    checks.unique([p.letter for p in parts], where / "parts", "part")
    return KeyQuestion(checks.question_id(record.get("id"), where / "id"), template, **fields, parts=parts)


def _base(record, shared: tuple, variants: tuple, index: int, where: Where):
    """The spec an instance part's own fields are read over: its template's
    part, or the variant it names (``"variant": i``); None for a whole record."""
    if not shared:
        return None
    if record.__class__ is dict and "variant" in record:
        return variant_spec(record, variants[index], lambda: where / "parts" / index)
    return shared[index]


def _whole_record(record: dict) -> bool:
    """True when a question record carries its parts whole (each names its part
    letter), as version 1 and ``to_json(compact=False)`` write them."""
    parts = record.get("parts")
    return isinstance(parts, list) and bool(parts) and all(isinstance(p, dict) and "part" in p for p in parts)


def _plain_question(record: dict, templates: dict, cache: dict, within: Where, index: int) -> KeyQuestion | None:
    """A version-2 or 3 question whose fields are all plainly right (the usual case, read
    at once, its params in work_caps' caps); None to read it field by field and name a problem."""
    name = record.get("template")
    found = templates.get(name) if name.__class__ is str else None   # a list or object is not hashable
    qid, seed, params, records = record.get("id"), record.get("seed", ""), record.get("params", {}), record.get("parts")
    if found is None or qid.__class__ is not str or not checks.QUESTION_ID_PATTERN.fullmatch(qid):
        return None
    _, shared, options, variants, (cls, title, points, recipes, ecf_credit, texts) = found
    if seed.__class__ is not str or len(seed) > checks.MAX_ID or params.__class__ is not dict \
            or records.__class__ is not list or not shared or len(records) != len(shared):
        return None
    parts = []
    for i, (part_record, spec) in enumerate(zip(records, shared)):
        if part_record.__class__ is not dict:
            return None
        if "variant" in part_record:
            spec = variant_spec(part_record, variants[i], lambda: within / index / "parts" / i)
        if not SPEC_KEYS.isdisjoint(part_record):
            spec = own_spec(part_record, lambda: within / index / "parts" / i, spec, cache)
        part = plain_part(part_record, spec)
        if part is None:
            return None
        parts.append(part)
    if "choices" in record:
        params = picked(record, params, options, lambda: within / index)
    check_params(params, texts, lambda: within / index)
    return KeyQuestion(qid, name, cls, title, points, seed, params, tuple(parts), recipes or {}, ecf_credit)
