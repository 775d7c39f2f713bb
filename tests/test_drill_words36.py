"""The drill reads grade's verdicts through the functions that word them,
not by matching grade's sentences again with regexes of its own: carried
rounding's closing clause (marking/carried_words.py) and the part whose
value an answer is (grading/other_part.py)."""

from __future__ import annotations

import inspect

import quizgen.drill.replies as replies
from quizgen.marking.carried_words import CARRIED_ACCEPTED, FIGURES_UNSEEN, unrounded_clause, without_unrounded


def test_the_drill_holds_no_copy_of_grade_s_sentences():
    source = inspect.getsource(replies)
    for words in ("from unrounded values", "this is the value of part"):
        assert words not in source, words


def test_the_unrounded_clause_is_left_out_only_when_it_names_the_answer_shown():
    for accepted in (CARRIED_ACCEPTED, FIGURES_UNSEEN):
        text = accepted + unrounded_clause("0.08684")
        assert without_unrounded(text, "0.08684") == accepted.rstrip(" ")
        assert without_unrounded(text, "0.0868") is None   # another answer: the clause stays
    assert without_unrounded("accepted", "0.08684") is None
    assert without_unrounded(unrounded_clause("2.5"), "2.5") == ""


def test_carried_sentence_keeps_the_clause_for_another_answer():
    text = CARRIED_ACCEPTED + unrounded_clause("0.08684")
    assert "the answer is 0.08684" not in replies.carried_sentence(text, "0.08684", None, "0.0866")
    assert "the answer is 0.08684" in replies.carried_sentence(text, "0.087", None, "0.0866")


def test_an_answer_written_with_any_answer_function_is_shown_with_its_value():
    """Which typed answers count as expressions comes from the function table (log10, abs too)."""
    text = CARRIED_ACCEPTED + unrounded_clause("0.30103")
    for typed in ("log10 2", "LOG10(2)", "abs(-0.301)", "-ln(0.74)"):
        assert f"(your {typed} is 0.301" in replies.carried_sentence(text, "0.30103", 0.30103, typed), typed
    assert "(your" not in replies.carried_sentence(text, "0.30103", 0.30103, "0.301")
