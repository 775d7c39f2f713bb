"""Negative contractions typed without their apostrophe (review 30): students write
``doesnt``, ``isnt``, ``wont``, ``cant`` all the time, and on the shipped bank's C9
yes/no parts these read as ``doesn't``, ``isn't``, ``won't``, ``can't`` do, both
ways of asking each part ("no" right in some draws, "yes" in others)."""

import pytest

from quizgen.marking.words import read_words

# draws (fixtures_c9_words.py): {(part, right answer): (accepted, traps)} of C9's yes/no parts

SAID = {   # {part: answers with an apostrophe}: each must read the same with it dropped
    "left_to_right": ["no it doesn't depend on order", "it isn't left to right", "it isn't bidirectional",
                      "it doesn't predict them one by one", "it can't see the right", "it won't go left to right",
                      "doesn't", "it wasn't sequential", "it didn't go one by one", "it wouldn't be sequential"],
    "grows_with_masks": ["it doesn't double", "it won't double", "it can't double", "it wouldn't double",
                         "no it doesn't", "it hasn't changed", "it isn't the same", "it doesn't stay the same",
                         "doesn't", "it didn't double", "it wasn't doubled", "don't think it doubles"],
}


@pytest.mark.parametrize("part, said", [(part, said) for part, answers in SAID.items() for said in answers])
@pytest.mark.parametrize("right", ["yes", "no"])
@pytest.mark.slow
def test_a_contraction_without_its_apostrophe_reads_as_with_it(draws, part, said, right):
    accept, traps = draws[(part, right)]
    assert read_words(said.replace("'", ""), accept, traps) == read_words(said, accept, traps)


@pytest.mark.parametrize("said", ["it wont double", "it cant double", "it doesnt double", "doesnt", "it cannot double"])
def test_denying_the_trap_without_an_apostrophe_is_right_where_no_is(draws, said):
    accept, traps = draws[("grows_with_masks", "no")]
    assert read_words(said, accept, traps).status == "accept"


@pytest.mark.parametrize("said, status", [("it isnt bidirectional", "trap"), ("it isnt left to right", "accept"),
                                          ("it doesnt go one by one", "accept"), ("no it doesnt depend on order", "accept")])
def test_a_denial_without_an_apostrophe_denies_what_follows(draws, said, status):
    accept, traps = draws[("left_to_right", "no")]   # "no" right: not bidirectional is the trap's claim
    assert read_words(said, accept, traps).status == status


@pytest.mark.parametrize("said", ["I want it to double", "the point doubles", "wont"])
def test_only_a_verb_s_contraction_is_read_as_not(said):
    from quizgen.marking.words import _as_read
    assert ("not" in _as_read(said).split(" ")) == (said == "wont")
