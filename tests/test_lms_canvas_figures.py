"""Canvas drops trailing zeros of a typed number (0.630 arrives as 0.63), so
a Canvas download cannot show the figures a student typed: the Canvas
question text does not promise that an answer rounded to fewer figures is
marked rounded too early, and an answer accepted as carried rounding on a
Canvas download says its figures could not be checked. Moodle is unchanged."""

import pytest
import re

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.grading.careful import QuestionRules
from quizgen.grading.part_checker import PartChecker
from quizgen.key.entries import key_entry
from quizgen.lms.canvas import CANVAS_ROUNDING_RULE, question_html
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.variants import slots as make_slots
from quizgen.marking import rules as careful
from quizgen.validation.marking import careful_student

PROMISE = "marked as rounded too early"


@pytest.mark.slow
def test_the_canvas_question_text_does_not_promise_what_canvas_cannot_show():
    slots = make_slots("all", count=1, seed=11)
    canvas_slots = make_slots("all", count=1, seed=11, rounding_rule=CANVAS_ROUNDING_RULE)
    stems = [question_html(v, p, len(v.parts) > 1, {}) for s in canvas_slots for v in s.variants for p in v.parts]
    promised = [s for s in slots if PROMISE in re.sub(r"\s+", " ", s.variants[0].stem_html)]
    assert len(promised) == 9   # every numeric stem of the bank makes the promise; Moodle keeps it
    assert not any(PROMISE in re.sub(r"\s+", " ", text) for text in stems)
    assert any("(more figures are accepted)" in text for text in stems)
    assert PROMISE in re.sub(r"\s+", " ", moodle_xml(slots, root="r"))


def _carried_case():
    """A C7 part a careful student answers by carried rounding, outside the
    answer's own window: (key question, part letter, the answer typed)."""
    template = next(t for t in load_bank() if t.cls == "C7")
    for seed in range(1, 80):
        inst = sample_instance(template, seed_label(seed, template.id, 0))
        question = key_entry(Question("Q1", inst))
        answers = careful_student(inst)
        for pv, part in zip(inst.parts, question.parts):
            typed = answers[pv.part.name]
            verdict = PartChecker(part, question=QuestionRules(question, careful.Credits()))(typed)
            if verdict.note == "carried_rounding":
                return question, part.letter, typed
    raise AssertionError("no C7 draw needs carried rounding")


def test_carried_rounding_on_a_canvas_download_says_the_figures_could_not_be_checked():
    question, letter, typed = _carried_case()
    part = next(p for p in question.parts if p.letter == letter)

    def verdict(figures_shown):
        rules = QuestionRules(question, careful.Credits())
        return PartChecker(part, question=rules, figures_shown=figures_shown)(typed)

    moodle, canvas = verdict(True), verdict(False)
    assert moodle.feedback.startswith("accepted: consistent with carrying rounded intermediate results (")
    assert (canvas.status.value, canvas.note) == ("correct", "carried_rounding")
    assert canvas.feedback.startswith("accepted: the figures typed could not be checked (Canvas drops trailing "
                                      "zeros), and the value is within what rounding intermediate results allows (")
    assert "consistent with carrying" not in canvas.feedback
    assert canvas.feedback.split(" (from unrounded")[1] == moodle.feedback.split(" (from unrounded")[1]
