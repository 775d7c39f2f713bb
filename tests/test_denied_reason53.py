"""A yes/no part's answer with no yes or no, only a "does not" (review 53b F6): ``it would not double`` on C9 (c)
asked "would it stay the same?" went to a person with "the words after its yes or no say what another answer
says", an answer that was not written. The reason now says what was seen: a "not" that, read as a no, gives one
answer, while the words it denies give another."""

import pytest

from quizgen.marking.rules import NEEDS_REVIEW
from quizgen.marking.unlisted import DENIED_REASON
from quizgen.marking.words import DISAGREE_REASON, read_words


@pytest.mark.parametrize("text", ["it would not double", "it won't double", "it does not double"])
def test_a_denial_with_no_yes_or_no_is_for_a_person_saying_so(draws, text):
    accept, traps = draws[("grows_with_masks", "yes")]   # "would it stay the same?": yes
    reading = read_words(text, accept, traps)
    assert (reading.status, reading.reason) == (NEEDS_REVIEW, DENIED_REASON)
    assert "no yes or no" in DENIED_REASON and "after its yes or no" not in DENIED_REASON


def test_a_written_yes_or_no_with_another_answers_words_keeps_its_reason(draws):
    accept, traps = draws[("grows_with_masks", "no")]   # "would it double?": no
    assert read_words("no, it halves", accept, traps).reason == DISAGREE_REASON
    assert read_words("it would not double", accept, traps).status == "accept"
