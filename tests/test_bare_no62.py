"""Every word that says a plain no is marked by one rule: `nope`, `nah`, `No!` at a part asking no
yes or no (C5 (b), whose answer is "undefined") went `incorrect` where a bare `no` went to a person
with its reason; at a yes/no question a bare no that no list holds is the other answer, plainly wrong.

The paper: `generate --classes C5,C8 --seed 3 --count 1`, Q1 (C5: (b) undefined); the drill's
`--seed 3` asks the same numbers."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.unlisted import BARE_NO_REASON, BARE_NO_WORDS
from quizgen.marking.words import read_words
from test_drill_hints import drill

SAID = ("no", "No!", "nope", "Nope.", "nah", "NAH", "no way", "never", "not")


@pytest.fixture(scope="module")
def graded(tmp_path_factory, generated):
    """graded.csv's and the review file's rows by answer (all Q1 (b)), and s1's feedback sheet."""
    paper = generated("--classes", "C5,C8", "--seed", "3", "--count", "1", out=tmp_path_factory.mktemp("paper"))
    folder = tmp_path_factory.mktemp("graded")
    answers = folder / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       + "".join(f"s{i},Q1,b,{said}\n" for i, said in enumerate(SAID, 1)), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(main, ["grade", str(answers), "--key", str(paper / "key.json"),
                                  "--feedback", str(folder / "sheets")])
    assert result.exit_code == 0, result.output
    review = runner.invoke(main, ["review", str(folder / "answers-graded.csv")])
    assert review.exit_code == 0, review.output
    rows = {}
    for name in ("answers-graded.csv", "answers-graded-review.csv"):
        with open(folder / name, encoding="utf-8-sig", newline="") as handle:
            rows[name] = {r["answer"]: r for r in csv.DictReader(handle)}
    return rows, (folder / "sheets" / "s3.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("said", SAID)
def test_every_bare_no_goes_to_a_person_with_the_reason(graded, said):
    rows, _ = graded
    row = rows["answers-graded.csv"][said]
    assert (row["status"], row["reason"]) == ("needs_review", BARE_NO_REASON), row
    assert rows["answers-graded-review.csv"][said]["grader_reason"] == BARE_NO_REASON


def test_the_sheet_of_a_nope_says_it_is_a_bare_no(graded):
    _, sheet = graded   # s3 answered "nope"
    assert ("- (b) why your marker will read it: your answer is a bare no, and this part does not ask for a yes or no; "
            "your marker decides what it means.") in sheet, sheet


def test_the_drill_asks_again_for_a_nope():
    output, _ = drill("0\nnope\nq\n", classes="C5", seed=3, save=False, count=1)
    said = " ".join(output.split("Worked solution")[0].split())
    assert ("> nope I cannot mark 'nope': it is a bare no, and this part does not ask for a yes or no; type the word "
            "or short phrase asked for. It was not counted") in said, said


@pytest.mark.parametrize("said", sorted(BARE_NO_WORDS) + ["Nope!", "nah."])
def test_at_a_yes_no_question_a_bare_no_no_list_holds_is_plainly_wrong(said):
    """A part whose answer is yes (and lists no no): any no is the other answer, not for a person."""
    assert read_words(said, ["yes", "it stays the same"], {"grows": ["it grows"]}).status == "unknown"


@pytest.mark.parametrize("said", ["none", "nothing", "n", "wrong"])
def test_none_and_other_words_are_not_bare_noes(said):
    """``none`` and ``nothing`` may say zero (their own rule); ``n`` or ``wrong`` is no answer to "which value"."""
    assert read_words(said, ["undefined"], {"zero": ["0"]}).reason != BARE_NO_REASON
