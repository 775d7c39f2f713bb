"""Word answers an instructor found misread (review 28): a "no" after what an
answer first said may take it back ("It doubles, no wait it stays the same"),
so a person reads it on a two-meaning part as on a three-class one; and a short
word that no list holds but that may say a listed one (``undef``, ``nein``,
``indéfini``) is for a person, with a reason, never a silent 0 (``nah`` is no)."""

import pytest

from quizgen.marking.rules import NEEDS_REVIEW
from quizgen.marking.phrases import TAKE_BACK_REASON
from quizgen.marking.words import read_words

# C9 (c) asked "does it double?" (the answer no) and C9 (b) asked "all at once, from both sides?" (yes),
# as the class paper of seed 7 prints them.
STAYS = ("no", "false", "it stays the same", "stays the same", "the same", "same", "unchanged", "no change",
         "no, it stays the same", "it does not change")
DOUBLES = {"sum_instead_of_mean": ("yes", "true", "it doubles", "doubles", "double", "yes, it doubles", "twice")}
AT_ONCE = ("yes", "true", "all at once", "bidirectional", "yes, bidirectional", "in parallel")
IN_ORDER = {"left_to_right": ("no", "false", "left to right", "one by one", "no, left to right", "in order")}
# C9 (b) asked the other way: "one after another from left to right?" (the answer no)
NOT_IN_ORDER = ("no", "false", "bidirectional", "all at once", "no, bidirectional", "no, all at once")
ORDER_TRAP = {"left_to_right": ("yes", "true", "left to right", "one by one", "yes, left to right")}


@pytest.mark.parametrize("said", ["It stays the same, no wait it doubles", "It doubles, no wait it stays the same",
                                  "doubles. no: stays the same", "it doubles - no wait - stays the same",
                                  "stays the same. no wait, it doubles"])
def test_a_no_that_may_take_back_a_two_way_answer_is_for_a_person(said):
    reading = read_words(said, STAYS, DOUBLES)
    assert (reading.status, reading.reason) == (NEEDS_REVIEW, TAKE_BACK_REASON)


def test_a_no_after_a_trap_phrase_is_for_a_person():
    assert read_words("left to right? no, bidirectional", AT_ONCE, IN_ORDER).status == NEEDS_REVIEW


@pytest.mark.parametrize("said, status", [("no, bidirectional", "accept"), ("no, it is bidirectional", "accept"),
                                          ("NO - it is bidirectional", "accept"), ("not left to right", "accept"),
                                          ("yes, left to right", "trap")])
def test_a_plain_no_answer_is_still_read(said, status):
    assert read_words(said, NOT_IN_ORDER, ORDER_TRAP).status == status


@pytest.mark.parametrize("said, status", [("it stays the same", "accept"), ("the loss doubles, not stays the same", "trap"),
                                          ("it stays the same, no matter how many masks", "accept"),
                                          ("there is no change, it does not double", "accept")])
def test_a_no_that_takes_nothing_back_is_read_as_before(said, status):
    assert read_words(said, STAYS, DOUBLES).status == status


@pytest.mark.parametrize("said, status", [("nah", "accept"), ("Nah", "accept"), ("nope", "accept"), ("yup", "trap")])
def test_informal_yes_and_no(said, status):
    assert read_words(said, STAYS, DOUBLES).status == status


@pytest.mark.parametrize("said, accept, traps, says", [
    ("undef", ("undefined", "not defined"), {"zero": ("0", "zero")}, "short for 'undefined'"),
    ("nega", ("negative", "neg"), {"pos": ("positive", "pos")}, "short for 'negative'"),
    ("ja", STAYS, DOUBLES, "another language"), ("nein", STAYS, DOUBLES, "another language"),
    ("oui", STAYS, DOUBLES, "another language"), ("non", STAYS, DOUBLES, "another language"),
    ("undefiniert", ("undefined",), {"zero": ("0", "zero")}, "another spelling or language"),
    ("indéfini", ("undefined",), {"zero": ("0", "zero")}, "another spelling or language"),
])
def test_an_unlisted_word_that_may_say_a_listed_one_is_for_a_person_with_a_reason(said, accept, traps, says):
    reading = read_words(said, accept, traps)
    assert reading.status == NEEDS_REVIEW and says in reading.reason, reading


@pytest.mark.parametrize("said, status", [("defined", "unknown"), ("finite", "unknown"), ("median", "unknown"),
                                          ("zero", "trap"), ("0", "trap"), ("undefined", "accept")])
def test_listed_words_opposites_and_other_words_are_marked_as_they_say(said, status):
    assert read_words(said, ("undefined", "infinite", "mean"), {"zero": ("0", "zero")}).status == status
