"""fix58t (review 57c F3): ``quizgen grade --saved-by`` says where a Moodle
download came from when its cells cannot show it. A re-save whose grades have
no end zero to drop (1.38) and no text sign is not detected, so a right 2.10
typed and saved as 2.1 stays rounded too early unless the instructor says
``--saved-by spreadsheet``; ``--saved-by moodle`` keeps the strict rule on a
file that looks re-saved. The choice is named in the report's "Marked with" line."""

import pytest

from test_lms57l import _dropped, _one_number_download, _verdicts


def _grade(folder, invoke, *options):
    return invoke("grade", folder / "responses.csv", "--key", folder / "questions-key.json", "--out", folder / "out",
                  *options)


@pytest.mark.slow
def test_an_undetected_resave_is_graded_by_the_resaved_rule_when_the_instructor_says_so(tmp_path, invoke):
    _one_number_download(tmp_path, invoke, _dropped, "6 December 2026  9:07 AM", grade="1.38")   # no sign at all
    run = _grade(tmp_path, invoke)
    assert run.exit_code == 0, run.output
    assert {status for _, status in _verdicts(tmp_path).values()} == {"imprecise"}   # auto: today's detection
    run = _grade(tmp_path, invoke, "--saved-by", "spreadsheet")
    assert run.exit_code == 0, run.output
    verdicts = _verdicts(tmp_path)
    assert {verdicts[s][1] for s in ("s000", "s001", "s002")} == {"correct"}, verdicts
    assert verdicts["s009"][1] == "imprecise"   # 1.1 for 1.11 is rounded too early whoever saved the file
    said = " ".join(run.output.split())
    assert "3 answer(s) to one-number questions are the right answer with the zeros at its end left off" in said
    assert "saved again by a spreadsheet (as --saved-by spreadsheet says)" in said, said
    report = (tmp_path / "out" / "responses-graded-report.md").read_text(encoding="utf-8")
    assert "Marked with: --saved-by spreadsheet;" in report, report[:600]


@pytest.mark.slow
def test_saved_by_moodle_keeps_the_strict_rule_on_a_download_that_looks_resaved(tmp_path, invoke):
    _one_number_download(tmp_path, invoke, _dropped, "06.12.2026 09:07", grade="1")   # grades 1 for 1.00: a sign
    run = _grade(tmp_path, invoke)
    assert "zeros at its end left off" in run.output and "--saved-by moodle" in " ".join(run.output.split())
    run = _grade(tmp_path, invoke, "--saved-by", "moodle")
    assert run.exit_code == 0, run.output
    assert {status for _, status in _verdicts(tmp_path).values()} == {"imprecise"}
    assert "zeros at its end left off" not in run.output
    report = (tmp_path / "out" / "responses-graded-report.md").read_text(encoding="utf-8")
    assert "Marked with: --saved-by moodle;" in report, report[:600]


@pytest.mark.parametrize("saved_by", ["moodle", "spreadsheet"])
def test_saved_by_is_refused_for_a_file_that_is_no_moodle_download(tmp_path, invoke, saved_by):
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,1\n", encoding="utf-8")
    run = invoke("grade", tmp_path / "answers.csv", "--saved-by", saved_by)
    assert run.exit_code != 0
    assert "--saved-by is for a Moodle responses download" in run.output, run.output
    assert not list(tmp_path.glob("answers-*"))
