"""What a student reads on their feedback sheet is true and theirs: a
resubmitted form is summed up in one line, not a page of the instructor's
row numbers; a mark the marker set shows the marker's comment, never the
overrides file's name and line; and the verdict beside a mark the marker
set does not contradict it (graded.csv keeps its documented status)."""

import csv
import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

HEADER = ("student_id", "question_id", "part", "answer")


@pytest.fixture(scope="module")
def quiz(tmp_path_factory):
    """A class paper of two C7 questions (six parts) and its right answers {(question, part): text}."""
    folder = tmp_path_factory.mktemp("words")
    generate(folder / "quiz", classes="C7", count=2, seed=11)
    key = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))
    right = {(q["id"], letter): f"{p['value']:#.4g}" for q in key["questions"] for letter, p in zip("abc", q["parts"])}
    return folder, right


def grade(folder, rows, name, overrides=None, *options):
    """Grade ``rows`` with the CLI (``overrides``: the overrides file's text); the sheets folder."""
    answers = folder / f"{name}.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([HEADER, *rows])
    args = ["grade", str(answers), "--key", str(folder / "quiz" / "key.json"), "--feedback", str(folder / name)]
    if overrides is not None:
        (folder / f"{name}-overrides.csv").write_text(overrides, encoding="utf-8")
        args += ["--overrides", str(folder / f"{name}-overrides.csv")]
    result = CliRunner().invoke(main, args + list(options))
    assert result.exit_code == 0, result.output
    return folder / name


@pytest.mark.slow
def test_a_resubmitted_form_is_summed_up_in_one_line(quiz):
    """Two submissions of every part: one line, not six 'Row n: ... replaced by ... row m' bullets."""
    folder, right = quiz
    first = [("s01", q, p, "0.1") for q, p in right]
    second = [("s01", q, p, value) for (q, p), value in right.items()]
    sheet = (grade(folder, first + second, "twice") / "s01.md").read_text(encoding="utf-8")
    section = sheet.split("## Answers you gave more than once\n\n")[1].split("\n\n")[0]
    assert section == "- You answered 6 parts more than once; your last answer to each part was graded."
    assert "not graded against" not in sheet   # nothing was lost: no "not graded" heading
    assert "Row" not in sheet and "row" not in section and "Score: **12 / 12**" in sheet


@pytest.mark.slow
def test_answers_not_graded_are_listed_by_question_and_part(quiz):
    """What really was not graded is still listed, without the instructor's row numbers."""
    folder, right = quiz
    rows = [("s01", "Q1", "a", "0.2"), ("s01", "Q1", "a", right["Q1", "a"]), ("s01", "Q2", "b", "0.3"),
            ("s01", "Q2", "b", right["Q2", "b"]), ("s01", "Q9", "a", "0.7"), ("s01", "", "", "0.5")]
    answers = grade(folder, rows, "strays").with_suffix(".csv")
    with open(answers, "a", newline="", encoding="utf-8") as handle:
        handle.write("s01,Q1,c,0.4,extra,cells\n")   # a malformed row: invalid, graded for no part
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(folder / "quiz" / "key.json"),
                                       "--feedback", str(folder / "strays")])
    assert result.exit_code == 0, result.output
    sheet = (folder / "strays" / "s01.md").read_text(encoding="utf-8")
    section = sheet.split("## Answers not graded against your paper\n\n")[1].split("\n\n")[0].splitlines()
    resubmitted = sheet.split("## Answers you gave more than once\n\n")[1].split("\n\n")[0].splitlines()
    assert resubmitted == ["- You answered Q1 (a) and Q2 (b) more than once; your last answer to each was graded."]
    assert section == [
        "- Your answer 0.7 was for question Q9, which is not on your paper; it was not graded.",
        "- Your answer 0.5 named no question; it was not graded.",
        "- Your answer to Q1 (c) could not be read from the answers file (its row was malformed: a comma in the "
        "answer splits it into cells, for example); it was not graded."]


