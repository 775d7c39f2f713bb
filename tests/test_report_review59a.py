"""The class report where a figure cannot be had: a part everyone scored the same on has
D n/a beside its "cannot be measured" (not 0.00); report.md says why its blank count is
more than the item tables' when a student left every answer blank; with nobody answering
the groups say so, not "one student"; a facility of 0 is a 1-px bar, as an r of 0 is."""

import csv
import io
import re

from quizgen.report import analyse, items_csv, markdown_sections
from quizgen.report.charts import item_chart
from quizgen.report.model import Part, Student, Verdict
from test_review50b import answer, key_of, run, write

R, W, HALF = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("correct", 1.0)
PARTS = [Part("Q1", "a", "C1", "t", 1.0), Part("Q1", "b", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 2.0),
         Part("Q3", "a", "C1", "t", 1.0)]


def _class():
    """12 students: Q1a and Q1b vary, Q2a is 1 of 2 points for everyone, Q3a everyone wrong."""
    rows = [[R if (n * 7) % 3 else W, R if n % 2 else W, HALF, W] for n in range(12)]
    return analyse(PARTS, [Student(f"s{n:02}", "", row) for n, row in enumerate(rows)])


def _md_row(text: str, label: str) -> list:
    return next(line.split(" | ") for line in text.splitlines() if line.startswith(f"| {label} |"))


def test_a_score_that_does_not_vary_has_no_d():
    analysis = _class()
    same, wrong = analysis.parts[2], analysis.parts[3]
    assert (same.uniform, same.discrimination, same.point_biserial) == (True, None, None)
    assert (wrong.uniform, wrong.discrimination, wrong.point_biserial) == (True, None, None)
    assert analysis.parts[0].discrimination is not None   # a part that varies keeps its D
    assert same.reasons == ["every student scored the same; discrimination cannot be measured"]
    text = markdown_sections(analysis)
    header = _md_row(text, "item")
    for label in ("Q2a", "Q3a"):
        row = _md_row(text, label)
        assert row[header.index("D (27%)")] == "n/a", row
    rows = {r["part"] and r["question_id"] + r["part"]: r
            for r in csv.DictReader(io.StringIO(items_csv(analysis).removeprefix("\ufeff"))) if r["level"] == "part"}
    assert rows["Q2a"]["discrimination_ul"] == "" and "cannot be measured" in rows["Q2a"]["note"]


def test_with_nobody_answering_the_groups_say_so():
    rows = [[Verdict("missing", 0.0)] * 4 for _ in range(3)]   # no answer: absent, as grade passes the all-blank
    analysis = analyse(PARTS, [Student(f"s{n}", "", row) for n, row in enumerate(rows)])
    text = markdown_sections(analysis)
    assert "| upper and lower groups (27%) | n/a (no student answered) |" in text
    assert "(one student)" not in text
    one = analyse(PARTS, [Student("s1", "", [R, W, HALF, W])])
    assert "| upper and lower groups (27%) | n/a (one student) |" in markdown_sections(one)


def test_a_facility_of_0_is_a_1px_bar():
    analysis = _class()
    svg = str(item_chart(analysis.parts))
    bars = re.findall(r'width="([0-9.]+)" height="13" class="bar[^"]*"><title>(\w+) facility', svg)
    widths = {label: float(width) for width, label in bars}
    assert widths["Q3a"] == 1.0 and widths["Q2a"] > 1   # Q3a: nobody right, flagged, still drawn
    assert re.search(r'class="bar flagged"><title>Q3a facility 0\.00<', svg)


def test_report_md_says_its_blank_count_holds_the_all_blank_students_answers(tmp_path):
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[f"s{n}", *(answer(p) for _, _, p in parts)] for n in (1, 2, 3)]
    rows += [["s4", "", *(answer(p) for _, _, p in parts[1:])]]   # one blank answer, who sat
    rows += [["s5", *[""] * len(parts)]]
    write(tmp_path / "ans.csv", rows)
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key"], tmp_path)
    text = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    assert f"| blank | {len(parts) + 1} |" in text
    assert (f"blank: the student whose every answer is blank is counted absent: their {len(parts)} blank answers "
            "are in this count, as in graded.csv and the students CSV, but not in the questions CSV or the item "
            "analysis (1 blank answer there).") in text
    questions = list(csv.DictReader(io.StringIO((tmp_path / "ans-graded-questions.csv").read_text("utf-8-sig"))))
    assert sum(int(q["blank"]) for q in questions) == 1


def test_no_blank_line_without_an_all_blank_student(tmp_path):
    parts = key_of(tmp_path, "C1")
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[f"s{n}", "", *(answer(p) for _, _, p in parts[1:])] for n in (1, 2, 3)]
    write(tmp_path / "ans.csv", rows)
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key"], tmp_path)
    assert "whose every answer is blank" not in (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")


def _index(folder, name="index.csv"):
    text = (folder / name).read_bytes().decode("utf-8")
    assert text.startswith("\ufeff") and "\r\n" in text   # a spreadsheet reads it as UTF-8, as the students CSV
    return [tuple(row) for row in csv.reader(io.StringIO(text.removeprefix("\ufeff")))]


def test_the_feedback_index_says_whose_each_sheet_is(tmp_path):
    parts = key_of(tmp_path, "C1")
    ids = ["طالب", "学生一", "José", "Jose", "=cmd", "ok_1"]
    rows = [["student_id", "name", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[sid, f"Name {n}", *(answer(p) for _, _, p in parts)] for n, sid in enumerate(ids)]
    write(tmp_path / "ans.csv", rows)
    (tmp_path / "fb").mkdir()
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key", "--feedback", "fb"], tmp_path)
    index = _index(tmp_path / "fb")
    assert index[0] == ("student_id", "name", "file")
    files = {sid: sheet for sid, _, sheet in index[1:]}
    assert files == {"Jose": "Jose.md", "José": "Jose-2.md", "'=cmd": "cmd.md", "ok_1": "ok_1.md",
                     "طالب": "student.md", "学生一": "student-2.md"}   # an id guarded as a formula is quoted
    assert ("José", "Name 2", "Jose-2.md") in index
    for sid, sheet in files.items():
        assert (tmp_path / "fb" / sheet).is_file()
    # a rerun writes its own index again; an instructor's index.csv is never overwritten
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key", "--feedback", "fb", "--force"], tmp_path)
    assert _index(tmp_path / "fb") == index and not (tmp_path / "fb" / "index-2.csv").exists()
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "index.csv").write_text("mine\n", encoding="utf-8")
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key", "--feedback", "other"], tmp_path)
    assert (tmp_path / "other" / "index.csv").read_text(encoding="utf-8") == "mine\n"
    assert _index(tmp_path / "other", "index-2.csv") == index   # the next free name
