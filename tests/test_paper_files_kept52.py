"""grade --out naming one of the paper's own files beside the key (key.csv,
problems.md, solutions.md, a student's split file, a PDF) replaced it with
graded rows, exit 0 (round 52's fresh-clone review, F8). Now refused in one
line like the other inputs' protections, before anything is written."""

import pytest


@pytest.fixture
def quiz(tmp_path, generated):
    generated("--seed", "1", out=tmp_path / "quiz")
    (tmp_path / "w3.csv").write_text("student_id,Q1a,Q1b\ns1,0.716,1\ns2,0.7,2\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("name", ["key.csv", "problems.md", "solutions.md", "problems.pdf", "solutions-s001.tex",
                                  "problems"])
def test_grade_out_never_replaces_the_papers_files(quiz, invoke, name):
    if "-" in name:   # a split paper's name is refused when it is there (review 52d F2)
        (quiz / "quiz" / name).write_text("as generate --split writes it\n", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (quiz / "quiz").iterdir()}
    result = invoke("grade", quiz / "w3.csv", "--key", quiz / "quiz" / "key.json", "--out", quiz / "quiz" / name)
    if name == "problems":   # a folder name: the outputs go in quiz/problems/, no paper file touched
        assert result.exit_code == 0, result.output
        assert {p.name: p.read_bytes() for p in (quiz / "quiz").iterdir() if p.is_file()} == before
        return
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and f"--out {quiz / 'quiz' / name}: " in line
    assert "a file of the paper beside the key" in line and "choose another --out" in line
    assert {p.name: p.read_bytes() for p in (quiz / "quiz").iterdir()} == before


def test_a_report_named_after_out_is_held_to_it_too(quiz, invoke):
    """--out quiz/problems.csv would write quiz/problems-report.md: no paper's file; but
    --out quiz/key-graded.csv is fine, and so is an --out in another folder named key.csv."""
    (quiz / "elsewhere").mkdir()
    result = invoke("grade", quiz / "w3.csv", "--key", quiz / "quiz" / "key.json", "--out", quiz / "elsewhere" / "key.csv")
    assert result.exit_code == 0, result.output
    result = invoke("grade", quiz / "w3.csv", "--key", quiz / "quiz" / "key.json", "--out", quiz / "quiz" / "graded.csv")
    assert result.exit_code == 0, result.output
