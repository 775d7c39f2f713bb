"""Review 48b F6: at a word part that offers a fixed set of answers (an author's
``larger``/``smaller`` part, ``choices: 2``, the other word its trap), a word
that is neither the accepted word nor a trap's (``bigger``, ``greater``) was
marked incorrect with no word of why, in grade and in the drill. It may be
another word for an offered answer, so grade leaves it to a person with the
reason, and the drill asks again naming the answers offered."""

import csv
from pathlib import Path

import pytest

from quizgen.marking.offered import listed_options, offered_answers

BANK = Path(__file__).parent / "data" / "words48"
# seed 7 draws z = (-1, 1.5, 1, -0.5) with the true word's logit 1: ln(sum e^z) = ln 8.1744 = 2.1010,
# so the plain loss is 2.1010 - 1 = 1.1010 and the mean loss over the 4 words is
# (3.1010 + 0.6010 + 1.1010 + 2.6010) / 4 = 1.8510, above it: the smoothed loss is larger.
ASKED = "larger or smaller"


def test_a_parts_own_lists_are_its_offered_answers_when_they_give_as_many_as_its_choices():
    assert listed_options(["larger"], [["smaller"]], 2) == (("larger", "smaller"), ("larger", "smaller"))
    assert listed_options(["Smaller", "less"], [["larger", "bigger"]], 2).shown == ("larger", "smaller")
    assert listed_options(["larger"], [["smaller"]], 3).shown == ()   # a third answer no list names
    assert listed_options(["larger"], [["larger"]], 2).shown == ()
    assert offered_answers({}, "word", ["larger"], ["smaller"], 2, [["smaller"]]).shown == ("larger", "smaller")
    assert offered_answers({}, "word", ["larger"], ["smaller"], None, [["smaller"]]).shown == ()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The class generated at seed 7 and answers to its word part (d) graded: {answer: row}."""
    from click.testing import CliRunner
    from quizgen.cli import main
    folder = tmp_path_factory.mktemp("words48")
    run = CliRunner().invoke(main, ["generate", "--bank", str(BANK), "--classes", "C14", "--seed", "7", "--count",
                                    "1", "--out", str(folder / "p")], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    said = ["bigger", "greater", "higher", "it got bigger", "larger", "it is larger", "smaller", "1.2", "lager",
            "not sure"]
    with (folder / "a.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"],
                                      *([f"s{i}", "Q1", "d", text] for i, text in enumerate(said))])
    run = CliRunner().invoke(main, ["grade", str(folder / "a.csv"), "--key", str(folder / "p" / "key.json"),
                                    "--out", str(folder / "g")], catch_exceptions=False)
    assert run.exit_code == 0, run.output
    with (folder / "g" / "a-graded.csv").open(encoding="utf-8-sig") as handle:
        return {r["answer"]: r for r in csv.DictReader(handle)}


@pytest.mark.parametrize("text", ["bigger", "greater", "higher", "it got bigger"])
def test_grade_leaves_a_word_no_offered_answer_is_to_a_person_with_why(graded, text):
    row = graded[text]
    assert (row["status"], row["score"], row["expected"]) == ("needs_review", "0", "larger")
    assert row["reason"] == (f"{text!r} is none of the answers this part offers ({ASKED}) as written; "
                             "it may be another word for one of them: a person reads it")


def test_grade_still_marks_the_offered_answers_and_a_number(graded):
    assert [graded[t]["status"] for t in ("larger", "it is larger", "smaller", "1.2", "lager", "not sure")] == [
        "correct", "correct", "incorrect", "incorrect", "needs_review", "incorrect"]
    assert graded["smaller"]["misconception"] == "smoothing_always_lowers_loss"
    assert graded["1.2"]["reason"] == "" and graded["lager"]["reason"] != graded["bigger"]["reason"]


def test_the_drill_asks_again_naming_the_answers_offered(invoke):
    result = invoke("drill", "--bank", BANK, "--classes", "C14", "--seed", "7", "--count", "1", "--no-save",
                    input="0.333\n1.10\n1.21\nbigger\nit got bigger\nlarger\n")
    said = " ".join(result.output.split())
    assert f"Part (d) asks for {ASKED}: 'bigger' was not counted; try again, or ? for help." in said
    assert f"I cannot mark 'it got bigger': type just the answer, {ASKED}. It was not counted" in said
    assert "Correct: larger." in said and "Incorrect: the answer is larger" not in said
