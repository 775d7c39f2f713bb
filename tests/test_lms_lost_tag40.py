"""A quizgen question whose Moodle cell lost its [quizgen:...] tag on one row
(a hand edit) while the other rows of its column carry it. It was left out of
that student's paper, so their maximum shrank and their quizgen grade went
up beside their classmates'. Now it is on their paper as a question of
unknown variant: each part needs_review with a reason saying why, the
answer in graded.csv, the points in their maximum, and an override from
quizgen review settles it. A column untagged on every row (the teacher's own
question) is still left out (in Canvas, where the tag is in the column's
header, always so: test_lms_untagged39.py)."""

import csv
import io
import json
import re
import shutil

import pytest

from lms_support import moodle_csv, moodle_download
from quizgen.grading.lost_tag import LOST_TAG_REASON

TAG = re.compile(r"\[quizgen:[^\]]*\]")
STARTED = "30 November 2026  3:43 PM"


def _right(part) -> str:
    """The answer to ``part`` (a VariantPart), to 5 significant figures."""
    return f"{part.value:.5g}"


def _download(invoke, folder, students: int = 4, classes: str = "C1,C7", count: int = 2) -> list:
    """``quizgen export moodle`` of ``classes`` into ``folder`` and a Responses
    download of ``students`` answering every part right: its rows, header first."""
    from quizgen.lms.exportkey import with_codes
    from quizgen.lms.variants import slots as make_slots

    assert invoke("export", "moodle", "--classes", classes, "--count", count, "--seed", 42,
                  "--out", folder / "questions.xml").exit_code == 0
    secret = json.loads((folder / "questions-key.json").read_text(encoding="utf-8"))["secret"]
    slots = with_codes(make_slots(classes, count=count, seed=42), secret)
    moodle_download(folder / "responses.csv", (folder / "questions.xml").read_text(encoding="utf-8"), slots,
                    students, lambda part, s: _right(part))
    return list(csv.reader(io.StringIO((folder / "responses.csv").read_text(encoding="utf-8"))))


def _lose_tag(header: list, row: list, slot: int) -> None:
    column = header.index(f"Question {slot}")
    row[column] = TAG.sub("", row[column])


def _grade(invoke, folder, rows: list, *options, name: str = "responses.csv"):
    (folder / name).write_text(moodle_csv(rows[0], rows[1:]), encoding="utf-8")
    result = invoke("grade", folder / name, "--key", folder / "questions-key.json", "--out", f"{folder / 'out'}/",
                    *options)
    assert result.exit_code == 0, result.output
    return result


def _table(path) -> list:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def _students(folder, stem: str = "responses") -> dict:
    return {r["student_id"]: r for r in _table(folder / "out" / f"{stem}-graded-students.csv")}


