"""Moodle downloads, session 28.

1. A download of all tries shows a question tried more than once (a quiz in
   Adaptive or Interactive mode): Moodle took the export's penalty off each
   later try, quizgen grades the last try in full, so grade says so in a note.
2. Recent Moodle's attempt states: "Not yet started" (a pre-created attempt
   never opened) is not submitted, as "In progress" is; "Submitted" (grading
   queued) is finished."""

import json

import pytest

from lms_support import moodle_csv, exported_download
from quizgen.lms.attempts import retried_note
from quizgen.lms.moodle import PENALTY
from quizgen.lms.responses import ResponseRow, read_responses
from test_lms_tries_dates import _last_and_all_tries

TRIED = "question(s) in more than one try"


# ---------------------------------------------------------------- several tries and Moodle's penalty

def test_each_response_row_counts_the_tries_the_download_shows(tmp_path):
    last, every = _last_and_all_tries(tmp_path)
    assert {r.tries for r in read_responses(last).rows} == {1}
    alan = {(r.slot, r.part): r.tries for r in read_responses(every).rows if r.student_id == "alan@example.org"}
    assert alan == {(1, "a"): 2, (1, "b"): 2, (1, "c"): 2, (2, "a"): 1}   # Q2: '-' on his second try's row


@pytest.mark.slow
def test_grade_notes_the_questions_moodle_marked_down_for_earlier_tries(tmp_path, invoke):
    last, every = _last_and_all_tries(tmp_path)
    result = invoke("grade", every)
    assert result.exit_code in (0, 1), result.output
    line = next((x for x in result.output.splitlines() if TRIED in x), "")
    assert line.startswith("Note: all.csv: "), result.output
    assert "alan@example.org Q1 (2 tries)" in line
    assert "Moodle takes the question's penalty, a third of its mark as exported, off for each earlier try" in line
    assert "Deferred feedback" in line
    quiet = invoke("grade", last)
    assert TRIED not in quiet.output, quiet.output   # a download of last tries shows one try a question


def test_the_note_counts_students_and_questions_once_per_question():
    rows = [ResponseRow("s1", "A", 1, 1, "t", "v", letter, "1", tries=3) for letter in "abc"]
    rows += [ResponseRow("s1", "A", 1, 2, "u", "w", "a", "1", tries=2),
             ResponseRow("s2", "B", 1, 1, "t", "v", "a", "1", tries=2),
             ResponseRow("s3", "C", 1, 1, "t", "v", "a", "1")]
    (note,) = retried_note("r.csv", rows)
    assert note.startswith("r.csv: 2 student(s) answered 3 question(s) in more than one try "
                           "(s1 Q1 (3 tries), s1 Q2 (2 tries), s2 Q1 (2 tries)); ")
    assert retried_note("r.csv", rows[-1:]) == []


def test_the_note_says_the_penalty_the_export_writes():
    assert abs(float(PENALTY) - 1 / 3) < 1e-6   # "a third of its mark" in the note and docs/lms.md


# ---------------------------------------------------------------- Not yet started, Submitted

@pytest.fixture
def download(tmp_path, invoke):
    """A Moodle download of s000..s003: s000 Finished; s001's only attempt Not
    yet started (every response '-'); s002's only attempt Submitted; s003
    Finished, with a pre-created attempt beside it that was never started."""
    pytest.importorskip("lxml.etree")
    rows = exported_download(invoke, tmp_path, "C1", 4, 4)
    header = rows[0]
    state, responses = header.index("State"), [i for i, h in enumerate(header) if h.startswith("Response ")]
    never = list(rows[4])
    for row, value in ((rows[2], "Not yet started"), (rows[3], "Submitted"), (never, "Not yet started")):
        row[state] = value
    for row in (rows[2], never):
        for i in responses:
            row[i] = "-"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows[1:] + [never]), encoding="utf-8")
    return tmp_path


@pytest.mark.slow
def test_not_yet_started_is_unsubmitted_and_submitted_is_finished(download, invoke):
    result = invoke("grade", download / "responses.csv", "--key", download / "questions-key.json",
                    "--feedback", download / "sheets", "--out", f"{download / 'o'}/")
    assert result.exit_code == 0, result.output
    assert ("Note: 1 student(s) were graded from an attempt Moodle shows as not submitted, their only attempt "
            "(Moodle grades only finished attempts: check before importing): s001 (Not yet started)") in result.output
    assert "s002 (" not in result.output   # Submitted: finished, its grading queued
    assert "more than one attempt" not in result.output   # s003's never-started attempt is passed over
    assert not (download / "sheets" / "s001.md").exists()   # lms29: still open, so no sheet with its solutions
    assert "get no feedback sheet" in result.output and "s001 (Not yet started); grade again" in result.output
    key = json.loads((download / "o" / "responses-key.json").read_text(encoding="utf-8"))
    assert key["students"]["s001"]["state"] == "Not yet started"
    again = invoke("grade", download / "o" / "responses-answers.csv", "--key", download / "o" / "responses-key.json",
                   "--out", download / "again" / "graded.csv")
    assert again.exit_code == 0 and "s001 (Not yet started)" in again.output, again.output   # the built key reads back
