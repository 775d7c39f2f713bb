"""The class report's flags read as an instructor reads them: a part nobody scored on, with
many blanks and every other answer the same wrong number, asks for the key to be checked
(not "not taught, or no time left?"), with that number and its count in the flagged table;
the flagged table is sorted most serious first; the flag legend says where r < 0 starts
(the 5% critical value at the class's size), at every class size."""

import csv
import html
import io

from quizgen.report import analyse, markdown_sections, report_html
from quizgen.report.flagged import flagged_items
from quizgen.report.flags import add_common_wrong, hard_reason
from quizgen.report.model import Part, Student, Trap, Verdict
from test_review50b import answer, key_of, run, write

R, W, BLANK = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("blank", 0.0)


def _md_row(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| {label} |"))


def _wrong_key_class(folder):
    """12 students on a C1,C2,C3 paper: Q2b left blank by 5 and answered 9.99 by the other 7
    (its key is 3.0949...), the other parts right or wrong (1) in a pattern that varies."""
    parts = key_of(folder, "C1,C2,C3")
    rows = [["student_id", "question_id", "part", "answer"]]
    for n in range(12):
        for k, (q, letter, part) in enumerate(parts):
            if (q, letter) == ("Q2", "b"):
                rows.append([f"s{n:02}", q, letter, "" if n < 5 else "9.99"])
            else:
                rows.append([f"s{n:02}", q, letter, answer(part) if (n * (k + 2)) % 5 < 3 else "1"])
    write(folder / "answers.csv", rows)
    run(["grade", "answers.csv", "--key", "quiz/key.json", "--out", "out"], folder)
    return folder / "out"


def test_one_wrong_number_from_everyone_who_answered_asks_for_the_key(tmp_path):
    out = _wrong_key_class(tmp_path)
    md = (out / "answers-graded-report.md").read_text(encoding="utf-8")
    row = _md_row(md[md.index("### Flagged parts"):], "Q2b")
    assert row == ("| Q2b | 0.00 | n/a | 9.99 (7) | very hard: 42% of its answers are blank or skipped (5 blank, "
                   "0 skipped); 7 of the 7 answers given are the same wrong number, 9.99: the sign of a wrong key "
                   "or a misprinted number; check the key and the paper |")
    assert "not taught, or no time left?" not in md
    assert "| item | facility | r (corrected item-rest) | most common wrong answer (students) | flags |" in md
    page = (out / "answers-graded-report.html").read_text(encoding="utf-8")
    assert "<td class=\"num\">9.99 (7)</td>" in page and "the same wrong number, 9.99" in page
    items = list(csv.DictReader(io.StringIO((out / "answers-graded-items.csv").read_text(encoding="utf-8-sig"))))
    (q2b,) = [r for r in items if r["level"] == "part" and (r["question_id"], r["part"]) == ("Q2", "b")]
    assert "the same wrong number, 9.99" in q2b["note"]


def test_a_comma_class_writes_the_wrong_number_with_its_comma(tmp_path):
    out = _wrong_key_class(tmp_path)
    answers = (tmp_path / "answers.csv").read_text(encoding="utf-8")
    comma = "\n".join(line.replace(",", ";").replace(".", ",") if n else line.replace(",", ";")
                      for n, line in enumerate(answers.splitlines()))
    (tmp_path / "comma.csv").write_text(comma + "\n", encoding="utf-8")
    run(["grade", "comma.csv", "--key", "quiz/key.json", "--out", "outc"], tmp_path)
    md = (tmp_path / "outc" / "comma-graded-report.md").read_text(encoding="utf-8")
    assert "| 9,99 (7) |" in md and "the same wrong number, 9,99:" in md
    assert (out / "answers-graded.csv").exists()


def test_nobody_scoring_among_those_who_answered_keeps_the_key_in_question():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q1", "b", "C1", "t", 1)]
    students = [Student(f"s{k}", "", [BLANK if k < 5 else W, R if k % 2 else W]) for k in range(10)]
    item = analyse(parts, students).parts[0]
    assert hard_reason(item).endswith("not taught, or no time left?; none of the 5 answers given scored: "
                                      "check the key too")
    item.common_wrong = ("0.5", 2, "")   # 2 of 5: not most of them, and fewer than 3
    assert "same wrong number" not in hard_reason(item)
    item.common_wrong = ("0.5", 4, "halved")   # a trap's value: a misconception, not a sign of the key
    assert "same wrong number" not in hard_reason(item)


def test_a_hard_part_that_discriminates_keeps_its_key_with_one_wrong_number():
    from fractions import Fraction
    from quizgen.report.model import ItemStats

    item = ItemStats("Q1", "a", "C1", "t", 1.0, students=10, counts={"correct": 1, "incorrect": 9},
                     facility=Fraction(1, 10), point_biserial=0.45, reached=10, common_wrong=("9", 9, ""))
    assert hard_reason(item).endswith("; hard but it discriminates (its r is not weak): the strongest students "
                                      "got it, so a wrong key is unlikely; check that it was taught; 9 of the 10 "
                                      "answers given are the same wrong number, 9: a misconception no trap of the "
                                      "key names, or a misprinted number; check the paper")
    item.point_biserial = 0.05
    assert hard_reason(item).endswith("the sign of a wrong key or a misprinted number; check the key and the paper")


def test_the_common_wrong_number_is_shown_only_for_a_flagged_part_that_has_one():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q1", "b", "C1", "t", 1)]
    students = [Student(f"s{k}", "", [W, R if k % 2 else W]) for k in range(10)]
    analysis = analyse(parts, students)
    add_common_wrong(analysis, [("7", 10, ""), None])
    md = markdown_sections(analysis)
    assert _md_row(md[md.index("### Flagged parts"):], "Q1a").startswith("| Q1a | 0.00 | n/a | 7 (10) | very hard")
    assert "10 of the 10 answers given are the same wrong number, 7" in md
    add_common_wrong(analysis, [None, None])
    assert "most common wrong answer" not in markdown_sections(analysis)


def _mixed_class(n: int = 40):
    """Q1a right for the weakest only (a wrong key: r < 0), Q1b very easy, Q1c answered by nobody
    who scored, Q2a and Q2b tracking the total (not flagged)."""
    parts = [Part("Q1", x, "C1", "t", 1) for x in "abc"] + [Part("Q2", x, "C1", "t", 1) for x in "ab"]
    students = []
    for k in range(n):
        strong = k >= n // 2
        students.append(Student(f"s{k:02}", "", [W if strong else R, R, W, R if strong or k % 3 == 0 else W,
                                                 R if strong and k % 2 or k % 5 == 0 else W]))
    return analyse(parts, students)


def test_the_flagged_table_puts_a_key_to_check_first():
    analysis = _mixed_class()
    order = [i.label for i in flagged_items(analysis)]
    assert order.index("Q1a") == 0, order
    assert order.index("Q1c") < order.index("Q1b"), order   # very hard before very easy
    md = markdown_sections(analysis)
    assert "Most serious first" in md


def test_the_legend_says_where_r_below_0_starts_at_every_size():
    for n, value in ((40, "0.312"), (12, "0.576")):
        analysis = _mixed_class(n)
        md = markdown_sections(analysis)
        note = (f"r < 0 is tagged only for an r at or below -{value}, the two-sided 5% critical value of r at "
                f"{n} students")
        assert note in md, (n, md[md.index("### Flagged"):md.index("### Traps")])
        assert note in html.unescape(report_html(analysis))


# --- the trap tables: how to read them, a trap drawing the strong marked, whom a share is over -----

def _trap_class(n: int = 12, absent=frozenset()):
    """Q1a's trap met by the two students with the highest totals, Q1b and Q2a tracking the total."""
    trapped = Verdict("incorrect", 0.0, "halved")
    parts = [Part("Q1", "a", "C1", "t", 1.0, (Trap("halved", "halving", frozenset(absent)),)),
             Part("Q1", "b", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student(f"s{k:02}", "", [trapped if k >= n - 2 else R if k % 2 else W,
                                         R if k >= n // 2 else W, R if k >= n // 2 else W]) for k in range(n)]
    return analyse(parts, students)


def test_the_trap_table_says_how_to_read_it_and_marks_a_trap_drawing_the_upper_group():
    analysis = _trap_class()
    md = markdown_sections(analysis)
    assert ("Share: the students who fell into the trap, of those who reached the part; lower 27% and upper "
            "27%: the same share within the lowest and the highest scoring 27% of the class on the whole paper. "
            "A working trap draws more of the lower group than of the upper; \u2021 marks one that drew more of "
            "the upper group, worth reading again") in md
    assert "| Q1a | halved | 2 | 17% | 0%\u2020 | 17%\u2020\u2021 |" in md
    assert "students who could fall into it" not in md   # every paper can make it
    assert "17%\u2020\u2021</td>" in report_html(analysis)


def test_a_trap_some_papers_cannot_make_shows_whom_its_share_is_over_and_pooled_papers_say_so():
    analysis = _trap_class(absent={1, 3, 5})
    md = markdown_sections(analysis)
    assert "| part | trap | students in the trap | students who could fall into it | share |" in md
    assert "| Q1a | halved | 2 | 9 | 22% | 0%\u2020 | 17%\u2020\u2021 |" in md
    assert "whose paper's numbers can produce it" in md
    assert "pools every student's own numbers" not in md
    analysis.pooled = True
    assert ("Per-student papers: each part's row pools every student's own numbers for that question"
            in markdown_sections(analysis))
    assert "id=\"pooled-note\"" in report_html(analysis)


def test_two_students_have_no_group_shares_of_a_trap():
    analysis = _trap_class(2)
    md = markdown_sections(analysis)
    assert "| part | trap | students in the trap | share |\n" in md   # no group columns at all
    assert "| Q1a | halved | 2 | 100% |\n" in md
    assert "no shares of the lower and upper 27% groups are given: with fewer than 3 students" in md
    assert "\u2020 a share of a group" not in md   # no group share is shown
    page = report_html(analysis)
    assert "lower 27%" not in page.split('id="trap-table"')[1].split("</table>")[0]
    assert "<caption>Traps: share of the part&#39;s students</caption>" in page
