"""words33: every reason an answer awaiting a person (or refused) can carry
reaches the student's sheet in the student's words, never graded.csv's
instructor text (a file, its line, "this student", "a person decides"); no
Python name (``Ellipsis``, ``b'1'``) in a reason, and a lone ``...`` is no
answer; the note on a paper code not the student's own counts the answers
still waiting and says which paper they fit."""

import re

import pytest

from fixtures_papers import coded_answers

import quizgen.marking.asides as asides
import quizgen.marking.quantity_words as bits
import quizgen.marking.forms as forms
import quizgen.marking.marks as marks
import quizgen.marking.percent as percent
import quizgen.marking.unlisted as unlisted
import quizgen.marking.words as words
from quizgen.grading.feedback_reasons import MARKER_LOOKS, note_to_student
from quizgen.grading.feedback_review import review_words
from quizgen.marking.forms import read_number

INSTRUCTOR = re.compile(r"a person|student|\bline \d|\.csv|\.json|quizgen|--[a-z]|Ellipsis", re.IGNORECASE)

_FILLED = {   # the reasons made from a template, filled as the grader fills them
    "RESTATED_REASON": asides.RESTATED_REASON.format("0.7"),
    "WORKING_REASON": asides.WORKING_REASON.format(working="2*3", value="6", last="5"),
    "GUESSED_REASON": marks.GUESSED_REASON.format(written="5,000", thousands="5000", decimal="5.000", name="comma"),
    "COUNT_REASON": marks.COUNT_REASON.format(what="a count", written="2,580", read="2.58", how="a decimal comma",
                                              other="2580"),
    "PERCENT_OF_REASON": percent.PERCENT_OF_REASON.format(15, 17200, 2580),
}
_MADE = [   # the reasons made in code, as the grader writes them
    "paper code 'NZ46-VGND' is another student's paper, not this student's: expected paper PX9T-VPE7",
    "paper code 'NZ46-VGND' is the class paper's, not this student's own: expected paper PX9T-VPE7",
    "paper code 'PX9T-VPE1' is one slip from this student's own paper code PX9T-VPE7 (1 for 7): probably their "
    "own paper, the code miswritten; a person checks it",
    "paper code 'ZZZZ-ZZZZ' is no paper of this key (expected paper PX9T-VPE7): papers from another run of "
    "generate? grade with the key.json written beside them",
    "ov.csv line 15 decided this part for the answer (blank), not this one: a person must decide it again",
    "ov.csv line 3 decided this part for the answer '0.5', not this one: a person must decide it again",
    "depends on (a) and (b), which a person must read: mark this part with them (on its own: incorrect)",
    "a number with 'n/a' beside it, which says no answer: a person decides whether the number is the answer",
    "'avg' may be short for 'average', a word this part lists: a person reads it",
    "'si' may be a yes or a no in another language: a person reads it",
    "Canvas keeps 4 decimal places of a typed number: 0.12345 is stored as 0.1235, so this may be the right "
    "answer typed in full; a person checks (the download cannot show what was typed)",
]


def _every_reason() -> list:
    """Every reason constant of the modules that build an awaiting answer's reason, then the made ones."""
    found = {}
    for module in (forms, asides, words, unlisted, bits, marks, percent):
        for name, value in vars(module).items():
            if isinstance(value, str) and (name.endswith("_REASON") or name in ("STRAY_PERCENT", "NOT_A_SHARE")):
                found[value] = _FILLED.get(name, value)
    return list(found.values()) + _MADE


@pytest.mark.parametrize("reason", _every_reason())
def test_every_reason_reaches_the_sheet_in_the_students_words(reason):
    said = review_words(reason, "0.5")
    assert not INSTRUCTOR.search(said), said
    assert said.endswith(".") and said != reason


def test_the_reviewers_two_reasons_are_said_to_the_student():
    assert review_words(_MADE[0], "0.626") == (
        "the paper code you wrote, 'NZ46-VGND', is not your own paper's (PX9T-VPE7); your marker will check which "
        "paper your answers are for.")
    assert review_words(_MADE[4], "0.5") == (
        "your marker decided this part for a blank answer, not for the one graded now; your marker will decide it "
        "again.")
    assert review_words("the overrides in ov.csv name it: a person reads it", "x") == MARKER_LOOKS + "."


