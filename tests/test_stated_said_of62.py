"""The rounding a text states is read from what it is said of: the answer, the
working, or a thing the reader cannot tell, which is warned of and never refused;
a negated rounding states none; and a mismatch is told at the line that states
the rounding (the stem's or the ask's), naming the part."""

import pytest

from quizgen.validation.rounding_phrases import roundings
from quizgen.validation.run import validate_file
from quizgen.validation.stated import stated_problems, stated_rounding
from test_validate_consistency60 import ASK, _file, _line, _template

RULE = ("Give answers to 3 significant figures ({{ rounding_rule }}) and keep at\n"
        "  least 4 significant figures in intermediate steps.")
TWO_PLACES = ("    answer: p\n", "    answer: p\n    tolerance: {atol: 0.005}\n")


# ---------------------------------------------------------------- what a rounding is said of

@pytest.mark.parametrize("text, stated", [
    ("Working in nats, give the answer to 2 decimal places.", [("places", 2)]),
    ("Do not round to 2 decimal places; give 3 significant figures.", [("sigfigs", 3)]),
    ("Give 3 significant figures, not to 2 decimal places.", [("sigfigs", 3)]),
    ("Round intermediate values to 4 s.f., and give the answer to 2 d.p.", [("places", 2)]),
    ("Give the answer, not the working, to 2 decimal places.", [("places", 2)]),
    ("Every answer is a loss: give it to 2 decimal places.", [("places", 2)]),
    ("All answers should be given to 3 sf.", [("sigfigs", 3)]),
    ("What is p, to 4 significant figures?", [("sigfigs", 4)]),
    ("How many tokens are masked, to the nearest whole number?", [("places", 0)]),
    ("Give it exactly, as a fraction (or a decimal to 6 significant figures).",
     [("exact", None), ("exact", None), ("sigfigs", 6)]),
    ("Working in nats, what is the loss to 2 decimal places?", [("places", 2)]),
    ("Give the loss rounded to 3 sf.", [("sigfigs", 3)]),
    ("Give the number of steps to the nearest whole number.", [("places", 0)]),
    ("Keep at least 4 significant figures in intermediate steps.", []),
    ("Use the weights given to 4 significant figures.", []),
    ("Never round to 2 decimal places.", []),
    ("The weights are shown to 4 significant figures.", []),
])
def test_a_rounding_is_the_answer_s_when_said_of_it(text, stated):
    assert stated_rounding(text) == stated


@pytest.mark.parametrize("text, about", [
    ("Keep at least 4 significant figures in intermediate steps.", "working"),
    ("Round intermediate values to 4 significant figures.", "working"),
    ("The weights are shown to 4 significant figures.", "unclear"),
    ("Round the logits to 2 decimal places before the softmax.", "unclear"),
    ("Keep 4 significant figures.", "unclear"),
])
def test_what_a_rounding_not_of_the_answer_is_said_of(text, about):
    assert [r.about for r in roundings(text)] == [about]


def test_a_working_word_before_the_answer_s_rounding_leaves_it_the_answer_s(tmp_path):
    """A participle in the clause ("Working in nats, give the answer to ...") is not what is rounded."""
    path, _ = _file(tmp_path, TWO_PLACES, (RULE, "Working in nats, give the answer to 2 decimal places."))
    assert stated_problems(_template(path)) == ([], [])
    problems = [str(p) for p in validate_file(path, 0, referee=False).problems]
    assert not [p for p in problems if "decimal places" in p], problems


def test_a_denied_rounding_states_nothing(tmp_path):
    path, _ = _file(tmp_path, (RULE, "Do not round to 2 decimal places; give 3 significant figures."))
    assert stated_problems(_template(path)) == ([], [])


def test_a_stem_s_rounding_is_told_at_the_stem_s_line(tmp_path):
    path, text = _file(tmp_path, (RULE, "Give the answer\n  to 2 decimal places."))
    problems, _ = stated_problems(_template(path))
    assert [str(p) for p in problems] == [
        f"{path}:{_line(text, '  to 2 decimal places.')}: stem: the stem says to give answers to 2 decimal places, but "
        "part p1's tolerance marks them to 3 significant figures (the default): a student who rounds as the text "
        "says is marked otherwise; make the two say the same"]


def test_an_ask_s_rounding_is_told_at_the_ask_s_line(tmp_path):
    path, text = _file(tmp_path, (ASK, '    ask: "What probability does the softmax give label 1, to 4 s.f.?"\n'))
    problems, _ = stated_problems(_template(path))
    assert [(p.line, p.key) for p in problems] == [(_line(text, ASK.replace("?", ", to 4 s.f.?")), "parts.0.ask")]
    assert "this part's ask says to give answers to 4 significant figures" in problems[0].message


def test_a_rounding_the_reader_cannot_place_is_a_warning_not_a_refusal(tmp_path):
    path, text = _file(tmp_path, TWO_PLACES, (RULE, "The logits are shown to 1 decimal place."))
    problems, warnings = stated_problems(_template(path))
    assert problems == []
    assert [str(w) for w in warnings] == [
        f"{path}:{_line(text, '  its softmax. The logits are shown to 1 decimal place.')}: stem: warning: the stem "
        "says \"to 1 decimal place\", and validate cannot tell whether that is said of part p1's answer or of "
        "something else (the working, a value given); the part's tolerance marks answers to 2 decimal places: "
        "if it is the answer's rounding, make the two say the same; if not, say how to round the answer (\"give "
        "the answer to ...\")"]


def test_a_refusal_for_no_stated_rounding_names_the_working_s(tmp_path):
    path, _ = _file(tmp_path, TWO_PLACES, (RULE, "Round intermediate values to 4 significant figures."))
    problems, _ = stated_problems(_template(path))
    assert [p.key for p in problems] == ["parts.0.ask"]
    assert ("the tolerance marks answers to 2 decimal places, but neither the stem nor this part's ask says so "
            "(\"to 4 significant figures\" is said of the working)") in problems[0].message
