"""Session 20's student review of the drill: C7's forecast reaches (b) when (a)
took no hint (the given score s it repeats is no later part's working); a
carried-rounding answer is not told the answer it was just shown again; a
bracket left open and a misspelt word are named as such."""

from types import SimpleNamespace

import pytest

from quizgen.drill.hints import part_hints
from quizgen.errors import ExpressionError
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.key.entries import key_entry
from quizgen.maths.parser import parse_answer

from test_drill17_review import _answers
from test_drill_hints import drill


def _part(output: str, letter: str) -> str:
    """The text printed while part ``letter`` is asked."""
    return output.split(f"\n({letter}) ")[1].split("\n\n")[0]


def test_c7s_forecast_reaches_b_when_a_asked_for_no_hint():
    """The reviewer's case: (b) and (c) started at "Hint 1 of 2: Step 2"."""
    output, _ = drill("0.279\nh\nq\n", classes="C7", seed=11, save=False)
    assert "Hint 1 of 3: Forecast" in _part(output, "b"), output


@pytest.mark.parametrize("cls", ["C1", "C2", "C6", "C7", "C10"])   # C4's draws have one part: no (b)
@pytest.mark.slow
def test_a_forecast_not_asked_for_at_a_is_offered_at_b(cls, templates_by_class):
    """docs/drill.md: "a forecast not asked for at its part is offered at the
    next part that asks" (C2 and C4 lost it on draws whose forecast repeats a
    number of the question, as C7's always does)."""
    checked = 0
    for seed in range(12):
        answers = _answers(templates_by_class[cls], seed)
        if len(answers) < 2:   # a draw with one part has no (b)
            continue
        output, _ = drill(f"{answers[0]}\nh\nq\n", classes=cls, seed=seed, save=False)
        assert "Hint 1 of " in _part(output, "b") and ": Forecast" in _part(output, "b"), (seed, output)
        checked += 1
    assert checked   # round 39's test review: every C4 draw has one part, so C4 checked nothing


def test_a_forecast_not_asked_for_at_its_own_part_is_offered_after_it(templates_by_class):
    """C10's forecast waits for (b), the loss: were (b) followed by a (c), it
    would be offered there, not lost (no shipped question has a part after
    the one its forecast waits for, so the hints are asked directly)."""
    template = templates_by_class["C10"]
    question = Question("Q1", sample_instance(template, seed_label(1, template.id, 0)))
    view, records = question_view(question, "text"), list(key_entry(question).parts)
    later = SimpleNamespace(name="later", letter="c", kind="word", value=None, accept=(), traps=())
    assert part_hints(view, records, 1, False).hints[0][0] == "Forecast"
    assert part_hints(view, records + [later], 2, False).hints[0][0] == "Forecast"
    assert "Forecast" not in [label for label, _ in part_hints(view, records + [later], 2, True).hints]


@pytest.mark.slow
def test_carried_rounding_does_not_repeat_the_answer_just_shown():
    """-ln(0.917) for 0.08684: "Correct: 0.08684 ... (from unrounded values the answer is 0.08684)"."""
    output, _ = drill("0.9168\n-ln(0.917)\nq\n", classes="C7", seed=262, save=False)
    part_b = " ".join(_part(output, "b").split())
    assert "Correct: 0.08684" in part_b and "the answer is 0.08684" not in part_b, part_b
    assert ("Accepted: consistent with carrying rounded intermediate results (your -ln(0.917) is 0.0866478)."
            in part_b), part_b
    output, _ = drill("0.9168\n0.0866\nq\n", classes="C7", seed=262, save=False)
    part_b = " ".join(_part(output, "b").split())
    assert part_b.endswith("Accepted: consistent with carrying rounded intermediate results. (Your (a) 0.9168 is a "
                           "probability over 0.9: carried into a later part, keep such a value to at least 4 "
                           "significant figures of its difference from 1, 5 figures here.)"), part_b   # the near-1 rule


@pytest.mark.parametrize("typed, reason", [("ln(1386", "a bracket is not closed"),
                                           ("ln((2", "2 brackets are not closed"),
                                           ("(0.3))", "a closing bracket has no opening one")])
def test_a_bracket_left_open_is_named(typed, reason):
    output, _ = drill(f"{typed}\nq\n", classes="C7", seed=11, save=False)
    part_a = " ".join(_part(output, "a").split())
    assert f"I cannot read {typed!r} as an answer (not a number or an expression quizgen reads; {reason}). It " \
           "was not counted" in part_a, part_a   # the answer quoted once


def test_brackets_that_pair_up_add_nothing_to_the_reason():
    for typed in ("0.71o", "ln(2) 3", "'(' +"):
        with pytest.raises(ExpressionError) as caught:
            parse_answer(typed)
        assert "bracket" not in str(caught.value), typed


def test_a_misspelt_word_is_offered_the_listed_word_it_is_near():
    output, _ = drill("0\nundifined\nindeterminite\nq\n", classes="C5", seed=1, save=False)
    part_b = " ".join(_part(output, "b").split())
    assert "I do not know the word 'undifined' as an answer here: did you mean 'undefined'? It was not counted" \
        in part_b, part_b
    assert "did you mean 'indeterminate'?" in part_b and "check its spelling" not in part_b, part_b
