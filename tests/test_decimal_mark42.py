"""Review 41b F2: a few students typing decimal commas switched every output to commas,
with no way to ask for points. `grade --decimal-mark point|comma` chooses the mark of
every number grade writes (auto, the default, keeps the mark the answers are read with)."""

import re

import pytest

ANSWERS = "student_id;question_id;part;answer\ns1;Q1;a;0,7157\ns1;Q1;b;0,33\ns2;Q1;a;0,72\ns2;Q2;a;45\ns3;Q1;a;0.71\ns4;Q1;b;0,336\n"
WRITTEN = ("0,7157", "0,33", "0,72", "0,336")   # the students' own answers, quoted as written in every mode
COMMA = re.compile(r"\d,\d")


@pytest.fixture
def folder(invoke, tmp_path):
    assert invoke("generate", "--classes", "C1,C6", "--seed", 1, "--out", tmp_path / "k").exit_code == 0
    (tmp_path / "a.csv").write_text(ANSWERS, encoding="utf-8")
    return tmp_path


def _grade(invoke, folder, *mark):
    out = folder / ("out-" + "-".join(mark or ("auto",))).replace("--", "")
    out.mkdir()
    result = invoke("grade", folder / "a.csv", "--key", folder / "k" / "key.json", "--out", out,
                    "--feedback", out / "sheets", *mark)
    assert result.exit_code == 0, result.output
    texts = {path.name: path.read_text(encoding="utf-8-sig") for path in [*out.glob("*"), *out.glob("sheets/*.md")]
             if path.is_file() and path.suffix in (".csv", ".md")}
    return result.stdout, texts, (out / "a-graded-report.html").read_text(encoding="utf-8")


def test_point_writes_points_everywhere_from_a_decimal_comma_file(invoke, folder):
    summary, texts, html = _grade(invoke, folder, "--decimal-mark", "point")
    assert "mean 5.6%" in summary and not COMMA.search(summary), summary
    assert {"a-graded.csv", "a-graded-students.csv", "a-graded-questions.csv", "a-graded-items.csv",
            "a-graded-report.md", "s1.md", "s2.md"} <= set(texts)
    own = re.compile(rf"(?<![\d,])(?:{'|'.join(WRITTEN)})(?!\d)")
    found = {name: COMMA.findall(own.sub("", text)) for name, text in texts.items()}
    assert {name: found for name, found in found.items() if found} == {}
    assert "expected 0.335" in texts["a-graded.csv"] and ";0.7157;" in texts["a-graded.csv"]
    assert "5.6%" in html and "5,6%" not in html
    # the sheet's hint reads the student's 0,336 as 0.336 and writes points
    assert "your last digit is off: 0.33454 rounds to 0.335 at the 3 significant figures you gave" in texts["s4.md"]


def test_auto_keeps_the_mark_read_and_comma_forces_commas(invoke, folder):
    summary, texts, html = _grade(invoke, folder)   # a ';' file with decimal commas: commas, as before
    assert "mean 5,6%" in summary and "expected 0,335" in texts["a-graded.csv"] and "5,6%" in html
    (folder / "a.csv").write_text(ANSWERS.replace(";", ",").replace(",7157", ".7157").replace("0,33", "0.33")
                                  .replace("0,72", "0.72").replace("0,336", "0.336"), encoding="utf-8")
    summary, texts, _ = _grade(invoke, folder, "--decimal-mark", "comma")
    assert "mean 5,6%" in summary and '"0,7157"' in texts["a-graded.csv"], texts["a-graded.csv"]


def test_a_mark_that_is_none_of_the_three_is_one_line(invoke, folder):
    result = invoke("grade", folder / "a.csv", "--key", folder / "k" / "key.json", "--decimal-mark", "dot")
    assert result.exit_code == 2 and "'dot' is not one of 'auto', 'point', 'comma'" in result.output
