"""A class with roster absentees and partial credit, as the instructor and the
students read it: an absent student gets no sheet (nothing of theirs was
marked, and it would print their paper's key); one score reads one way on a
sheet (a trap given credit, ECF at part credit and a marker's half mark are all
"partly correct"; graded.csv keeps its statuses); and stdout, report.md and the
HTML page each give the class's mean and median both over everyone on the
roster and over those who answered, each labelled."""

import csv
import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

HEADER = ("student_id", "question_id", "part", "answer")
NO_ANSWERS = "No answers under your student id were found in the answers file for this quiz"


@pytest.fixture(scope="module")
def quiz(tmp_path_factory):
    """A class paper of two C7 questions, its right answers {(question, part):
    text}, Q1 (a)'s sigmoid_sign_error value, and a roster of four (s03, s04 absent)."""
    folder = tmp_path_factory.mktemp("absent")
    generate(folder / "quiz", classes="C7", count=2, seed=11)
    key = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))
    right = {(q["id"], letter): f"{p['value']:#.4g}" for q in key["questions"] for letter, p in zip("abc", q["parts"])}
    trap = f"{key['questions'][0]['parts'][0]['trap_values'][0]:#.4g}"
    (folder / "roster.csv").write_text("student_id,name\ns01,Ada\ns02,Bo\ns03,Cy\ns04,Di\n", encoding="utf-8")
    return folder, right, trap


def grade(folder, rows, name, *options):
    """Grade ``rows`` with ``--roster`` and ``--feedback`` (the CLI); its result."""
    answers = folder / f"{name}.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([HEADER, *rows])
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(folder / "quiz" / "key.json"),
                                       "--roster", str(folder / "roster.csv"), "--feedback",
                                       str(folder / name), *options])
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.slow
def test_an_absent_student_gets_no_sheet_and_a_note_says_why(quiz, pdf_sheet_sources):
    """s03 gave no answer (a mistyped id would do the same): nothing of theirs was
    marked, and a sheet would print their paper's key and worked solutions, so
    they get none (instr30; before, a "no answers" sheet), Markdown or PDF."""
    folder, right, _ = quiz
    rows = [("s01", q, p, value) for (q, p), value in right.items()] + [("s02", "Q1", "a", "0.5")]
    result = grade(folder, rows, "absent")
    assert sorted(p.name for p in (folder / "absent").glob("s0*.md")) == ["s01.md", "s02.md"]
    assert ("Note: 2 student(s) with no answer in this run get no feedback sheet: nothing of theirs was marked, and "
            "a sheet would show their paper's key and worked solutions") in " ".join(result.output.split())
    assert "What to work on" in (folder / "absent" / "s02.md").read_text(encoding="utf-8")
    grade(folder, rows, "absent-pdf", "--format", "pdf")
    assert sorted(pdf_sheet_sources) == ["s01.tex", "s02.tex"]


@pytest.mark.slow
def test_a_student_whose_only_answer_went_elsewhere_is_not_called_absent(quiz):
    """An answer to a question not on the paper is an answer received: the
    sheet explains where it went, and does not say none was found."""
    folder, right, _ = quiz
    rows = [("s01", q, p, value) for (q, p), value in right.items()] + [("s04", "Q9", "a", "0.7")]
    grade(folder, rows, "stray")
    sheet = (folder / "stray" / "s04.md").read_text(encoding="utf-8")
    assert NO_ANSWERS not in sheet and "which is not on your paper" in sheet


@pytest.mark.slow
def test_one_score_reads_one_way_on_a_sheet(quiz, tmp_path):
    """Half marks from a trap's policy credit, from ECF at half credit and from
    the marker all read 'partly correct' beside 1 / 2, the note naming why;
    graded.csv keeps incorrect, correct (ecf) and incorrect (override)."""
    folder, right, trap = quiz
    policy = tmp_path / "policy.yaml"
    policy.write_text("ecf_credit: 0.5\ntraps: {sigmoid_sign_error: 0.5}\n", encoding="utf-8")
    overrides = tmp_path / "overrides.csv"
    overrides.write_text("student_id,question_id,part,score,comment\ns01,Q2,a,50%,half right\n", encoding="utf-8")
    ecf = "0.3270"   # -ln(0.7211): (b) worked from the trap's (a)
    rows = [("s01", "Q1", "a", trap), ("s01", "Q1", "b", ecf), ("s01", "Q2", "a", "I think 0.71")]
    grade(folder, rows, "partial", "--policy", str(policy), "--overrides", str(overrides))
    sheet = (folder / "partial" / "s01.md").read_text(encoding="utf-8")
    assert f"| a | {trap} | partly correct | 1 / 2 |" in sheet
    assert f"| b | {ecf} | partly correct | 1 / 2 |" in sheet
    assert "| a | I think 0.71 | partly correct | 1 / 2 |" in sheet
    assert "- (a) misconception **the wrong sign inside the sigmoid**: The sigmoid is" in sheet
    assert "- (b) error carried forward: marked from your (a)" in sheet
    with open(folder / "partial-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {(r["question_id"], r["part"]): (r["status"], r["score"], r["misconception"], r["note"])
                  for r in csv.DictReader(handle)}
    assert graded["Q1", "a"] == ("incorrect", "1", "sigmoid_sign_error", "")   # the data contract stays
    assert graded["Q1", "b"] == ("correct", "1", "", "ecf")
    assert graded["Q2", "a"][:2] == ("partial", "1")   # override26: a person's part marks


@pytest.mark.slow
def test_every_summary_gives_the_class_centre_over_the_roster_and_over_those_who_answered(quiz):
    """Two of four absent: stdout, report.md and the HTML page each give both
    means and medians, labelled alike, never one of them alone."""
    folder, right, _ = quiz
    rows = [("s01", q, p, value) for (q, p), value in right.items()]
    rows += [("s02", q, p, value) for (q, p), value in right.items() if q == "Q1"]   # 50%
    result = grade(folder, rows, "centre")
    everyone = "over all 4 students (the 2 absent counted as 0%)"
    assert (f"Class: mean 37.5%, median 25.0% {everyone}; mean 75.0%, median 75.0%, lowest 50.0%, "
            "highest 100.0% over the 2 who answered.") in result.output
    report = (folder / "centre-graded-report.md").read_text(encoding="utf-8")
    assert f"Mean 37.5%, median 25.0% {everyone}; mean 75.0%, median 75.0%" in report
    assert f"| mean {everyone} | 37.5% |" in report and "| mean over the 2 who answered | 75.0% |" in report
    html = (folder / "centre-graded-report.html").read_text(encoding="utf-8")
    for name, value in ((f"mean {everyone}", "37.5%"), (f"median {everyone}", "25.0%"),
                        ("mean over the 2 who answered", "75.0%"), ("median over the 2 who answered", "75.0%")):
        assert f'<span class="muted">{name}</span><b>{value}</b>' in html
