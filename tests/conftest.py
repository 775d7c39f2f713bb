"""Shared fixtures: the built-in bank, a click runner, and key data."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.bank import loader
from quizgen.bank.loader import load_bank
from quizgen.cli import main


@pytest.fixture(scope="session", autouse=True)
def template_files_are_built_once_per_content():
    """Every in-process ``generate``, ``grade``, ``drill`` or ``validate`` loads the
    whole bank, and building a template (schema and text-rule checks) was about
    half of the quick suite's CPU time. Within the test session a template file is
    therefore built once per (path, exact bytes): a file written by a test has its
    own path or bytes and is built afresh, and a file that fails to build is not
    remembered, so every error path still runs. Subprocess tests load for real."""
    built = {}
    real = loader.load_template

    def load_template(path):
        path = Path(path)
        if not path.is_file():  # a FIFO or device: the real loader refuses it unread
            return real(path)
        try:
            key = (path.resolve(), path.read_bytes())
        except OSError:
            return real(path)
        if key not in built:
            built[key] = real(path)
        return built[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loader, "load_template", load_template)
        yield


@pytest.fixture(scope="session")
def bank():
    """The built-in templates, loaded once."""
    return load_bank()


@pytest.fixture(scope="session")
def templates_by_class(bank):
    """The built-in templates keyed by class (C1, C2, ...)."""
    return {t.cls: t for t in bank}


@pytest.fixture
def runner():
    """A click runner with stdout and stderr kept apart."""
    return CliRunner()


@pytest.fixture
def invoke(runner):
    """Run ``quizgen ARGS`` like a user; returns the click Result."""
    def run(*args, input=None):
        return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)
    return run
