"""The template schema: checks one template's parsed YAML field by field and
builds a :class:`Template`, every problem named by file, line and key."""

from __future__ import annotations

import json
import re
from functools import partial

from quizgen.bank import budget, let_schema
from quizgen.bank.model import Param, Part, Template
from quizgen.bank.param_bounds import check_bounds, unknown_kind
from quizgen.bank.part_layout import (check_tolerance, optional_number, part_space, points_problems,
                                      repeated_codes, unit_words, value_range)
from quizgen.bank.canonical_schema import canonical_section
from quizgen.bank.ecf_also import ecf_also_section
from quizgen.bank.echoes import key_problems, merged, misspelt, top_key_problems
from quizgen.bank.tests_schema import part_traps, tests_section
from quizgen.bank.trap_schema import trap as build_trap, word_list
from quizgen.bank.yamlfile import locate_line, odd_scalar
from quizgen.errors import BankLimitError, ExpressionError, TemplateError, TemplateProblems
from quizgen.key.checks import CLASS_PATTERN, MAX_ID, MAX_TEXT, MAX_TITLE, PART_NAME_PATTERN, PART_NAME_RULE
from quizgen.wording import a_word, did_you_mean, shortened
from quizgen import safe_yaml
from quizgen.maths.parser import parse, template_policy
from quizgen.maths.shares import RULE as SHARE_RULE, read_share
from quizgen.bank.text_rules import text_problems, text_rule_problems

TOP_KEYS = {"id", "class", "title", "points", "params", "constraints", "let", "stem",
            "parts", "solution", "canonical", "tests", "figure", "max_tries", "distinct_on_paper", "ecf_credit"}
REQUIRED_TOP = ("id", "class", "title", "points", "params", "stem", "parts", "solution", "canonical")
PART_KEYS = {"name", "ask", "type", "answer", "accept", "decimals", "tolerance", "traps", "points", "space",
             "choices", "range", "units", "ecf_also"}
SOLUTION_KEYS = {"forecast", "forecast_shows", "steps", "verify"}
STEP_KEYS = {"title", "why", "work", "shows"}
PARAM_KINDS = {"integer", "decimal", "choice", "vector", "sample", "value", "insert"}
TOLERANCE_KEYS = {"sigfigs", "rtol", "atol"}
PART_TYPES = ("numeric", "integer", "word")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")



class _Checker:
    """Checks one template's data, raising TemplateError with file:line and key.
    Problems in independent pieces (``guard``) and unknown keys are collected,
    so that one run reports them all."""

    def __init__(self, data: dict, path):
        self.data, self.path, self.problems = data, path, []

    def problem(self, message: str, *keys, text_line=None) -> TemplateError:
        return TemplateError(message, path=self.path, line=locate_line(self.path, keys, text_line),
                             key=".".join(str(k) for k in keys) or None)

    def fail(self, message: str, *keys):
        raise self.problem(message, *keys)

    def guard(self, build, *args, default=None):
        """``build(*args)``; if it fails, its problem is recorded and ``default`` returned."""
        try:
            return build(*args)
        except BankLimitError:
            raise
        except TemplateError as exc:
            self.problems.append(exc)
            return default

    def keys(self, mapping, allowed, required, *where):
        if not isinstance(mapping, dict):
            self.fail("expected a mapping", *where)
        unknown, fatal = key_problems(mapping, allowed, required)
        self.problems += [self.problem(message, *where, key) for key, message in unknown]
        if fatal:
            self.fail(fatal[0], *where, *fatal[1:])

    def text(self, value, *where, optional=False, limit=MAX_TEXT):
        if value is None and optional:
            return ""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            self.fail(f"expected text, found the number {value}: put it in quotes", *where)
        if not isinstance(value, str) or not value.strip():
            self.fail("expected non-empty text", *where)
        if len(value) > limit:   # as a render's text is held: a text with no {{ }} is printed unrendered
            self.fail(f"text of {len(value):,} characters exceeds the limit of {limit:,} (see docs/authoring.md)", *where)
        return value

    def expression(self, source, names, *where):
        if isinstance(source, bool) or not isinstance(source, (str, int, float)):
            self.fail("expected an expression (text or a number)", *where)
        try:
            return parse(str(source), template_policy(names))
        except ExpressionError as exc:
            self.fail(f"bad expression {let_schema.quoted_expression(source)}: {exc}", *where)

    def jinja(self, source, *where, rules=text_rule_problems):
        """Jinja2 text: its syntax, filters, tests and arithmetic (see text_rules)."""
        for line, message in rules(source):
            self.problems.append(self.problem(message, *where, text_line=line))

    def jinja_text(self, value, *where):
        """A template text that must be given (the stem, an ask, a solution's, a trap's feedback), its Jinja2 and braces."""
        self.jinja(self.text(value, *where), *where, rules=text_problems)


