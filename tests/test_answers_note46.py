"""Review 46a F11: the worked solutions' note above the first question said "the working keeps a
probability over 0.9 to 4 significant figures of its distance from 1" of every paper, a habit of
the shipped bank's solutions that a user's template need not keep. It is said only where every
question on the paper is the shipped bank's."""

from pathlib import Path

import pytest

from bank_support import bank_with

SENTENCE = "of its distance from 1"


@pytest.fixture
def bank(tmp_path) -> Path:
    return bank_with(tmp_path)


@pytest.mark.parametrize("classes, said", [("C1", True), ("C14", False), ("C1,C14", False)])
def test_the_near_one_habit_is_said_of_shipped_papers_only(tmp_path, invoke, bank, classes, said):
    made = invoke("generate", "--bank", bank, "--classes", classes, "--seed", 3, "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    solutions = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    assert "could go the wrong way." in solutions   # the note itself is there either way
    assert (SENTENCE in solutions) is said


def test_an_lms_question_of_a_users_template_does_not_claim_the_habit(tmp_path, invoke, bank):
    out = tmp_path / "m.xml"
    made = invoke("export", "moodle", "--bank", bank, "--classes", "C1,C14", "--count", 1, "--seed", 3, "--out", out)
    assert made.exit_code == 0, made.output
    text = out.read_text(encoding="utf-8")
    assert text.count(SENTENCE) == 1   # C1's question only


@pytest.mark.parametrize("classes, said", [("C1", False), ("C1,C14", True)])
def test_a_paper_with_a_users_template_lets_its_questions_conventions_rule(tmp_path, invoke, bank, classes, said):
    """Review 46a F5: the paper's header says natural logarithms and 3 significant figures for every
    question, though a user's template may ask for bits or 4 figures in its own words."""
    for fmt in ("md", "tex"):
        made = invoke("generate", "--bank", bank, "--classes", classes, "--seed", 3, "--format", fmt,
                      "--out", tmp_path / fmt)
        assert made.exit_code == 0, made.output
        problems = (tmp_path / fmt / f"problems.{fmt}").read_text(encoding="utf-8")
        assert ("Where a question states other conventions (a logarithm's base, the figures to give), "
                "follow the question." in problems) is said
