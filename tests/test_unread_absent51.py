"""A student none of whose rows could be read as rows (a cell too many, so no part of their
paper was read) answered no part, as one whose every row names a part the key lacks (review
50b F14): every output counts them absent, the summary and the questions CSV as the item
analysis did already; a note names them, apart from the rows that name no part."""

from test_review50b import answer, key_of, read_csv, run, write


def test_a_student_whose_rows_were_not_read_is_absent_everywhere(tmp_path):
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n}", q, letter, answer(p)] for n in (1, 2, 3) for q, letter, p in parts]
    rows += [["s4", "Q1", "a", "0", "84"], ["s4", "Q1", "b", "0", "17"]]   # unquoted decimal commas: a cell too many
    write(tmp_path / "ans.csv", rows)
    output = run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key"], tmp_path)
    assert "from 3 students and 1 whose rows answer no part of their paper, counted absent" in output
    assert "mean 75.0%, median 100.0% over all 4 students (the 1 absent counted as 0%)" in output
    assert ("Note: 1 student(s) answered no part of their paper that could be read: their rows were not read as rows "
            "(invalid, graded against no part in graded.csv), so they are counted absent (left out of the class "
            "figures, scored 0); mend their rows and grade again: s4\n") in output
    assert "each of their rows names a part the key lacks" not in output
    for row in read_csv(tmp_path / "ans-graded-questions.csv"):
        assert (row["students"], row["correct"], row["missing"]) == ("3", "3", "0")
    md = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    assert "| mean over the 3 who answered | 100.0% |" in md
    students = {r["student_id"]: r for r in read_csv(tmp_path / "ans-graded-students.csv")}
    # graded, kept with their 0; the unread rows counted apart, every part missing (review 55b F9)
    assert [students["s4"][c] for c in ("score", "invalid", "not_read", "missing")] == ["0", "0", "2", str(len(parts))]


def test_the_students_table_says_why_a_student_answered_no_part(tmp_path):
    """report.md's students table said "missing (no answer)" for a student who answered no part of
    their paper, only a note saying why; it now says so itself, one way for rows naming no part and
    another for rows not read, and the students CSV keeps its columns (the counts say the same:
    unknown_question or invalid, every part of the paper missing)."""
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n}", q, letter, answer(p)] for n in (1, 2, 3) for q, letter, p in parts]
    rows += [["s4", "Q9", "z", "1"], ["s5", "Q1", "a", "0", "84"]]   # s4: no such part; s5: a cell too many
    write(tmp_path / "ans.csv", rows)
    write(tmp_path / "roster.csv", [["student_id"], *([f"s{n}"] for n in range(1, 7))])
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--roster", "roster.csv", "--force-key"], tmp_path)
    md = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    assert "| s4 |  | 0 | 8 | 0.0 | no part answered (rows name parts the key lacks) |" in md
    assert "| s5 |  | 0 | 8 | 0.0 | no part answered (rows not read as rows) |" in md
    assert "| s6 |  | 0 | 8 | 0.0 | missing (no answer) |" in md   # on the roster, no row at all
    text = (tmp_path / "ans-graded-students.csv").read_text(encoding="utf-8-sig")
    assert text.splitlines()[0] == ("student_id,name,score,max_score,percent,correct,partial,imprecise,incorrect,"
                                    "needs_review,invalid,blank,missing,unknown_question,superseded,misconceptions,"
                                    "not_read")   # not_read: review 55b F9
    students = {r["student_id"]: r for r in read_csv(tmp_path / "ans-graded-students.csv")}
    assert [tuple(students[s][c] for c in ("invalid", "missing", "unknown_question", "not_read")) for s in ("s4", "s5")] \
        == [("0", str(len(parts)), "1", "0"), ("0", str(len(parts)), "0", "1")]


def test_the_page_says_why_a_student_answered_no_part_as_report_md_does(tmp_path):
    """The HTML page's students table said "missing (no answer)" where report.md (fix51d) says why a
    student answered no part of their paper: both now take the words from one place (Student.no_part)."""
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n}", q, letter, answer(p)] for n in (1, 2, 3) for q, letter, p in parts]
    rows += [["s4", "Q9", "z", "1"], ["s5", "Q1", "a", "0", "84"]]
    write(tmp_path / "ans.csv", rows)
    write(tmp_path / "roster.csv", [["student_id"], *([f"s{n}"] for n in range(1, 7))])
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--roster", "roster.csv", "--force-key"], tmp_path)
    page = (tmp_path / "ans-graded-report.html").read_text(encoding="utf-8")
    cells = {sid: page.split(f">{sid}<", 1)[1].split("</tr>", 1)[0] for sid in ("s4", "s5", "s6")}
    assert "no part answered (rows name parts the key lacks)" in cells["s4"], cells["s4"]
    assert "no part answered (rows not read as rows)" in cells["s5"], cells["s5"]
    assert "missing (no answer)" in cells["s6"] and "no part answered" not in cells["s6"], cells["s6"]
