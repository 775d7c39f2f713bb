"""What validate reports: a :class:`Problem` (file, line, key, message), a
:class:`Report` per template file, and
the helpers that locate one in its template file."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from quizgen.bank.loader import locate_line
from quizgen.bank.model import Template
from quizgen.errors import TemplateError
from quizgen.wording import printable
from quizgen.text.words import counted


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a template: file, line, key and what is wrong;
    ``first`` puts it ahead of the file order (a root cause others may echo); ``same``, where
    set, names the finding whatever a draw's numbers (one unread step seen in many draws): of
    the warnings sharing it, the report prints the last one added."""

    path: str
    line: int | None
    key: str | None
    message: str
    first: bool = False
    same: str | None = field(default=None, compare=False)

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
    variants: int | None = None
    variant_draws: int = 0   # the draws the variants were counted over
    warnings: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing is wrong with the template."""
        return not self.problems

    def lines(self) -> list:
        """What validate prints: the problems in file order, or one summary line
        and the warnings (in file order too), each list at most PROBLEMS_SHOWN
        lines and one counting the rest (10,000 bad tests entries made 10,000 lines)."""
        if self.problems:
            return _at_most(self.problems, "problem", self.path)
        return [self.summary()] + _at_most(_last_of_each(self.warnings), "warning", self.path)

    def summary(self) -> str:
        """One line: the template and what was checked (no draw at all: said
        to be skipped, as ``--samples 0`` asks, not ``0 samples``)."""
        t = self.template
        traps = sum(len(p.traps) for p in t.parts)
        rate = f" ({100 * self.samples / self.draws:.0f}% of draws kept)" if self.draws else ""
        sampled = f"{counted(self.samples, 'sample')}{rate}" if self.draws else "sampling skipped (--samples 0)"
        return (f"ok {t.cls} {t.id} ({self.path}): {sampled}, "
                f"{counted(len(t.parts), 'part')}, {counted(traps, 'trap')}, "
                f"{counted(self.expected, 'canonical number')} matched, {counted(self.tests, 'test')} passed"
                + (f", {counted(self.variants, 'distinct variant')} in {counted(self.variant_draws, 'draw')}"
                   if self.variants is not None else ""))


PROBLEMS_SHOWN = 100
"""Problems (or warnings) of one template file printed, in file order; one more line counts the rest."""


def _at_most(found: list, what: str, path: str) -> list:
    """``found`` as lines in file order, at most PROBLEMS_SHOWN, then one line counting the rest."""
    lines = [str(p) for p in sorted(found, key=_file_order)]
    if len(lines) <= PROBLEMS_SHOWN:
        return lines
    more = counted(len(lines) - PROBLEMS_SHOWN, f"more {what}", grouped=True)
    return lines[:PROBLEMS_SHOWN] + [f"{path}: and {more} after these, in file order: mend these and run "
                                     "validate again"]


def _last_of_each(warnings: list) -> list:
    """``warnings`` without one whose ``same`` a later warning shares: a step that the sampled draws
    left unread is told once, by the worked example's numbers where it is unread there too."""
    last = {w.same: w for w in warnings if w.same is not None}
    return [w for w in warnings if w.same is None or last[w.same] is w]


def _file_order(problem) -> tuple:
    return not getattr(problem, "first", False), problem.line or 0, problem.key or ""


def shown(path) -> str:
    """A path as printed: relative to the working folder when inside it."""
    text = os.path.relpath(path) if Path(path).is_absolute() else str(path)
    text = str(path) if text.startswith("..") else text
    return printable(text)   # a file name holding a line break must not split its report line


def problem_at(path, keys: tuple, message: str, text_line=None) -> Problem:
    key = ".".join(str(k) for k in keys) or None
    return Problem(shown(path), _line(str(path), keys, text_line, _stamp(path)), key, message)


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


def from_error(exc: TemplateError, path) -> Problem:
    if exc.line or not exc.key:
        return Problem(shown(exc.path or path), exc.line, exc.key, exc.reason)
    keys = tuple(int(k) if k.isdigit() else k for k in exc.key.split("."))
    return problem_at(exc.path or path, keys, exc.reason)


