"""An id a spreadsheet wrote in scientific notation with every digit kept
(review 38): ``2.02600012399e+11`` was said to have lost its last digits,
which it has not; a shortened one (``2.026E+11``) still has."""

from quizgen.marking.student_ids import id_hint

KNOWN = ["202600012399", "202600012400"]


def test_an_id_with_every_digit_is_not_said_to_have_lost_any():
    hint = id_hint("2.02600012399e+11", KNOWN)
    assert "scientific notation, with every digit kept" in hint and "losing" not in hint
    assert hint.endswith("did you mean 202600012399?")


def test_an_id_with_digits_lost_is_still_said_so():
    hint = id_hint("2.026E+11", KNOWN)
    assert "scientific notation, losing its last digits" in hint
    assert "did you mean 202600012399 or 202600012400?" in hint
