"""A hedge before an '=' is doubt, not a label (rev38c): "maybe = 0.335"
was read as working ending in 0.335 and marked correct, while "maybe 0.335"
went to a person; both now do."""

import pytest

from quizgen.marking.forms import DOUBT_REASON, NUMBER, REVIEW, read_number


@pytest.mark.parametrize("text", ["maybe =0.335", "perhaps = 0.335", "maybe=0.335", "probably: 0.335",
                                  "L = 0.335 I think", "maybe 0.335"])
def test_an_answer_said_with_doubt_goes_to_a_person_however_written(text):
    reading = read_number(text)
    assert (reading.status, reading.reason) == (REVIEW, DOUBT_REASON), reading


@pytest.mark.parametrize("text", ["so =0.335", "L = 0.335", "-ln(0.716) = 0.334", "about 0.335"])
def test_a_label_or_working_without_doubt_is_still_read(text):
    assert read_number(text).status == NUMBER
