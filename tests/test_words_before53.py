"""Words before a number (review 53b F4): ``total 1850``, ``exactly 1850`` and ``Answer 1850`` were
``invalid``, 0, and routed to no one, while ``1850 total`` went to a person and ``answer: 1850`` was
read. A word that labels the number (``answer``, ``total``, ``in total``, ``altogether``, ...) or
says it is exact is read past as ``approx.`` is; any other words before one number go to a person;
a word that changes the number, a function or constant name, a second number, is never read past."""

import pytest

from quizgen.marking.forms import NUMBER, REVIEW, read_number
from quizgen.marking.leading_words import WORDS_BEFORE_REASON


@pytest.mark.parametrize("text, value, figures", [
    ("total 1850", 1850.0, 4), ("Total 1850", 1850.0, 4), ("in total 1850", 1850.0, 4), ("in total 7", 7.0, 1),
    ("exactly 1850", 1850.0, 4), ("Answer 1850", 1850.0, 4), ("final answer 1850", 1850.0, 4),
    ("ans 1850", 1850.0, 4), ("altogether 1850", 1850.0, 4), ("overall 1850", 1850.0, 4),
    ("precisely 0.9426", 0.9426, 4), ("answer: exactly 1850", 1850.0, 4),
    ("total 1850 positions", 1850.0, 4), ("exactly 0.943 (3 s.f.)", 0.943, 3)])
def test_a_label_or_exactness_word_before_a_number_is_read_past(text, value, figures):
    reading = read_number(text, whole=value == int(value))
    assert (reading.status, reading.value, reading.figures) == (NUMBER, value, figures)


@pytest.mark.parametrize("text", ["all 1850", "only 1850", "just 1850", "in all 1850", "not 1850", "half of 1850",
                                  "yes 1850", "no 1850", "nats 1.09", "mean 1.09", "exactly not 1850", "twice 1850",
                                  "minus 1850"])
def test_other_words_before_one_number_go_to_a_person(text):
    reading = read_number(text, whole=True)
    assert (reading.status, reading.reason) == (REVIEW, WORDS_BEFORE_REASON)


@pytest.mark.parametrize("text", ["e 1850", "pi 1850", "x 1850", "total 1850 1480", "total e", "exactly pi",
                                  "sum 1850", "lg 1850", "total x 1850"])
def test_a_name_or_a_second_number_is_never_read_past(text):
    """A constant, a function, a letter or two numbers after the words: not the bare number, and not this rule."""
    reading = read_number(text, whole=True)
    assert reading.status != NUMBER and reading.reason != WORDS_BEFORE_REASON


@pytest.mark.parametrize("text, status", [("less than 1850", REVIEW), ("1850?", REVIEW), ("exactly 1850?", REVIEW),
                                          ("about half of 1850", REVIEW)])
def test_words_that_change_the_number_keep_their_own_reading(text, status):
    assert read_number(text, whole=True).status == status


@pytest.mark.parametrize("text, value", [("log 1850", 7.522941), ("ln 1850", 7.522941), ("sqrt 4", 2.0),
                                         ("exp 2", 7.389056)])
def test_the_parsers_function_names_still_read_as_functions(text, value):
    reading = read_number(text)
    assert (reading.status, pytest.approx(value)) == (NUMBER, reading.value)


def test_the_students_sheet_says_their_number_has_words_before_it():
    from quizgen.grading.feedback_review import review_words
    assert review_words(WORDS_BEFORE_REASON, "only 1850") == \
        "your number has words before it; your marker will decide what it means."


@pytest.mark.parametrize("waiting", [True, False])
def test_invalid_answers_are_in_the_reports_to_act_on_and_the_summarys_next_line(invoke, tmp_path, seed3_key,
                                                                                  waiting):
    """review 53b F4: an invalid answer was in neither report.md's "To act on" nor the "Next:" line, so a
    teacher following them never saw it; both now name it, and the hint gives ``--also invalid``."""
    from quizgen.grading.look_at import review_hint
    from quizgen.report.attention import UNREAD_INTRO
    rows = "s1,Q1,a,0.7x\n" + "s2,Q1,a,maybe 0.7\n" * waiting
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", seed3_key, "--out", tmp_path / "out" / "g.csv", "--no-html")
    assert result.exit_code == 0, result.output
    hint = review_hint(tmp_path / "out" / "g.csv", invalid=True)
    assert result.output.rstrip().endswith(hint) and " --also invalid writes the answers" in hint
    report = (tmp_path / "out" / "g-report.md").read_text(encoding="utf-8")
    assert f"{UNREAD_INTRO}\n\n- s1: Q1a\n" in report.split("## To act on")[1]
