"""Mends from the session's last review (rev-final29) made on main."""

from __future__ import annotations

import pytest

from quizgen.marking.forms import BOUND_REASON, read_number


@pytest.mark.parametrize("text, whole", [("x => 0.5", False), ("|M| => 1", True), ("L =>0.0954", False)])
def test_an_ascii_greater_or_equal_is_a_bound_not_an_arrow(text, whole):
    reading = read_number(text, whole=whole)
    assert (reading.status, reading.reason) == ("needs_review", BOUND_REASON)


@pytest.mark.parametrize("text, value", [("0.909 => 0.096", 0.096), ("p = 0.909 => L = 0.0954", 0.0954)])
def test_an_arrow_after_a_value_is_still_working(text, value):
    reading = read_number(text)
    assert (reading.status, reading.value) == ("number", value)


def c9_mean_lists():
    """C9 (c)'s accept list and traps as the bank writes them, its right answer "no"."""
    import yaml

    from quizgen.bank.loader import builtin_bank_dir

    template = yaml.safe_load((builtin_bank_dir() / "c9_exam_twist.yaml").read_text(encoding="utf-8"))
    part = next(p for p in template["parts"] if p.get("type") == "word" and "mean_q" in p["ask"])
    fill = {"{{ mean_q.right }}": "no", "{{ mean_q.wrong }}": "yes", "{{ mean_q.right_tf }}": "false",
            "{{ mean_q.wrong_tf }}": "true"}

    def filled(words):
        out = []
        for word in words:
            for name, value in fill.items():
                word = word.replace(name, value)
            out.append(word)
        return out
    return filled(part["accept"]), {t["code"]: filled(t["words"]) for t in part["traps"]}


@pytest.mark.parametrize("answer, status", [("no, it is doubling", "needs_review"), ("no, doubling", "needs_review"),
                                            ("no, both double", "accept"), ("no, only the sum doubles", "accept"),
                                            ("no, not doubling", "accept")])
@pytest.mark.slow
def test_a_change_word_whose_family_two_lists_hold_is_read_by_a_person_when_unlisted(answer, status):
    from quizgen.marking.words import read_words

    accept, traps = c9_mean_lists()
    assert read_words(answer, accept, traps).status == status
