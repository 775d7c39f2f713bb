"""A text that offers a choice of roundings ("to 3 s.f. or 2 d.p.") states both, as
one choice: a tolerance that marks one of them gets a warning that a student taking
the other may be marked otherwise (whether they are depends on the value's size), and
one that marks neither is refused naming both. The second rounding was left unread:
"3 s.f. or 2 d.p." passed without a word, and "2 d.p. or 3 s.f." was refused as if the
text said 2 decimal places alone."""

import pytest

from quizgen.validation.rounding_phrases import roundings
from quizgen.validation.stated import stated_problems
from test_validate_consistency60 import _file, _template

STEM = "Give answers to 3 significant figures ({{ rounding_rule }}) and"


@pytest.mark.parametrize("text, read", [
    ("Give your answer to 3 s.f. or 2 d.p.", [("sigfigs", 3, "answer"), ("places", 2, "answer")]),
    ("What is p, to 2 decimal places, or to 3 significant figures?", [("places", 2, "answer"),
                                                                     ("sigfigs", 3, "answer")]),
    ("Keep 4 s.f. or 5 s.f. in intermediate steps.", [("sigfigs", 4, "working"), ("sigfigs", 5, "working")]),
    ("Do not round to 2 d.p. or 3 s.f.", []),
])
def test_both_roundings_of_a_choice_are_read(text, read):
    found = roundings(text)
    assert [(r.kind, r.n, r.about) for r in found] == read
    assert len({r.choice for r in found}) <= 1 and all(r.choice for r in found)


def _findings(tmp_path, stem: str) -> tuple:
    path, _ = _file(tmp_path, (STEM, stem))
    problems, warnings = stated_problems(_template(path))
    return [p.message for p in problems], [w.message for w in warnings]


@pytest.mark.parametrize("choice", ["3 s.f. or 2 d.p.", "2 d.p. or 3 s.f."])
def test_a_choice_the_tolerance_marks_one_of_is_warned_of(tmp_path, choice):
    problems, warnings = _findings(tmp_path, f"Give answers to {choice} ({{{{ rounding_rule }}}}) and")
    assert problems == [] and warnings == [
        f"warning: the stem offers a choice, \"to {choice}\", but part p1's tolerance marks answers to 3 significant "
        "figures (the default): a student who gives them to 2 decimal places may be marked otherwise (as the "
        "value's size has it); say the one rounding the part is marked by"]


def test_a_choice_the_tolerance_marks_neither_of_is_refused_naming_both(tmp_path):
    problems, warnings = _findings(tmp_path, "Give answers to 4 s.f. or 2 d.p. ({{ rounding_rule }}) and")
    assert warnings == [] and problems == [
        "the stem says to give answers to 4 significant figures or to 2 decimal places, but part p1's tolerance "
        "marks them to 3 significant figures (the default): a student who rounds as the text says is marked "
        "otherwise; make the two say the same"]


def test_a_rounding_said_twice_is_no_choice_to_warn_of(tmp_path):
    assert _findings(tmp_path, "Give answers to 3 s.f. or 3 significant figures ({{ rounding_rule }}) and") == ([], [])