def test_a_lost_tag_cell_is_needs_review_with_its_answer_and_counts_in_the_maximum(tmp_path, invoke):
    """s000's Question 1 (C1, 2 parts of 2 points) lost its tag: both parts
    are in graded.csv, needs_review with the reason and s000's answers, and
    s000's maximum is their classmates' (it was 6, the C7 question alone)."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[0], 1)
    rows[0][header.index("Response 1")] = "part 1: 0.61; part 2: -ln(0.61)"
    result = _grade(invoke, tmp_path, [header, *rows])
    graded = [r for r in _table(tmp_path / "out" / "responses-graded.csv") if r["student_id"] == "s000"]
    lost = [r for r in graded if r["question_id"] == "Q1"]
    assert [(r["part"], r["answer"], r["status"], r["score"], r["expected"]) for r in lost] == [
        ("a", "0.61", "needs_review", "0", ""), ("b", "'-ln(0.61)", "needs_review", "0", "")]   # spreadsheet-safe, as every answer
    assert all(r["reason"].startswith(LOST_TAG_REASON) for r in lost)
    assert "differ in their parts or points" not in lost[0]["reason"]
    students = _students(tmp_path)
    assert students["s000"]["max_score"] == students["s001"]["max_score"] == "10"
    assert (students["s000"]["score"], students["s000"]["needs_review"]) == ("6", "2")
    said = " ".join(result.stderr.split())
    assert ("responses.csv: 1 question cell lost the [quizgen:...] tag the other rows of its column carry "
            "('Question 1' of row 1 (s000)), so quizgen cannot tell which variant the student saw: each part of it "
            "is needs_review, 0 until you give its marks with --overrides") in said
    assert "left out of that student's maximum" not in said
    assert "Note: 2 answer(s) need a person to read them (needs_review, 0 until an override): s000 Q1 (a), " \
           "s000 Q1 (b)" in " ".join(result.output.split())


def test_the_moodle_gradebook_grade_counts_the_lost_tag_question(tmp_path, invoke):
    """s000 answered the C7 question right (6 points) and their C1 cell lost its
    tag: their grade out of Moodle's 10 is 6 until the C1 answers are marked
    (it was 10, full marks, with C1 left out of their maximum)."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[0], 1)
    _grade(invoke, tmp_path, [header, *rows], "--gradebook", "moodle")
    grades = {r["ID number"]: r["responses"] for r in _table(tmp_path / "out" / "responses-graded-gradebook-moodle.csv")}
    assert (grades["s000"], grades["s001"]) == ("6", "10")


def test_review_and_overrides_settle_a_lost_tag_cell(tmp_path, invoke):
    """quizgen review lists the lost-tag parts by the built key's question and
    part; the shares filled in are applied on the next grade with --overrides."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[2], 2)
    _grade(invoke, tmp_path, [header, *rows])
    graded = tmp_path / "out" / "responses-graded.csv"
    result = invoke("review", graded)
    assert result.exit_code == 0, result.output
    review = tmp_path / "out" / "responses-graded-review.csv"
    lines = list(csv.reader(io.StringIO(review.read_text(encoding="utf-8-sig"))))
    assert [line[:4] for line in lines[1:]] == [["s002", "Test S2", "Q2", letter] for letter in "abc"]
    share = lines[0].index("share")
    for line, given in zip(lines[1:], ("1", "0.5", "0")):
        line[share] = given
    overrides = tmp_path / "overrides.csv"
    overrides.write_text(moodle_csv(lines[0], lines[1:]), encoding="utf-8")
    _grade(invoke, tmp_path, [header, *rows], "--overrides", overrides)
    settled = [r for r in _table(graded) if r["student_id"] == "s002" and r["question_id"] == "Q2"]
    assert [(r["part"], r["status"], r["score"], r["note"]) for r in settled] == [
        ("a", "correct", "2", "override"), ("b", "partial", "1", "override"), ("c", "incorrect", "0", "override")]
    students = _students(tmp_path)
    assert (students["s002"]["score"], students["s002"]["max_score"], students["s002"]["needs_review"]) == \
        ("7", "10", "0")


def test_an_unanswered_lost_tag_cell_is_blank_and_counted(tmp_path, invoke):
    """A lost-tag cell with no response ('-'): its parts are blank (no
    variant needed to mark a blank), 0, and in the student's maximum."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[1], 1)
    rows[1][header.index("Response 1")] = "-"
    _grade(invoke, tmp_path, [header, *rows])
    lost = [r for r in _table(tmp_path / "out" / "responses-graded.csv")
            if r["student_id"] == "s001" and r["question_id"] == "Q1"]
    assert [(r["part"], r["status"]) for r in lost] == [("a", "blank"), ("b", "blank")]
    assert _students(tmp_path)["s001"]["max_score"] == "10"


