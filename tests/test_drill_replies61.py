"""The drill tells a wrong expression's value once (grade's "Its value, 0.707107, is 0.707 ..." was
preceded by "(Your sqrt(2)/2 is 0.7071.)"), and reminds of the near-1 rule only for an earlier answer
the part's recipe reads, calling it a probability only where its part's range is one."""

from types import SimpleNamespace

from quizgen.drill import replies
from quizgen.key.status import Status
from quizgen.marking.rules import ECF

from test_drill_replies60 import _replies


def test_a_wrong_expression_whose_value_grade_tells_is_not_told_it_twice():
    said = _replies("sqrt(2)/2\nq\n", cls="C1", seed=1)
    assert "Its value, 0.707107, is 0.707 at the 3 significant figures asked" in said, said
    assert "(Your sqrt(2)/2 is" not in said, said


def _reminder(monkeypatch, reads, bounds, note="carried"):
    monkeypatch.setattr(replies, "ecf_inputs", lambda question: {"b": reads})
    checker = SimpleNamespace(question_rules=lambda: SimpleNamespace(question=None), part=SimpleNamespace(letter="b"))
    turn = SimpleNamespace(records=[SimpleNamespace(name="p", letter="a", spec=SimpleNamespace(bounds=bounds))],
                           values={"p": 0.909}, figures={"p": 3})
    return replies.near_one_reminder(SimpleNamespace(status=Status.CORRECT, note=note), checker, turn)


def test_the_near_one_reminder_is_for_an_answer_the_part_reads_and_names_a_probability_only_if_it_is(monkeypatch):
    assert _reminder(monkeypatch, ("p",), (0, 1)).startswith("(Your (a) 0.909 is a probability over 0.9: carried")
    assert _reminder(monkeypatch, ("p",), (0, None)).startswith("(Your (a) 0.909 is over 0.9 and under 1: carried")
    assert _reminder(monkeypatch, ("p",), None).startswith("(Your (a) 0.909 is over 0.9 and under 1: carried")
    assert _reminder(monkeypatch, (), (0, 1)) == ""   # (b) does not read (a)
    assert _reminder(monkeypatch, ("p",), (0, 1), note=ECF) == ""
