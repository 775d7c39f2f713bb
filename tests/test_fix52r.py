"""Review 52c of the class report: findings F1 to F7 (fix52r)."""

import pytest

from browser_support import needs_browser, open_browser
from test_review50b import answer, key_of, read_csv, run, write


def _all_blank_class(tmp_path, roster: bool):
    """Three students answering every part right, s4 whose every cell is empty and s5 whose every
    cell is ``idk`` (graded blank), a wide file; with ``roster``, a roster of s1 to s5."""
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[f"s{n}", *(answer(p) for _, _, p in parts)] for n in (1, 2, 3)]
    rows += [["s4", *[""] * len(parts)], ["s5", *["idk"] * len(parts)]]
    write(tmp_path / "ans.csv", rows)
    args = ["grade", "ans.csv", "--key", "quiz/key.json", "--force-key"]
    if roster:
        write(tmp_path / "roster.csv", [["student_id"], *([f"s{n}"] for n in range(1, 6))])
        args += ["--roster", "roster.csv"]
    return parts, run(args, tmp_path)


def test_f2_a_student_whose_every_answer_is_blank_counts_absent(tmp_path):
    """F2: a line with every answer empty (or only non-answers such as ``idk``) was graded as a
    student who sat and scored 0 (in the mean, D, r and alpha), while the same line off the roster
    is left out as "no answer": they now count absent, named in a note and in "To act on"."""
    for roster in (True, False):
        folder = tmp_path / f"r{roster}"
        folder.mkdir()
        parts, output = _all_blank_class(folder, roster)
        assert "from 3 students and 2 whose every answer is blank, counted absent" in output, output
        assert ("Note: 2 student(s) left every answer blank (empty, or words such as 'idk' read as no answer), so "
                "they are counted absent (left out of the class figures, scored 0); check that their answers "
                "were not lost: s4, s5\n") in output, output
        for row in read_csv(folder / "ans-graded-questions.csv"):
            assert (row["students"], row["correct"], row["blank"], row["missing"]) == ("3", "3", "0", "0")
        items = read_csv(folder / "ans-graded-items.csv")
        assert {row["facility"] for row in items if row["level"] == "part"} == {"1.000"}
        md = (folder / "ans-graded-report.md").read_text(encoding="utf-8")
        assert "| s4 |  | 0 | 8 | 0.0 | no answer (every answer blank) |" in md
        assert "| s5 |  | 0 | 8 | 0.0 | no answer (every answer blank) |" in md
        act = md.split("## To act on", 1)[1]
        assert "Every answer blank" in act and f"- s4: all {len(parts)} parts blank" in act and "- s5: " in act
        students = {r["student_id"]: r for r in read_csv(folder / "ans-graded-students.csv")}
        assert (students["s4"]["score"], students["s4"]["blank"]) == ("0", str(len(parts)))   # graded, with its 0
        page = (folder / "ans-graded-report.html").read_text(encoding="utf-8")
        assert "no answer (every answer blank)" in page and "Every answer blank" in page


STUDENT_COLUMNS = """var t = document.getElementById('student-table'), box = t.parentNode;
t.scrollIntoView(); box.scrollLeft = box.scrollWidth; box.dispatchEvent(new Event('scroll'));
var cells = t.tBodies[0].rows[0].cells, r = cells[3].getBoundingClientRect();
return [box.clientWidth, cells[0].offsetWidth, cells[1].offsetWidth, box.scrollLeft, r.left, r.right];"""


def _long_id_page(tmp_path):
    """The page of four students, the first with a 120-character id and a 300-character name, no space in either."""
    from quizgen.report import analyse, report_html
    from quizgen.report.model import Part, Student, Verdict

    right, wrong = Verdict("correct", 1.0), Verdict("incorrect", 0.0)
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student("X" * 120, "N" * 300, [right, wrong])]
    students += [Student(f"s{k}", f"Student {k}", [right if k % 2 else wrong, right]) for k in range(3)]
    path = tmp_path / "long.html"
    path.write_text(report_html(analyse(parts, students)), encoding="utf-8")
    return path


