"""Checking templates before they reach a class (``quizgen validate``): the
YAML and the schema, every Jinja2 name and expression, and over many seeds
that sampling succeeds, traps stay apart from the answer, the rendered text
has no unfilled placeholder, the canonical example reproduces the numbers it
states (its worked solution recomputes and its paper leaks nothing), the
template's own example answers grade as it says, and the template does not
contradict itself: the rounding its text states is the one its tolerance marks,
the key's own answer is graded correct, the working ends on it, every drawn
value an answer reads is shown, and every parameter and let is read."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from quizgen.background import resolve_jobs

from quizgen.bank.loader import builtin_bank_dir, build_template, read_yaml, template_files
from quizgen.bank.param_bounds import off_grid
from quizgen.bank.trap_schema import unnamed_traps
from quizgen.errors import BankLimitError, InputFileError, TemplateError, UsageError, ValidationFailed
from quizgen.validation.canonical import check_canonical
from quizgen.validation.clashes import NOT_RECHECKED, builtin_checked, check_builtin_clashes, check_builtin_ids
from quizgen.validation.instances import instance_problems
from quizgen.validation.paper import paper_problems, unread_warnings
from quizgen.validation.problems import Problem, Report, from_error, problem_at, shown
from quizgen.validation.ecf_routes import route_problems
from quizgen.validation.samples import FIXED_MIN_SAMPLES, check_samples
from quizgen.validation.shown import unshown_problems, unused_warnings
from quizgen.validation.stated import stated_problems
from quizgen.validation.text import text_problems, yaml_word_problems
from quizgen.generation.variants import WARN_BELOW, template_variants
from quizgen.generation.workers import ordered_map
from quizgen.text.words import counted
from quizgen.ui import progress_bar

__all__ = ["validate", "validate_file", "report_validation", "Report", "Problem", "yaml_word_problems"]

DEFAULT_SAMPLES = 200
VARIANT_DRAWS = 200       # draws per template counted for distinct variants


def validate(paths=(), samples: int = DEFAULT_SAMPLES, banks=(), jobs: int = 1) -> list:
    """Validate the templates at ``paths`` (files or folders) and in the
    folders ``banks``, by default (neither given) the built-in bank; one report
    per file, the files checked in ``jobs`` processes (0: one per CPU; the reports
    are the same for any number). A bank's templates are also held against the built-in bank they
    join (clashes.py), which is not itself re-checked. SymPy referees every one
    of the ``samples`` draws of each template."""
    if samples < 0:
        raise UsageError(f"--samples must be 0 or more, got {samples}")
    files, jobs = template_paths(paths, banks), resolve_jobs(jobs)
    reports = []
    with progress_bar(len(files) > 1, len(files), "Validating templates") as bar:   # a minute or more for a big bank
        for report in ordered_map(partial(validate_file, samples=samples), files, jobs):
            reports.append(report)
            bar.update(1)
    _check_ids(reports)
    if banks:
        check_builtin_clashes(reports)
    else:
        check_builtin_ids(reports)
    loaded = sorted((r for r in reports if r.template), key=lambda r: (r.template.class_number, r.template.id))
    return loaded + [r for r in reports if not r.template]


def report_validation(paths=(), samples: int = DEFAULT_SAMPLES, banks=(), echo=print, jobs: int = 1) -> None:
    """``quizgen validate``: validate (in ``jobs`` processes), ``echo`` each template's lines (and, for
    --bank without the built-in bank among ``paths``, one line saying it was
    not re-checked), and raise ValidationFailed if any template failed."""
    reports = validate(paths, samples=samples, banks=banks, jobs=jobs)
    for report in reports:
        echo("\n".join(report.lines()))
    if banks and not builtin_checked(r.path for r in reports):
        echo(NOT_RECHECKED)
    check_passed(reports)


def check_passed(reports: list) -> None:
    """Raise ValidationFailed (exit 1) naming how many templates failed and
    with how many problems, when any did."""
    bad = [report for report in reports if not report.ok]
    if bad:
        problems = sum(len(r.problems) for r in bad)
        raise ValidationFailed(f"{len(bad)} of {len(reports)} templates failed validation "
                               f"({problems} problem{'s' * (problems != 1)})")


def template_paths(paths, banks) -> list:
    """The template files to check: each path (a file, or a folder's templates), then each bank's."""
    files = []
    for path in [Path(p) for p in paths] or ([] if banks else [builtin_bank_dir()]):
        if path.is_dir():
            files += template_files(path)
        elif path.is_file():
            files.append(path)
        elif path.exists():   # a FIFO, /dev/null, a socket: reading one would hang or find nothing
            raise InputFileError(f"{path} is not a regular file: give a template file (*.yaml, *.yml) "
                                 "or a folder of them")
        else:
            raise InputFileError(f"no such template file or folder: {path}")
    for bank in banks:
        files += template_files(bank)
    if not files:
        raise InputFileError(f"no templates (*.yaml, *.yml) in {', '.join(map(str, [*paths, *banks]))}")
    return files


def _check_ids(reports: list) -> None:
    seen = {}
    for report in reports:
        if report.template is None:
            continue
        other = seen.setdefault(report.template.id, report.path)
        if other != report.path:
            report.problems.append(problem_at(report.path, ("id",), f"template id {report.template.id!r} "
                                                                  f"is also used by {other}"))


def validate_file(path, samples: int = DEFAULT_SAMPLES, referee: bool = True) -> Report:
    """Every check on one template file, SymPy refereeing every sampled draw
    (``referee`` False: none, for tests of the other checks). A limit the template
    exceeds is its problem, and ends its checks (each would meet the limit again)."""
    report = Report(shown(path))
    try:
        return _checked_file(path, samples, samples if referee else 0, report)
    except BankLimitError as exc:
        report.problems.append(from_error(exc, path))
        return report


def _checked_file(path, samples: int, referee: int, report: Report) -> Report:
    words = []
    try:
        data = read_yaml(path)  # first: it refuses a FIFO or a huge file before anything reads it
        words = yaml_word_problems(path)
        template = build_template(data, path)
    except BankLimitError:
        raise  # ends this template's checks (validate_file)
    except TemplateError as exc:
        echoed = {p.key for p in words if p.key} | {p.key.rsplit(".", 1)[0] for p in words if p.key}   # units: [nats, on]: 'true is not one'
        report.problems = words + [from_error(e, path) for e in getattr(exc, "problems", [exc]) if e.key not in echoed]
        return report
    report.template = template
    report.warnings += [problem_at(template.path, keys, message) for keys, message in unnamed_traps(template)]
    report.warnings += [problem_at(template.path, ("params", p.name), message) for p in template.params
                        if (message := off_grid(p.kind, p.compiled))]
    found = _Found(report)
    found.add_all(words)
    found.add_all(text_problems(template))
    stated, stated_warnings = stated_problems(template)
    found.add_all(stated)
    report.warnings += stated_warnings
    found.guard(check_samples, template, samples, report, found, referee)
    canonical = found.guard(check_canonical, template, report, found)
    if canonical is not None:
        found.add_all(instance_problems(canonical))
        found.add_all(route_problems(canonical))
        if report.ok:  # the worked-examples paper: its steps recompute, it leaks nothing
            found.add_all(paper_problems(canonical, referee=False))
            report.warnings += unread_warnings(canonical)
    if report.ok:   # one mistake told once: a misspelt name in the stem would read as a value not shown
        found.add_all(unshown_problems(template))
        report.warnings += unused_warnings(template)   # after the draws: they refuse lets too large to walk
    if samples and report.ok:
        found.guard(_count_variants, template, report, samples)
    return report


def _count_variants(template, report: Report, samples: int) -> None:
    """How many distinct variants the template produces over (at most 200)
    draws; fewer than WARN_BELOW in 200 (in proportion in fewer: 50 in 100) is a
    warning, not a failure (given at least WARN_BELOW draws); one variant in
    FIXED_MIN_SAMPLES draws or more is a failure: every paper would be the same."""
    count = template_variants(template, draws=min(samples, VARIANT_DRAWS))
    report.variants, report.variant_draws = count.distinct, count.draws
    if count.distinct == 1 and count.draws >= FIXED_MIN_SAMPLES:
        report.problems.append(problem_at(template.path, ("params",), (
            f"every one of {count.draws} draws gives the same question, so every student gets the same numbers "
            f"and answers: widen the parameters' ranges; for one fixed paper, `quizgen generate "
            f"--worked-examples` prints each template's canonical example")))
    elif count.few and count.draws >= WARN_BELOW:  # fewer draws cannot tell
        least = -(-WARN_BELOW * count.draws // VARIANT_DRAWS)
        report.warnings.append(problem_at(template.path, ("params",), (
            f"warning: only {counted(count.distinct, 'distinct variant')} in {count.draws} draws (fewer than "
            f"{least}): students may share answers; widen the parameters' ranges if the maths allows")))


class _Found:
    """Collects a template's problems; a key that already has a problem from an
    earlier check gets no more, so one mistake seen by several checks (or
    over many seeds) is reported once."""

    def __init__(self, report: Report):
        self.report, self.keys = report, {p.key for p in report.problems}

    def add(self, problem: Problem) -> None:
        self.add_all([problem])

    def add_all(self, problems) -> None:
        fresh = [p for p in problems if not self._known(p.key)]
        self.keys.update(p.key for p in fresh)
        for problem in fresh:
            if problem not in self.report.problems:
                self.report.problems.append(problem)

    def _known(self, key) -> bool:
        """Whether ``key`` has a problem already: itself, or, for a canonical
        parameter (``canonical.params.mood``), the parameter's own definition
        (``params.mood...``), whose mistake a mismatch there only repeats."""
        if key in self.keys:
            return True
        if not key or not key.startswith("canonical.params."):
            return False
        name = f"params.{key.split('.')[2]}"
        return any(k and (k == name or k.startswith(name + ".")) for k in self.keys)

    def guard(self, check, template, *args):
        """Run one check; a TemplateError it raises becomes a problem."""
        try:
            return check(template, *args)
        except BankLimitError:
            raise  # ends this template's checks (validate_file)
        except TemplateError as exc:
            self.add(from_error(exc, template.path))
            return None