def test_a_mark_made_for_a_part_with_no_answer_shows_the_markers_comment_only(quiz):
    folder, right = quiz
    overrides = "student_id,question_id,part,score,comment\ns01,Q1,c,1,handed in on paper\n"
    graded = grade(folder, [("s01", "Q1", "a", right["Q1", "a"])], "made", overrides)
    sheet = (graded / "s01.md").read_text(encoding="utf-8")
    assert "| c | - | correct | 2 / 2 |" in sheet
    assert [line for line in sheet.splitlines() if line.startswith("- (c)")] == [
        "- (c) your marker's decision: handed in on paper"]
    assert "overrides.csv" not in sheet
    with open(folder / "made-graded.csv", encoding="utf-8-sig", newline="") as handle:   # kept for the instructor
        assert [r["reason"] for r in csv.DictReader(handle) if r["part"] == "c"] == [
            "no answer row: made by made-overrides.csv line 2"]


@pytest.mark.parametrize("score, verdict", [("50%", "partly correct"), ("1", "correct"), ("0", "incorrect")])
def test_the_verdict_beside_a_markers_mark_does_not_contradict_it(quiz, score, verdict):
    """A needs_review answer given half marks: graded.csv says partial (a
    person's part marks), the student reads 'partly correct' beside 1 / 2."""
    folder, _ = quiz
    overrides = f'student_id,question_id,part,score,comment\ns08,Q1,a,{score},"hedged, but right value"\n'
    name = f"hand-{score.rstrip('%')}"
    sheet = (grade(folder, [("s08", "Q1", "a", "I think 0.71")], name, overrides) / "s08.md").read_text(encoding="utf-8")
    points = {"50%": "1", "1": "2", "0": "0"}[score]
    assert f"| a | I think 0.71 | {verdict} | {points} / 2 |" in sheet
    assert "- (a) your marker's decision: hedged, but right value\n" in sheet
    with open(folder / f"{name}-graded.csv", encoding="utf-8-sig", newline="") as handle:
        (row,) = [r for r in csv.DictReader(handle) if r["part"] == "a"]
    assert (row["status"], row["note"]) == ({"50%": "partial", "1": "correct", "0": "incorrect"}[score], "override")


def test_pdf_sheets_say_the_same(quiz, pdf_sheet_sources):
    folder, _ = quiz
    rows = [("s01", "Q1", p, "0.1") for p in "abc"] + [("s01", "Q1", "a", "I think 0.71")]   # nothing for Q2
    overrides = "student_id,question_id,part,score,comment\ns01,Q1,a,50%,hedged\ns01,Q2,c,1,on paper\n"
    grade(folder, rows, "pdf", overrides, "--format", "pdf")
    tex = pdf_sheet_sources["s01.tex"]
    assert r"\item You answered Q1 (a) more than once; your last answer was graded." in tex
    assert "\\section*{\\qzdest Answers you gave more than once}" in tex and "not graded against" not in tex
    assert "\na & I think 0.71 & partly correct & 1 / 2 &" in tex
    assert r"\item (c) your marker's decision: on paper" in tex
    assert "Row" not in tex and "overrides.csv" not in tex


@pytest.mark.slow
def test_an_answer_awaiting_a_person_says_so_and_the_score_is_provisional(quiz, pdf_sheet_sources):
    """A needs_review answer with no override yet: the student reads that a
    person will mark it and that the total is provisional, not a bare
    'needs_review | 0 / 2' under a final-looking score (graded.csv keeps the status)."""
    folder, right = quiz
    rows = [("s09", "Q1", "a", "I think 0.71"), ("s09", "Q1", "b", right["Q1", "b"])]
    sheet = (grade(folder, rows, "waiting") / "s09.md").read_text(encoding="utf-8")
    assert "| a | I think 0.71 | awaiting your marker | 0 / 2 |" in sheet and "needs_review" not in sheet
    score_line = next(line for line in sheet.splitlines() if line.startswith("Score: "))
    assert sheet.split(score_line + "\n\n")[1].startswith(
        "One of your answers is awaiting your marker: a person will read it and give it its mark, "
        "and it counts 0 until then, so this score is provisional.")
    with open(folder / "waiting-graded.csv", encoding="utf-8-sig", newline="") as handle:
        assert [r["status"] for r in csv.DictReader(handle) if r["part"] == "a"] == ["needs_review"]
    marked = grade(folder, rows, "marked", "student_id,question_id,part,score,comment\ns09,Q1,a,0,no value\n")
    assert "provisional" not in (marked / "s09.md").read_text(encoding="utf-8")   # a marker has read it
    grade(folder, rows, "waiting-pdf", None, "--format", "pdf")
    tex = pdf_sheet_sources["s09.tex"]
    assert "awaiting your marker" in tex and "so this score is provisional." in tex