def build_template(data: dict, path) -> Template:
    """Turn a template's parsed YAML into a checked :class:`Template`. Every
    piece is checked even after a problem: the error raised is the first
    problem and lists them all (``TemplateProblems.problems``)."""
    check = _Checker(data, path)
    _check_yaml_size(check, data)
    for key, message in top_key_problems(data, TOP_KEYS, REQUIRED_TOP):
        check.problems.append(check.problem(message, *(() if key is None else (key,))))

    def field(key, build, *args, default=None):
        return check.guard(build, check, data[key], *args, default=default) if key in data else default

    template_id = field("id", _pattern_text, "id", ID_PATTERN, "id must be lower-case letters, digits and dashes")
    cls = field("class", _pattern_text, "class", CLASS_PATTERN, "class must look like C1, C2, ... (at most six digits)")
    title = field("title", partial(_Checker.text, limit=MAX_TITLE), "title")
    points = field("points", _points)
    params = field("params", _params)
    if params is None:
        raise TemplateProblems(check.problems)
    names = [p.name for p in params]
    lets = field("let", let_schema.lets, names, default=())
    names += [name for name, _ in lets]
    constraints = field("constraints", _constraints, names, default=())
    field("stem", _stem)
    parts = field("parts", _parts, names, default=())
    points_problems(check, points, parts)
    ecf_also = field("parts", ecf_also_section, names, params, default={})
    solution = field("solution", _solution, _part_names(data.get("parts")))
    canonical = field("canonical", canonical_section, names, _part_names(data.get("parts")))
    tests = field("tests", tests_section, part_traps(data.get("parts")), default=())
    figure, figure_shown, figure_name, figure_axis = field("figure", _figure, names, default=(None, None, "", ""))
    max_tries = field("max_tries", _max_tries, default=500)
    distinct_on_paper = field("distinct_on_paper", _distinct_on_paper, params, default=())
    ecf_credit = field("ecf_credit", _ecf_credit, default=1.0)
    if check.problems:
        raise TemplateProblems(merged(check.problems, data.get("parts")))
    return Template(id=template_id, cls=cls, title=title, points=points, params=params, lets=lets,
                    constraints=constraints, stem=data["stem"], parts=parts, solution=solution, canonical=canonical,
                    path=str(path), tests=tests, figure=figure, figure_shown=figure_shown, figure_name=figure_name,
                    figure_axis=figure_axis, max_tries=max_tries, distinct_on_paper=distinct_on_paper,
                    ecf_credit=ecf_credit, raw=data, ecf_also=ecf_also)


def _check_yaml_size(check: _Checker, data: dict) -> None:
    """Refuse a template whose YAML, aliases written out, holds too many values
    (an alias bomb), naming the top-level key where it is, or holds a value no
    template can use (a .nan, an .inf, a control character), naming its line."""
    for key, value in data.items():
        if safe_yaml.yaml_values(value) > safe_yaml.MAX_VALUES:
            raise budget.limit_error(check, (key,), safe_yaml.TOO_MANY_VALUES, f"{safe_yaml.MAX_VALUES:,}")
    odd = odd_scalar(data)
    if odd:
        raise check.problem(odd[1], *odd[0], text_line=odd[2])


