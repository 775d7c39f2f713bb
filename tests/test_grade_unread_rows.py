"""``quizgen grade`` on rows that are not read as rows, and on answers given
twice: a student whose only row is malformed is still graded (every per-student output;
counted absent in the class figures, as answering no part), the invalid note says which
rows were not read and which had no student id, and a note names the students
whose answers were superseded, saying when a timestamp column cannot decide."""

import csv

import pytest


def _students(path) -> dict:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return {r["student_id"]: r for r in csv.DictReader(handle)}


B4 = "Student,Question,Answer\nt01,Q1a,0,84\nt01,Q1b,0.170\nt02,Q1a,0,84\n"   # unquoted decimal commas


@pytest.mark.slow
def test_a_student_whose_only_row_is_malformed_is_graded_not_lost(invoke, tmp_path, q1_key):
    """t02's only row is malformed: t02 is graded (students CSV, gradebook, sheet) and not lost,
    but, answering no part of their paper that could be read, is counted absent in the class
    figures, "1 student and 2 counted absent (... 1 whose rows answer no part of their paper)" where this test
    asked for "2 students" before round 51: the summary and questions CSV counted t02 as having
    sat while the item analysis counted them absent, and round 50 made a student answering no part
    absent in every output (test_unread_absent51.py)."""
    (tmp_path / "b4.csv").write_text(B4, encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id\nt01\nt02\nt03\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "b4.csv", "--key", q1_key, "--force", "--roster", tmp_path / "roster.csv",
                    "--gradebook", "plain", "--feedback", tmp_path / "sheets")
    assert result.exit_code == 0, result.output
    assert ("Graded 3 answers from 1 student and 2 counted absent (1 on the roster who gave none and 1 whose rows "
            "answer no part of their paper)") in result.output
    assert "1 student on the roster gave no answer (missing, scored 0): t03\n" in result.output
    assert ("Note: 2 answer(s) could not be read (invalid, 0; the reason column says why): 2 row(s) "
            "graded against no part (not read as a row, or an answer too long to read after one that stands): t01, t02\n") in result.output
    students = _students(tmp_path / "b4-graded-students.csv")
    # each of the 27 parts counted once; a row not read counted apart, its part missing (review 55b F9)
    assert [(s["invalid"], s["incorrect"], s["missing"], s["not_read"]) for s in students.values()] == \
        [("0", "1", "26", "1"), ("0", "0", "27", "1"), ("0", "0", "27", "0")]
    gradebook = (tmp_path / "b4-graded-gradebook-plain.csv").read_text(encoding="utf-8-sig")
    assert "\nt02," in gradebook
    sheet = (tmp_path / "sheets" / "t02.md").read_text(encoding="utf-8")
    assert "Your answer to Q1a could not be read from the answers file (its row was malformed" in sheet
    assert "Your answer 0 " not in sheet   # the split cells of "0,84" are not what the student wrote
    report = (tmp_path / "b4-graded-report.md").read_text(encoding="utf-8")
    assert "3 answers from 1 student and 2 counted absent (1 on the roster" in report and "\n| t02 |  | 0 | 47 |" in report


SCORED = ("correct", "imprecise", "incorrect", "needs_review", "invalid", "blank")


@pytest.mark.parametrize("rows", ["s1,0.789,0.237,x\ns2,0.789,0.237\n", "s1,0.789,0.237,x\n"])
def test_a_wide_row_with_too_many_cells_counts_each_part_of_the_paper_once(invoke, tmp_path, q1_key, rows):
    """s1's row has a cell too many: its two answers are invalid (graded against
    no part) and were also counted missing, 29 statuses on a 27-part paper and
    a console 'missing (no row)' (now 'missing (no answer row)') two too high; as s1's only row it also drew a
    warning that no column is labelled for Q1 (a), though the header has Q1a
    (rev-hostile19)."""
    (tmp_path / "w.csv").write_text("student_id,Q1a,Q1b\n" + rows, encoding="utf-8")
    result = invoke("grade", tmp_path / "w.csv", "--key", q1_key, "--force")
    assert result.exit_code == 0, result.output
    students = _students(tmp_path / "w-graded-students.csv")
    assert all(sum(int(s[c]) for c in SCORED) + int(s["missing"]) == 27 for s in students.values()), students
    # the two answers of s1's line are counted apart, no part's verdict, as in the questions CSV (review 55b F9)
    assert (students["s1"]["invalid"], students["s1"]["missing"], students["s1"]["not_read"]) == ("0", "27", "2")
    missing = sum(int(s["missing"]) for s in students.values())
    assert f"  missing (no answer row){missing:>9,}\n" in result.output and missing == 27 + 25 * (len(students) - 1)
    assert "no column is labelled for Q1 (a)" not in result.output and "Q1 (b)" not in result.output
    assert "no column is labelled for Q2 (a)" in result.output   # the header's other parts are still named


