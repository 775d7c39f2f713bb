"""An answer reached with several values of a part's own working kept short is told so, one of them
named as an example; a single step is named only when it alone gives the answer. The drill, grade's
feedback and the feedback sheets say the same.

C4 seed 3 (the drill's first question, and `generate --classes C4 --seed 3 --count 1`'s Q1):
p = [0.45, 0.8, 0.5, 0.2]; by hand -ln p = 0.798508, 0.223144, 0.693147, 1.609438, their mean
0.831059 (0.831). All four kept to 2 figures, (0.80+0.22+0.69+1.6)/4 = 0.8275: the drill told it
"a value on the way kept to too few figures (-ln(0.2) = 1.61 as 1.6)", but -ln 0.2 as 1.6 alone,
the others unrounded, gives 0.828686 (0.829); 0.8275 (0.828) needs another value short too
(the sum carried to 3 figures, 3.31 / 4)."""

import csv
import math

import pytest

import quizgen
from quizgen.grading.outputs import GradeOutputs
from test_drill_hints import drill

SEVERAL = ("your answer is what the working gives with several values on the way kept to too few figures "
           "(e.g. -ln(0.2) = 1.61 as 1.6): this paper asks you to keep at least 4 significant figures in "
           "intermediate results (expected 0.831)")
ONE = ("your answer is what the working gives with a value on the way kept to too few figures "
       "(-ln(0.2) = 1.61 as 1.6): this paper asks you to keep at least 4 significant figures in "
       "intermediate results (expected 0.831)")


def test_the_hand_values():
    losses = [-math.log(p) for p in (0.45, 0.8, 0.5, 0.2)]
    assert round(sum(losses) / 4, 3) == 0.831
    assert (0.80 + 0.22 + 0.69 + 1.6) / 4 == pytest.approx(0.8275)
    assert round((sum(losses[:3]) + 1.6) / 4, 3) == 0.829               # -ln 0.2 as 1.6 alone
    assert round(sum(losses[:3]) + 1.6, 2) == 3.31 and 3.31 / 4 == pytest.approx(0.8275)


def _said(typed: str) -> str:
    output, _ = drill(f"{typed}\nq\n", classes="C4", seed=3, save=False, count=1)
    return " ".join(output.split("Worked solution")[0].split())


def test_the_drill_says_several_values_when_no_one_step_gives_the_answer():
    said = _said("(0.80+0.22+0.69+1.6)/4")
    assert "Not precise enough. Y" + SEVERAL[1:] + "." in said, said
    assert "with a value on the way" not in said


def test_the_drill_names_the_step_that_alone_gives_the_answer():
    said = _said("0.829")
    assert "Not precise enough. Y" + ONE[1:] + "." in said, said


@pytest.fixture(scope="module")
def graded(tmp_path_factory, generated):
    """The C4 paper graded with sheets: s1 wrote 0.828 (several values short), s2 0.829 (-ln 0.2 alone)."""
    paper = generated("--classes", "C4", "--seed", "3", "--count", "1", out=tmp_path_factory.mktemp("paper"))
    folder = tmp_path_factory.mktemp("graded")
    answers = folder / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.828\ns2,Q1,a,0.829\n", encoding="utf-8")
    quizgen.grade(answers, key=paper / "key.json", outputs=GradeOutputs(feedback=str(folder / "sheets")))
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    return rows, {sid: (folder / "sheets" / f"{sid}.md").read_text(encoding="utf-8") for sid in rows}


def test_grade_says_the_same(graded):
    rows, _ = graded
    assert (rows["s1"]["note"], rows["s1"]["feedback"]) == ("rounded_too_early", SEVERAL), rows["s1"]
    assert (rows["s2"]["note"], rows["s2"]["feedback"]) == ("rounded_too_early", ONE), rows["s2"]


def test_the_sheets_say_the_same(graded):
    _, sheets = graded
    assert SEVERAL in sheets["s1"] and ONE in sheets["s2"]
    assert "rounded before use: Q1 (a) is what the working gives with several values on the way kept to too " \
           "few figures: keep" in " ".join(sheets["s1"].split()), sheets["s1"]
    assert "rounded before use: Q1 (a) is what the working gives with a value on the way kept to too few " \
           "figures: keep" in " ".join(sheets["s2"].split()), sheets["s2"]