def test_f5_the_students_tables_id_and_name_cells_are_capped():
    """F5: the pinned id is a row header (th), which td's break-word missed, and break-word does not lower
    a table cell's least width: one unbroken 120-character id made the pinned column 1,073 px of a 1,100-px
    box. Both cells now have a widest width, the id's a third of the screen or 20 em at most."""
    import re
    from quizgen.report import analyse, report_html
    from quizgen.report.model import Part, Student, Verdict

    page = report_html(analyse([Part("Q1", "a", "C1", "t", 1.0)], [Student("s1", "", [Verdict("correct", 1.0)])]))
    css = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
    assert "#student-table tbody th{overflow-wrap:break-word;max-width:min(30vw,20em)}" in css
    assert "#student-table td:nth-child(2){max-width:min(40vw,30em)}" in css


@pytest.mark.slow
@needs_browser
def test_f5_a_long_unbroken_id_leaves_the_scores_in_view(tmp_path):
    """F5, in Chromium at 1280 and 390 px: the pinned id column takes at most about a third of the
    students table's box, and the max column, scrolled to the end, shows beside it."""
    path = _long_id_page(tmp_path)
    driver = open_browser(tmp_path / "profile")
    try:
        for width in (1280, 390):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
            driver.get(path.as_uri())
            box, pinned, name, _, left, right = driver.execute_script(STUDENT_COLUMNS)
            assert pinned <= 0.4 * box and name <= 0.6 * box, (width, box, pinned, name)
            assert right - left > 20 and left >= pinned, (width, left, right, pinned)   # max: in view, not under the id
    finally:
        driver.quit()


def test_f1_report_md_shows_a_traps_feedback_as_the_key_has_it(tmp_path):
    """F1: graded.csv guards a feedback starting with ``@`` (``'@SUM...``), and that guarded text was
    also the Outcome's feedback, which report.md's Misconceptions table printed; only CSV cells take
    the guard now."""
    import json
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "question_bank" / "c1_confident_correct.yaml"
    text = source.read_text(encoding="utf-8").replace("id: mlm-confident-correct", "id: evil-template", 1)
    text = text.replace("class: C1\n", "class: C11\n", 1)
    old = 'feedback: "A softmax exponentiates every logit before normalising; dividing the raw logits skips that step."'
    assert old in text
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "guarded.yaml").write_text(text.replace(old, 'feedback: "@SUM(A1) -2+3 softmax"', 1),
                                                     encoding="utf-8")
    run(["generate", "--bank", "bank", "--classes", "C11,C2", "--seed", "3", "--out", "quiz"], tmp_path)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n}", q["id"], letter, f"{p['trap_values'][0]:.6g}" if n < 3 and p.get("trap_values") else
              f"{p['value']:.6g}"] for n in range(5) for q in key["questions"] for letter, p in zip("ab", q["parts"])]
    write(tmp_path / "ans.csv", rows)
    run(["grade", "ans.csv", "--key", "quiz/key.json"], tmp_path)   # --bank alone is refused (review 54b F14)
    assert "'@SUM(A1) -2+3 softmax" in (tmp_path / "ans-graded.csv").read_text(encoding="utf-8-sig")   # guarded
    md = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    assert "| @SUM(A1) -2+3 softmax |" in md and "'@SUM" not in md


def _few(n: int):
    """``n`` students on three 1-point parts, no two alike in what they got right."""
    from quizgen.report.model import Part, Student, Verdict

    right, wrong = Verdict("correct", 1.0), Verdict("incorrect", 0.0)
    parts = [Part(f"Q{k}", "a", "C1", "t", 1.0) for k in range(1, 4)]
    patterns = ["111", "110", "100", "011", "000", "101", "111", "010", "110", "001", "100", "111"]
    return parts, [Student(f"s{k}", "", [right if bit == "1" else wrong for bit in patterns[k]]) for k in range(n)]


def test_f7_alpha_and_the_sem_are_na_below_ten_students_and_the_sem_is_read_conditionally():
    """F7: from 3 students on, alpha and a SEM read from it were shown as figures to quote (alpha 0.36 and
    a SEM of 8.5 points from 3 students, whose Feldt 95% interval for alpha runs from -1.5 to 0.98): below
    10 students with every part the report now shows them n/a and says why, beside them and in the caveat."""
    from quizgen.report import analyse, markdown_sections, report_html

    analysis = analyse(*_few(5))
    assert analysis.test.alpha is not None   # computed, for a caller; not shown
    md, html = markdown_sections(analysis), report_html(analysis)
    for name in ("reliability of the score (Cronbach's alpha)", "KR-20 (right/wrong, equal points: = alpha)",
                 "standard error of measurement"):
        assert f"| {name} | n/a (fewer than 10 students with every part) |" in md
    assert "D and r are rough here" in md and "D, r and alpha are rough" not in md
    said = "Alpha, and the SEM read from it, are n/a below 10 students with every part"
    assert said in md and said in html
    assert "taking alpha, an estimate, as the reliability of the score, each percentage is give or take" in md
    big = markdown_sections(analyse(*_few(12)))
    assert "| reliability of the score (Cronbach's alpha) | n/a" not in big and "D, r and alpha are rough" in big