def test_the_invalid_note_counts_unread_rows_and_rows_with_no_id_apart(invoke, tmp_path, q1_key):
    # a quote left open in the id cell runs the line into it: no id can be read from that row
    (tmp_path / "a.csv").write_text('Student,Question,Answer\nt01,Q1a,0,84\n,Q1b,1\n"t09,Q1b,1\nt02,Q1a,x\n',
                                    encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", q1_key, "--force")
    assert result.exit_code == 0, result.output
    assert ("could not be read (invalid, 0; the reason column says why): t02 Q1 (a); 1 row(s) "
            "graded against no part (not read as a row, or an answer too long to read after one that stands): t01; 1 row(s) not read as a row, whose student id could not be read "
            "either; 1 row(s) with no student id: line 3\n") in result.output
    assert list(_students(tmp_path / "a-graded-students.csv")) == ["t01", "t02"]


SHIFTED = "name,student_id,question_id,part,answer\nAda Lovelace,t01,Q1,a,0.1\nSmith, John,t02,Q1,a,0.1\n" \
          "Jo Bloggs,t03,Q1,a,0.5\n"   # an unquoted comma in the name moves t02 out of the id column


@pytest.mark.slow
def test_a_row_whose_cells_moved_makes_no_student_of_what_lands_in_the_id_column(invoke, tmp_path, q1_key):
    """("John" is in t02's id column): no student John, in any output, and t02,
    whose only row it was, is not credited with it; a known t02 is."""
    (tmp_path / "shift.csv").write_text(SHIFTED, encoding="utf-8")
    result = invoke("grade", tmp_path / "shift.csv", "--key", q1_key, "--force")
    assert result.exit_code == 0, result.output
    assert list(_students(tmp_path / "shift-graded-students.csv")) == ["t01", "t03"]
    (tmp_path / "roster.csv").write_text("student_id\nt01\nJohn\nt03\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "shift.csv", "--key", q1_key, "--force", "--roster", tmp_path / "roster.csv")
    assert list(_students(tmp_path / "shift-graded-students.csv"))[:3] == ["t01", "John", "t03"]   # known: trusted


def _resubmitted(tmp_path, header: str) -> str:
    """Twelve students answer Q1a twice; t13 answers once, t14 answers, then leaves a blank."""
    rows = [f"{n},t{n:02},Q1a,0.5" for n in range(1, 13)] + [f"{n},t{n:02},Q1a,0.6" for n in range(1, 13)]
    rows += ["13,t13,Q1b,1", "14,t14,Q1b,1", "15,t14,Q1b,"]
    (tmp_path / "forms.csv").write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return tmp_path / "forms.csv"


@pytest.mark.slow
def test_a_note_names_the_students_whose_answers_were_superseded(invoke, tmp_path, q1_key):
    result = invoke("grade", _resubmitted(tmp_path, "Row,Student,Question,Answer"), "--key", q1_key, "--force")
    assert result.exit_code == 0, result.output
    assert ("Note: 12 student(s) answered a part more than once, and for each part the last row in the file was "
            "graded (the earlier ones are superseded): t01, t02, t03, t04, t05, t06, t07, t08, t09, t10 and 2 more\n"
            ) in result.output
    # t13 answered once; t14's blank after an answer is passed over, their answer stands
    assert "t13" not in result.output and "t14" not in result.output and "row order" not in result.output


@pytest.mark.parametrize("column", ["Timestamp", "completion time", "Submitted_at", "Started on"])
@pytest.mark.slow
def test_the_superseded_note_says_a_timestamp_column_of_no_times_does_not_decide(invoke, tmp_path, q1_key, column):
    """The column holds row numbers, not times: the file's row order decides,
    and the note names the first line whose cell is not a time (test_grade_timestamps.py: times that are)."""
    result = invoke("grade", _resubmitted(tmp_path, f"{column},Student,Question,Answer"), "--key", q1_key,
                    "--force")
    assert result.exit_code == 0, result.output
    assert (f"(the earlier ones are superseded): t01, t02, t03, t04, t05, t06, t07, t08, t09, t10 and 2 more; the "
            f"file's row order decides which is last, not its {column!r} column, which cannot decide: line 2: '1' is "
            "not a time quizgen reads (ISO 8601, or as Google Forms, Microsoft Forms or Moodle write it) (correct the "
            f"column, or sort the file by {column!r}, and grade again)\n") in result.output


@pytest.mark.slow
def test_in_wide_form_the_invalid_note_counts_answers_and_the_lines_they_are_on(invoke, tmp_path, q1_key):
    # one line per student, four answers a line: the reasons say "line 3", "line 5" ..., so the note counts lines
    (tmp_path / "w.csv").write_text("student_id,Q1a,Q1b,Q2a,Q2b\ns1,0.5,1,2,3\n,0.5,1,2,3\ns2,0,5,1,2,3\n"
                                    ",0,5,1,2,3\n,1,2,3,4\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "w.csv", "--key", q1_key, "--force")
    assert result.exit_code == 0, result.output
    assert ("Note: 16 answer(s) could not be read (invalid, 0; the reason column says why): 4 answer(s) on 1 "
            "line(s) graded against no part (not read as a row, or an answer too long to read after one that stands): s2; 4 answer(s) on 1 line(s) not read as a row, "
            "whose student id could not be read either; 8 answer(s) on 2 line(s) with no student id: "
            "line 3, line 6\n") in result.output
    with open(tmp_path / "w-graded.csv", encoding="utf-8-sig", newline="") as handle:
        reasons = [r["reason"] for r in csv.DictReader(handle) if r["reason"].endswith("no student id")]
    assert reasons == ["line 3: no student id"] * 4 + ["line 6: no student id"] * 4


def test_a_spreadsheet_s_total_row_with_no_student_id_is_counted_as_having_none(invoke, tmp_path, q1_key):
    """rev-grade24: ``,,TOTAL,=COUNTA(E2:E3)`` was unknown_question ("no question
    given") and missing from the note's rows with no student id."""
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n,Q1,a,0.5\n,,TOTAL,=COUNTA(E2:E3)\n"
                                    "t01,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", q1_key, "--force")
    assert result.exit_code == 0, result.output
    assert "2 row(s) with no student id" in result.output, result.output
    with open(tmp_path / "a-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["status"], r["reason"]) for r in rows[:2]] == [("invalid", "line 2: no student id"),
                                                              ("invalid", "line 3: no student id")]
    assert rows[1]["answer"].startswith("'=")   # still guarded against formula injection
