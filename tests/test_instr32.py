"""After grading: the absent-but-not-marked rule defined once (lms/papers.py
``unmarked_absent``), grade's --force split into --force-key and
--replace-outputs, and ``quizgen review``'s ready-to-fill overrides file."""

from types import SimpleNamespace

from quizgen.grading import gradebook_warnings, run
from quizgen.lms import papers


def test_who_gave_no_answer_and_was_not_marked_zero_is_one_definition_in_order():
    result = SimpleNamespace(absent=["s3", "s1", "s2"], zero_marked=["s1"])
    assert papers.unmarked_absent(result) == ["s3", "s2"]
    assert gradebook_warnings.unmarked_absent is papers.unmarked_absent is run.unmarked_absent
    assert not hasattr(gradebook_warnings, "_unmarked_absent")
