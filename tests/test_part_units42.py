"""Review 42b F5: a part may declare its own unit words in its template
(``units: [bits, bit]``, ``[parameters, params]``), read after the number as
``nats`` is; a part whose unit is bits reads ``3.50 bits`` as 3.50, not as the
log-2 slip a person checks (which the built-in bank, with no units, still
sends to a person). The key carries the units once per template, only when set."""

import csv
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import quizgen
from quizgen.bank.loader import load_template
from quizgen.cli import main
from quizgen.errors import QuizgenError
from quizgen.key.model import Key
from quizgen.marking.quantity_words import BITS_REASON
from quizgen.marking.forms import NUMBER, REVIEW, read_number
from quizgen.validation.run import validate
from test_drill21 import drill

BANK = Path(__file__).parent / "data" / "units42"
BITS = ("bits", "bit")


@pytest.mark.parametrize("text, value, figures", [
    ("3.50 bits", 3.5, 3), ("3.499 bit", 3.499, 4), ("3.5 (in bits)", 3.5, 2), ("3.5 bits/token", 3.5, 2),
    ("3.5 BITS.", 3.5, 2), ("H = 3.50 bits", 3.5, 3), ("3.5 [bits]", 3.5, 2), ("3.5 in bits", 3.5, 2),
])
def test_a_part_in_bits_reads_the_number_said_in_bits(text, value, figures):
    reading = read_number(text, units=BITS)
    assert (reading.status, reading.value, reading.figures) == (NUMBER, value, figures)
    assert read_number(text).status == REVIEW   # without the part's units: a person reads it (the built-in bank's slip)
    assert read_number("3.50 bits").reason == BITS_REASON


def test_a_count_reads_its_own_unit_words_and_no_longer_word_ending_in_one():
    units = ("parameters", "params")
    assert read_number("17475072 parameters", whole=True, units=units).value == 17475072
    assert read_number("17,275,392 params", whole=True, units=units).value == 17275392
    assert read_number("17475072 parameters", whole=True).status == REVIEW   # no units declared: a person reads it
    assert read_number("3.5qubits", units=BITS).status != NUMBER
    # rev42d F1: declared units take the built-in ones' place: 3.50 nats is 5.05 bits, no reading of a bits part
    assert read_number("3.50 nats", units=BITS).status == REVIEW
    assert read_number("3.50 bits nats", units=BITS).status == REVIEW
    assert read_number("2.43 nats").value == 2.43   # a part without units reads the built-in ones


