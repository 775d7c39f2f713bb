"""Round 54: grade's outputs never replace a file the paper's key.json lists (its
``"files"``, the files generate wrote), not only those named as a paper's file:
a split paper of a student whose id makes it ``problems-report.md`` is no
report of an earlier grade run, and one ``--only`` wrote is the paper's too."""

import json


def _paper(tmp_path, invoke, *ids):
    roster = tmp_path / "r.csv"
    roster.write_text("id,name\n" + "".join(f"{i},Ann\n" for i in ids), encoding="utf-8")
    out = tmp_path / "quiz"
    made = invoke("generate", "--classes", "C1", "--seed", 5, "--students", roster, "--split", "--out", out)
    assert made.exit_code == 0, made.output
    answers = tmp_path / "a.csv"
    answers.write_text(f"student_id,question_id,part,answer\n{ids[-1]},Q1,a,1\n", encoding="utf-8")
    return out, answers


def _files(folder):
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_a_report_named_as_a_listed_split_paper_is_refused(tmp_path, invoke):
    out, answers = _paper(tmp_path, invoke, "report", "s002")
    before = _files(out)
    run = invoke("grade", answers, "--key", out / "key.json", "--out", out / "problems.csv")
    assert run.exit_code == 2, run.output
    assert f"{out / 'problems-report.md'} is a file of the paper beside the key" in run.stderr, run.stderr
    assert "the key lists it among the files generate wrote" in run.stderr
    assert _files(out) == before   # nothing written, nothing replaced


def test_a_listed_file_is_refused_there_or_not_and_in_any_case(tmp_path, invoke):
    out, answers = _paper(tmp_path, invoke, "s001", "s002")
    (out / "problems-s001.md").unlink()   # listed, gone for now: still the paper's name
    for name in ("problems-s001.md", "PROBLEMS-S001.MD"):
        run = invoke("grade", answers, "--key", out / "key.json", "--out", out / name)
        assert run.exit_code == 2, run.output
        assert "the key lists it among the files generate wrote" in run.stderr, run.stderr
    assert not (out / "problems-s001.md").exists()


def test_the_report_of_a_name_the_key_does_not_list_is_written(tmp_path, invoke):
    """Review 52d F2 stands: problems-report.md is grade's own when the key lists no such file."""
    out, answers = _paper(tmp_path, invoke, "s001", "s002")
    assert "problems-report.md" not in json.loads((out / "key.json").read_text(encoding="utf-8"))["files"]
    run = invoke("grade", answers, "--key", out / "key.json", "--out", out / "problems.csv")
    assert run.exit_code == 0, run.stderr
    assert (out / "problems-report.md").is_file()
