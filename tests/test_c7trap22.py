"""A trap is worked from the student's own answers to the parts its part's
recipe reads (c7trap22): C7 (c)'s wrong_label_branch is stored as (b) itself
(`part:loss_y1`), but (c)'s recipe reads (a) alone, so a student who swapped
the labels from a wrong (a) is named at (c) as at (b), in grade and drill."""

import pytest
import io
import math

from quizgen.bank.loader import load_bank
from quizgen.drill.session import run_drill
from quizgen.generation.quiz import seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.maths.numbers import significant

from test_marking_grade import _grade
from test_marking_students_gen import _instances

OTHER_LABEL = "wrong_label_branch"


def _swapped(p: float) -> dict:
    """(a) a slip 10% below ``p``, then (b) and (c) each the other label's loss worked from it."""
    slip = float(significant(p * 0.9, 3))
    return {"p": str(slip), "loss_y1": significant(-math.log(1 - slip), 3), "loss_y0": significant(-math.log(slip), 3)}


@pytest.mark.slow
def test_grade_names_the_swapped_label_at_c_from_the_students_own_a(tmp_path):
    """(a) wrong, (b) and (c) the other label's term on it: both are wrong_label_branch,
    marked from (a) (before, (c) was a bare incorrect: its trap read their (b))."""
    instances = {f"s{k}": inst for k, inst in enumerate(_instances("C7", 5))}
    answers = {sid: _swapped(float(inst.parts[0].value)) for sid, inst in instances.items()}
    rows = _grade(tmp_path, instances, answers)
    for sid, paper in answers.items():
        for letter in "bc":
            row = rows[(sid, letter)]
            assert (row["status"], row["misconception"]) == ("incorrect", OTHER_LABEL), row
            assert row["feedback"].startswith(f"marked from your (a) = {paper['p']}: "), row


@pytest.mark.slow
def test_grade_names_it_whatever_the_student_wrote_at_b_and_ecf_still_comes_first(tmp_path):
    """(b) plainly wrong or left out: (c) = -ln of their own (a) is still the other
    label's loss. One mistake is named once: (c) = -ln(1 - their (a)), a correct
    consequence of it, stays ECF, though their (b) swapped the label."""
    instances = {f"s{k}": inst for k, inst in enumerate(_instances("C7", 4))}
    answers = {}
    for sid, inst in instances.items():
        paper = _swapped(float(inst.parts[0].value))
        answers[sid] = {"p": paper["p"], "loss_y1": "9.99", "loss_y0": paper["loss_y0"]}
    answers["s2"].pop("loss_y1")
    swapped = _swapped(float(instances["s3"].parts[0].value))
    answers["s3"] = {**swapped, "loss_y0": swapped["loss_y1"]}   # (c) is -ln(1 - their (a)): ECF
    rows = _grade(tmp_path, instances, answers)
    for sid in ("s0", "s1", "s2"):
        row = rows[(sid, "c")]
        assert (row["misconception"], row["feedback"].split(":")[0]) == \
            (OTHER_LABEL, f"marked from your (a) = {answers[sid]['p']}"), row
    assert rows[("s3", "b")]["misconception"] == OTHER_LABEL
    assert (rows[("s3", "c")]["status"], rows[("s3", "c")]["note"]) == ("correct", "ecf"), rows[("s3", "c")]


def _drill_c7(seed: int, texts) -> str:
    """The drill's output, one line, for one C7 question answered with ``texts``."""
    out = io.StringIO()
    run_drill(io.StringIO("".join(f"{t}\n" for t in texts) + "q\n"), out, io.StringIO(),
              classes="C7", seed=seed, save=False)
    return " ".join(out.getvalue().split())


@pytest.mark.slow
def test_the_drill_names_the_swapped_label_at_c_from_the_learners_own_a():
    """A slip at (a), then each label's loss swapped; and seed 8 (s = 2.00, p = 0.8808):
    0.731, 1.31, 0.313, as the reviewer typed it."""
    template = next(t for t in load_bank() if t.cls == "C7")
    inst = sample_instance(template, seed_label(8, template.id, 0))
    paper = _swapped(float(inst.parts[0].value))
    said = _drill_c7(8, [paper["p"], paper["loss_y1"], paper["loss_y0"]])
    part_c = said.split("(c) What is")[1]
    assert f'"the loss term of the other label" (worked from your own (a) = {paper["p"]})' in part_c, part_c
    said = _drill_c7(8, ["0.731", "1.31", "0.313"])
    assert said.count("(worked from your own (a) = 0.731)") == 2, said


@pytest.mark.slow
def test_the_drill_quotes_a_not_b_when_b_was_ecf():
    """0.731, 0.313 (ECF), 0.313: (c) is the other label's loss worked from their (a), not "your (b)"."""
    said = _drill_c7(8, ["0.731", "0.313", "0.313"])
    part_c = said.split("(c) What is")[1]
    assert "(worked from your own (a) = 0.731)" in part_c and "your own (b)" not in part_c, part_c
