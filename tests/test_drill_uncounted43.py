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
counted (a) 8.
Since review 52b F1, (b) is the loss of that same sequence, the sum of its T + 1 losses over (a)'s
count (recipe sum(-log(p_all))/part:targets), and seed 8 draws "we read a story before bed" with
p = 0.05 (given [BOS]), 0.6, 0.05, 0.85, 0.3, 0.95 and 0.4 for [EOS]: the 7 losses sum to 8.83637,
the mean 1.26234. (a) 4 is a wrong count no trap names (the masked positions are 3); 8.8364 / 4 =
2.209, 2.2 to 2 figures. (a) 8 counts [BOS]: 8.8364 / 8 = 1.1045, 1.1 to 2 figures."""


def test_the_drill_shows_the_division_the_answer_came_from(invoke):
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="4\n2.2\nq\n")
    said = " ".join(result.output.split())
    assert ("(b) is the mean of 7 terms, their sum (8.8364) divided by 7; your answer comes from dividing that sum "
            "by your (a) = 4 (8.8364 / 4 = 2.21), as if there were 4 terms, so (b) was not marked from your (a) "
            "(no error carried forward).") in said
    assert "no mean" not in said


def test_the_first_word_counted_then_its_mean_to_1_figure_is_ecf_too_short(invoke):
    """(a) 8 is the first_token_predicted trap; 1.1 is its sum over 8 (1.1045) to 2 figures (to 1
    figure it would be 1, which the right 1.26 gives as well)."""
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="8\n1.1\nq\n")
    said = " ".join(result.output.split())
    assert ("Marked from your (a) = 8 and the method behind it (the misconception named at (a), not counted again): "
            "rounded too early: right to 2 significant figures given that value, give at least 3 (error carried "
            "forward: from your (a) the answer is 1.10; from the exact (a), expected 1.26)") in said, said
    assert "not marked from" not in said


def test_an_answer_not_worked_from_the_count_is_not_told_of_it(invoke):
    """1.7 is neither 8.8364 / 8 nor its rounding, nor any trap: plain incorrect, no word on the division."""
    result = invoke("drill", "--seed", "8", "--classes", "C10", "--no-save", input="8\n1.7\nq\n")
    said = " ".join(result.output.split())
    assert "Incorrect: the answer is 1.2623" in said and "your answer comes from dividing" not in said