def _mixed(invoke, folder, swapped: int) -> tuple:
    """A download of 5 students where Question 1 holds the C1 question (2
    parts, 4 points) and Question 2 the C7 one (3 parts, 6 points), but for
    the students from row ``swapped`` (from 0), whose two are the other way round."""
    header, *rows = _download(invoke, folder, students=5)
    cells = [header.index(f"{name} {n}") for n in (1, 2) for name in ("Question", "Response", "Right answer")]
    for row in rows[swapped:]:
        row[cells[0]:cells[2] + 1], row[cells[3]:cells[5] + 1] = row[cells[3]:cells[5] + 1], row[cells[0]:cells[2] + 1]
    return header, rows


def test_a_lost_tag_cell_of_a_column_of_two_templates_takes_the_more_common(tmp_path, invoke):
    """s000's Question 1 lost its tag; of the other rows, s001 to s003 were
    given C1 in slot 1 and s004 C7: s000's question counts C1's 2 parts (4
    points), and the reason says the variants differ and how many have the
    parts counted."""
    header, rows = _mixed(invoke, tmp_path, 4)
    _lose_tag(header, rows[0], 1)
    _grade(invoke, tmp_path, [header, *rows])
    lost = [r for r in _table(tmp_path / "out" / "responses-graded.csv")
            if r["student_id"] == "s000" and r["question_id"] == "Q1"]
    assert [(r["part"], r["status"]) for r in lost] == [("a", "needs_review"), ("b", "needs_review")]
    assert lost[0]["reason"] == LOST_TAG_REASON + ("; the variants the other students were given differ in their "
                                                   "parts or points, and those counted are the ones most of them "
                                                   "have (3 of 4)")
    assert _students(tmp_path)["s000"]["max_score"] == "10"   # C1 (4) in slot 1, C7 (6) in slot 2


def test_a_lost_tag_cell_whose_response_has_more_parts_takes_a_template_that_has_them(tmp_path, invoke):
    """Review 40 F3: s004 was given C7 (3 parts) in slot 1, as s003 was; s000 to s002 C1 (2 parts). s004's
    cell there lost its tag: C1, the column's most common, left their third answer 'unknown_question' and
    their maximum short; C7 is the column's template with parts enough for their response."""
    header, rows = _mixed(invoke, tmp_path, 3)
    _lose_tag(header, rows[4], 1)
    _grade(invoke, tmp_path, [header, *rows])
    lost = [r for r in _table(tmp_path / "out" / "responses-graded.csv")
            if r["student_id"] == "s004" and r["question_id"] == "Q1"]
    assert [(r["part"], r["status"]) for r in lost] == [("a", "needs_review"), ("b", "needs_review"),
                                                       ("c", "needs_review")]
    assert lost[0]["reason"] == LOST_TAG_REASON + ("; the variants the other students were given differ in their "
                                                   "parts or points, and those counted are those of the variants "
                                                   "whose parts the student's response fills (1 of 4)")
    assert _students(tmp_path)["s004"]["max_score"] == "10"   # C7 (6) in slot 1, C1 (4) in slot 2


def test_a_lost_tag_cell_whose_response_no_template_of_its_column_fits_is_left_out(tmp_path, invoke):
    """s004 alone was given C7 (3 parts) in slot 1 and lost the tag there: the column's other rows hold
    C1 alone (2 parts), which their 3-part response does not fit; left out, and the warning says why."""
    header, rows = _mixed(invoke, tmp_path, 4)
    _lose_tag(header, rows[4], 1)
    result = _grade(invoke, tmp_path, [header, *rows])
    assert not [r for r in _table(tmp_path / "out" / "responses-graded.csv")
                if r["student_id"] == "s004" and r["question_id"] == "Q1"]
    assert "or the cell's response has more parts than any of them), so quizgen does not grade it" in result.output
    assert "'Question 1' of row 5 (s004)" in result.output


