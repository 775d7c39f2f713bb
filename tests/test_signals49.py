"""quizgen's own signals (review 49b F5): BadProgressFile, NotText, TooManyValues,
Unread and key/load.py's _LongInteger and json_names.Twice derived from ValueError, so any
broad ``except ValueError`` between their raise and their catch (text/render.py's
around every template render, key/load.py's around the JSON reader) would take
them for Python's own and say something else. None derives from it now."""

import ast
from pathlib import Path

import pytest

import quizgen
from quizgen.drill.progress_json import BadProgressFile, NewerProgressFile
from quizgen.grading.time_text import Unread
from quizgen.safe_yaml import NotText
from quizgen.yaml_size import TooDeep, TooManyValues

PACKAGE = Path(quizgen.__file__).parent


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_no_class_of_quizgen_derives_from_value_error():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(ast.unparse(b).endswith("ValueError") for b in node.bases):
                found.append(f"{path.relative_to(PACKAGE)}: {node.name}")
    assert found == []


def test_the_signals_are_caught_as_themselves_only():
    for signal in (BadProgressFile, NewerProgressFile, Unread, NotText, TooManyValues, TooDeep):
        assert not issubclass(signal, (ValueError, ArithmeticError, LookupError)), signal
