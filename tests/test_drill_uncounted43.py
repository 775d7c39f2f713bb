"""The drill's reason for no ECF from a wrong count says it in numbers (rev43a F6).

Seed 8's C10: (a) 6 (the first word counted), then (b) 0.9. The sum of the 5
losses is 5.1362 (the worked solution's), and 5.1362 / 6 = 0.856, which is 0.9
to 1 figure: the answer came from dividing the right sum by the student's own
count. The feedback said "divided by your (a) = 6 it is no mean (a count of 6
sums 6 terms)"; it now shows that sum and division."""


def test_the_drill_shows_the_division_the_answer_came_from(invoke):
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="6\n0.9\nq\n")
    said = " ".join(result.output.split())
    assert ("(b) is the mean of 5 terms, their sum (5.1362) divided by 5; your answer comes from dividing that sum "
            "by your (a) = 6 (5.1362 / 6 = 0.856), as if there were 6 terms, so (b) was not marked from your (a) "
            "(no error carried forward).") in said
    assert "no mean" not in said


def test_an_answer_not_worked_from_the_count_is_not_told_of_it(invoke):
    """1.5 is neither 5.1362 / 6 nor its rounding: plain incorrect, no word on the division."""
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="6\n1.5\nq\n")
    said = " ".join(result.output.split())
    assert "Incorrect: the answer is 1.0272" in said and "your answer comes from dividing" not in said
