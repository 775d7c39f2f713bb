"""rev-instructor26: a key.json cut short (copied while written, or by `head`)
was "not valid JSON (Unterminated string starting at)", an empty one "(Expecting
value)", and generate over a cut-short key of the same paper called it "the
key of another paper"; each now says what is wrong in words."""

from pathlib import Path


def test_generate_over_a_cut_short_key_says_it_cannot_read_it(invoke, tmp_path):
    out = tmp_path / "quiz"
    assert invoke("generate", "--seed", 3, "--classes", "C1", "--out", out).exit_code == 0
    key = out / "key.json"
    key.write_bytes(key.read_bytes()[:300])
    result = invoke("generate", "--seed", 3, "--classes", "C1", "--out", out)
    assert result.exit_code == 2
    assert f"{key} is not a key quizgen can read (not JSON, cut short or edited)" in result.output
    assert "another paper" not in result.output and len(result.output.strip().splitlines()) == 1


def test_grade_with_a_cut_short_key_says_it_looks_cut_short(invoke, tmp_path):
    out = tmp_path / "quiz"
    assert invoke("generate", "--seed", 3, "--classes", "C1", "--out", out).exit_code == 0
    key = out / "key.json"
    key.write_bytes(key.read_bytes()[:1000])
    answers = Path(tmp_path / "answers.csv")
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", key)
    assert result.exit_code != 0
    assert "the JSON ends before it is complete (the file looks cut short)" in result.output
