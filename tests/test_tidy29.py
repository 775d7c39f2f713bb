"""Session 29 tidy (tidy29): dotted dates that are no clock, e-notation in bits
working, decimal-comma working reasons, change words by word family, and one
helper for "and N more"."""

import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [_part("a", 0.5), _part("b", 3.0)]}


def _run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


# ---------------------------------------------------------------- 1. dotted dates that cannot be a clock

@pytest.mark.parametrize("text, when", [("2026.12.03", (2026, 12, 3)), ("31.12.26", (2026, 12, 31)),
                                        ("30.11.26", (2026, 11, 30)), ("1.5.26", (2026, 5, 1))])
def test_a_dotted_date_that_cannot_be_a_clock_is_a_date(text, when):
    from datetime import datetime

    from quizgen.grading.time_text import read_time

    assert read_time(text, True) == (datetime(*when), False)


def test_a_dotted_value_that_can_only_be_a_clock_says_so():
    from quizgen.grading.time_text import Unread, read_time

    with pytest.raises(Unread, match="cannot be told apart"):
        read_time("10.05.30", True)
    with pytest.raises(Unread, match=r"^is not a time \(written as a time of day alone, with no date\)$"):
        read_time("10.45.30", True)


def test_grade_orders_resubmissions_by_dotted_dates(tmp_path):
    key = tmp_path / "key.json"
    key.write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (tmp_path / "t.csv").write_text("Zeitstempel,student_id,question_id,part,answer\n"
                                    "31.12.26,s1,Q1,a,0.5\n30.11.26,s1,Q1,a,0.7\n", encoding="utf-8")
    output = _run("grade", tmp_path / "t.csv", "--key", key, "--out", f"{tmp_path / 'out'}/")
    graded = (tmp_path / "out" / "t-graded.csv").read_text(encoding="utf-8-sig").splitlines()
    assert {line.split(",")[4]: line.split(",")[5] for line in graded[1:]} == {"0.5": "correct",
                                                                              "0.7": "superseded"}
    assert "the answer with the latest 'Zeitstempel' was graded" in output
    assert "is not a time" not in output


# ---------------------------------------------------------------- 2. a number in bits in e-notation

@pytest.mark.parametrize("text, number", [("1.482e1 bits", "1.482e1"), ("1.482E+1 (in bits)", "1.482E+1"),
                                          ("4.826e-1bits", "4.826e-1"), ("14.82 bits", "14.82"),
                                          ("-log2(p) = 0.48 bits", "")])
def test_a_number_in_bits_is_read_in_e_notation_too(text, number):
    from quizgen.marking.quantity_words import in_bits

    assert in_bits(text) == number


def test_grade_names_the_log2_trap_of_a_number_in_bits_in_e_notation(tmp_path):
    key = tmp_path / "key.json"
    part = dict(_part("a", 0.5), misconceptions=[{"code": "log2_instead_of_ln", "value": 14.82,
                                                   "feedback": "Log base 2 gives bits."}])
    key.write_text(json.dumps({"questions": [dict(Q1, parts=[part])]}), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,1.482e1 bits\n"
                                    "s2,Q1,a,14.82 bits\n", encoding="utf-8")
    _run("grade", tmp_path / "a.csv", "--key", key, "--out", f"{tmp_path / 'out'}/")
    graded = (tmp_path / "out" / "a-graded.csv").read_text(encoding="utf-8-sig").splitlines()
    assert [line.split(",")[4:7] for line in graded[1:]] == [["incorrect", "0", "0.5000"]] * 2
    assert all(",log2_instead_of_ln," in line for line in graded[1:])


# ---------------------------------------------------------------- 3. a working reason quotes numbers as written

def test_a_reason_quotes_decimal_commas_when_points_group_thousands():
    from quizgen.marking.asides import written_with_commas
    from quizgen.marking.forms import read_number

    assert "(1000,5 and 10,27)" in read_number("1.000,5 ≈ 10,27", decimal_comma=True).reason
    assert written_with_commas("1.000.000,5 = 9", True)
    assert not written_with_commas("0.5 ≈ 0,5", True) and not written_with_commas("1,000.5 = 2,5", True)


