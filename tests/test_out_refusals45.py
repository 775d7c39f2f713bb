"""Round 45: ``--out -`` and an empty ``--out`` are refused by one function for grade and
review (out_option.refuse_empty_out; since round 46 generate and export too). review took an
empty name as its own: ``--out ''``
ended in '.: cannot read the review file (Is a directory)', and ``--out ' '`` wrote the file
into a new folder named ' '."""

import pytest


@pytest.fixture
def graded(tmp_path, three_question_folder, invoke, monkeypatch):
    """A graded.csv of one answer a person must decide (three_question_folder's key), in the working folder."""
    monkeypatch.chdir(three_question_folder)
    (three_question_folder / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,maybe 0.4\n",
                                                       encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    return three_question_folder


@pytest.mark.parametrize("out", ["", " "])
def test_review_refuses_an_empty_out(graded, invoke, out):
    before = sorted(p.name for p in graded.iterdir())
    result = invoke("review", "answers-graded.csv", "--out", out)
    assert result.exit_code == 2
    assert result.stderr == (f"quizgen: error: --out {out!r}: the name is empty; expected a file or folder "
                             "(leave --out out to write beside the graded file)\n")
    assert sorted(p.name for p in graded.iterdir()) == before


@pytest.mark.parametrize("command, words", [
    ("grade", "grade writes files (the graded file and its reports), never to standard output; expected the "
              "graded file's path or a folder"),
    ("review", "review writes a file to fill in, never to standard output; expected a file or folder")])
def test_out_dash_keeps_each_commands_words(graded, invoke, command, words):
    args = ["answers.csv"] if command == "grade" else ["answers-graded.csv"]
    result = invoke(command, *args, "--out", "-")
    assert result.exit_code == 2 and result.stderr == f"quizgen: error: --out -: {words}\n"
    assert not (graded / "-").exists()
