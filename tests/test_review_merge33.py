"""``quizgen review`` run again onto its own file (grading/review_merge.py): the
lines there stay as they were, decided or not, and only the answers not listed
yet are added, so one file goes on feeding ``grade --overrides``."""

import csv
import io

from test_instr31 import one_line, rows_of
from test_instr32 import CLASS, LONG, filled


def review_rows(path, delimiter=","):
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig")), delimiter=delimiter))


def test_a_second_review_adds_the_new_answers_below_the_decided_ones(course, invoke):
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    assert invoke("review", "answers-graded.csv").exit_code == 0
    review = course / "answers-graded-review.csv"
    filled(review, {("s001", "a"): "1"})   # one decided, two left for later
    before = review.read_text(encoding="utf-8-sig")
    # a late student, and one who changed an answer, arrive; the class is graded again with the file
    (course / "answers.csv").write_text(LONG + CLASS + "s004,Di,Q1,a,about 0.72 I think\n"
                                        "s003,Cy,Q1,b,I guess 0.334\n", encoding="utf-8")
    assert invoke("grade", "answers.csv", "--overrides", review).exit_code == 0
    again = invoke("review", "answers-graded.csv")
    assert again.exit_code == 0, again.output
    assert one_line(again).startswith("Added 2 answer(s) to decide (2 needs_review) to ")
    after = review.read_text(encoding="utf-8-sig")
    assert after.startswith(before)   # every line kept, byte for byte, the decision included
    added = review_rows(review)[len(review_rows(review)) - 2:]
    assert [row[:5] for row in added] == [["s004", "Di", "Q1", "a", "about 0.72 I think"],
                                          ["s003", "Cy", "Q1", "b", "I guess 0.334"]]
    assert all(row[8:] == ["", "", ""] for row in added)
    # nothing new: the file is left as it was and the line says so
    unchanged = invoke("review", "answers-graded.csv")
    assert unchanged.exit_code == 0 and "nothing added, the file left as it was" in unchanged.output
    assert review.read_text(encoding="utf-8-sig") == after


def test_a_review_file_saved_by_a_spreadsheet_keeps_its_separator_and_columns(course, invoke):
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    review = course / "answers-graded-review.csv"
    # saved by Excel in a semicolon locale, its columns reordered and one of the marker's own added
    review.write_text("sep=;\r\nshare;student_id;question_id;part;answer;my notes\r\n"
                      "1;s001;q1;A;MAYBE 0.716;ok\r\n", encoding="cp1252")
    result = invoke("review", "answers-graded.csv")
    assert result.exit_code == 0, result.output
    assert one_line(result).startswith("Added 2 answer(s) to decide (2 needs_review) to ")   # s001 (a) is listed
    text = review.read_bytes().decode("utf-8-sig")   # as written: its CR LF line ends kept
    assert text.endswith(";s003;Q1;b;I think 0.33;\r\n")
    assert text.startswith("sep=;\r\nshare;student_id;question_id;part;answer;my notes\r\n1;s001;q1;A;MAYBE 0.716;ok\r\n")
    rows = review_rows(review, ";")[2:]
    assert rows[1:] == [["", "s001", "Q1", "b", "'-ln(0.716)?", ""], ["", "s003", "Q1", "b", "I think 0.33", ""]]
    again = invoke("grade", "answers.csv", "--overrides", review)
    assert again.exit_code == 0, again.output
    graded = {(row[0], row[3]): row[5] for row in rows_of(course / "answers-graded.csv")[1:]}
    assert graded[("s001", "a")] == "correct" and graded[("s003", "b")] == "needs_review"


def _graded(course, invoke) -> list:
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    return (course / "answers-graded.csv").read_text(encoding="utf-8-sig").splitlines()


def test_a_graded_row_cut_short_is_refused_naming_its_line(course, invoke):
    """Review 55b F2: a graded file cut inside a needs_review row's status was read past, "nothing
    to review", and that answer left at 0 with nobody asked to decide it."""
    lines = _graded(course, invoke)
    at = next(n for n, line in enumerate(lines) if "needs_review" in line)
    lines[at] = lines[at][:lines[at].index("needs_review") + 9]
    (course / "cut.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("review", "cut.csv")
    assert result.exit_code != 0
    assert f"cut.csv: line {at + 1}: 6 cells where the header has 12;" in one_line(result)
    assert not (course / "cut-review.csv").exists()


def test_a_status_no_grade_writes_is_refused(course, invoke):
    lines = _graded(course, invoke)
    at = next(n for n, line in enumerate(lines) if "needs_review" in line)
    lines[at] = lines[at].replace("needs_review", "bogus_status")
    (course / "edited.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("review", "edited.csv")
    assert result.exit_code != 0
    assert f"edited.csv: line {at + 1}: status 'bogus_status' is none grade writes" in one_line(result)
