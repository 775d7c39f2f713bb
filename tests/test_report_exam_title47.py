"""Review 46b F9, its rest: the class report's title named the answers file, the key and the
paper code, not the exam. A per-student key records the --title and --course its papers were
printed with (key.json's "printed", for generate --only), so the report of such a class now
leads with them; a class paper's key records neither (docs/key.md), so its title is as before."""

import csv
import json

import pytest


def _grade(tmp_path, invoke, *options, students: bool = True, names=("Ann", "Bo"), page: str = "report.html") -> str:
    """The report page's text (or report.md's: ``page``) after grading s1's right answer to Q1 (a) of a C1
    paper made with ``options`` (for s1 and s2 named ``names``, with ``students``)."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\n" + "".join(f"s{n},{name}\n" for n, name in enumerate(names, 1)), encoding="utf-8")
    made = invoke("generate", "--classes", "C1", "--seed", 47, *(["--students", roster] if students else []),
                  *options, "--out", tmp_path / "quiz")
    assert made.exit_code == 0, made.output
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    value = (key["students"]["s1"]["questions"][0] if students else key["questions"][0])["parts"][0]["value"]
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), ("s1", "Q1", "a", f"{value:.4g}")])
    graded = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / "key.json")
    assert graded.exit_code == 0, graded.output
    return (tmp_path / f"answers-graded-{page}").read_text(encoding="utf-8")


def _title(page: str) -> tuple:
    return page.split("<title>", 1)[1].split("</title>", 1)[0], page.split("<h1>", 1)[1].split("</h1>", 1)[0]


def test_a_per_student_keys_report_leads_with_the_exams_title_and_course(tmp_path, invoke):
    page = _grade(tmp_path, invoke, "--title", "Midterm", "--course", "NLP 101")
    where = tmp_path / "quiz" / "key.json"
    said = f"Class report: Midterm, NLP 101 \u2013 answers.csv against {where}"
    assert _title(page) == (said, said)


@pytest.mark.parametrize("options, exam", [
    (("--course", "NLP 101"), "NLP 101"),   # no --title: the paper's own, which names no exam
    (("--title", "<b>Mid & term</b>"), "&lt;b&gt;Mid &amp; term&lt;/b&gt;"),   # escaped as all text from a key
])
def test_the_title_or_course_alone_and_escaped(tmp_path, invoke, options, exam):
    page = _grade(tmp_path, invoke, *options)
    assert _title(page)[0].startswith(f"Class report: {exam} \u2013 answers.csv against ")


def test_a_class_papers_key_records_no_exam_and_its_title_is_as_before(tmp_path, invoke):
    page = _grade(tmp_path, invoke, "--title", "Midterm", "--course", "NLP 101", students=False)
    title, _ = _title(page)
    assert title.startswith("Class report: answers.csv against ") and "(paper " in title and "Midterm" not in title