def test_f3_when_every_total_is_the_same_d_r_and_alpha_are_na_and_say_why():
    """F3: every student on the same total: the sentence said D and r are n/a "by arithmetic alone" for
    the parts that vary while a part everyone got right showed D 0.00 (the same arithmetic); alpha was
    n/a with no reason, and the small-class caveat called these undefined figures "rough"."""
    from quizgen.report import analyse, items_csv, markdown_sections, report_html
    from quizgen.report.model import Part, Student, Verdict

    right, wrong = Verdict("correct", 1.0), Verdict("incorrect", 0.0)
    parts = [Part(f"Q{k}", "a", "C1", "t", 1.0) for k in range(1, 5)]
    rows = [[wrong, right, right, right], [right, wrong, right, right], [right, right, wrong, right]]
    analysis = analyse(parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows)])
    assert [item.discrimination for item in analysis.parts] == [None] * 4   # Q4 (all right) had 0.0
    md, html = markdown_sections(analysis), report_html(analysis)
    assert "D and r are n/a for every part and question: every student has the same total" in md
    assert "| reliability of the score (Cronbach's alpha) | n/a (every student has the same total) |" in md
    for text in (md, html):
        assert "Every student has the same total, so D, r and alpha are n/a" in text and "rough here" not in text
    q4 = [row for row in items_csv(analysis).splitlines() if row.startswith("part,Q4,")][0]
    assert "D and r n/a: every student has the same total" in q4


def test_f6_the_items_csv_says_why_facility_d_or_r_is_empty():
    """F6: the items CSV left facility, D and r empty with no note for one student, two students and
    a 0-point part, while report.md and the page say why; its note now says so too."""
    import csv
    import io
    from quizgen.report import analyse, items_csv
    from quizgen.report.model import Part, Student, Verdict

    right, wrong = Verdict("correct", 1.0), Verdict("incorrect", 0.0)
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 0.0), Part("Q3", "a", "C1", "t", 1.0)]

    def notes(n: int) -> dict:
        students = [Student(f"s{k}", "", [right if k % 2 else wrong, right, wrong if k % 3 else right]) for k in range(n)]
        rows = csv.DictReader(io.StringIO(items_csv(analyse(parts, students)).removeprefix("\ufeff")))
        return {row["question_id"] + row["part"]: row["note"] for row in rows if row["level"] == "part"}

    assert notes(1) == {"Q1a": "facility, D and r n/a: one student (each would be that student's own score)",
                        "Q2a": "facility, D and r n/a: worth 0 points",
                        "Q3a": "facility, D and r n/a: one student (each would be that student's own score)"}
    two = notes(2)
    assert two["Q1a"] == "D and r n/a: fewer than 3 students" and two["Q2a"] == "facility, D and r n/a: worth 0 points"
    four = notes(4)
    assert "n/a" not in four["Q1a"] and four["Q2a"] == "facility, D and r n/a: worth 0 points"


def test_f4_report_md_says_the_csv_files_drop_direction_controls_as_they_do(tmp_path):
    """F4: docs/report.md said "The CSV files keep the names as given", while every CSV cell loses
    its direction controls (cells.spreadsheet_safe), as docs/grading.md says."""
    from pathlib import Path

    parts = key_of(tmp_path, "C1")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n}", q, letter, answer(p)] for n in (1, 2, 3) for q, letter, p in parts]
    write(tmp_path / "ans.csv", rows)
    write(tmp_path / "roster.csv", [["student_id", "name"], ["s1", "Evil \u202eeman"], ["s2", "B"], ["s3", "C"]])
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--roster", "roster.csv"], tmp_path)
    students = {r["student_id"]: r for r in read_csv(tmp_path / "ans-graded-students.csv")}
    assert students["s1"]["name"] == "Evil eman"
    docs = (Path(__file__).resolve().parent.parent / "docs" / "report.md").read_text(encoding="utf-8")
    bullet = docs.split("- **Bidi controls**", 1)[1].split("\n- ", 1)[0]
    assert "keep the names as given" not in bullet and "CSV" in bullet and "removed" in bullet
