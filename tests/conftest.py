"""Shared fixtures: the built-in bank, a click runner, and key data."""

import pytest
from click.testing import CliRunner

from quizgen.bank.loader import load_bank
from quizgen.cli import main


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
