"""Checking templates before they reach a class (``quizgen validate``): the
YAML and the schema, every Jinja2 name and expression, and over many seeds
that sampling succeeds, traps stay apart from the answer, the rendered text
has no unfilled placeholder, the canonical example reproduces the numbers it
states, and the template's own example answers grade as it says."""

from __future__ import annotations

import difflib
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml
from jinja2 import meta, nodes

from quizgen.maths.answers import normalise_word
from quizgen.bank.loader import builtin_bank_dir, build_template, locate_line, read_yaml, template_files
from quizgen.errors import ExpressionError, InputFileError, SamplingError, TemplateError, UsageError
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.views import question_view
from quizgen.grading.marking import check_answer
from quizgen.key.entries import key_part
from quizgen.bank.model import Template
from quizgen.maths.printing import to_text
from quizgen.text.render import jinja_context, render_many, render_string, text_environment
from quizgen.generation.sampling import canonical_instance, exact_from_yaml, sample_instance
from quizgen.maths.tolerance import half_width, matches

DEFAULT_SAMPLES = 200
STATUSES = ("correct", "incorrect", "blank", "invalid")
DOC_FORMATS = ("md", "tex")
# A failure rate per seed above this means some generated quizzes would stop with an error.
MAX_FAILURE_RATE = 1e-4
# Never right in rendered text: Jinja2 and layout delimiters, Python reprs.
_UNFILLED = re.compile(r"\{\{|\{%|\{#|<<|>>|Fraction\(|Exact\(")
# Printed Python values; wrong unless the template's own text has the word.
_LEAKED_TOKENS = ("None", "Undefined", "nan", "inf")
_LEAKED = re.compile("|".join(rf"\b{t}\b" for t in _LEAKED_TOKENS))


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a template: file, line, key and what is wrong."""

    path: str
    line: int | None
    key: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:" if self.line else f"{self.path}:"
        key = f" {self.key}:" if self.key else ""
        return f"{where}{key} {self.message}"


@dataclass
class Report:
    """The outcome of validating one template file."""

    path: str
    template: Template | None = None
    problems: list = field(default_factory=list)
    samples: int = 0
    draws: int = 0
    expected: int = 0
    tests: int = 0

    @property
    def ok(self) -> bool:
        """True when nothing is wrong with the template."""
        return not self.problems

    def lines(self) -> list:
        """What validate prints: the problems in file order, or one summary line."""
        if self.problems:
            return [str(p) for p in sorted(self.problems, key=lambda p: (p.line or 0, p.key or ""))]
        return [self.summary()]

    def summary(self) -> str:
        """One line: the template and what was checked."""
        t = self.template
        traps = sum(len(p.traps) for p in t.parts)
        rate = f" ({100 * self.samples / self.draws:.0f}% of draws kept)" if self.draws else ""
        return (f"ok {t.cls} {t.id} ({self.path}): {_count(self.samples, 'sample')}{rate}, "
                f"{_count(len(t.parts), 'part')}, {_count(traps, 'trap')}, "
                f"{_count(self.expected, 'canonical number')} matched, {_count(self.tests, 'test')} passed")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def validate(paths=(), samples: int = DEFAULT_SAMPLES, banks=()) -> list:
    """Validate the templates at ``paths`` (files or folders; default: the
    built-in bank) and in the folders ``banks``; one report per file."""
    if samples < 0:
        raise UsageError(f"--samples must be 0 or more, got {samples}")
    files = template_paths(paths, banks)
    reports = [validate_file(path, samples) for path in files]
    _check_ids(reports)
    loaded = sorted((r for r in reports if r.template), key=lambda r: (r.template.class_number, r.template.id))
    return loaded + [r for r in reports if not r.template]


def template_paths(paths, banks) -> list:
    """The template files to check: each path (a file, or a folder's templates), then each bank's."""
    files = []
    for path in [Path(p) for p in paths] or [builtin_bank_dir()]:
        if path.is_dir():
            files += template_files(path)
        elif path.is_file():
            files.append(path)
        else:
            raise InputFileError(f"no such template file or folder: {path}")
    for bank in banks:
        files += template_files(bank)
    if not files:
        raise InputFileError(f"no templates (*.yaml, *.yml) in {', '.join(map(str, paths))}")
    return files


def _check_ids(reports: list) -> None:
    seen = {}
    for report in reports:
        if report.template is None:
            continue
        other = seen.setdefault(report.template.id, report.path)
        if other != report.path:
            report.problems.append(_problem(report.path, ("id",), f"template id {report.template.id!r} "
                                                                  f"is also used by {other}"))


def validate_file(path, samples: int = DEFAULT_SAMPLES) -> Report:
    """Every check on one template file."""
    report = Report(_shown(path))
    words = yaml_word_problems(path)
    try:
        template = build_template(read_yaml(path), path)
    except TemplateError as exc:
        report.problems = words + [_from_error(e, path) for e in getattr(exc, "problems", [exc])]
        return report
    report.template = template
    found = _Found(report)
    found.add_all(words)
    found.add_all(text_problems(template))
    found.guard(_check_samples, template, samples, report, found)
    canonical = found.guard(_check_canonical, template, report, found)
    if canonical is not None:
        found.add_all(instance_problems(canonical))
    return report


class _Found:
    """Collects a template's problems; a key that already has a problem from an
    earlier check gets no more, so one mistake seen by several checks (or
    over many seeds) is reported once."""

    def __init__(self, report: Report):
        self.report, self.keys = report, {p.key for p in report.problems}

    def add(self, problem: Problem) -> None:
        self.add_all([problem])

    def add_all(self, problems) -> None:
        fresh = [p for p in problems if p.key not in self.keys]
        self.keys.update(p.key for p in fresh)
        for problem in fresh:
            if problem not in self.report.problems:
                self.report.problems.append(problem)

    def guard(self, check, template, *args):
        """Run one check; a TemplateError it raises becomes a problem."""
        try:
            return check(template, *args)
        except TemplateError as exc:
            self.add(_from_error(exc, template.path))
            return None


def _shown(path) -> str:
    """A path as printed: relative to the working folder when inside it."""
    text = os.path.relpath(path) if Path(path).is_absolute() else str(path)
    return str(path) if text.startswith("..") else text


def _problem(path, keys: tuple, message: str, text_line=None) -> Problem:
    key = ".".join(str(k) for k in keys) or None
    return Problem(_shown(path), _line(str(path), keys, text_line, _stamp(path)), key, message)


@lru_cache(maxsize=4096)
def _line(path: str, keys: tuple, text_line, stamp) -> int | None:
    """locate_line, once per file version: a problem seen over many seeds is located once."""
    return locate_line(path, keys, text_line)


def _stamp(path) -> tuple:
    try:
        info = os.stat(path)
    except OSError:
        return ()
    return info.st_mtime_ns, info.st_size


def _from_error(exc: TemplateError, path) -> Problem:
    if exc.line or not exc.key:
        return Problem(_shown(exc.path or path), exc.line, exc.key, exc.reason)
    keys = tuple(int(k) if k.isdigit() else k for k in exc.key.split("."))
    return _problem(exc.path or path, keys, exc.reason)


# ------------------------------------------------------------ template text

_BOOL_TAG = "tag:yaml.org,2002:bool"
BOOLEAN_SETTINGS = {"distinct"}


def yaml_word_problems(path) -> list:
    """Words YAML silently turns into true/false (unquoted on, off, yes, no):
    ``[sat, on, the]`` would print "yes" for "on"."""
    try:
        root = yaml.compose(Path(path).read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    problems, stack = [], [((), root)]
    while stack:
        keys, node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            stack += [(keys + (k.value,), v) for k, v in node.value if k.value not in BOOLEAN_SETTINGS]
        elif isinstance(node, yaml.SequenceNode):
            stack += [(keys + (i,), v) for i, v in enumerate(node.value)]
        elif node is not None and node.tag == _BOOL_TAG and node.value.lower() not in ("true", "false"):
            key = ".".join(map(str, keys)) or None
            problems.append(Problem(_shown(path), node.start_mark.line + 1, key,
                                    f"YAML reads the unquoted word {node.value!r} as true/false; "
                                    f"write \"{node.value}\" in quotes"))
    return problems



def text_sources(template: Template):
    """Every piece of Jinja2 text in a template, with its key path."""
    yield ("stem",), template.stem
    for i, part in enumerate(template.parts):
        yield ("parts", i, "ask"), part.ask
        for j, word in enumerate(part.accept):
            yield ("parts", i, "accept", j), word
        for j, trap in enumerate(part.traps):
            yield ("parts", i, "traps", j, "feedback"), trap.feedback
            for k, word in enumerate(trap.words):
                yield ("parts", i, "traps", j, "words", k), word
    yield from _solution_sources(template.solution)


def _solution_sources(solution: dict):
    yield ("solution", "forecast"), solution["forecast"]
    for i, step in enumerate(solution["steps"]):
        for key in ("title", "why", "work"):
            yield ("solution", "steps", i, key), step[key]
    yield ("solution", "verify"), solution["verify"]


def text_problems(template: Template) -> list:
    """Names and filters the template's text uses that do not exist."""
    env = text_environment()
    known = {p.name for p in template.params} | {name for name, _ in template.lets} | set(env.globals)
    problems = []
    for keys, source in text_sources(template):
        tree = env.parse(source)
        for name in sorted(meta.find_undeclared_variables(tree) - known):
            line = _first_line(tree, nodes.Name, lambda n, name=name: n.name == name and n.ctx == "load")
            problems.append(_problem(template.path, keys, f"undefined name {name!r} in the text"
                                     f"{_did_you_mean(name, known)}", line))
        for node in tree.find_all(nodes.Filter):
            if node.name not in env.filters:
                problems.append(_problem(template.path, keys, f"unknown filter {node.name!r}"
                                         f"{_did_you_mean(node.name, env.filters)}", node.lineno))
    return problems


def _first_line(tree, kind, wanted):
    lines = [node.lineno for node in tree.find_all(kind) if wanted(node)]
    return min(lines) if lines else None


def _did_you_mean(name: str, known) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# ------------------------------------------------------------- one instance

def instance_problems(inst) -> list:
    """Problems in one filled-in question (the first for each key): text that
    fails to render, unfilled placeholders, numbers that are not finite, words
    that render empty."""
    template, problems = inst.template, []
    for fmt in DOC_FORMATS:
        try:
            view = question_view(Question("Q1", inst), fmt)
        except TemplateError as exc:
            problems += _render_failures(inst, fmt, exc)
            continue
        problems += _placeholders(template, _view_texts(view, template), fmt, inst.seed_label)
    problems += _placeholders(template, _key_texts(inst), "key", inst.seed_label)
    problems += _value_problems(inst)
    first = {}
    for problem in problems:
        first.setdefault(problem.key, problem)
    return list(first.values())


def _view_texts(view: dict, template: Template):
    """(key path, rendered text, its source) for every text of a question view."""
    solution = template.solution
    yield ("stem",), view["stem"], template.stem
    for i, (part, source) in enumerate(zip(view["parts"], template.parts)):
        yield ("parts", i, "ask"), part["ask"], source.ask
        yield ("parts", i, "answer"), part["answer"], ""
    yield ("solution", "forecast"), view["forecast"], solution["forecast"]
    for i, (step, source) in enumerate(zip(view["steps"], solution["steps"])):
        for key in ("title", "why", "work"):
            yield ("solution", "steps", i, key), step[key], source[key]
    yield ("solution", "verify"), view["verify"], solution["verify"]


def _key_texts(inst):
    """(key path, rendered text, its source) for the key's words and feedback."""
    context = jinja_context(inst.env)
    for i, pv in enumerate(inst.parts):
        for j, (word, source) in enumerate(zip(pv.accept, pv.part.accept)):
            yield ("parts", i, "accept", j), word, source
        feedback = render_many([trap.feedback for trap in pv.traps], context, "text") if pv.traps else []
        for j, (trap, source, text) in enumerate(zip(pv.traps, pv.part.traps, feedback)):
            yield ("parts", i, "traps", j, "feedback"), text, source.feedback
            for k, (word, word_source) in enumerate(zip(trap.words, source.words)):
                yield ("parts", i, "traps", j, "words", k), word, word_source


def _placeholders(template: Template, texts, fmt: str, label: str) -> list:
    """Unfilled placeholders: Jinja2 or layout delimiters and Python reprs
    anywhere in rendered text, and printed Python values (None, nan, ...)
    that the template's own text does not contain."""
    problems = []
    for keys, text, source in texts:
        match = _UNFILLED.search(text)
        if match is None and any(token in text for token in _LEAKED_TOKENS):
            match = next((m for m in _LEAKED.finditer(text)
                          if text.count(m.group()) > source.count(m.group())), None)
        if match:
            start = max(match.start() - 30, 0)
            context = " ".join(text[start:match.end() + 30].split())
            at = source.find(match.group())
            problems.append(_problem(template.path, keys, f"unfilled placeholder {match.group()!r} in the "
                                     f"rendered {_FORMAT_NAMES[fmt]} (seed {label}): ...{context}...",
                                     source.count("\n", 0, at) + 1 if at >= 0 else None))
    return problems


_FORMAT_NAMES = {"md": "Markdown", "tex": "LaTeX", "key": "key (plain text)"}


def _render_failures(inst, fmt: str, error: TemplateError) -> list:
    """Which text failed to render (question_view renders them all at once)."""
    if error.key:
        return [_from_error(error, inst.template.path)]
    context = jinja_context(inst.env)
    for keys, source in text_sources(inst.template):
        try:
            render_string(source, context, fmt)
        except TemplateError as exc:
            return [_problem(inst.template.path, keys, f"{exc.reason} (seed {inst.seed_label})",
                             _jinja_line(exc))]
    return [_problem(inst.template.path, (), f"the {_FORMAT_NAMES[fmt]} failed to render: {error.reason}")]


def _jinja_line(exc: Exception):
    """The template-text line a Jinja2 error happened on, from its traceback."""
    cause, line = exc.__cause__, getattr(exc.__cause__, "lineno", None)
    tb = getattr(cause, "__traceback__", None)
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _value_problems(inst) -> list:
    problems = []
    for i, pv in enumerate(inst.parts):
        numbers = [(("parts", i, "answer"), pv.value)]
        numbers += [(("parts", i, "traps", j, "value"), t.value) for j, t in enumerate(pv.traps)]
        for keys, value in numbers:
            if value is not None and not _finite_real(value):
                problems.append(_problem(inst.template.path, keys, f"not a finite real number: {value!r} "
                                         f"(seed {inst.seed_label})"))
        if pv.part.kind == "word" and not all(word.strip() for word in pv.accept):
            problems.append(_problem(inst.template.path, ("parts", i, "accept"),
                                     f"an accepted word renders empty (seed {inst.seed_label})"))
    return problems


def _finite_real(value) -> bool:
    try:
        number = float(value)
    except (TypeError, ValueError, ExpressionError):
        return False
    return number == number and abs(number) != float("inf") and not isinstance(value, (bool, complex))


# ----------------------------------------------------------------- canonical

def _check_canonical(template: Template, report: Report, found):
    """The canonical instance: it must build, reproduce ``expect`` and pass ``tests``."""
    try:
        inst = canonical_instance(template)
    except TemplateError as exc:
        where = getattr(exc.__cause__, "where", ())
        if not where:
            raise
        found.add(_problem(template.path, where, f"with the canonical parameters: {exc.__cause__}"))
        return None
    found.add_all(_expect_problems(template, inst, report))
    found.add_all(_test_problems(template, inst, report))
    return inst


def _expect_problems(template: Template, inst, report: Report) -> list:
    parts = {pv.part.name: pv for pv in inst.parts}
    problems = []
    for name, stated in (template.canonical.get("expect") or {}).items():
        keys = ("canonical", "expect", name)
        problem = _expect_problem(parts[name], stated)
        if problem:
            problems.append(_problem(template.path, keys, problem))
        else:
            report.expected += 1
    return problems


def _expect_problem(pv, stated):
    """What is wrong with one stated canonical number (or word), or None."""
    if pv.part.kind == "word":
        if normalise_word(str(stated)) in {normalise_word(w) for w in pv.accept}:
            return None
        return f"states {stated!r} but the canonical instance accepts {', '.join(map(repr, pv.accept))}"
    try:
        number = float(exact_from_yaml(stated))
    except ExpressionError as exc:
        return f"{stated!r} is not a number: {exc}"
    value = float(pv.value)
    if matches(number, value, pv.part.tolerance, pv.part.kind):
        return None
    width = half_width(value, pv.part.tolerance, pv.part.kind)
    return (f"states {stated} but the canonical instance gives {value:.6g} (exactly {to_text(pv.value)}); "
            f"the part's tolerance allows {value - width:.6g} to {value + width:.6g}")


def _test_problems(template: Template, inst, report: Report) -> list:
    share = template.points / len(inst.parts)
    parts = {pv.part.name: (i, pv) for i, pv in enumerate(inst.parts)}
    problems = []
    for n, test in enumerate(template.tests):
        i, pv = parts[test["part"]]
        problem = _test_problem(test, pv)
        if problem:
            problems.append(_problem(template.path, ("tests", n) + problem[0], problem[1]))
            continue
        verdict = check_answer(key_part(pv, inst, share), "" if test["answer"] is None else str(test["answer"]))
        want = (test["status"], test.get("misconception") or "")
        if (verdict.status, verdict.misconception) != want:
            problems.append(_problem(template.path, ("tests", n), f"answer {test['answer']!r} to part "
                                     f"{pv.part.name} is graded {_verdict(verdict.status, verdict.misconception)}, "
                                     f"the test expects {_verdict(*want)}"))
        else:
            report.tests += 1
    return problems


def _verdict(status: str, misconception: str) -> str:
    return f"{status} ({misconception})" if misconception else status


def _test_problem(test: dict, pv):
    """A test entry that cannot be run: a bad status or an unknown misconception."""
    if test["status"] not in STATUSES:
        return ("status",), (f"status must be one of {', '.join(STATUSES)}"
                             f"{_did_you_mean(str(test['status']), STATUSES)}")
    code = test.get("misconception")
    codes = [t.code for t in pv.part.traps]
    if code and code not in codes:
        return ("misconception",), (f"part {pv.part.name} has no trap {code!r}"
                                    f"{_did_you_mean(str(code), codes)}")
    return None


# ------------------------------------------------------------------ samples

def _check_samples(template: Template, samples: int, report: Report, found: _Found) -> None:
    """Sample ``samples`` seeds: each must succeed within max_tries, and each
    instance must render and hold finite numbers."""
    rejections = []
    for k in range(samples):
        label = seed_label("validate", template.id, k)
        tried = len(rejections)
        try:
            inst = sample_instance(template, label, rejections)
        except SamplingError:
            found.add(_unsatisfiable(template, label, rejections[tried:]))
            return
        report.samples += 1
        report.draws += len(rejections) - tried + 1
        found.add_all(instance_problems(inst))
    if report.draws:
        found.add_all(_fragile(template, report, rejections))


def _unsatisfiable(template: Template, label: str, rejections: list) -> Problem:
    where, count, example = _most_common(rejections)
    return _problem(template.path, where, f"no draw passed in {template.max_tries} tries (seed {label}); "
                                          f"{count} were rejected here: {example}")


def _most_common(rejections: list):
    (where, count), = Counter(r.where for r in rejections).most_common(1)
    example = next(str(r) for r in reversed(rejections) if r.where == where)
    return where, count, example


def _fragile(template: Template, report: Report, rejections: list) -> list:
    """A problem when so few draws pass that some seeds would run out of tries."""
    kept = report.samples / report.draws
    failure = (1 - kept) ** template.max_tries
    if failure <= MAX_FAILURE_RATE or not rejections:
        return []
    where, _, example = _most_common(rejections)
    return [_problem(template.path, where, f"only {100 * kept:.1f}% of draws pass, so about one seed in "
                                           f"{max(round(1 / failure), 1)} would exhaust max_tries "
                                           f"({template.max_tries}); most are rejected here: {example}")]

