"""marking/student_ids.zeros_stripped: an id already normal loses its digits'
leading zeros at once when plain ASCII with no leading quote, exactly as
normalising it again with leading_zeros="strip" does, for any id; and the
groups of ids differing only by leading zeros are those it always gave."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.marking import student_ids
from quizgen.marking.student_ids import normalise_id, zero_twins, zeros_stripped

ID_TEXT = st.text(alphabet=st.sampled_from(list("0012s S'=+-@\t\u200b\uff10\uff53ß\u00dfK\u212a")),
                  max_size=12) | st.text(max_size=12)


MANY = settings(max_examples=600, deadline=None)
IDS = given(raw=ID_TEXT)


@quick(MANY)
@IDS
def test_it_is_normalising_again_with_zeros_stripped(raw):
    normal = normalise_id(raw)
    assert zeros_stripped(normal) == normalise_id(normal, "strip")


test_it_is_normalising_again_with_zeros_stripped_many = many_copy(
    test_it_is_normalising_again_with_zeros_stripped, IDS, MANY)


DIGIT_TEXT = st.text(alphabet=st.sampled_from(list("0001239a \u0660\u0663\uff10")), max_size=12)


DIGITS = given(text=DIGIT_TEXT)


@quick(MANY)
@DIGITS
def test_each_run_of_digits_loses_its_leading_zeros_but_a_last_one(text):
    runs = re.sub(r"\d+", lambda m: m.group(0).lstrip("0") or "0", text)   # the rule, written out
    assert student_ids._LEADING_ZEROS.sub("", text) == runs


test_each_run_of_digits_loses_its_leading_zeros_but_a_last_one_many = many_copy(
    test_each_run_of_digits_loses_its_leading_zeros_but_a_last_one, DIGITS, MANY)


def test_plain_ids_lose_their_leading_zeros_and_others_are_normalised_again():
    assert zeros_stripped("s0012x007") == "s12x7"
    assert zeros_stripped("000") == "0"
    assert zeros_stripped("'=0012") == normalise_id("'=0012", "strip") == "=12"   # a guard quote: normalised again


def test_zero_twins_groups_ids_differing_only_by_leading_zeros():
    assert zero_twins(["s012", "S12", "s0012", "t1", "T 01", "u5"]) == [("s012", "S12", "s0012"), ("t1", "T 01")]
