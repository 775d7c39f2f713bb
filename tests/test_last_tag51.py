"""The variant's tag is the last ``[quizgen:...]`` of a question text: the tag
line ends every question text quizgen exports (lms/html.py, TAG_LINE), so a
tag-shaped text before it (a bank stem about quizgen quoting one, or a
teacher's own words) is not the variant's. Taking the first made grade refuse
the whole download: "variant AAAAAAAA of mlm-confident-correct is not one of
the export key's" (review 51b F2)."""

import csv
import io

import pytest

from lms_support import exported_download, moodle_csv
from quizgen.lms.tag import search

QUOTED = "Take a = 3 (see [quizgen:mlm-confident-correct:AAAAAAAA]). "


def test_the_last_tag_of_a_text_is_the_variants():
    assert search(QUOTED + "What is p?\n[quizgen:c1:7KQ2M9XD]").groups() == ("c1", "7KQ2M9XD", None)
    assert search("[quizgen:x:AB:a] text [quizgen:c2:7KQ2M9XD:b]").groups() == ("c2", "7KQ2M9XD", "b")
    assert search(QUOTED + "[quizgen: not a tag] [quizgen:") .groups() == ("mlm-confident-correct", "AAAAAAAA", None)
    assert search("no tag [quizgen:] here") is None


@pytest.mark.slow
def test_a_question_text_quoting_a_tag_before_its_own_is_graded(tmp_path, invoke):
    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 2)
    for row in rows:
        row[header.index("Question 1")] = QUOTED + row[header.index("Question 1")]
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 0, result.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "responses-graded.csv").read_text(encoding="utf-8-sig"))))
    assert {row["student_id"] for row in graded} == {"s000", "s001"} and "AAAAAAAA" not in result.output