def test_a_count_worked_out_as_an_expression_is_the_count():
    """rev42d F2: exp(ln(17475072)) is 17475072.00000001 in floats, past a count's 1e-9 window."""
    from quizgen.maths.tolerance import matches
    assert matches(17475072.00000001, 17475072.0, {}, "integer")
    assert not matches(17475072.001, 17475072.0, {}, "integer") and not matches(5.000001, 5.0, {}, "integer")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """C21 and C22 (units declared) generated, and answers with units graded: {(student, part): row}."""
    folder = tmp_path_factory.mktemp("units")
    result = CliRunner().invoke(main, ["generate", "--bank", str(BANK), "--classes", "C21,C22", "--seed", "7",
                                       "--out", str(folder / "p")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    key = json.loads((folder / "p" / "key.json").read_text(encoding="utf-8"))
    ids = {key["templates"][q["template"]]["class"]: q["id"] for q in key["questions"]}
    rows = [("G", ids["C22"], "c", "3.50 bits"), ("I", ids["C22"], "c", "3.499 bit"),
            ("J", ids["C22"], "c", "1.68 bits"), ("P", ids["C21"], "b", "17475072 parameters"),
            ("P", ids["C21"], "a", "17275392 params")]
    answers = folder / "answers.csv"
    with answers.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    quizgen.grade(answers, key=folder / "p" / "key.json", out=folder / "graded.csv")
    with (folder / "graded.csv").open(encoding="utf-8-sig") as handle:
        return key, {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}


@pytest.mark.slow
def test_grade_marks_answers_in_the_units_the_part_declares(graded):
    _, rows = graded
    assert rows["G", "c"]["status"] == rows["I", "c"]["status"] == "correct"
    assert rows["J", "c"]["misconception"] == "nats_to_bits_multiplied"   # the trap, named, not a person's
    assert rows["P", "a"]["status"] == rows["P", "b"]["status"] == "correct"


@pytest.mark.slow
def test_the_key_carries_the_units_once_per_template_and_only_when_declared(graded):
    key, _ = graded
    parts = {t["class"]: t["parts"] for t in key["templates"].values()}
    assert [p.get("units") for p in parts["C22"]] == [None, None, ["bits", "bit"], None]
    assert [p.get("units") for p in parts["C21"]][:2] == [["parameters", "params"]] * 2
    assert all("units" not in p for q in key["questions"] for p in q["parts"])
    read = Key.from_json(key)   # reads back, and writes the same units
    assert {p.spec.units for q in read.questions for p in q.parts} == {(), ("bits", "bit"), ("parameters", "params")}


def test_the_drill_marks_an_answer_in_bits_at_a_part_in_bits():
    _, output = drill("C22", "3.2", "24.5", "1.54 bits", "q", seed=3, banks=(str(BANK),))
    assert "I cannot mark '1.54 bits'" not in output and "Correct: 1.5389" in output


def _with_units(tmp_path, line: str, after: str = "    answer: \"mean(l) / log(2)\"") -> Path:
    source = (BANK / "c22_perplexity_bits.yaml").read_text(encoding="utf-8")
    source = source.replace("    units: [bits, bit]\n", "")
    assert after in source
    path = tmp_path / "c22.yaml"
    path.write_text(source.replace(after, f"{after}\n{line}", 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("line, message", [
    ("    units: bits", "units is a list of 1 to 8 short unit words"),
    ("    units: [2bits]", '"2bits" is not one'),
    ("    units: [b1ts, bit]", '"b1ts" is not one'),
    ("    units: []", "units is a list of 1 to 8 short unit words"),
    ("    units: [x]", '"x" is not one'),
])
def test_validate_names_a_bad_units_list_in_one_line(tmp_path, line, message):
    path = _with_units(tmp_path, line)
    with pytest.raises(QuizgenError) as caught:
        load_template(path)
    text = str(caught.value).strip()
    number = next(i for i, s in enumerate(path.read_text().split("\n"), 1) if s.startswith("    units:"))
    assert f"c22.yaml:{number}: parts.2.units:" in text and message in text and "\n" not in text


def test_units_on_a_word_part_are_refused(tmp_path):
    path = _with_units(tmp_path, "    units: [bits]", "    type: word")
    with pytest.raises(QuizgenError, match="parts.3.units: units is for numeric and integer parts"):
        load_template(path)


@pytest.mark.slow
def test_validate_runs_a_templates_tests_with_units(tmp_path):
    shutil.copy(BANK / "c22_perplexity_bits.yaml", tmp_path)
    report = validate([tmp_path / "c22_perplexity_bits.yaml"], samples=20)
    assert all(not r.problems for r in report), [str(p) for r in report for p in r.problems]


def test_a_key_refuses_bad_units_naming_the_path():
    number = {"part": "a", "name": "p", "type": "numeric", "points": 1, "traps": [], "exact": "1/2", "value": 0.5,
              "answer": "0.5", "units": ["bits", 3]}
    with pytest.raises(QuizgenError, match=r"units: units is a list .*3 is not one"):
        Key.from_json({"questions": [{"id": "Q1", "parts": [number]}]})
    word = {"part": "a", "name": "w", "type": "word", "points": 1, "accept": ["yes"], "traps": [],
            "answer": "yes", "units": ["bits"]}
    with pytest.raises(QuizgenError, match="only a number part has units"):
        Key.from_json({"questions": [{"id": "Q1", "parts": [word]}]})


@pytest.mark.parametrize("units, said", [
    (["pi"], '"pi" is a word an answer\'s number is read with'), (["LN"], '"LN" is a word'),
    (["million"], '"million" is a word'), (["attention exp"], '"attention exp" is a word'),
    (["bit"] * 1000, "got a list of 1,000")])
def test_units_that_would_change_how_a_number_reads_are_refused(units, said):
    """rev42d F8, F9: [pi] made "2 pi" read as 2; a list of 1,000 was told "got a list"."""
    from quizgen.key.checks import units_problem
    assert said in (units_problem(units) or ""), units_problem(units)


@pytest.mark.parametrize("text", ["3.5 bits bits", "3.50 (in bits) bits", "3.50 bits%"])
def test_on_a_part_in_bits_a_doubled_unit_is_no_log2_slip(text):
    """rev42d F10: the log-2 reason, meant for a part in nats, sent its marker after a non-issue."""
    reading = read_number(text, units=BITS)
    assert reading.status == REVIEW and reading.reason != BITS_REASON, reading
