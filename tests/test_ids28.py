"""Session 28 ids: ids a spreadsheet mangled (a '.0' added, scientific
notation), one "did you mean" per id in the summary and the Moodle warning,
the absent said truly without --roster, "and N more" in the gradebook notes,
the roster's zero twins on the HTML page, the paper-code reasons' marker."""

import pytest
import csv
from types import SimpleNamespace

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.student_ids import IdMatcher, id_hint, scientific_ids, spreadsheet_decimal, zero_pairs
from test_lms_attempts27 import BLANK, RIGHT, _moodle

LONG = ["20231234567890", "20231234567891", "20231299999999"]


def _key(tmp_path):
    made = CliRunner().invoke(main, ["generate", "--seed", "5", "--count", "1", "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    return tmp_path / "paper" / "key.json"


def _csv(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _grade(*args):
    result = CliRunner().invoke(main, ["grade", *map(str, args)])
    assert result.exit_code == 0, result.output
    return result, " ".join(result.output.split())


# ---------------------------------------------------------------- 1. ids a spreadsheet mangled

def test_a_spreadsheets_point_zero_is_matched_as_leading_zeros_are():
    assert spreadsheet_decimal("20231234567891.0") == "20231234567891" and spreadsheet_decimal("s1.0") is None
    matcher = IdMatcher(["20231234567891", "012345"])
    assert matcher.match("20231234567891.0") == "20231234567891"
    assert matcher.match("12345.0") == "012345"   # both manglings at once
    assert matcher.match("20231234567892.0") is None and matcher.match("1.5") is None
    assert zero_pairs(["123.0"], ["123"]) == {}   # a gradebook template's ids: leading zeros only, as its note says


def test_an_id_in_scientific_notation_could_be_the_ids_that_round_to_it():
    assert scientific_ids("2.02312E+13", LONG) == LONG[:2]   # 2023129... rounds to 2.02313E+13
    assert scientific_ids("2.02313e13", LONG) == LONG[2:]
    assert scientific_ids("2.02312E+13", ["s1", "2023123"]) == []
    assert scientific_ids("20231234567890", LONG) is None and scientific_ids("1.5e+0", LONG) is None
    hint = id_hint("2.02312E+13", LONG, prefer=LONG[1:])
    assert hint == ("a spreadsheet wrote this id in scientific notation, losing its last digits: export the id "
                    "column as text and grade again; did you mean 20231234567891 or 20231234567890?")   # no answers first
    assert id_hint("2.02312E+13", ["s1"]).endswith("export the id column as text and grade again")


@pytest.mark.slow
def test_grade_matches_a_point_zero_id_and_never_guesses_a_scientific_one(tmp_path):
    key = _key(tmp_path)
    roster = _csv(tmp_path / "roster.csv", [["student_id", "name"], [LONG[0], "A"], [LONG[1], "B"], ["012345", "C"]])
    answers = _csv(tmp_path / "answers.csv", [["student_id", "question_id", "part", "answer"],
                                              ["2.02312E+13", "Q1", "a", "1"], ["20231234567891.0", "Q1", "a", "1"],
                                              ["12345", "Q1", "a", "1"]])
    _, output = _grade(answers, "--key", key, "--roster", roster)
    assert ("Note: 1 student id(s) matched a known id once the '.0' a spreadsheet adds to a number-like id was "
            "taken off, and were graded as that student (export the answers' id column as text): "
            "20231234567891.0 as 20231234567891") in output
    assert ("Note: 1 student id(s) matched a known id only by leading zeros, and were graded as that student "
            "(check for a typo): 12345 as 012345") in output
    assert ("Note: 1 graded student id(s) are not on the roster: 2.02312E+13 (a spreadsheet wrote this id in "
            "scientific notation, losing its last digits: export the id column as text and grade again; did you "
            "mean 20231234567890 or 20231234567891?)") in output
    assert f"on the roster gave no answer (missing, scored 0): {LONG[0]}" in output   # never guessed as them
    assert f"{LONG[1]}," not in output.split("gave no answer")[1].split("Note:")[0]


# ---------------------------------------------------------------- 2. one hint per id

@pytest.mark.slow
def test_the_moodle_warning_and_the_note_give_an_id_the_same_hint(tmp_path):
    key = _key(tmp_path)
    roster = _csv(tmp_path / "roster.csv", [["student_id", "name"], ["s001", "A"], ["s010", "B"]])
    answers = _csv(tmp_path / "answers.csv", [["student_id", "question_id", "part", "answer"],
                                              ["s001", "Q1", "a", "1"], ["s011", "Q1", "a", "1"]])
    _, output = _grade(answers, "--key", key, "--roster", roster, "--gradebook", "moodle", "--out", f"{tmp_path}/o/")
    hint = "s011 (did you mean s010 or s001?)"   # s010, who gave no answer, first
    assert f"does not know: {hint}; fix the id" in output, output
    assert f"Note: 1 graded student id(s) are not on the roster: {hint}" in output


# ---------------------------------------------------------------- 3. the absent, said truly

@pytest.mark.slow
def test_an_empty_lms_attempt_without_roster_is_not_said_to_be_on_a_roster(tmp_path):
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT), ("s002", 20, BLANK)])
    _, output = _grade(path, "--key", key)
    assert "Note: 1 student has an attempt in the LMS download with no answer in it (missing, scored 0): s002" \
        in output
    assert "on the roster" not in output and "and 1 who gave none, counted absent" in output and "the 1 absent is left out" in output


