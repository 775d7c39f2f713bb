"""The feedback sheet's line under the score when answers await a marker
agrees in number (review, session 20): two answers are "them", each given its
mark, and "they count 0"; one answer keeps its singular line."""

from types import SimpleNamespace

from quizgen.grading.feedback_verdict import awaiting_note
from quizgen.key.status import Status


class _Matrix:
    """A one-student matrix of outcomes by slot."""

    def __init__(self, outcomes):
        self.outcomes = outcomes

    def cell(self, number, slot):
        return self.outcomes[slot]


def _note(statuses):
    parts = [SimpleNamespace(letter=letter) for letter in "abc"[:len(statuses)]]
    questions = [SimpleNamespace(id="Q1", parts=parts)]
    outcomes = [SimpleNamespace(status=status, note="", score=0.0) for status in statuses]
    return awaiting_note(questions, 0, _Matrix(outcomes), {("q1", p.letter): n for n, p in enumerate(parts)})


def test_two_answers_awaiting_a_marker_are_said_in_the_plural():
    assert _note([Status.NEEDS_REVIEW, Status.CORRECT, Status.NEEDS_REVIEW]) == (
        "2 of your answers are awaiting your marker: a person will read them and give each its mark, and they "
        "count 0 until then, so this score is provisional.")


def test_one_answer_awaiting_a_marker_keeps_its_singular_line():
    assert _note([Status.NEEDS_REVIEW, Status.CORRECT]) == (
        "One of your answers is awaiting your marker: a person will read it and give it its mark, and it counts 0 "
        "until then, so this score is provisional.")
    assert _note([Status.CORRECT]) == ""
