"""Round 45: grading an LMS download asks once whether --out names a folder
(lms_input._output_places), where the built files' folder, the outputs' folder and
grade's --out each asked files.out_is_folder again; where the files go is unchanged."""

import pytest

from lms_support import exported_download
from quizgen.grading import lms_input


@pytest.mark.parametrize("out, folder, graded", [
    (None, ".", "responses-graded.csv"),
    ("results", "results", "responses-graded.csv"),
    ("marks/week1.csv", "marks", "week1.csv")])
def test_out_is_asked_once_and_the_files_go_where_they_did(invoke, tmp_path, monkeypatch, out, folder, graded):
    exported_download(invoke, tmp_path, "C1", 2, 2)
    monkeypatch.chdir(tmp_path)
    asked = []

    def counted(*args, **kwargs):
        asked.append(args)
        return out_is_folder(*args, **kwargs)

    out_is_folder = lms_input.out_is_folder
    monkeypatch.setattr(lms_input, "out_is_folder", counted)
    result = invoke("grade", "responses.csv", "--key", "questions-key.json", *(["--out", out] if out else []))
    assert result.exit_code == 0, result.output
    assert len(asked) == (1 if out else 0)
    assert {p.name for p in (tmp_path / folder).iterdir()} >= {"responses-answers.csv", "responses-key.json", graded}
