"""Review 42b F1/F2: a right count kept no value (its verdict was the part's
shared one), so a later part worked from it and from a wrong part was never
given ECF, silently, in grade, the drill and validate alike; and ECF quoted a
large count as 4.68818e+07."""

import csv
import json
from pathlib import Path

import pytest

from quizgen.marking.quotes import quoted

TEMPLATE = Path(__file__).parent / "data" / "c31_two_counts.yaml"


def _bank(tmp_path) -> Path:
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / TEMPLATE.name).write_text(TEMPLATE.read_text(encoding="utf-8"), encoding="utf-8")
    return bank


@pytest.mark.slow   # over a second: the quick suite keeps the cheaper tests of this file
def test_validate_gives_ecf_from_a_right_count_and_a_wrong_one(tmp_path, invoke):
    """The template's own test: (a) 300 right, (b) 1200 wrong, (c) 300/1200 = 0.25 is correct by ECF."""
    result = invoke("validate", _bank(tmp_path))
    assert result.exit_code == 0, result.output
    assert "3 tests passed" in result.output, result.output


def test_grade_gives_ecf_from_a_right_count_and_a_wrong_one(tmp_path, invoke):
    bank = _bank(tmp_path)
    made = invoke("generate", "--bank", bank, "--classes", "C31", "--seed", 1, "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    first, total, _ = [p["value"] for p in json.loads((tmp_path / "q" / "key.json").read_text())["questions"][0]["parts"]]
    first, wrong_total = int(first), int(total) + 100
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       f"s1,Q1,a,{first}\ns1,Q1,b,{wrong_total}\ns1,Q1,c,{first / wrong_total:.4f}\n", encoding="utf-8")
    graded = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--out", f"{tmp_path / 'out'}/")
    assert graded.exit_code == 0, graded.output
    rows = {r["part"]: r for r in csv.DictReader((tmp_path / "out" / "answers-graded.csv").open(encoding="utf-8-sig"))}
    assert (rows["a"]["status"], rows["b"]["status"]) == ("correct", "incorrect"), rows
    assert (rows["c"]["status"], rows["c"]["note"]) == ("correct", "ecf"), rows["c"]
    assert f"marked from your (a) = {first}, (b) = {wrong_total}" in rows["c"]["feedback"], rows["c"]


def test_a_large_count_is_quoted_whole():
    assert quoted(46881792.0) == "46881792"
    assert quoted(-23440896.0) == "-23440896"
    assert quoted(0.0000123) == "0.0000123" and quoted(2.5e20) == "2.5e+20"


def test_a_large_answer_with_its_figures_is_quoted_as_written():
    """rev42c F1: 21445178.4 (9 figures) was quoted 2.14452e+07, and the count advice rounded
    that quote (21445200), telling a student whose answer rounds to the count that it does not."""
    assert quoted(21445178.4, 9) == "21445178.4" and quoted(74116922.5, 9) == "74116922.5"
    assert quoted(21445178.4) == "2.14452e+07"   # figures not known (an LMS rewrote them): the short form