def _pattern_text(check: _Checker, value, key, pattern, message) -> str:
    text = check.text(value, key)
    if len(text) > budget.MAX_NAME:
        raise budget.limit_error(check, (key,), f"{a_word(key)} of {len(text):,} characters", budget.MAX_NAME)
    if not pattern.match(text):
        check.fail(message, key)
    return text


def _points(check: _Checker, points) -> int:
    if isinstance(points, bool) or not isinstance(points, int) or points <= 0:
        check.fail("points must be a positive whole number", "points")
    return points


def _stem(check: _Checker, stem) -> str:
    check.jinja_text(stem, "stem")
    return stem


def _figure(check: _Checker, figure, names) -> tuple:
    """(p's expression, the expression of p as the working shows it (None: p), the name
    the label gives p: Jinja2 text of TeX math, '' for p, what p is in words for the p
    axis: Jinja2 text, '' for the default): ``figure: EXPR``, or
    ``figure: {p: EXPR, shown: EXPR, name: TEXT, axis: TEXT}``."""
    if figure is None:
        return None, None, "", ""
    if not isinstance(figure, dict):
        return check.expression(figure, names, "figure"), None, "", ""
    check.keys(figure, {"p", "shown", "name", "axis"}, ("p",), "figure")
    shown = check.expression(figure["shown"], names, "figure", "shown") if "shown" in figure else None
    name = check.text(figure.get("name"), "figure", "name", optional=True)
    check.jinja(name, "figure", "name")
    axis = check.text(figure.get("axis"), "figure", "axis", optional=True)
    check.jinja(axis, "figure", "axis")
    return check.expression(figure["p"], names, "figure", "p"), shown, name, axis


def _distinct_on_paper(check: _Checker, names, params) -> tuple:
    """``distinct_on_paper: [scene]``: choice parameters whose option one paper's
    questions of this template do not repeat while options remain (generation/distinct.py)."""
    choices = [p.name for p in params if p.kind == "choice"]
    if not isinstance(names, list) or not names:
        check.fail("expected a list of choice parameters (distinct_on_paper: [scene])", "distinct_on_paper")
    for i, name in enumerate(names):
        if name not in choices:
            known = f"its choice parameters: {', '.join(choices)}" if choices else "it has no choice parameter"
            check.fail(f"{str(name)!r} is not a choice parameter of this template ({known})"
                       f"{did_you_mean(str(name), choices)}", "distinct_on_paper", i)
        if name in names[:i]:
            check.fail(f"{name!r} is named twice", "distinct_on_paper", i)
    return tuple(names)


def _max_tries(check: _Checker, max_tries) -> int:
    if isinstance(max_tries, int) and max_tries > budget.MAX_TRIES:
        raise budget.limit_error(check, ("max_tries",), f"max_tries {max_tries}", budget.MAX_TRIES)
    if isinstance(max_tries, bool) or not isinstance(max_tries, int) or not 1 <= max_tries <= budget.MAX_TRIES:
        check.fail(f"max_tries must be a whole number from 1 to {budget.MAX_TRIES}", "max_tries")
    return max_tries


def _ecf_credit(check: _Checker, credit) -> float:
    """The share of a part's points a right answer worked from a wrong earlier
    answer earns on this template's questions (error carried forward; default 1)."""
    share = read_share(credit) if isinstance(credit, (int, float, str)) else None
    if share is None:
        check.fail(f"expected the share of a part's points an answer right from the student's own wrong earlier "
                   f"answers earns: {SHARE_RULE}; found {shortened(repr(credit), 80)}", "ecf_credit")
    return share


def _params(check: _Checker, params) -> tuple:
    if not isinstance(params, dict) or not params:
        check.fail("expected a mapping of parameter names to their kinds", "params")
    built, names = [], []
    for name, spec in params.items():
        param = check.guard(_param, check, name, spec, list(names))
        built.append(param or Param(str(name), "invalid", spec))
        names.append(str(name))
    return tuple(built)


