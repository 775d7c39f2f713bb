"""Every answer that is only a reached tie rounded half towards zero is told in one phrase
(quotes.tie_half_down), whichever rule finds the tie: carried rounding's (early.tie_rounded_down) or one
step of the working kept short (own_step_early.step_tie); tests/test_reached_tie58.py and
tests/test_one_step_tie58.py pin the words each gives."""

from quizgen.marking.quotes import tie_half_down


def test_one_phrase_tells_every_tie_rounded_half_towards_zero():
    assert tie_half_down("1.075", "a value the working reaches", 3) == (
        "your answer is 1.075 rounded half towards zero (1.075 is a value the working reaches): a tie is rounded "
        "away from zero, or to the even neighbour, here both 1.08")