@pytest.mark.slow
def test_a_roster_absentee_is_still_said_to_be_on_the_roster(tmp_path):
    key = _key(tmp_path)
    roster = _csv(tmp_path / "roster.csv", [["student_id"], ["s1"], ["s2"]])
    answers = _csv(tmp_path / "answers.csv", [["student_id", "question_id", "part", "answer"], ["s1", "Q1", "a", "1"]])
    _, output = _grade(answers, "--key", key, "--roster", roster)
    assert "Note: 1 student on the roster gave no answer (missing, scored 0): s2" in output
    assert "and 1 on the roster who gave none, counted absent" in output


# ---------------------------------------------------------------- 4. leftovers

def test_the_gradebook_notes_count_the_ids_they_do_not_name():
    from quizgen.grading.gradebook_warnings import other_rows_note, unmatched_note

    ids = [f"s{k}" for k in range(8)]
    moodle = unmatched_note(SimpleNamespace(gradebook="moodle"), None, SimpleNamespace(unmatched=ids))[0]
    assert "s0, s1, s2, s3, s4 and 3 more; if they" in moodle and ", ..." not in moodle
    rows = [(i, f"{i}-a", f"{i}-b") for i in ids]
    other = other_rows_note(SimpleNamespace(gradebook_template="t.csv"), SimpleNamespace(other_rows=rows))[0]
    assert other.endswith("s4 on s4-a, not s4-b and 3 more")
    canvas = unmatched_note(SimpleNamespace(gradebook="canvas"), SimpleNamespace(absent=[], zero_marked=[]),
                            SimpleNamespace(unmatched=ids, unfilled=[]))[0]
    assert canvas.endswith("s0, s1, s2, s3, s4 and 3 more")


@pytest.mark.slow
def test_the_html_page_lists_the_rosters_zero_twins_warning_once_the_summary_does_not_repeat_it(tmp_path):
    key = _key(tmp_path)
    roster = _csv(tmp_path / "roster.csv", [["student_id"], ["00123"], ["123"], ["s1"]])
    answers = _csv(tmp_path / "answers.csv", [["student_id", "question_id", "part", "answer"], ["s1", "Q1", "a", "1"]])
    result, output = _grade(answers, "--key", key, "--roster", roster)
    said = "lists student ids differing only by leading zeros, taken as different students"
    assert output.count(said) == 1 and f"quizgen: warning: --roster roster.csv {said}" in output
    page = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    assert f"<li>Warning: --roster roster.csv {said}" in page
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert report.count(said) == 1 and f"- Warning: --roster roster.csv {said}" in report


def test_a_paper_code_reason_is_told_by_its_type_not_its_wording():
    import pickle

    from quizgen.grading.key_index import CodeReason
    from quizgen.grading.outcome import code_outcome, make_outcome
    from quizgen.grading.paper_written import _code_reason
    from quizgen.key.status import Status

    said = "paper code 'AB12' is another student's paper, not this student's: expected paper CD34"
    assert _code_reason(code_outcome(None, CodeReason(said)))
    assert _code_reason(pickle.loads(pickle.dumps(code_outcome(None, CodeReason(said)))))   # --jobs' parts
    assert not _code_reason(make_outcome(Status.NEEDS_REVIEW, 0.0, "", "", "", said))   # wording alone: not one


def test_of_the_students_named_as_the_row_those_who_gave_no_answer_come_first():
    """Review 41b F1: `s690` under the name of three classmates who answered and of s069, who gave no answer
    (the one whose paper the answers were), was asked "did you mean" the three who answered."""
    known = ["s010", "s020", "s030", "s069", "s070"]
    assert id_hint("s690", known, named=["s010", "s020", "s030", "s069"], prefer=["s069"]) == \
        "did you mean s069 or s010 or s020?"
    assert id_hint("s690", known, named=["s010", "s020", "s030", "s069"]) == "did you mean s010 or s020 or s030?"
