"""A count answered 1039.9999 where 1040 is asked is told so in the student's
own digits, from a plain answers file, a Moodle download and a Canvas one alike
(review 43b F1). Before, a Canvas download, whose figures quizgen does not read
(Canvas rewrites them), quoted the answer to 6 figures: "a count is a whole
number, and 1040 is not one", beside an expected 1040."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

from lms_support import moodle_csv
from quizgen.cli import main
from quizgen.lms.exportkey import with_codes
from quizgen.lms.variants import slots

C6 = "mlm-masking-counts"   # seed 42, variant 0: (a) 1040, (b) 832, (c) 104, (d) 104, (e) 1040 (C6's counts)
RIGHT = {"a": "1040", "b": "832", "c": "104", "d": "104", "e": "1040"}
TOLD = "a count is a whole number, and 1039.9999 is not one: round a count worked out as a fraction"


def _invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def _variant(key_file):
    """Variant 0 of C6 (seed 42) as the export whose key is ``key_file`` coded it."""
    secret = json.loads(key_file.read_text(encoding="utf-8"))["secret"]
    return with_codes(slots("C6", count=1, seed=42), secret)[0].variants[0]


def _reasons(graded) -> dict:
    """{(student, part): feedback} of a graded.csv."""
    rows = csv.DictReader(io.StringIO(graded.read_text(encoding="utf-8-sig")))
    return {(r["student_id"], r["part"]): r["feedback"] for r in rows}


def _moodle(folder, typed: dict):
    _invoke("export", "moodle", "--classes", "C6", "--count", 1, "--seed", 42, "--out", folder / "questions.xml")
    variant = _variant(folder / "questions-key.json")
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/5.00", "Question 1", "Response 1", "Right answer 1"]
    response = "; ".join(f"part {n}: {typed[p.letter]}" for n, p in enumerate(variant.parts, start=1))
    body = [["S", "T", "s001", "", "Finished", "", "", "", "4.00", f"C6 ... [{variant.tag}]", response, ""]]
    (folder / "responses.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    return folder / "responses.csv", folder / "questions-key.json"


def _canvas(folder, typed: dict):
    _invoke("export", "canvas", "--classes", "C6", "--count", 1, "--seed", 42, "--out", folder / "quiz.zip")
    variant = _variant(folder / "quiz-key.json")
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt"]
    row = ["S T", "500", "s001", "A", "77", "", "2026-11-30 15:43:20 UTC", "1"]
    for n, part in enumerate(variant.parts):
        header += [f"{9100 + n}: C6 ... [{variant.tag}:{part.letter}]", "1.0"]
        row += [typed[part.letter], "0.0"]
    (folder / "analysis.csv").write_text(moodle_csv(header + ["n correct", "n incorrect", "score"],
                                                    [row + ["4", "1", "4.0"]]), encoding="utf-8")
    return folder / "analysis.csv", folder / "quiz-key.json"


@pytest.mark.slow
def test_a_fractional_count_is_quoted_as_typed_from_every_kind_of_file(tmp_path):
    typed = {**RIGHT, "a": "1039.9999"}
    told = {}
    for name, build in (("moodle", _moodle), ("canvas", _canvas)):
        folder = tmp_path / name
        folder.mkdir()
        download, key = build(folder, typed)
        _invoke("grade", download, "--key", key, "--out", f"{folder / 'out'}/")
        graded = folder / "out" / f"{download.stem}-graded.csv"
        told[name] = _reasons(graded)[("s001", "a")]
        if name == "moodle":   # the answers file and key built from it: a plain answers CSV graded
            _invoke("grade", folder / "out" / "responses-answers.csv", "--key", folder / "out" / "responses-key.json",
                    "--out", folder / "plain" / "graded.csv")
            told["plain"] = _reasons(folder / "plain" / "graded.csv")[("s001", "a")]
    assert told == {"moodle": TOLD, "canvas": TOLD, "plain": TOLD}


def test_quoted_unwhole_keeps_the_digits_that_make_the_number_no_whole_one():
    from quizgen.marking.quotes import quoted_unwhole
    assert quoted_unwhole(1039.9999) == "1039.9999"      # 6 figures would read 1040
    assert quoted_unwhole(0.9999999) == "0.9999999"
    assert quoted_unwhole(1040.4) == "1040.4"            # 6 figures show it already
    assert quoted_unwhole(1039.9999, 8) == "1039.9999"   # figures known: as written
