"""Review 58a F10: a question left after hints was offered again by the summary's "same question:"
command, and its second run, knowing nothing of the hints, recorded it as right without hints (the
class moved up a box). A question left after hints is not offered again with the same numbers."""

import json

from test_drill_hints import drill


def test_a_question_left_after_hints_is_not_offered_again():
    output, result = drill("h\nh\n0.716\nq\n", classes="C1", seed=1, save=False)
    advice = " ".join(output.split("What to practise next:")[1].split())
    assert "C1: you answered (a) right, with hints, then left the question" in advice, advice
    assert "same question" not in output and not result.again
    assert "finish a C1 question next time (not this one again: its hints showed its working)." in advice


def test_a_question_left_after_a_hint_on_its_next_part_is_not_offered_again():
    output, result = drill("0.716\nh\nq\n", classes="C1", seed=1, save=False)
    assert "same question" not in output and not result.again
    assert "finish a C1 question next time." in " ".join(output.split())


def test_left_after_hints_the_record_moves_no_card(tmp_path):
    state = tmp_path / "p.json"
    drill("h\nh\n0.716\nq\n", classes="C1", seed=1, state=str(state))
    assert not state.exists() or "C1" not in json.loads(state.read_text()).get("classes", {})
