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


def test_a_wrong_expression_is_told_its_value_once_whatever_grade_says_it_with():
    """C5 (a), seed 1, is a count: grade's "0.707107 is not a whole number" tells the value, so the drill
    does not say "(Your sqrt(2)/2 is 0.7071.)" before it; where grade does not, the drill quotes it as
    grade quotes a student's number, to 6 figures."""
    said = _replies("sqrt(2)/2\nq\n", cls="C5", seed=1)
    assert "0.707107 is not a whole number" in said, said
    assert "(Your sqrt(2)/2 is" not in said and "0.7071 " not in said, said
    assert "(Your sqrt(2)/2 is 0.707107.)" in _replies("sqrt(2)/2\nq\n", cls="C2", seed=1)


def test_feedback_quotes_the_value_only_as_a_number_standing_alone():
    from quizgen.marking.quotes import quotes_value

    assert quotes_value("0.707107 is not a whole number", 0.7071067811865476)
    assert quotes_value("a value of 3.5 cannot be right", -3.5)
    assert not quotes_value("expected 0.7071070", 0.7071067811865476)
    assert not quotes_value("its value, 0.70711, is 0.707", 0.7071067811865476)   # not as grade quotes it
