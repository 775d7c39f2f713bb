"""Session 29 leftovers (left29b): an answer said in bits that is the log-2 trap."""

import re
from functools import partial

import pytest
from click.testing import CliRunner

from quizgen.cli import main


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    """The key of seed 5's class paper (Q1: C1, its (b) a loss with a log-2 trap)."""
    from quizgen.key.load import load_key_file

    folder = tmp_path_factory.mktemp("left29b")
    made = CliRunner().invoke(main, ["generate", "--seed", "5", "--count", "1", "--format", "md",
                                     "--out", str(folder / "paper")])
    assert made.exit_code == 0, made.output
    return load_key_file(folder / "paper" / "key.json")


def _part(key, question, letter):
    found = next(q for q in key.questions if q.id == question)
    return next(p for p in found.parts if p.letter == letter)


@pytest.mark.parametrize("unit", ["bits", "bit", "(in bits)", "(bits)", "in bits", "bits."])
@pytest.mark.slow
def test_the_log2_trap_said_in_bits_is_named_as_that_trap(key, unit):
    from quizgen.grading.part_checker import check_answer

    part = _part(key, "Q1", "b")
    log2 = part.trap_values[[t.code for t in part.traps].index("log2_instead_of_ln")]
    verdict = check_answer(part, f"{log2:.4f} {unit}")
    assert (verdict.status.value, verdict.misconception) == ("incorrect", "log2_instead_of_ln")


def test_another_number_in_bits_still_goes_to_a_person(key):
    from quizgen.grading.part_checker import check_answer

    part = _part(key, "Q1", "b")   # the right value said in bits: which logarithm? a person decides
    verdict = check_answer(part, f"{part.value:.4f} bits")
    assert verdict.status.value == "needs_review" and "bits" in verdict.reason


@pytest.mark.parametrize("answer", ["no, it squares", "no, it is squared", "No. It quarters"])
def test_a_right_no_with_an_unlisted_change_goes_to_a_person(key, answer):
    from quizgen.grading.part_checker import check_answer
    from quizgen.marking.unlisted import UNLISTED_REASON

    part = _part(key, "Q9", "c")   # seed 5's C9 (c): would L_MLM double? no
    assert part.answer == "no"
    verdict = check_answer(part, answer)
    assert (verdict.status.value, verdict.reason) == ("needs_review", UNLISTED_REASON)


@pytest.mark.parametrize("answer", ["no, because it is an average", "no, it does not increase", "no, it doesn't square",
                                    "no, definitely not"])
def test_a_right_no_with_no_unlisted_change_stays_right(key, answer):
    from quizgen.grading.part_checker import check_answer

    assert check_answer(_part(key, "Q9", "c"), answer).status.value == "correct"


@pytest.mark.parametrize("answer, quoted", [
    ("-ln(0,789) = 0,300", "(-ln(0,789) is 0,237, not 0,300)"),
    ("L = 0,394 + 1,171 = 1,965", "(0,394 + 1,171 is 1,565, not 1,965)"),
    ("0,6952 ≈ 0,9", "(0,6952 and 0,9)")])
def test_a_working_reason_quotes_numbers_with_the_files_decimal_comma(answer, quoted):
    from quizgen.marking.forms import read_number

    assert quoted in read_number(answer, decimal_comma=True).reason
    point = partial(re.sub, r"(?<=\d),(?=\d)", ".")   # a point file: points
    assert point(quoted) in read_number(point(answer)).reason


@pytest.mark.parametrize("lms, name", [("moodle", "q.xml"), ("canvas", "q.zip")])
def test_export_refuses_a_seed_too_long_for_its_labels_up_front(tmp_path, lms, name):
    seed = "9" * 195   # C1's labels: 195 + "/mlm-confident-correct/1/redraw..." is over key.json's 200
    result = CliRunner().invoke(main, ["export", lms, "--classes", "C1", "--count", "2", "--seed", seed,
                                       "--out", str(tmp_path / name)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "is too long for these templates" in lines[0] and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []   # nothing written


@pytest.mark.slow
def test_key_csv_writes_e_as_exp_1_and_sympy_reads_every_exact_as_key_json_does(tmp_path):
    import csv
    import json
    import math

    from sympy.parsing.sympy_parser import parse_expr

    made = CliRunner().invoke(main, ["generate", "--seed", "5", "--count", "1", "--format", "md",
                                     "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    with open(tmp_path / "paper" / "key.csv", encoding="utf-8", newline="") as handle:
        rows = {(r["question_id"], r["part"]): r["exact"].lstrip("'") for r in csv.DictReader(handle)}
    key = json.loads((tmp_path / "paper" / "key.json").read_text(encoding="utf-8"))
    assert "exp(1)" in rows["Q1", "a"]   # seed 5's C1 has a logit of 1
    for question in key["questions"]:
        for part, record in zip(key["templates"][question["template"]]["parts"], question["parts"]):
            exact = rows[question["id"], part["part"]]
            assert not re.search(r"\bE\b", exact), exact
            if record.get("exact"):
                assert parse_expr(exact) == parse_expr(record["exact"])   # SymPy reads them alike
                assert math.isclose(float(parse_expr(exact)), record["value"], rel_tol=1e-12)


@pytest.mark.parametrize("seed, dropped", [(253, "log2_instead_of_ln"),    # V = 16: log2 V = 4, the stem's 4
                                           # V = 1002: log10 V = 3.0009, the 3 of "3 significant figures" (seed
                                           # 1214's V = 317 beside z = 2.5 is no longer drawn: ln 317 = 5.76 is
                                           # near the 5.80 the rounding sentence prints)
                                           (11, "log10_instead_of_ln"),
                                           (1452, None)])                  # V = 100, z = 0.5: log10 V = 2, not printed
def test_c3_leaves_out_a_log_trap_equal_to_a_number_its_stem_prints(tmp_path, seed, dropped):
    from quizgen.grading.part_checker import check_answer
    from quizgen.key.load import load_key_file

    made = CliRunner().invoke(main, ["generate", "--seed", str(seed), "--classes", "C3", "--count", "1",
                                     "--format", "md", "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    loss = load_key_file(tmp_path / "paper" / "key.json").questions[0].parts[1]
    values = dict(zip((t.code for t in loss.traps), loss.trap_values))
    assert [code for code in ("log10_instead_of_ln", "log2_instead_of_ln") if values[code] is None] == (
        [dropped] if dropped else [])
    if seed == 253:   # "4", copied from "4 significant figures", is no log-2 trap
        assert check_answer(loss, "4").misconception == ""
