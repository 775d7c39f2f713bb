"""The paper says that zeros at the end of a decimal count as figures (rev43a F1).

The grader's default (``trailing_zeros: required``, docs/marking.md) marks an
exactly right 0.25 for 0.250 rounded too early, and docs/marking.md says that
default holds students to the paper's words: so the words must say it, in the
header's rounding sentence and in each stem that prints ``{{ rounding_rule }}``
(paper and Moodle). Canvas drops trailing zeros, so its question text does not."""

import re
import zipfile

import pytest

ZEROS = "zeros at the end of a decimal count as figures: write 5.80, not 5.8"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_paper_header_and_stem_say_zeros_at_the_end_count(invoke, tmp_path):
    assert invoke("generate", "--classes", "C1", "--seed", "7", "--no-solutions", "--out", tmp_path / "md").exit_code == 0
    paper = _flat((tmp_path / "md" / "problems.md").read_text(encoding="utf-8"))
    assert f"Give decimal answers to 3 significant figures: more figures are accepted, but an answer rounded to " \
           f"fewer is marked as rounded too early; {ZEROS}, unless the value is exactly 5.8. As an illustration" in paper
    assert paper.count(ZEROS) == 2   # the header's sentence and C1's stem


def test_the_latex_paper_says_it_too(invoke, tmp_path):
    assert invoke("generate", "--classes", "C1", "--seed", "7", "--no-solutions", "--format", "tex",
                  "--out", tmp_path / "tex").exit_code == 0
    assert _flat((tmp_path / "tex" / "problems.tex").read_text(encoding="utf-8")).count(ZEROS) == 2


def test_per_student_papers_say_it(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\n", encoding="utf-8")
    assert invoke("generate", "--classes", "C1", "--seed", "7", "--students", roster, "--no-solutions",
                  "--out", tmp_path / "st").exit_code == 0
    assert _flat((tmp_path / "st" / "problems.md").read_text(encoding="utf-8")).count(ZEROS) == 4


@pytest.mark.slow
def test_moodle_says_it_and_canvas_does_not(invoke, tmp_path):
    assert invoke("export", "moodle", "--classes", "C1", "--seed", "3", "--count", "1",
                  "--out", tmp_path / "q.xml").exit_code == 0
    assert ZEROS in _flat((tmp_path / "q.xml").read_text(encoding="utf-8"))
    assert invoke("export", "canvas", "--classes", "C1", "--seed", "3", "--count", "1",
                  "--out", tmp_path / "c.zip").exit_code == 0
    with zipfile.ZipFile(tmp_path / "c.zip") as package:
        canvas = _flat(" ".join(package.read(n).decode() for n in package.namelist() if n.endswith(".xml")))
    assert "zeros at the end" not in canvas and "3 significant figures (more figures are accepted)" in canvas


def test_the_drill_help_says_it(invoke):
    result = invoke("drill", "--seed", "3", "--classes", "C1", "--no-save", input="?\nq\n")
    assert "zeros at the end counting: 5.80, not 5.8" in _flat(result.output)


def test_the_leak_check_does_not_read_the_shared_sentence():
    """An answer of 5.80 is not given away by the sentence every stem prints; the same number elsewhere is."""
    from quizgen.text.render import ROUNDING_RULE
    from quizgen.validation.leaks import Target, question_leaks
    answer = Target("(a) answer", 5.8003, 0.005, True)
    view = {"stem": f"Give answers to 3 significant figures ({ROUNDING_RULE}).", "parts": [{"ask": "What is L?"}]}
    assert question_leaks(view, [answer], "md") == []
    view["stem"] += " Hint: it is 5.80."
    assert [leak.shown for leak in question_leaks(view, [answer], "md")] == ["5.80"]


def test_the_example_is_no_answer_of_the_worked_examples_paper(invoke, tmp_path):
    """0.250, the first example chosen, is C3's p = 1/4 there (and in every C3 draw of 4
    words): an instruction should not write out an answer of the paper it heads."""
    import csv
    assert invoke("generate", "--worked-examples", "--no-solutions", "--out", tmp_path).exit_code == 0
    with open(tmp_path / "key.csv", encoding="utf-8") as handle:
        answers = [float(row["answer"]) for row in csv.DictReader(handle) if row["answer"].replace(".", "").isdigit()]
    assert answers and not [a for a in answers if float(f"{a:.3g}") in (5.80, 5.8)]