def test_a_lost_tag_cell_whose_column_is_evenly_split_is_left_out(tmp_path, invoke):
    """s001 and s002 were given C1 in slot 1, s003 and s004 C7: which parts and
    points s000's lost-tag cell there has cannot be told, so it is left out as
    before, and the warning says so and why."""
    header, rows = _mixed(invoke, tmp_path, 3)
    _lose_tag(header, rows[0], 1)
    result = _grade(invoke, tmp_path, [header, *rows])
    graded = _table(tmp_path / "out" / "responses-graded.csv")
    assert not [r for r in graded if r["student_id"] == "s000" and r["question_id"] == "Q1"]
    assert _students(tmp_path)["s000"]["max_score"] == "6"   # C7's question alone
    said = " ".join(result.stderr.split())
    assert ("1 question cell lost the [quizgen:...] tag the other rows of its column carry ('Question 1' of "
            "row 1 (s000)), and the other rows of the attempts graded do not tell which parts and points it has") in said
    assert "it is left out of that student's maximum" in said


def test_an_attempt_with_a_lost_tag_cell_is_named_as_one_that_could_score_more(tmp_path, invoke):
    """s000's attempt 1 scores 2 (only C7 (c) right); attempt 2 scores 0 for
    C7, and its C1 cell lost its tag: 4 points await a person, so it could
    score more once read, which the note says."""
    header, *rows = _download(invoke, tmp_path, students=2)
    first, second = list(rows[0]), list(rows[0])
    response2 = header.index("Response 2")
    first[response2] = "part 1: 0.5; part 2: 0.5; part 3: " + first[response2].rsplit(": ", 1)[1]
    first[header.index("Response 1")] = "part 1: 0.5; part 2: 0.5"
    second[response2] = "part 1: 0.5; part 2: 0.5; part 3: 0.5"
    _lose_tag(header, second, 1)
    started = header.index("Started on")
    first[started], second[started] = STARTED, STARTED.replace("3:43", "4:05")
    result = _grade(invoke, tmp_path, [header, first, second, rows[1]])
    said = " ".join(result.output.split()) + " ".join(result.stderr.split())
    assert "s000: attempt 2 has 2 answer(s) a person must read, counted 0, and could score more than the attempt " \
           "graded once read" in said


def test_a_feedback_sheet_shows_no_key_answer_or_worked_solution_for_a_lost_tag_question(tmp_path, invoke):
    """The key's values of a question of unknown variant stand for no one's
    numbers: the sheet shows no key answer, no worked solution, and says why
    in the student's words; the instructor gets no 'no seed label' warning."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[0], 1)
    result = _grade(invoke, tmp_path, [header, *rows], "--feedback", tmp_path / "sheets")
    sheet = (tmp_path / "sheets" / "s000.md").read_text(encoding="utf-8")
    q1 = sheet[sheet.index("## Q1"):sheet.index("## Q2")]
    assert "| a | " in q1 and all(line.endswith("|  |") for line in q1.splitlines() if line.startswith(("| a", "| b")))
    assert "the record of which numbers you were given for this question was lost from the quiz's download" in q1
    assert "No worked solution can be shown for this question" in q1
    assert "no seed label" not in result.stderr and "no worked solution" not in result.stderr


@pytest.mark.slow
def test_a_download_without_lost_tags_grades_as_before(tmp_path, invoke):
    """A column of the teacher's own (untagged on every row) stays left out of
    every paper: the outputs are those of the download without it."""
    header, *rows = _download(invoke, tmp_path)
    _grade(invoke, tmp_path, [header, *rows], name="plain.csv")
    own = [header + ["Question 3", "Response 3", "Right answer 3"],
           *[row + ["Honour code: I worked alone.", "True", "True"] for row in rows]]
    shutil.move(tmp_path / "out", tmp_path / "plain")
    result = _grade(invoke, tmp_path, own, name="plain.csv")
    for name in ("plain-graded.csv", "plain-graded-students.csv", "plain-key.json"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "plain" / name).read_bytes(), name
    assert "carry no [quizgen:...] tag on any row ('Question 3')" in " ".join(result.stderr.split())
