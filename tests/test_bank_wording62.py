"""The shipped bank's near-1 notes keep the stem's instruction, trap feedback gives no
other part's answer, and C6 states BERT's own masking count with its cap."""

import re
from fractions import Fraction

import pytest

from quizgen.bank.loader import builtin_bank_dir, read_yaml
from quizgen.generation.quiz import Question
from quizgen.generation.plan import from_yaml
from quizgen.generation.param_draws import derive
from quizgen.generation.sampling import build_instance, canonical_instance
from quizgen.generation.views import question_view
from test_marking_students_gen import BANK


def _exact(value):
    if isinstance(value, list):
        return tuple(_exact(v) for v in value)
    return value if isinstance(value, str) else Fraction(str(value))


def _draw(cls: str, params: dict, choices: dict):
    """The draw of ``cls`` a key.json lists by its params and choices (option numbers);
    parameters it does not list are the canonical draw's, those worked from others worked again."""
    template = BANK[cls]
    canonical = canonical_instance(template).params
    given = {}
    for param in template.params:
        if param.name in params:
            given[param.name] = _exact(params[param.name])
        elif param.name in choices:
            given[param.name] = from_yaml(param.spec[choices[param.name]])
        elif param.kind in ("value", "insert"):
            given[param.name] = derive(param, given)
        else:
            given[param.name] = canonical[param.name]
    return build_instance(template, f"{cls} probe", given)


def _solution(instance) -> str:
    view = question_view(Question("Q1", instance), "md")
    return " ".join(" ".join(str(step) for step in view["steps"]).split())


@pytest.mark.parametrize("cls, params, choices, p_c4, p_shown", [
    ("C1", {"V": 4, "z": [0, 0.5, 0, 4], "t": 3, "others": ["sock", "book", "cake"]}, {"scene": 3}, "0.9374", "0.93736"),
    ("C8", {"K": 2, "z": [2.5, -1.5], "y": 0}, {"task": 0}, "0.9820", "0.98202"),
])
def test_the_near_one_note_keeps_the_stems_instruction(cls, params, choices, p_c4, p_shown):
    """p carried to 4 figures of p, not of 1 - p as the stem asks: the note says to keep the stem's."""
    text = _solution(_draw(cls, params, choices))
    assert f"Carried to 4 figures, $p = {p_c4}$" in text, text
    assert ("both are marked correct by default (carried rounding), as $L$ lies near a rounding boundary. "
            "With $p$ near 1, though, keep it as the question asks, to 4 significant figures of its difference "
            f"from 1 ({p_shown}, as in the working above)") in text, text


def _bank_yaml(cls: str) -> dict:
    return read_yaml(next(builtin_bank_dir().glob(f"{cls.lower()}_*.yaml")))


@pytest.mark.parametrize("cls", sorted(BANK))
def test_no_trap_feedback_names_another_parts_answer(cls):
    """An LMS can show a question's parts apart: a trap's feedback gives no other part's value."""
    parts = _bank_yaml(cls)["parts"]
    answers = {p["name"]: p["answer"] for p in parts if isinstance(p.get("answer"), str)}
    for part in parts:
        others = {a for name, a in answers.items() if name != part["name"] and re.fullmatch(r"\w+", a)}
        for trap in part.get("traps", []):
            named = set(re.findall(r"{[{%][-\s]*(?:if\s+)?(\w+)", trap.get("feedback", "")))
            assert not named & others, (part["name"], trap["code"], named & others)


def test_no_trap_feedback_states_an_earlier_parts_value_in_words():
    """C5 (b) said the sum is 0 ((a)); C10 (b) said to divide by one more than the words ((a))."""
    c5 = {t["code"]: t["feedback"] for p in _bank_yaml("C5")["parts"] for t in p.get("traps", [])}
    assert "sum is 0" not in c5["zero_mask_is_zero"]
    c10_b = [t["feedback"] for p in _bank_yaml("C10")["parts"] if p["name"] == "loss" for t in p["traps"]]
    assert not [f for f in c10_b if re.search(r"one more|plus one", f)], c10_b


def test_c6_states_berts_count_with_its_cap():
    """BERT's count is of the whole length, and never over the configured per-sequence cap."""
    stem = " ".join(question_view(Question("Q1", canonical_instance(BANK["C6"])), "md")["stem"].split())
    assert ("BERT's own code takes it of each sequence's length with [CLS] and [SEP] counted, a fraction of a "
            "token more before the count is rounded to a whole number, and never picks more than a per-sequence "
            "cap set in its configuration.") in stem, stem