def _param(check: _Checker, name, spec, names) -> Param:
    if not isinstance(name, str) or not name.isidentifier():
        check.fail("a parameter name must be a plain identifier", "params", name)
    let_schema.refuse_reserved(check, name, "params", name)
    if not isinstance(spec, dict) or len(spec) != 1:
        check.fail(f"expected one of: {', '.join(sorted(PARAM_KINDS))}", "params", name)
    kind, settings = next(iter(spec.items()))
    if kind not in PARAM_KINDS:
        check.fail(unknown_kind(kind, PARAM_KINDS), "params", name, kind)
    return Param(name, kind, settings, _compile_param(check, name, kind, settings, names))


_PARAM_FIELDS = {"integer": ("min", "max"), "decimal": ("min", "max", "step"), "vector": ("size", "min", "max", "step"),
                 "sample": ("from", "size"), "insert": ("into", "at", "item")}


def _compile_param(check: _Checker, name, kind, settings, names) -> dict:
    where = ("params", name, kind)
    if kind == "choice":
        if not isinstance(settings, list) or not settings:
            check.fail("choice needs a non-empty list of options", *where)
        return {}
    if kind == "value":
        return {"value": check.expression(settings, names, *where)}
    fields = _PARAM_FIELDS[kind]
    if isinstance(settings, list) and kind in ("integer", "decimal"):
        if len(settings) != len(fields):   # [0.05, 0.3] told as what it is, not "expected a mapping"
            check.fail(f"{kind} takes [{', '.join(fields)}] (or {{{', '.join(fields)}}}): "
                       f"{len(settings)} value{'s' * (len(settings) != 1)} given", *where)
        settings = dict(zip(fields, settings))
    optional = {"vector": {"distinct"}, "sample": {"in_order"}}.get(kind, set())
    check.keys(settings, set(fields) | optional, fields, *where)
    for flag in optional & set(settings):
        if not isinstance(settings[flag], bool):
            check.fail(f"expected true or false, got {json.dumps(settings[flag], default=str)}", *where, flag)
    compiled = {f: check.expression(settings[f], names, *where, f) for f in fields
                if not (kind == "sample" and f == "from" and isinstance(settings[f], list))}
    if kind == "sample" and isinstance(settings["from"], list):
        compiled["from_list"] = tuple(settings["from"])
    check_bounds(check, kind, compiled, where)
    compiled["distinct"] = bool(settings.get("distinct", False))
    compiled["in_order"] = bool(settings.get("in_order", False))
    return compiled


def _constraints(check: _Checker, constraints, names) -> tuple:
    constraints = [] if constraints is None else constraints
    if not isinstance(constraints, list):
        check.fail("expected a list of conditions", "constraints")
    return tuple((str(src), check.guard(check.expression, src, names, "constraints", i))
                 for i, src in enumerate(constraints))


def _part_names(parts):
    """The part names a template's raw ``parts`` list gives, or None when it is no list or a part
    has no name (``part_traps``'s rule: an entry naming that part would be told it names none)."""
    named = part_traps(parts)
    return None if named is None else set(named)


def _parts(check: _Checker, parts, names) -> tuple:
    if not isinstance(parts, list) or not parts:
        check.fail("expected a non-empty list of answer parts", "parts")
    built, seen = [], set()
    for i, part in enumerate(parts):
        built.append(check.guard(_named_part, check, part, names, i, seen))
    return tuple(built)


def _named_part(check: _Checker, part, names, i: int, seen: set) -> Part:
    check.keys(part, PART_KEYS, ("name", "ask"), "parts", i)
    name = check.text(part["name"], "parts", i, "name")
    if not PART_NAME_PATTERN.fullmatch(name) or len(name) > MAX_ID:
        check.fail(f"{shortened(name, 60)!r} is not a part name: {PART_NAME_RULE}", "parts", i, "name")
    if name in seen:
        check.fail(f"part name {name!r} used twice", "parts", i, "name")
    seen.add(name)
    return _part(check, part, names, i)


