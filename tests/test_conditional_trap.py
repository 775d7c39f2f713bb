"""A word trap that renders empty in a draw is left out of that draw: C8's
(c) names the true class as a misconception only when the model's
prediction is wrong, and accepts it when the prediction is right."""

import pytest
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import check_answer
from quizgen.key.entries import key_entry


def _c8_draws(templates_by_class, count=40):
    for k in range(count):
        instance = sample_instance(templates_by_class["C8"], f"cond/{k}")
        env = instance.env
        yield env["task"]["labels"][int(env["y"])], env["y"] == env["pred"], key_entry(Question("Q1", instance)).parts[2]


@pytest.mark.slow
def test_the_true_class_is_a_named_trap_only_when_the_prediction_is_wrong(templates_by_class):
    seen = set()
    for true_label, right, part in _c8_draws(templates_by_class):
        verdict = check_answer(part, true_label.upper())
        trap = next(t for t in part.traps if t.code == "true_class_as_prediction")
        if right:
            assert trap.words == () and verdict.status == "correct"
        else:
            assert true_label in trap.words and (verdict.status, verdict.misconception) == (
                "incorrect", "true_class_as_prediction")
            assert "largest logit" in verdict.feedback
        seen.add(right)
    assert seen == {True, False}
