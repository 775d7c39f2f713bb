"""Review 58a F4: a progress file's warnings said "starting at at line", and a box of the wrong type was told
the range of a count in Python's spelling (``box is True, expected a whole number from 0 to ...``): a box is
told its own range, 1 to 5, and every value as the file writes it (``true``, ``null``, ``"1"``)."""

import json

import pytest

from quizgen.drill.progress_json import BadProgressFile, card_problem, _json

CARD = {"box": 1, "due": 0, "seen": 1, "right": 0}


@pytest.mark.parametrize("box, shown", [("1", '"1"'), (1.5, "1.5"), (True, "true"), (None, "null"), ([1], "[1]"),
                                        (7, "7"), (0, "0")])
def test_a_box_is_told_its_own_range_in_the_files_spelling(box, shown):
    assert card_problem("classes", "C1", {**CARD, "box": box}) == f"classes.C1.box is {shown}, expected 1 to 5"


def test_other_counts_are_told_in_the_files_spelling_too():
    said = card_problem("classes", "C1", {**CARD, "due": None})
    assert said == "classes.C1.due is null, expected a whole number from 0 to 1,000,000,000,000,000"


def test_a_json_error_is_told_without_a_doubled_at():
    with pytest.raises(BadProgressFile) as bad:
        _json('{"format": "quizgen-progress", "version": 2, "clock": 1, "sessio')
    assert "at at" not in str(bad.value) and "Unterminated string starting at line 1, column 58" in str(bad.value)
    with pytest.raises(BadProgressFile) as bad:
        _json(json.dumps(CARD)[:-1])
    assert " at line 1, column " in str(bad.value)