def _part(check: _Checker, part: dict, names, i: int) -> Part:
    kind = part.get("type", "numeric")
    if kind not in PART_TYPES:
        check.fail(f"type must be one of {', '.join(PART_TYPES)}", "parts", i, "type")
    guard = check.guard   # the part's fields apart: a problem in one hides none in another
    guard(check.jinja_text, part["ask"], "parts", i, "ask")
    answer, accept, choices = None, (), None
    if kind == "word":   # "acept:" is told once, at the misspelling
        accept = () if misspelt(part, "accept", PART_KEYS) else guard(word_list, check, part.get("accept"), "parts",
                                                                         i, "accept", default=())
        if "choices" in part:
            choices = guard(check.expression, part["choices"], names, "parts", i, "choices")
    elif "choices" in part:
        check.problems.append(check.problem("choices: is for word parts (how many answers the question offers)",
                                            "parts", i, "choices"))
    elif "answer" not in part and not misspelt(part, "answer", PART_KEYS):
        check.problems.append(check.problem("a numeric or integer part needs an 'answer' expression", "parts", i))
    elif "answer" in part:
        answer = guard(check.expression, part["answer"], names, "parts", i, "answer")
    decimals = guard(_decimals, check, part.get("decimals", 4), i, default=4)
    if "tolerance" in part:
        guard(check_tolerance, check, part["tolerance"], TOLERANCE_KEYS, "parts", i, "tolerance")
    tolerance = part["tolerance"] if isinstance(part.get("tolerance"), dict) else {}
    traps = guard(_traps, check, part.get("traps"), names, kind, i, default=())
    points = guard(optional_number, check, part.get("points"), 0.0, None, "parts", i, "points")
    space = guard(part_space, check, part.get("space"), "parts", i, "space")
    bounds = guard(value_range, check, part["range"], kind, "parts", i, "range") if "range" in part else None
    units = guard(unit_words, check, part["units"], kind, "parts", i, "units", default=()) if "units" in part else ()
    return Part(name=part["name"], ask=part["ask"], kind=kind, answer=answer, accept=accept,
                decimals=decimals, tolerance=dict(tolerance), traps=traps, points=points, space=space,
                choices=choices, bounds=bounds, units=units)


def _decimals(check: _Checker, decimals, i: int) -> int:
    if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 12:
        check.fail("decimals must be a whole number from 0 to 12", "parts", i, "decimals")
    return decimals


def _traps(check: _Checker, traps, names, kind: str, i: int) -> tuple:
    """Part ``i``'s traps, each checked apart, then their codes against each other."""
    if not isinstance(traps or [], list):
        check.fail("expected a list of traps", "parts", i, "traps")
    built = tuple(check.guard(build_trap, check, trap, names, kind, i, j) for j, trap in enumerate(traps or []))
    repeated_codes(check, built, list(traps or []), i)
    return built


def _solution(check: _Checker, solution, part_names) -> dict:
    check.keys(solution, SOLUTION_KEYS, ("forecast", "steps", "verify"), "solution")
    steps = solution["steps"]
    if not isinstance(steps, list) or not steps:
        check.fail("expected a non-empty list of steps", "solution", "steps")
    for i, step in enumerate(steps):
        check.guard(_step, check, step, i)
        check.guard(_shows, check, step.get("shows", []) if isinstance(step, dict) else [], part_names,
                    ("solution", "steps", i, "shows"))
    check.guard(_shows, check, solution.get("forecast_shows", []), part_names, ("solution", "forecast_shows"))
    for key in ("forecast", "verify"):
        check.guard(check.jinja_text, solution[key], "solution", key)
    return solution


def _step(check: _Checker, step, i: int) -> None:
    check.keys(step, STEP_KEYS, ("title", "why", "work"), "solution", "steps", i)
    for key in ("title", "why", "work"):
        check.guard(check.jinja_text, step[key], "solution", "steps", i, key)


def _shows(check: _Checker, shows, part_names, where: tuple) -> None:
    """A step's ``shows`` (or the forecast's ``forecast_shows``): the parts whose
    answer it states in words (the drill holds it back until then)."""
    if not isinstance(shows, list) or not all(isinstance(name, str) for name in shows):
        check.fail("expected a list of part names, e.g. [mean]", *where)
    for name in shows:
        if part_names is not None and name not in part_names:
            check.problems.append(check.problem(f"no part named {name!r} (parts: {', '.join(sorted(part_names))})",
                                                *where))
