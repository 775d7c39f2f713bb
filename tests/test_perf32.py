"""The thirty-second round's generate speed-ups keep their outputs: accepted
words, trap words and trap feedback are filled once per distinct set of the
values they read (text/repeats.py), and never handed out for values that
render otherwise."""

from __future__ import annotations

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.key.entries import trap_feedback
from quizgen.text import render
from quizgen.text.render import render_many
from quizgen.text.repeats import render_repeated


def _template(template_id: str):
    return next(t for t in load_bank() if t.id == template_id)


@pytest.fixture
def fills(monkeypatch):
    """The formats of the Jinja2 fills made from now on."""
    made, original = [], render._fill
    monkeypatch.setattr(render, "_fill", lambda source, context, fmt: made.append(fmt) or original(source, context, fmt))
    return made


def test_a_draw_of_words_met_before_fills_none_of_them_again(fills):
    """C9's accepted and trap words read one choice's record: a second draw of
    the same label fills no text."""
    template = _template("bert-total-loss-twist")
    first = sample_instance(template, "perf32/words/1")
    fills.clear()
    again = sample_instance(template, "perf32/words/1")
    assert "text" not in fills
    assert [pv.accept for pv in again.parts] == [pv.accept for pv in first.parts]
    assert [[t.words for t in pv.traps] for pv in again.parts] == [[t.words for t in pv.traps] for pv in first.parts]


def test_trap_feedback_met_before_is_not_filled_again_and_reads_as_filled(fills):
    template = _template("cls-classifier-head")
    instance = sample_instance(template, "perf32/feedback/1")
    first = trap_feedback(instance, instance.parts)
    fills.clear()
    again = trap_feedback(sample_instance(template, "perf32/feedback/1"), instance.parts)
    assert fills == [] and again == first
    plain = render_many([t.feedback for pv in instance.parts for t in pv.traps], instance.context, "text")
    assert [text for texts in first for text in texts] == plain


@pytest.mark.parametrize("first, second", [(True, 1), (False, 0), ({"a": 1, "b": 2}, {"b": 2, "a": 1})])
def test_values_that_are_equal_but_render_otherwise_are_kept_apart(first, second):
    """``True == 1`` in Python, yet they print differently; a record's fields
    in another order loop in another order."""
    source = ("{% if x is mapping %}{% for k in x %}{{ k }}{% endfor %}{% else %}{{ x }} {{ x is sameas true }}"
              "{% endif %}",)
    rendered = [render_repeated(source, {"x": value}, "text") for value in (first, second)]
    assert rendered == [render_many(source, {"x": value}, "text") for value in (first, second)]
    assert rendered[0] != rendered[1]


@pytest.mark.parametrize("source", ["{{ [1, 2, 3] | random }} and {{ n }}", "{{ [[1, 2]] | map('random') | join }}",
                                    "{{ lipsum(1, false, 2, 3) }}{{ n }}"])
def test_a_text_drawing_at_random_is_filled_every_time(fills, source):
    for _ in range(3):
        render_repeated((source,), {"n": 4}, "text")
    assert fills == ["text"] * 3


def test_the_word_random_outside_a_tag_keeps_the_text(fills):
    for _ in range(3):
        render_repeated(("at random, {{ n }}",), {"n": 4}, "text")
    assert fills == ["text"]


def test_a_failing_fill_fails_every_time():
    source = ("{{ missing_name }}",)
    for _ in range(2):
        with pytest.raises(Exception, match="missing_name"):
            render_repeated(source, {}, "text")


def test_a_whole_question_keys_the_same_with_kept_feedback():
    """The key text of a question made twice, the second time from kept fillings, is the same."""
    from quizgen.key.entries import key_text
    template = _template("mlm-confident-wrong")
    texts = [key_text(Question("Q1", sample_instance(template, "perf32/key/1"))) for _ in range(2)]
    assert texts[0] == texts[1]
