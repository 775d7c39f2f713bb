"""A number part's trap may carry words (issue 12: every trap stays named).
C5 (a) asks the value of the empty sum (0); a student who takes it for the
empty mean writes ``undefined``, ``0/0`` or ``NaN``: that misconception is
named in grade, the drill and validate alike (one PartChecker), not
``invalid`` with a parser's "unknown name"."""

import csv
from pathlib import Path

import yaml

import pytest

from quizgen.bank.schema import build_template
from quizgen.errors import TemplateProblems
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from tests.paper_support import mark_paper

CODE = "empty_sum_undefined"
BANK = Path(__file__).resolve().parents[1] / "question_bank"


@pytest.fixture(scope="module")
def c5(bank):
    template = next(t for t in bank if t.cls == "C5")
    return sample_instance(template, "mark17/words")


@pytest.mark.parametrize("text", ["undefined", "Not defined", "0/0", "NaN", "indeterminate",
                                  "the sum is undefined", "(undefined)"])
def test_the_empty_sum_said_undefined_is_that_misconception(c5, text):
    checkers = question_checkers(key_entry(Question("Q1", c5)))
    verdict = checkers["a"](text)
    assert (verdict.status, verdict.misconception, verdict.score) == ("incorrect", CODE, 0.0), text
    assert "by convention its value is 0" in verdict.feedback
    assert "mean" not in verdict.feedback and "no value" not in verdict.feedback   # (b)'s answer (review 58a F1)


@pytest.mark.parametrize("text, status", [("0", "correct"), ("zero", "correct"), ("1", "incorrect"),
                                          ("undefnied", "needs_review"), ("banana", "invalid")])
def test_other_answers_to_the_empty_sum_are_marked_as_before(c5, text, status):
    verdict = question_checkers(key_entry(Question("Q1", c5)))["a"](text)
    assert (verdict.status, verdict.misconception) == (status, ""), text


def test_the_careful_marker_of_a_sampled_paper_names_it_too(c5):
    verdicts = mark_paper(c5, {"empty_sum": "undefined", "lmlm": "undefined", "selected": "1"})
    assert (verdicts["empty_sum"].status, verdicts["empty_sum"].misconception) == ("incorrect", CODE)
    assert verdicts["lmlm"].status == "correct"   # the same word is right where the mean is asked


def test_grade_names_it_in_the_graded_csv(invoke, tmp_path):
    assert invoke("generate", "--classes", "C5", "--seed", "17", "--out", tmp_path / "paper").exit_code == 0
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"],
                                      ["s1", "Q1", "a", "undefined"], ["s2", "Q1", "a", "0/0"]])
    result = invoke("grade", answers, "--key", tmp_path / "paper" / "key.json", "--force")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["student_id"]: r for r in csv.DictReader(handle)}
    for student in ("s1", "s2"):
        assert (rows[student]["status"], rows[student]["misconception"]) == ("incorrect", CODE)


def _c5_with_words(words: list):
    """C5's template with its (a) trap's words replaced."""
    data = yaml.safe_load((BANK / "c5_zero_mask_limit.yaml").read_text(encoding="utf-8"))
    data["parts"][0]["traps"][0]["words"] = words
    data["tests"] = [t for t in data["tests"] if t.get("misconception") != CODE]
    return build_template(data, "c5.yaml")


@pytest.mark.slow
def test_a_number_part_may_have_trap_words_but_not_numbers_among_them():
    assert _c5_with_words(["undefined"]).parts[0].traps[0].words == ("undefined",)
    with pytest.raises(TemplateProblems) as caught:
        _c5_with_words(["undefined", "1e3"])
    assert "'1e3' reads as a number, which a number part marks by value" in str(caught.value)