def test_a_refused_answers_note_names_no_tool_and_no_advice_to_a_person():
    assert note_to_student("not a number or an expression quizgen reads: '0.71o'") == \
        "not a number or an expression the grader reads: '0.71o'"
    assert note_to_student("read as no answer: '-' says the part was not answered") == \
        "read as no answer: '-' says the part was not answered"


@pytest.mark.parametrize("text", ["...", "\u2026", ". . .", "....", '"..."'])
def test_a_lone_ellipsis_is_no_answer(text):
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("blank", f"read as no answer: {text!r} says the part was not answered")


@pytest.mark.parametrize("text, reason", [
    ("ln(1+e^3)+ln(e^-0.5+... )", "not a number: '...' (an ellipsis): write the whole value, not dots in place of its end"),
    ("0.789 + ...", "not a number: '...' (an ellipsis): write the whole value, not dots in place of its end"),
    ('b"1"', 'not a number: b"1": a b prefix and quotes around it; write the number alone'),
    ('ln("2")', 'not a number: "2": quotes around it; write the number alone'),
])
def test_a_constant_that_is_no_number_is_named_as_written(text, reason):
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("invalid", reason)


def test_digits_shown_with_an_ellipsis_are_still_a_number():
    assert read_number("0.7685...").value == pytest.approx(0.7685)


def test_the_code_note_counts_the_answers_still_waiting_and_names_the_paper_they_fit(invoke, papers):
    """s001 wrote s002's code on both answers but answered their own paper; an override decided (a)."""
    folder, info = papers
    own, other = info["s001"], info["s002"]
    answers = coded_answers(folder, [("s001", other[0], part, value) for part, value in zip("ab", own[1])])
    (folder / "ov.csv").write_text("student_id,question_id,part,share\ns001,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--roster", folder / "roster.csv",
                    "--overrides", folder / "ov.csv", "--out", folder / "fit" / "g.csv")
    assert result.exit_code == 0, result.output
    said = (f"Note: s001 wrote the paper code of s002's paper {other[0]} on all 2 of their coded answers, not their "
            f"own paper {own[0]}: 1 of them still waits for a person (needs_review; overrides decided the other); "
            f"the answers fit their own paper {own[0]}, not {other[0]}: the code was miswritten, so decide it "
            f"against {own[0]} (correct the code in the answers file and grade again, or override it); "
            f"--paper-as-written would mark it against {other[0]}")   # report34b: one answer left, "it"
    assert said in result.stdout
    report = (folder / "fit" / "g-report.md").read_text(encoding="utf-8")
    assert f"on 1 answer(s), but they fit their own {own[0]}: the code was miswritten" in report
    assert "grades them against it" not in report


def test_a_sheet_says_an_override_held_off_and_a_code_not_their_own_in_the_students_words(invoke, papers):
    """s001 wrote s002's code (their answers wait for it); ov.csv decided s002's (a) for another answer than theirs."""
    folder, info = papers
    own, other = info["s001"], info["s002"]
    answers = coded_answers(folder, [("s001", other[0], "a", own[1][0]), ("s002", other[0], "a", other[1][0])])
    (folder / "held.csv").write_text("student_id,question_id,part,answer,share\ns002,Q1,a,0.1234,1\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--roster", folder / "roster.csv",
                    "--overrides", folder / "held.csv", "--out", folder / "held" / "g.csv",
                    "--feedback", folder / "held" / "fb")
    assert result.exit_code == 0, result.output
    graded = (folder / "held" / "g.csv").read_text(encoding="utf-8")
    assert "held.csv line 2 decided this part" in graded and "another student's paper" in graded   # kept for the instructor
    sheets = {sid: (folder / "held" / "fb" / f"{sid}.md").read_text(encoding="utf-8") for sid in ("s001", "s002")}
    assert (f"why your marker will read it: the paper code you wrote, '{other[0]}', is not your own paper's ({own[0]}); "
            "your marker will check which paper your answers are for.") in sheets["s001"]
    assert ("why your marker will read it: your marker decided this part for another answer, '0.1234', not for the one "
            "graded now; your marker will decide it again.") in sheets["s002"]
    for sheet in sheets.values():
        assert not re.search(r"held\.csv|line \d|this student|a person (?:must|decides|checks)", sheet)
