"""Review 44c: worked examples in docs/marking.md and docs/grading.md that no
test pinned had drifted from the grader (``0.1508`` said accepted, ``(a) 0.23``
then ``(c) 0.261`` said imprecise), and ``--out results`` in a fresh folder
wrote the graded file as ``results`` with no extension. Each example here is
graded as the doc writes it."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main


def _graded(folder, key, rows, out) -> dict:
    """``quizgen grade`` of ``rows`` against ``key`` into ``out``; graded rows by (student, part)."""
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(key), "--out", str(out), "--force-key"])
    assert result.exit_code == 0, result.output
    with open(folder / "results" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["part"]): (r["status"], r["note"]) for r in csv.DictReader(handle)}


@pytest.fixture(scope="module")
def seed1_key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed1")
    assert CliRunner().invoke(main, ["generate", "--seed", "1", "--out", str(folder)]).exit_code == 0
    return folder / "key.json"


@pytest.fixture(scope="module")
def worked_key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("worked")
    assert CliRunner().invoke(main, ["generate", "--worked-examples", "--out", str(folder)]).exit_code == 0
    return folder / "key.json"


def test_marking_md_window_and_carried_examples(tmp_path, seed1_key):
    """Q5 (c) 0.15171: 0.1513, 0.1511 and 0.1512 (0.151 at 3 figures) no carrying of the
    recipe reaches; Q1 (a) 0.715664: 0.7152-0.7154 round to 0.715 and are carried
    rounding, 0.7155-0.7161 plain correct (the window), 0.7165 never correct."""
    answers = {"c1": ("Q5", "c", "0.1513"), "c2": ("Q5", "c", "0.1511"), "c3": ("Q5", "c", "0.1512"),
               "a1": ("Q1", "a", "0.7152"), "a2": ("Q1", "a", "0.7154"), "a3": ("Q1", "a", "0.7155"),
               "a4": ("Q1", "a", "0.7161"), "a5": ("Q1", "a", "0.7165")}
    graded = _graded(tmp_path, seed1_key, [(s, *answer) for s, answer in answers.items()], tmp_path / "results")
    status = {s: graded[(s, answer[1])] for s, answer in answers.items()}
    assert status["a1"] == status["a2"] == ("correct", "carried_rounding")
    assert status["c1"] == status["c2"] == status["c3"] == ("incorrect", "")
    assert status["a3"] == status["a4"] == ("correct", "")
    assert status["a5"][0] != "correct"


def test_grading_md_imprecise_row_example(tmp_path, worked_key):
    """C7, p_hat 0.76852: (a) 0.23 (the sign error, 2 figures) then (c) 0.261
    (-ln 0.77 to 3 figures) is ECF; (c) 0.26, 2 figures of it, is imprecise."""
    rows = [("e", "Q7", "a", "0.23"), ("e", "Q7", "c", "0.261"), ("i", "Q7", "a", "0.23"), ("i", "Q7", "c", "0.26")]
    graded = _graded(tmp_path, worked_key, rows, tmp_path / "results")
    assert graded[("e", "c")] == ("correct", "ecf")
    assert graded[("i", "c")] == ("imprecise", "rounded_too_early")


def test_out_with_no_extension_is_a_new_folder(tmp_path, seed1_key):
    """``--out results`` (docs/grading.md's two sections) makes results/ and writes
    every output in it under its default name, not a graded file called results."""
    _graded(tmp_path, seed1_key, [("s1", "Q1", "a", "0.716")], tmp_path / "results")
    names = sorted(p.name for p in (tmp_path / "results").iterdir())
    assert "answers-graded.csv" in names and "answers-graded-students.csv" in names
    assert not (tmp_path / "results-students.csv").exists()


def test_an_existing_file_with_no_extension_is_still_the_graded_file(tmp_path, seed1_key):
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.716\n", encoding="utf-8")
    (tmp_path / "marks").write_text("old\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(seed1_key),
                                       "--out", str(tmp_path / "marks"), "--replace-outputs"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "marks").read_text(encoding="utf-8-sig").startswith("student_id,")
    assert (tmp_path / "marks-students.csv").is_file()


def test_out_and_feedback_one_new_bare_name_share_the_folder(tmp_path, seed1_key, monkeypatch):
    """``--out g2 --feedback g2`` was refused, g2 being the graded file; g2 is now
    a folder holding the outputs and the sheets side by side."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.716\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", "answers.csv", "--key", str(seed1_key), "--out", "g2",
                                       "--feedback", "g2"])
    assert result.exit_code == 0, result.output
    names = {p.name for p in (tmp_path / "g2").iterdir()}
    assert "answers-graded.csv" in names and any(name.startswith("s1") for name in names), names


def test_review_out_with_no_extension_is_a_new_folder(tmp_path, worked_key, monkeypatch):
    """``quizgen review ... --out decide`` wrote the file to fill in as ``decide``,
    which a spreadsheet does not open; it is now decide/<stem>-review.csv."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\nr1,Q7,a,maybe 0.77\n",
                                          encoding="utf-8")
    assert CliRunner().invoke(main, ["grade", "answers.csv", "--key", str(worked_key)]).exit_code == 0
    result = CliRunner().invoke(main, ["review", "answers-graded.csv", "--out", "decide"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "decide" / "answers-graded-review.csv").is_file()
    assert "r1" in (tmp_path / "decide" / "answers-graded-review.csv").read_text(encoding="utf-8-sig")


@pytest.mark.parametrize("name", ["v1.2", "week3.final"])
def test_out_with_a_dot_but_no_table_extension_is_a_new_folder(tmp_path, seed1_key, monkeypatch, name):
    """Review 44g F1: ``--out v1.2`` wrote the graded file as v1.2 and its reports
    as v1-*.csv: '.2' counted as an extension. Only .csv, .tsv, .txt and .tab do."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.716\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", "answers.csv", "--key", str(seed1_key), "--out", name])
    assert result.exit_code == 0, result.output
    assert (tmp_path / name / "answers-graded.csv").is_file() and not list(tmp_path.glob("v1-*"))


@pytest.mark.parametrize("command", ["grade", "review"])
def test_out_dash_is_refused(tmp_path, worked_key, monkeypatch, command):
    """Review 44g F13: ``--out -`` made a folder called '-'; nothing is written to standard output."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\nr1,Q7,a,maybe 0.77\n",
                                          encoding="utf-8")
    if command == "review":
        assert CliRunner().invoke(main, ["grade", "answers.csv", "--key", str(worked_key)]).exit_code == 0
    args = ["answers.csv", "--key", str(worked_key)] if command == "grade" else ["answers-graded.csv"]
    result = CliRunner().invoke(main, [command, *args, "--out", "-"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert "--out -:" in result.output and "never to standard output" in result.output
    assert not (tmp_path / "-").exists()
