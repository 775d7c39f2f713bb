"""What a user bank (``quizgen validate --bank DIR``) clashes with in the
built-in bank it joins: a template id the built-in bank uses stops every
command that loads the two (a problem); a class it shares puts both templates
under one ``--classes`` name and one drill record, and a trap code it names
differently counts two mistakes as one misconception (warnings)."""

from __future__ import annotations

import os

from quizgen.bank.loader import builtin_bank_dir, load_template, read_yaml, shipped, template_files
from quizgen.errors import QuizgenError
from quizgen.validation.problems import problem_at, shown

__all__ = ["check_builtin_clashes", "check_builtin_ids", "builtin_checked", "NOT_RECHECKED"]

NOT_RECHECKED = ("built-in bank not re-checked (only compared with yours for clashing ids, classes "
                 "and misconception codes); `quizgen validate` alone checks it")


def builtin_checked(paths) -> bool:
    """Whether the files validated include every built-in template (so no note is needed)."""
    mine = {_where(p) for p in paths}
    return all(_where(path) in mine for path in template_files(builtin_bank_dir()))


def _where(path) -> str:
    """A file's absolute path, its links not followed: a user bank's link to a
    built-in file is the user's (generate loads it twice), and a link loop is
    no error here (the loader has reported it)."""
    return os.path.abspath(path)


def check_builtin_clashes(reports: list) -> None:
    """Add to each loaded user template's report (a built-in one validated
    alongside is not one) its clashes with the built-in bank."""
    builtin = _builtin_templates()
    ids = {t.id: t for t in builtin}
    classes = {}
    for template in builtin:
        classes.setdefault(template.cls, template)
    names = {}
    for template in builtin:
        for trap in _traps(template):
            if trap.name:
                names.setdefault(trap.code, (trap.name, template))
    own = {_where(t.path) for t in builtin}
    for report in reports:
        if report.template is not None and _where(report.template.path) not in own:
            _clashes(report, ids, classes, names)


def check_builtin_ids(reports: list) -> None:
    """``quizgen validate PATH`` (no --bank): a template outside the built-in bank
    whose id a built-in template uses is a problem too, as generate, the drill and
    export, which load the built-in bank beside it, refuse the two."""
    outside = [r for r in reports if r.template is not None and not shipped(r.template)]
    if not outside:
        return
    ids = _builtin_ids()
    for report in outside:
        other = ids.get(report.template.id)
        if other is not None and not any(p.key == "id" for p in report.problems):
            report.problems.append(problem_at(report.template.path, ("id",), (
                f"template id {report.template.id!r} is also used by the built-in bank's {shown(other)}, "
                "which generate, the drill and export load beside it: give this template an id of its own")))


def _builtin_ids() -> dict:
    """``{id: path}`` of the built-in bank's templates, read from each file's YAML alone:
    building the ten templates took most of a ``validate PATH`` of one small template."""
    ids = {}
    for path in template_files(builtin_bank_dir()):
        try:
            data = read_yaml(path)
        except QuizgenError:
            continue   # the built-in bank's own problems are `quizgen validate`'s to report
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            ids.setdefault(data["id"], path)
    return ids


def _builtin_templates() -> list:
    """The built-in bank's templates, less any that no longer load."""
    templates = []
    for path in template_files(builtin_bank_dir()):
        try:
            templates.append(load_template(path))
        except QuizgenError:
            continue   # the built-in bank's own problems are `quizgen validate`'s to report
    return templates


def _clashes(report, ids: dict, classes: dict, names: dict) -> None:
    """One user template against the built-in bank's ids, classes and trap names."""
    template = report.template
    other = ids.get(template.id)
    if other is not None and not any(p.key == "id" for p in report.problems):   # _check_ids may have said it
        report.problems.append(problem_at(template.path, ("id",), (
            f"template id {template.id!r} is also used by {shown(other.path)}")))   # list's and generate's words
    other = classes.get(template.cls)
    if other is not None:
        report.warnings.append(problem_at(template.path, ("class",), (
            f"warning: class {template.cls} is also the built-in bank's ({other.id}, {other.title!r}): "
            f"--classes {template.cls} picks both and the drill keeps one record for the two; "
            "use an unused class unless this is another question of that class")))
    for index, part in enumerate(template.parts):
        for number, trap in enumerate(part.traps):
            _trap_clash(report, names.get(trap.code), trap, ("parts", index, "traps", number))


def _trap_clash(report, builtin, trap, keys: tuple) -> None:
    """A trap whose code the built-in bank names as another misconception: a warning."""
    if builtin is None or not trap.name or trap.name == builtin[0]:
        return
    name, other = builtin
    report.warnings.append(problem_at(report.template.path, keys, (
        f"warning: misconception code {trap.code!r} is the built-in bank's {name!r} ({other.id}): the drill "
        f"and reports count the two as one misconception; use another code unless it is the same mistake")))


def _traps(template):
    return (trap for part in template.parts for trap in part.traps)
