"""An override of a part the student did not answer decides it alike whatever
the answers file's form (rev-grade24: 50% on a part with no row in a long file
was ``incorrect``, on the empty cell of a wide file ``blank`` with its point,
so the students CSV counted them differently and a "blank" part earned marks).
A part with no answer is decided as a blank is: full marks ``correct``, part
marks ``incorrect`` (marks given, so no longer blank), none ``blank``."""

import csv
import io

import pytest

ANSWERS = {
    "long, no row": "student_id,question_id,part,answer\ns01,Q1,a,0.408\ns02,Q1,a,0.408\ns02,Q2,a,0.1\n",
    "long, empty answer": "student_id,question_id,part,answer\ns01,Q1,a,0.408\ns01,Q2,a,\ns02,Q1,a,0.408\n"
                          "s02,Q2,a,0.1\n",
    "wide, empty cell": "student_id,Q1a,Q2a\ns01,0.408,\ns02,0.408,0.1\n",
}


def _read(path):
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def _decided(folder, invoke, form, score):
    """(status, score) of s01's Q2 (a) in graded.csv, and s01's students-CSV counts."""
    (folder / "answers.csv").write_text(ANSWERS[form], encoding="utf-8")
    (folder / "ov.csv").write_text(f"student_id,question_id,part,score,comment\ns01,Q2,a,{score},on paper\n",
                                   encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--overrides", folder / "ov.csv")
    assert result.exit_code == 0, result.output
    assert "matches no answer" not in result.output
    rows = [r for r in _read(folder / "answers-graded.csv") if (r["student_id"], r["question_id"]) == ("s01", "Q2")]
    assert len(rows) == 1
    student = next(r for r in _read(folder / "answers-graded-students.csv") if r["student_id"] == "s01")
    counts = {k: student[k] for k in ("score", "correct", "partial", "incorrect", "blank")}
    return rows[0]["status"], float(rows[0]["score"]), rows[0]["note"], counts


@pytest.mark.parametrize("score, status, points", [("50%", "partial", 0.5), ("0", "blank", 0.0),
                                                   ("100%", "correct", 1.0)])
@pytest.mark.slow
def test_an_override_of_an_unanswered_part_decides_it_alike_in_every_form(three_question_folder, invoke,
                                                                          score, status, points):
    decided = {form: _decided(three_question_folder, invoke, form, score) for form in ANSWERS}
    assert {form: d[:3] for form, d in decided.items()} == {form: (status, points, "override") for form in ANSWERS}
    assert len({str(d[3]) for d in decided.values()}) == 1, decided


@pytest.mark.slow
def test_a_part_given_marks_is_never_blank(three_question_folder, invoke):
    for form in ANSWERS:
        for score in ("25%", "0.5", "99%"):
            status, points, _, _ = _decided(three_question_folder, invoke, form, score)
            assert points > 0 and status == "partial", (form, score, status)
