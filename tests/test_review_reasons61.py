"""Why an answer goes to a person, said the same by grade, `quizgen review` and the drill: a bare
`no` at a part asking no yes or no (C5 (b), whose answer is "undefined") was the bare "a person
should read this answer" in review, where the drill told the learner something else; at C8 (c),
which offers three classes, it is none of them, as the drill says. An answer the reader cannot
read is told what is wrong when the reader can tell: `0..0453` has two decimal points.

The paper: `generate --classes C5,C8 --seed 3 --count 1`, Q1 (C5: (b) undefined), Q2 (C8: (c)
neutral, of negative, neutral or positive); the drill's `--seed 3` asks the same numbers."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.errors import ExpressionError
from quizgen.marking.unlisted import BARE_NO_REASON
from quizgen.maths.parser import parse_answer
from test_drill_hints import drill

UNOFFERED = ("'no' is none of the answers this part offers (negative, neutral or positive) as written; it may be "
             "another word for one of them: a person reads it")


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory, generated):
    """graded.csv's and the review file's rows by (question, part, answer), and s1's feedback sheet."""
    paper = generated("--classes", "C5,C8", "--seed", "3", "--count", "1", out=tmp_path_factory.mktemp("paper"))
    folder = tmp_path_factory.mktemp("graded")
    answers = folder / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,b,no\ns1,Q2,c,no\ns2,Q2,a,0..2312\n",
                       encoding="utf-8")
    runner = CliRunner()
    graded = runner.invoke(main, ["grade", str(answers), "--key", str(paper / "key.json"),
                                  "--feedback", str(folder / "sheets")])
    assert graded.exit_code == 0, graded.output
    review = runner.invoke(main, ["review", str(folder / "answers-graded.csv"), "--also", "invalid"])
    assert review.exit_code == 0, review.output
    rows = {}
    for name in ("answers-graded.csv", "answers-graded-review.csv"):
        with open(folder / name, encoding="utf-8-sig", newline="") as handle:
            rows[name] = {(r["question_id"], r["part"], r["answer"]): r for r in csv.DictReader(handle)}
    return rows, (folder / "sheets" / "s1.md").read_text(encoding="utf-8")


def test_a_bare_no_where_no_yes_or_no_is_asked_says_so(reviewed):
    rows, _ = reviewed
    assert BARE_NO_REASON == "a bare no, where this part does not ask for a yes or no: a person reads what it means"
    graded = rows["answers-graded.csv"]["Q1", "b", "no"]
    assert (graded["status"], graded["reason"]) == ("needs_review", BARE_NO_REASON), graded
    assert rows["answers-graded-review.csv"]["Q1", "b", "no"]["grader_reason"] == BARE_NO_REASON


def test_a_bare_no_where_classes_are_offered_is_none_of_them(reviewed):
    rows, _ = reviewed
    assert rows["answers-graded.csv"]["Q2", "c", "no"]["reason"] == UNOFFERED
    assert rows["answers-graded-review.csv"]["Q2", "c", "no"]["grader_reason"] == UNOFFERED


def test_the_sheet_says_it_in_the_students_words(reviewed):
    _, sheet = reviewed
    assert ("- (b) why your marker will read it: your answer is a bare no, and this part does not ask for a yes or no; "
            "your marker decides what it means.") in sheet, sheet
    assert "reads what it means" not in sheet   # graded.csv's words for the marker


def test_two_decimal_points_are_named_once(reviewed):
    rows, _ = reviewed
    reason = "not a number or an expression quizgen reads: '0..2312'; a number has two decimal points"
    assert rows["answers-graded.csv"]["Q2", "a", "0..2312"]["reason"] == reason
    assert rows["answers-graded-review.csv"]["Q2", "a", "0..2312"]["grader_reason"] == reason


@pytest.mark.parametrize("typed, said", [("0..0453", "; a number has two decimal points"),
                                         ("1.2.3.4", "; a number has 3 decimal points"),
                                         ("0.45.", ""), ("0.7157", None), ("(0.5", "; a bracket is not closed")])
def test_the_reader_says_what_is_wrong_when_it_can_tell(typed, said):
    """A point after the number (``0.45.``) may be a full stop: no second decimal point is said."""
    if said is None:
        assert parse_answer(typed)
        return
    with pytest.raises(ExpressionError) as raised:
        parse_answer(typed)
    assert str(raised.value) == f"not a valid expression: {typed!r}{said}"


def _said(typed: str, cls: str) -> str:
    output, _ = drill(typed, classes=cls, seed=3, save=False, count=1)
    return " ".join(output.split("Worked solution")[0].split())


def test_the_drill_says_the_same():
    said = _said("0\nno\nq\n", "C5")
    assert ("> no I cannot mark 'no': it is a bare no, and this part does not ask for a yes or no; type the word or "
            "short phrase asked for. It was not counted; try again, or ? for help.") in said, said
    said = _said("0.2312\n1.4644\nno\nq\n", "C8")
    assert "> no Part (c) asks for one of negative, neutral or positive: 'no' was not counted" in said, said
    said = _said("0..0453\nq\n", "C1")
    assert ("I cannot read '0..0453' as an answer (not a number or an expression quizgen reads; a number has two "
            "decimal points). It was not counted") in said, said
    assert said.count("0..0453") == 2, said   # the echo and the one quote
