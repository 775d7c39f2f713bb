"""``grade --saved-by`` given the answers file quizgen built from a Moodle download (``responses-answers.csv``,
with its ``download_line`` column) is refused, as for any answers file, but the advice names what works: the
built file is graded by the rule its key records (``answers_rounded_by``), so the choice is made by grading
the download itself with that --saved-by. "leave --saved-by out" alone kept the rule the user meant to change."""

import pytest

from test_lms57l import _dropped, _one_number_download


@pytest.mark.slow
@pytest.mark.parametrize("saved_by", ["moodle", "spreadsheet"])
def test_saved_by_on_the_built_answers_file_says_to_grade_the_download_with_it(tmp_path, invoke, saved_by):
    _one_number_download(tmp_path, invoke, _dropped, "06.12.2026 09:07", grade="1")   # looks saved again
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    built = next(tmp_path.rglob("responses-answers.csv"))
    run = invoke("grade", built, "--key", built.with_name("responses-key.json"), "--out", tmp_path / "again",
                 "--saved-by", saved_by)
    assert run.exit_code != 0
    said = " ".join(run.output.split())
    assert said.startswith("quizgen: error: --saved-by is for a Moodle responses download: responses-answers.csv is the "
                           "answers file quizgen built from a download, graded by the rule its key records"), said
    assert said.endswith(f"grade the download itself with --saved-by {saved_by}"), said
    assert "leave --saved-by out" not in said and len(run.output.strip().splitlines()) == 1
    assert not (tmp_path / "again").exists()
