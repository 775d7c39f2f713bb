"""The course folder fixture (instr31): seed 1's C1 key, two sections' answers
and a roster, with the folder as the working folder. Registered for the whole
suite by ``pytest_plugins`` in conftest.py; a test asks for ``course`` by name.

``c1_key`` is made once per test module that uses it (as when each module
defined it). test_drill.py has a ``c1_key`` of its own (key records, not a
file), which wins in that module, so ``course`` is not for use there."""

import shutil

import pytest

from generate_support import generated_key

WIDE = "student_id,name,Q1a,Q1b\n"
"""The header of the course's answers files: one row per student, Q1's two parts as columns."""


@pytest.fixture(scope="module")
def c1_key(tmp_path_factory):
    """The key.json of seed 1's C1 paper (one question, two parts of 2 points: 0.7157 and 0.33454)."""
    return generated_key(tmp_path_factory.mktemp("instr31") / "quiz", "--seed", "1", "--classes", "C1")


@pytest.fixture
def course(tmp_path, c1_key, monkeypatch):
    """A course folder, the working folder: quiz/key.json, two sections' answers.csv and a roster of three."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "quiz").mkdir()
    shutil.copy(c1_key, tmp_path / "quiz" / "key.json")
    for section, rows in (("section1", "s001,Ada,0.716,0.335\ns002,Bob,0.5,0.3\n"),
                          ("section2", "s101,Cy,0.716,0.335\ns102,Di,0.716,0.1\n")):
        (tmp_path / section).mkdir()
        (tmp_path / section / "answers.csv").write_text(WIDE + rows, encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns002,Bob\ns003,Cy\n", encoding="utf-8")
    return tmp_path
