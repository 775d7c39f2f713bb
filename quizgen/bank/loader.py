"""Loading the question bank: the template files of the built-in bank and of
user banks, each read (safe YAML) and checked against the template schema."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from quizgen.bank.model import Template
from quizgen.bank.schema import build_template
from quizgen.bank.yamlfile import locate_line, read_yaml, safe_load
from quizgen.bank.budget import MAX_TEMPLATES
from quizgen.errors import BankLimitError, QuizgenError, TemplateError, UsageError

__all__ = ["builtin_bank_dir", "shipped", "builtin_templates_dir", "example_bank_dir", "load_bank", "template_files", "load_template",
           "build_template", "locate_line", "read_yaml", "safe_load", "select"]


def builtin_bank_dir() -> Path:
    """The shipped bank: inside the installed package, or beside it in a checkout."""
    return _data_dir("question_bank")


_CLASS_NAME = re.compile(r"C[0-9]+", re.IGNORECASE)   # as --classes reads c14


def shipped(template) -> bool:
    """Whether ``template`` is one of the shipped bank's (its file under :func:`builtin_bank_dir`)."""
    return template.path is not None and _under_builtin_bank(str(template.path))


@lru_cache(maxsize=1024)
def _under_builtin_bank(path: str) -> bool:
    return builtin_bank_dir().resolve() in Path(path).resolve().parents


def builtin_templates_dir() -> Path:
    """The shipped Jinja2 layouts (see :func:`builtin_bank_dir`)."""
    return _data_dir("templates")


def example_bank_dir() -> Path:
    """The example user bank (docs/examples/bert_bank in a checkout), shipped for authors to copy from."""
    return _data_dir("examples", Path("docs", "examples", "bert_bank"))


@lru_cache(maxsize=None)
def _data_dir(name: str, in_checkout: Path | None = None) -> Path:
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / name, here.parent / (in_checkout or name)):
        if candidate.is_dir():
            return candidate
    raise QuizgenError(f"quizgen is installed without its {name}/ folder; reinstall it")


def load_bank(extra_dirs=(), include_builtin: bool = True) -> list:
    """All templates of the built-in bank plus ``extra_dirs``, sorted by class.
    Two templates with one id is an error naming both files."""
    dirs = ([builtin_bank_dir()] if include_builtin else []) + [Path(d) for d in extra_dirs]
    templates, seen = [], {}
    for directory in dirs:
        for path in template_files(directory):
            template = load_template(path)
            if template.id in seen:
                raise TemplateError(f"template id {template.id!r} is also used by {seen[template.id]}",
                                    path=path, line=locate_line(path, ("id",)), key="id")
            seen[template.id] = path
            templates.append(template)
    return sorted(templates, key=lambda t: (t.class_number, t.id))


def template_files(directory) -> list:
    """The template files of a bank folder (``*.yaml``/``*.yml``, not starting with ``_``); a
    path that does not exist, or is no folder (a file, a pipe), is refused saying which."""
    directory = Path(directory)
    if not directory.is_dir():
        raise TemplateError("not a folder of templates" if directory.exists() else "no such folder", path=directory)
    files = [p for p in directory.iterdir()
             if p.suffix in (".yaml", ".yml") and not p.name.startswith(("_", "."))]
    if len(files) > MAX_TEMPLATES:
        raise BankLimitError(f"{len(files):,} template files: a bank folder holds at most {MAX_TEMPLATES:,} "
                             "(split it into several --bank folders)", path=directory)
    return sorted(files)


def load_template(path) -> Template:
    """Load and check one template file."""
    return build_template(read_yaml(path), path)


def select(templates: list, classes: str = "all", banks=()) -> list:
    """The templates of the given classes (``"C1,C4"`` or ``"all"``), in bank order;
    ``banks``: the --bank folders given, named when they hold no templates."""
    if classes is None or classes.strip().lower() == "all":
        return list(templates)
    given = [c.strip() for c in classes.split(",") if c.strip()]
    wanted = [c.upper() for c in given]
    known = {t.cls for t in templates}
    unknown = [g for g, c in zip(given, wanted) if c not in known]
    choices = f"choose from {', '.join(sorted(known, key=lambda c: int(c[1:])))} or 'all'"
    if "ALL" in wanted and len(wanted) > 1:
        raise UsageError(f"--classes {classes.strip()!r}: 'all' stands alone (every class); {choices}")
    if unknown or not wanted:
        named = ", ".join(unknown) or repr(classes)
        own = _own_bank_hint(unknown, templates, banks)
        raise UsageError(f"unknown class{'es' * (len(unknown) > 1)} {named}{own}; {choices}")
    return [t for t in templates if t.cls in wanted]


def _own_bank_hint(unknown: list, templates: list, banks) -> str:
    """Why a class named like C11 is unknown when only the shipped bank was loaded: no
    --bank given, or the --bank folders given hold no templates (an empty new folder)."""
    if not unknown or not any(_CLASS_NAME.fullmatch(name) for name in unknown) or \
            not all(shipped(t) for t in templates):
        return ""
    if banks:
        return f" (--bank {', '.join(map(str, banks))}: no templates there, *.yaml or *.yml)"
    return " (a class of a bank of your own needs --bank and its folder)"
