"""Running quizgen in a folder as a user would, and making a file operation
fail on purpose, to test that a run puts back what it did."""

import csv
import os
import resource
import time
from pathlib import Path

from click.testing import CliRunner

from quizgen.cli import main


def cpu_seconds() -> float:
    """CPU seconds this process and its finished children have used: the
    clock of the guards against super-linear work (a scan that took minutes),
    which another job on the machine does not move as it moves wall time."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def run_in(folder: Path, *args):
    """``quizgen ARGS`` run in ``folder``: the CliRunner result."""
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(cwd)


def flaky_replace(monkeypatch, fails_on: str) -> list:
    """os.replace failing once, on the first rename of a temporary file onto a
    name ending in ``fails_on``; returns the list the failed target is put in."""
    real, failed = os.replace, []

    def replace(src, dst, *args, **kwargs):
        if not failed and str(dst).endswith(fails_on) and Path(src).name.startswith(".quizgen-"):
            failed.append(dst)
            raise OSError(5, "Input/output error")
        return real(src, dst, *args, **kwargs)
    monkeypatch.setattr(os, "replace", replace)
    return failed


def rows_of(path):
    """A written CSV's rows, header first."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))
