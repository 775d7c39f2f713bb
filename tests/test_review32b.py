"""rev-diff32: an overrides line with a status but no mark says what to fill
in; grade's summary, when answers await a person, ends by naming ``quizgen review``."""

import pytest

from quizgen.errors import InputFileError
from quizgen.grading.look_at import review_hint
from quizgen.marking.overrides import parse_overrides


@pytest.mark.parametrize("unit", ["share", "points"])
def test_a_status_beside_an_empty_mark_asks_for_the_mark(unit):
    text = f"student_id,question_id,part,{unit},status\ns1,Q1,a,,correct\n"
    with pytest.raises(InputFileError) as raised:
        parse_overrides(text, "review.csv")
    message = str(raised.value)
    assert message.startswith(f"review.csv: line 2: the {unit} cell is empty beside a status or comment: fill in")
    assert "\n" not in message


def test_a_line_with_nothing_decided_is_still_no_error():
    undecided = []
    assert parse_overrides("student_id,question_id,part,share,status\ns1,Q1,a,,\n", "r.csv", undecided) == []
    assert undecided == [2]


def test_grade_points_at_quizgen_review_when_answers_await_a_person(invoke, tmp_path, seed3_key):
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,maybe 0.7\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", seed3_key, "--out", tmp_path / "out" / "g.csv")
    assert result.exit_code == 0, result.output
    assert "need a person to read them" in result.output
    assert result.output.rstrip().endswith(review_hint(tmp_path / "out" / "g.csv"))
