"""A feedback sheet names the way a part was marked once: the ECF line read
"(b) error carried forward: marked from your (a) = 0.7: correct given that
value (error carried forward)" on a real week's sheets."""

from quizgen.grading.feedback import PartLine, PartNote, part_notes


def test_ecf_note_says_error_carried_forward_once():
    line = PartLine("b", "0.3567", "correct", "1", "2", "0.01815", "",
                    "marked from your (a) = 0.7: correct given that value (error carried forward)", "", "ecf")
    assert part_notes(line) == [PartNote("b", "error carried forward", "",
                                         "marked from your (a) = 0.7: correct given that value")]


def test_other_feedback_keeps_its_words():
    line = PartLine("c", "0.263", "imprecise", "1", "2", "0.2634", "",
                    "rounded too early: right to 2 significant figures, give at least 3 (expected 0.263)", "",
                    "rounded_too_early")
    assert part_notes(line)[0].text == "right to 2 significant figures, give at least 3 (expected 0.263)"


def test_ecf_note_with_part_credit_says_error_carried_forward_once():
    """rev-mark16: with ecf_credit 0.5 the feedback goes on after the bracket, and the
    sheet said "error carried forward" twice."""
    line = PartLine("b", "0.3567", "correct", "1", "2", "0.01815", "",
                    "marked from your (a) = 0.7: correct given that value (error carried forward), which earns "
                    "half of the marks in this course", "", "ecf")
    assert part_notes(line) == [PartNote("b", "error carried forward", "", "marked from your (a) = 0.7: correct "
                                         "given that value, which earns half of the marks in this course")]