def test_grade_quotes_a_semicolon_files_thousands_points_reason_with_commas(tmp_path):
    key = tmp_path / "key.json"
    key.write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id;question_id;part;answer\ns1;Q1;b;1.000,5 ≈ 10,27\n", encoding="utf-8")
    _run("grade", tmp_path / "a.csv", "--key", key, "--out", f"{tmp_path / 'out'}/")
    graded = (tmp_path / "out" / "a-graded.csv").read_text(encoding="utf-8-sig")
    assert "(1000,5 and 10,27)" in graded and "1000.5" not in graded


@pytest.mark.parametrize("answer, value", [("0.8*1250 = 960", "1000"), ("0.8*1250000 = 960", "1.00e+06"),
                                           ("0.0005*2.5 = 0.0011", "0.00125"), ("9.9996*1 = 7", "10.0")])
def test_a_working_reason_writes_its_value_plainly_from_a_thousandth_to_a_million(answer, value):
    from quizgen.marking.forms import read_number

    assert f"is {value}, not " in read_number(answer, whole=True).reason


# ---------------------------------------------------------------- 4. change words by word family

ACCEPT_C = ["no", "false", "stays the same", "no, it stays the same"]
TRAPS_C = {"sum_instead_of_mean": ["yes", "true", "doubles", "grows", "increases", "decreases", "shrinks"]}


@pytest.mark.parametrize("answer", ["no, it increased", "no, it increases", "no, it increasing", "no, it grows",
                                    "no, it shrinks", "no, it decreases", "no, it doubles"])
def test_a_change_no_list_holds_goes_to_a_person_in_every_tense(answer):
    from quizgen.marking.unlisted import UNLISTED_REASON
    from quizgen.marking.words import read_words

    reading = read_words(answer, ["no", "false", "all at once"], {"left_to_right": ["yes", "left to right"]})
    assert (reading.status, reading.reason) == ("needs_review", UNLISTED_REASON)


@pytest.mark.parametrize("answer, listed", [("no, it increased", "no, it increases"), ("no, it grew", "no, it grows"),
                                            ("no, it shrank", "no, it shrinks"), ("it grew", "it grows"),
                                            ("increasing", "increases")])
def test_a_tense_of_a_listed_change_word_reads_as_that_word(answer, listed):
    from quizgen.marking.words import read_words

    assert read_words(answer, ACCEPT_C, TRAPS_C) == read_words(listed, ACCEPT_C, TRAPS_C)


def test_a_change_word_listed_with_two_meanings_is_left_as_written():
    from quizgen.marking.unlisted import as_listed

    assert as_listed("no, it grew", {"": ["grows"], "t": ["grown"]}) == "no, it grew"
    assert as_listed("no it grew", {"": ["no"], "t": ["it grows"]}) == "no it grows"


# ---------------------------------------------------------------- 5. one helper for "and N more"

def test_the_open_attempts_note_counts_the_students_it_does_not_name():
    from quizgen.lms.papers import open_attempt_sheets

    states = {n: "In progress" for n in range(7)}
    numbers, notes = open_attempt_sheets(states, {n: f"s{n}" for n in range(7)})
    assert numbers == set(range(7))
    assert "s0 (In progress), s1 (In progress), s2 (In progress), s3 (In progress), s4 (In progress) and 2 more; " \
           "grade again" in notes[0]


def test_named_few_names_the_first_then_counts_the_rest():
    from quizgen.wording import named_few
    from quizgen.grading import off_roster

    assert named_few(list("abcdefg")) == "a, b, c, d, e and 2 more" == off_roster.named_few(list("abcdefg"))
    assert named_few(list("abc"), 2) == "a, b and 1 more" and named_few(["a"]) == "a"


@pytest.mark.parametrize("module", ["quizgen.lms.attempts", "quizgen.grading.absent_notes", "quizgen.lms.papers"])
def test_the_notes_name_a_few_with_the_one_helper(module):
    import importlib
    import inspect

    source = inspect.getsource(importlib.import_module(module))
    assert "named_few(" in source and "named_first(" not in source and "first_few(" not in source
