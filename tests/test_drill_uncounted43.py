"""The drill's reason for no ECF from a wrong count says it in numbers (rev43a F6).

Seed 8's C10: (a) 4 (a wrong count, no trap's), then (b) 1.3. The sum of the 5
losses is 5.1362 (the worked solution's), and 5.1362 / 4 = 1.284, which is 1.3
to 2 figures: the answer came from dividing the right sum by the student's own
count. The feedback said "divided by your (a) = 4 it is no mean (a count of 4
sums 4 terms)"; it now shows that sum and division. Until round 47 the example
was (a) 6, the first word counted, then 0.9 (5.1362 / 6 = 0.856 to 1 figure):
that is the misconception carried on, whose method the division is (review 47b
F6), so it is ECF shown too short, never told it was not marked from (a).
Since review 51c F10, (a) counts the predictions with [BOS] and [EOS] (7) and (b)'s recipe
divides by (a) - 2: the wrong count is (a) 6 (the end token left out), the first token
counted (a) 8."""


def test_the_drill_shows_the_division_the_answer_came_from(invoke):
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="6\n1.3\nq\n")
    said = " ".join(result.output.split())
    assert ("(b) is the mean of 5 terms, their sum (5.1362) divided by 5; your answer comes from dividing that sum "
            "by your (a) = 6 less 2 (5.1362 / 4 = 1.28), as if there were 4 terms, so (b) was not marked from your (a) "
            "(no error carried forward).") in said
    assert "no mean" not in said


def test_the_first_word_counted_then_its_mean_to_1_figure_is_ecf_too_short(invoke):
    """(a) 8 is the first_token_predicted trap; 0.9 is its sum over 6 (0.856) to 1 figure."""
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="8\n0.9\nq\n")
    said = " ".join(result.output.split())
    assert ("Marked from your (a) = 8: rounded too early: right to 1 significant figure given that value, give at "
            "least 3 (error carried forward: from your (a) the answer is 0.856; from the exact (a), expected 1.03)") \
        in said, said
    assert "not marked from" not in said


def test_an_answer_not_worked_from_the_count_is_not_told_of_it(invoke):
    """1.5 is neither 5.1362 / 6 nor its rounding: plain incorrect, no word on the division."""
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="8\n1.5\nq\n")
    said = " ".join(result.output.split())
    assert "Incorrect: the answer is 1.0272" in said and "your answer comes from dividing" not in said
