"""Keys that ``quizgen generate`` makes, each once per test module that asks
for it (module scope, as when each was defined in the module that first used
it). Registered for the whole suite by ``pytest_plugins`` in conftest.py.

A module's own fixture of the same name wins in that module:
test_grade_written_notes.py has its own ``c7_key`` (a key.json path with worked
examples)."""

import csv
import json

import pytest
from quizgen.generation.run import generate
from generate_support import generated_key


@pytest.fixture(scope="module")
def q1_key(tmp_path_factory):
    """The key of ``quizgen generate --seed 1 --count 1``, whose Q1 has parts a and b."""
    folder = tmp_path_factory.mktemp("seed1")
    key = generated_key(folder, "--seed", "1", "--count", "1")
    with open(folder / "key.csv", newline="", encoding="utf-8") as handle:
        parts = [r["part"] for r in csv.DictReader(handle) if r["question_id"] == "Q1"]
    assert parts == ["a", "b"]
    return key


@pytest.fixture(scope="module")
def c7_key(tmp_path_factory):
    """key.json's data for C7 alone, seed 1: Q1 (a) is p, its first trap sigmoid_sign_error."""
    key = generated_key(tmp_path_factory.mktemp("c7"), "--classes", "C7", "--seed", "1")
    return json.loads(key.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def seed24(tmp_path_factory):
    """Seed 24's class paper (C1, C6, C7, C8) in quiz/ of the folder returned: Q1 p = 0.7392,
    loss 0.3021; Q3 (C7) p = 0.9608."""
    folder = tmp_path_factory.mktemp("seed24")
    generate(folder / "quiz", classes="C1,C6,C7,C8", seed=24)
    return folder
