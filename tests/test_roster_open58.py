"""fix58t (fix57l F1 from the roster): a Moodle download filtered to "Finished" attempts lacks a
student's later attempt still open; the Grades report given as --roster lists it (a row per
attempt, its State "In progress"). The student is held as a download showing that attempt holds
them: no feedback sheet, no Moodle gradebook row, named in the held notes, their finished
attempt graded in the class's own files."""

import pytest

from lms_support import exported_download, moodle_csv
from test_lms57l import GRADES_HEADER, held_back


@pytest.mark.slow
def test_a_later_attempt_still_open_in_the_roster_holds_the_student_of_a_finished_only_download(tmp_path, invoke):
    header, *rows = exported_download(invoke, tmp_path, "C1", 2, 2)
    started = header.index("Started on")
    rows[0][started] = rows[1][started] = "6 December 2026  9:07 AM"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")   # Finished attempts only
    (tmp_path / "grades.csv").write_text(
        GRADES_HEADER + "Test,S0,s000,s0@example.org,In progress,x,-,-,-\n"
        "Test,S0,s000,s0@example.org,Finished,x,x,x,5.00\nTest,S1,s001,s1@example.org,Finished,x,x,x,5.00\n",
        encoding="utf-8")
    held_back(tmp_path, invoke, "--roster", tmp_path / "grades.csv")


def test_a_quiz_reports_open_attempt_beside_a_closed_one_is_kept_whatever_the_row_order():
    from quizgen.roster import parse_roster

    for lines in (["s000,In progress", "s000,Finished"], ["s000,Finished", "s000,In progress"]):
        text = GRADES_HEADER + "".join(f"T,S0,{sid},s0@x.org,{state},x,x,x,1\n" for sid, state in
                                       (line.split(",") for line in lines)) + "T,S1,s001,s1@x.org,Finished,x,x,x,1\n"
        first, second = parse_roster(text, "grades.csv")
        assert (first.state, first.open_attempt) == ("Finished", "In progress"), lines
        assert (second.state, second.open_attempt) == ("Finished", "")
