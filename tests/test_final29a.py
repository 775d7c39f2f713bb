"""final29a: a Moodle quiz Grades report as --roster holds back, from the LMS
gradebook file, a student whose State there is still open or '-' and who gave
no answer; the held notes' words (Canvas's, the not-submitted note's, "and N
more"); a Grades report row with a name and no id is refused, not skipped."""


import pytest
from click.testing import CliRunner

from lms_support import exported_download, moodle_csv
from quizgen.cli import main
from quizgen.errors import InputFileError
from quizgen.roster import parse_roster

HEADER = "First name,Last name,ID number,Email address,State,Started on,Completed,Duration,Grade/10.00\n"


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _notes(output: str) -> list:
    return [line for line in output.splitlines() if line.startswith("Note")]


@pytest.fixture(scope="module")
def download(tmp_path_factory):
    """A Moodle download of s000 and s001, its key, and a Grades report
    roster adding s003 (In progress) and s004 ('-': no attempt)."""
    folder = tmp_path_factory.mktemp("four")
    exported_download(_invoke, folder, "C1,C7", 2, 2)
    (folder / "grades.csv").write_text(
        HEADER + "Test,S0,s000,s0@example.org,Finished,x,x,x,5.00\nTest,S1,s001,s1@example.org,Finished,x,x,x,5.00\n"
        "Test,S3,s003,s3@example.org,In progress,3 December 2026  2:05 PM,-,-,-\n"
        "Test,S4,s004,s4@example.org,-,-,-,-,-\nTest,S5,s005,s5@example.org,Finished,x,x,x,5.00\n"
        ",Overall average,,,,,,,5.00\n")
    return folder


@pytest.mark.slow
def test_roster_state_open_or_none_gets_no_moodle_row(download):
    run = _invoke("grade", download / "responses.csv", "--key", download / "questions-key.json",
                  "--roster", download / "grades.csv", "--gradebook", "moodle")
    assert run.exit_code == 0, run.output
    book = (download / "responses-graded-gradebook-moodle.csv").read_text().splitlines()
    # s005: Finished (5.00 in Moodle) but not in the download: no row either (review 30), never a 0 over the 5.00
    assert [line.split(",")[0] for line in book[1:]] == ["s000", "s001"]
    assert any(n.startswith("Note: 1 student(s) on the roster whom the LMS download does not list") and "s005" in n
               for n in _notes(run.output)), run.output
    assert any(n.startswith("Note: 2 student(s) whose Moodle attempt is still open") and "s003, s004" in n
               for n in _notes(run.output)), run.output
    students = (download / "responses-graded-students.csv").read_text()
    assert "s003" in students and "s004" in students   # still 0 in the students CSV


def test_roster_keeps_a_closed_attempts_state():
    roster = parse_roster(HEADER + "A,B,s1,a@x,In progress,x,x,x,-\nA,B,s1,a@x,Finished,x,x,x,4\n"
                          "C,D,s2,c@x,-,-,-,-,-\n")
    assert [(s.student_id, s.state) for s in roster] == [("s1", "Finished"), ("s2", "-")]


def test_name_without_id_is_refused_not_skipped():
    with pytest.raises(InputFileError, match="line 3: student_id is empty"):
        parse_roster(HEADER + "A,B,s1,a@x,Finished,x,x,x,4\nAda,Lovelace,,,,,,,\n")
    assert [s.student_id for s in parse_roster(HEADER + "A,B,s1,a@x,Finished,x,x,x,4\n,Overall average,,,,,,,4\n"
                                               "Gesamtdurchschnitt,,,,,,,,4\n")] == ["s1"]


def test_whole_name_average_row_skipped_named_row_refused():
    header = "Full name,ID number,State,Started on,Grade/10.00\n"
    assert len(parse_roster(header + "Ada L,s1,Finished,x,4\nOverall average,,,,4\n")) == 1
    with pytest.raises(InputFileError, match="line 3: student_id is empty"):
        parse_roster(header + "Ada L,s1,Finished,x,4\nAlan T,,,,\n")


@pytest.fixture(scope="module")
def open_download(tmp_path_factory):
    """A Moodle download of eight students, seven of them In progress."""
    folder = tmp_path_factory.mktemp("five")
    header, *rows = exported_download(_invoke, folder, "C1,C7", 2, 8)
    for row in rows[1:]:
        row[4] = "In progress"
    (folder / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    (folder / "canvas.csv").write_text("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (7)\n"
                                       "Points Possible,,,,,4\n"
                                       + "".join(f"\"T, S{i}\",{i},s{i:03d},x,X,\n" for i in range(8)))
    return folder


@pytest.mark.parametrize("gradebook", ["moodle", "canvas"])
@pytest.mark.slow
def test_held_notes_words(open_download, gradebook):
    extra = ["--gradebook-template", open_download / "canvas.csv", "--gradebook-item", "Quiz 1"] \
        if gradebook == "canvas" else []
    run = _invoke("grade", open_download / "responses.csv", "--key", open_download / "questions-key.json",
                  "--gradebook", gradebook, *extra)
    assert run.exit_code == 0, run.output
    notes = _notes(run.output)
    held = next(n for n in notes if "whose Moodle attempt is still open" in n)
    assert "s005 and 2 more" in held and ", ..." not in held
    if gradebook == "canvas":
        assert "Moodle's grade" not in held and "in Canvas" in held and "as the template had it" in held
    else:
        assert "leaves Moodle's grade for them alone" in held
    opened = next(n for n in notes if "were graded from an attempt Moodle shows as not submitted" in n)
    assert "left out of the gradebook file" in opened


@pytest.mark.slow
def test_plain_gradebook_keeps_the_older_note(open_download):
    run = _invoke("grade", open_download / "responses.csv", "--key", open_download / "questions-key.json",
                  "--gradebook", "plain")
    opened = next(n for n in _notes(run.output) if "shows as not submitted" in n)
    assert "check before importing)" in opened and "left out" not in opened
