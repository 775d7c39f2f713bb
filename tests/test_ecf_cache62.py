"""ECF's re-marking cache (grading/ecf_pass.py) shares a re-marked verdict between students whose
earlier answers read alike, before any part checker is asked: an earlier answer written 0.01234567
and one whose value that is, exp(ln(0.01234567)), are not alike, since ECF quotes the first as
written and the second (no figures written) to 6 figures. Each student keeps their own words, in
either order. A later part written 2 and one written 1+1 are distinct outcomes and so distinct keys."""

import csv

import pytest

from generate_support import generated_key

WRITTEN = ("s1", "0.01234567", "marked from your (a) = 0.01234567: correct given that value")
VALUE = ("s2", "exp(ln(0.01234567))", "marked from your (a) = 0.0123457: correct given that value")


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    return generated_key(tmp_path_factory.mktemp("ecf_cache") / "q", "--classes", "C2", "--seed", "1")


def _feedback_of_b(key, tmp_path, students) -> dict:
    from click.testing import CliRunner

    from quizgen.cli import main

    answers = tmp_path / "answers.csv"
    lines = ["student_id,question_id,part,answer"]
    lines += [f"{s},Q1,{part},{text}" for s, a, _ in students for part, text in (("a", a), ("b", "4.39"))]
    answers.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(key), "--force-key",
                                       "--out", str(tmp_path / "g")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "g" / "answers-graded.csv", encoding="utf-8-sig") as handle:
        return {row["student_id"]: row["feedback"] for row in csv.DictReader(handle) if row["part"] == "b"}


@pytest.mark.slow
@pytest.mark.parametrize("students", [(WRITTEN, VALUE), (VALUE, WRITTEN)], ids=["written first", "value first"])
def test_an_earlier_answer_written_and_its_value_are_quoted_each_as_given(key, tmp_path, students):
    feedback = _feedback_of_b(key, tmp_path, students)
    for student, _, words in students:   # -ln 0.01234567 = 4.394: 4.39 is right given either
        assert feedback[student].startswith(words), feedback
