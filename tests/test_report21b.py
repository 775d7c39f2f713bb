"""Instructor review 21 (report21b): a student marked only by overrides is not
"stopped early"; the students CSV, both reports and the plain gradebook list
the students in the roster's order; a Canvas column's Points Possible that
scales the scores is said in the summary; "the 1 absent ... is left out"."""

import csv
import io
import json
import re

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.report import analyse, items_csv, markdown_sections, report_html
from quizgen.report.model import Part, Student, Verdict


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


KEY = {"questions": [
    {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [_part("a", 0.5), _part("b", 3.0)]},
    {"id": "Q2", "class": "C1", "template": "t2", "points": 4, "parts": [_part("a", 0.25), _part("b", 6.0)]}]}
RIGHT = [("Q1", "a", "0.5"), ("Q1", "b", "3"), ("Q2", "a", "0.25"), ("Q2", "b", "6")]
ROSTER = "student_id,name\ns3,Cy\ns1,Ada\ns5,Ed\ns2,Bo\ns4,Di\n"


def _class(tmp_path, rows, overrides=None, roster=ROSTER, *extra):
    """Grade ``rows`` against KEY (with the roster, and the overrides when given); the CLI's result."""
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    text = io.StringIO()
    csv.writer(text).writerows([("student_id", "question_id", "part", "answer"), *rows])
    (tmp_path / "answers.csv").write_text(text.getvalue(), encoding="utf-8")
    args = ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"), *extra]
    if roster is not None:
        (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
        args += ["--roster", str(tmp_path / "roster.csv")]
    if overrides is not None:
        (tmp_path / "overrides.csv").write_text("student_id,question_id,part,score,status,comment\n" + overrides,
                                                encoding="utf-8")
        args += ["--overrides", str(tmp_path / "overrides.csv")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return result


def _read(path):
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def _everyone(ids):
    return [(sid, *answer) for sid in ids for answer in RIGHT]


# ---------------------------------------------------------------- 1. overrides are no place where one stopped

def test_a_student_marked_only_by_overrides_did_not_stop_early(tmp_path):
    # s5 has no answer row; the marker credits Q1a only: nothing says s5 ran out of time after Q1a
    _class(tmp_path, _everyone(["s1", "s2", "s3", "s4"]), "s5,Q1,a,1,,ID typo\n")
    md = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    html = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    assert "Stopped early" not in md and 'id="stopped-early"' not in html
    assert "run out of time" not in md and "run out of time" not in html
    assert "- s5 (Ed): Q1b, Q2a, Q2b" in md
    assert '<ul id="overrides-only"><li>s5 (Ed): Q1b, Q2a, Q2b</li></ul>' in html
    assert "Marked only by overrides: the answers file has no row of theirs" in md
    items = {(r["level"], r["question_id"], r["part"]): r for r in _read(tmp_path / "answers-graded-items.csv")}
    for q, p in (("Q1", "b"), ("Q2", "a"), ("Q2", "b")):   # s5's unmarked parts: missing, 0, as graded; reached
        row = items["part", q, p]
        assert (row["students"], row["missing"], row["not_reached"], row["reached"]) == ("5", "1", "0", "5")
    assert "not reached" not in md   # no part was not reached: the column and its sentence are not there


def test_an_override_row_of_a_student_with_answers_counts_as_an_answer(tmp_path):
    # s2 answered Q1a and stopped; a made row for Q2b (answered on paper) ends the run there: Q1b, Q2a skipped
    rows = _everyone(["s1", "s3", "s4", "s5"]) + [("s2", "Q1", "a", "0.5")]
    _class(tmp_path, rows, "s2,Q2,b,1,,on paper\n")
    md = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "Stopped early" not in md and "Marked only by overrides" not in md


def test_the_analysis_reads_no_stopping_point_from_a_student_marked_only_by_overrides():
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q1", "b", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    right, missing = Verdict("correct", 1.0), Verdict("missing", 0.0)
    students = [Student("s1", "", [right] * 3), Student("s2", "", [right, right, Verdict("incorrect", 0.0)]),
                Student("s3", "Cy", [right, missing, missing], only_overrides=True),
                Student("s4", "Di", [right, missing, missing])]   # s4 has answer rows: stopped after Q1a
    analysis = analyse(parts, students)
    assert [(r.student_id, r.unreached, r.unmarked) for r in analysis.to_act] == [
        ("s3", [], ["Q1b", "Q2a"]), ("s4", ["Q1b", "Q2a"], [])]
    md = markdown_sections(analysis)
    assert "- s4 (Di): from Q1b on (2 parts)" in md and "- s3 (Cy): Q1b, Q2a" in md
    rows = list(csv.DictReader(io.StringIO(items_csv(analysis).lstrip("\ufeff"))))
    assert [(r["not_reached"], r["reached"]) for r in rows if r["level"] == "part"] == [("0", "4"), ("1", "3"),
                                                                                       ("1", "3")]
    assert '<ul id="stopped-early"><li>s4 (Di): from Q1b on (2 parts)</li></ul>' in report_html(analysis)


# ---------------------------------------------------------------- 2. the roster's order

def test_students_are_listed_in_the_roster_order_then_those_it_lacks(tmp_path):
    # met in the file as s9, s1, s2, s3, s4; s5 on the roster gave no answer; s9 is not on the roster
    _class(tmp_path, _everyone(["s9", "s1", "s2", "s3", "s4"]), None, ROSTER, "--gradebook", "plain")
    order = ["s3", "s1", "s5", "s2", "s4", "s9"]
    assert [r["student_id"] for r in _read(tmp_path / "answers-graded-students.csv")] == order
    assert [r["student_id"] for r in _read(tmp_path / "answers-graded-gradebook-plain.csv")] == order
    md = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    table = md[md.index("## Students"):md.index("## Roster")]
    assert re.findall(r"^\| (s\d) \|", table, re.M) == order
    html = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="student-data">(.*?)</script>', html).group(1))
    assert [row[0] for row in data] == order


def test_without_a_roster_the_students_are_in_the_order_first_met(tmp_path):
    _class(tmp_path, _everyone(["s9", "s1", "s3"]), None, None)
    assert [r["student_id"] for r in _read(tmp_path / "answers-graded-students.csv")] == ["s9", "s1", "s3"]


# ---------------------------------------------------------------- 3. scaled to the column's Points Possible

CANVAS = ("Student,ID,SIS User ID,Quiz 1 (123)\n    Points Possible,,,{points}\n"
          "Ada,501,s1,\nBo,502,s2,\n")


def _canvas(tmp_path, points):
    (tmp_path / "canvas.csv").write_text(CANVAS.format(points=points), encoding="utf-8")
    rows = _everyone(["s1"]) + [("s2", "Q1", "a", "0.5"), ("s2", "Q1", "b", "3"), ("s2", "Q2", "a", "0.25")]
    return _class(tmp_path, rows, None, None, "--gradebook", "canvas", "--gradebook-template",
                  str(tmp_path / "canvas.csv"), "--gradebook-item", "Quiz 1")


def test_scores_scaled_to_a_canvas_column_points_possible_are_noted(tmp_path):
    result = _canvas(tmp_path, "10")
    assert ("Note: the scores in the 'Quiz 1' column of canvas.csv are scaled to its Points Possible, 10, from the "
            "paper's 8 points, as Canvas reads that column: s1's 8 of 8 is written 10") in result.output
    assert "Ada,501,s1,,,10\nBo,502,s2,,,7.5" in (tmp_path / "answers-graded-gradebook-canvas.csv").read_text(
        encoding="utf-8-sig").replace("\r\n", "\n")


def test_no_note_when_the_points_possible_are_the_paper_points_or_unset(tmp_path):
    assert "scaled" not in _canvas(tmp_path, "8").output
    assert "scaled" not in _canvas(tmp_path, "").output


# ---------------------------------------------------------------- 4. one absentee

def test_one_absentee_is_left_out_in_the_singular(tmp_path):
    result = _class(tmp_path, _everyone(["s1", "s2", "s3", "s4"]))
    assert "the 1 absent on the roster is left out;" in result.output
    two = _class(tmp_path, _everyone(["s1", "s2", "s3"]))
    assert "the 2 absent on the roster are left out;" in two.output


def test_a_trap_some_draws_cannot_make_leaves_out_the_same_students_in_roster_order(tmp_path):
    # s1's draw cannot make the trap (value None) and s1 is the lower 27% group (1 student): the trap's
    # share in the lower group is over nobody; read in roster order (s1 last), still s1 who is left out
    trap = {"code": "halved", "feedback": "halved", "value": 0.25}
    part_a = {**_part("a", 0.5), "misconceptions": [trap]}
    question = {**KEY["questions"][0], "parts": [part_a, _part("b", 3.0)]}
    without = {**question, "parts": [{**part_a, "trap_values": [None]}, _part("b", 3.0)]}
    papers = {sid: {"name": sid.upper(), "seed": sid, "questions": [without if sid == "s1" else question]}
              for sid in ("s1", "s2", "s3", "s4")}
    key = {"questions": [question], "students": papers}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    rows = [("s1", "Q1", "a", "9"), ("s1", "Q1", "b", "9"), ("s2", "Q1", "a", "0.25"), ("s2", "Q1", "b", "3"),
            ("s3", "Q1", "a", "0.5"), ("s3", "Q1", "b", "3"), ("s4", "Q1", "a", "0.5"), ("s4", "Q1", "b", "9")]
    text = io.StringIO()
    csv.writer(text).writerows([("student_id", "question_id", "part", "answer"), *rows])
    (tmp_path / "answers.csv").write_text(text.getvalue(), encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id\ns4\ns3\ns2\ns1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                       "--roster", str(tmp_path / "roster.csv")])
    assert result.exit_code == 0, result.output
    trap_row = next(r for r in _read(tmp_path / "answers-graded-items.csv") if r["level"] == "trap")
    assert (trap_row["students"], trap_row["reached"], trap_row["share_lower"]) == ("1", "3", "")


def test_one_student_in_all_is_said_in_the_singular():
    from quizgen.report.tables import roster_centre
    from quizgen.report.model import StudentRow

    assert roster_centre([StudentRow("s1", "", 0.0, 8.0, 0.0, [], True)], 1)[2] == \
        " over the 1 student (the 1 absent counted as 0%)"
    two = [StudentRow(f"s{k}", "", 0.0, 8.0, 0.0, [], True) for k in (1, 2)]
    assert roster_centre(two, 2)[2] == " over all 2 students (the 2 absent counted as 0%)"


def test_the_html_page_shows_a_control_character_as_report_md_does():
    """rev-hostile21b: a name with a bell and an escape reached the HTML report
    raw (report.md showed U+FFFD); direction controls were already removed."""
    from quizgen.report.formatting import display_text

    assert display_text("Sam\x07\x1b[31mRED\u202e\nnext\tcell") == "Sam\ufffd\ufffd[31mRED\nnext\tcell"
    assert display_text(3) == 3


def test_the_sheet_of_a_student_marked_only_by_overrides_does_not_say_they_stopped(tmp_path):
    """Its sheet said "No answers were received for Q1 (b) to Q2 (b) (3 parts), after your last answer"."""
    _class(tmp_path, _everyone(["s1", "s2", "s3", "s4"]), "s5,Q1,a,1,,ID typo\n", ROSTER, "--feedback",
           str(tmp_path / "sheets"))
    sheet = (tmp_path / "sheets" / "s5.md").read_text(encoding="utf-8")
    assert "after your last answer" not in sheet and "ID typo" in sheet
    assert "| b | - | missing | 0 / 2 | 3.0000 |" in sheet   # the unmarked parts still show as missing
