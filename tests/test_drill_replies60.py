"""The drill's replies to answers a learner types: a wrong expression is told what it came to (a right one
already is), a square root typed as the sign is pointed to sqrt(), and an unreadable answer is quoted once."""

from test_drill_hints import drill


def _replies(typed: str, cls: str = "C2", seed: int = 1) -> str:
    output, _ = drill(typed, classes=cls, seed=seed, save=False, count=1)
    return " ".join(output.split("Worked solution")[0].split())


def test_a_wrong_expression_is_told_its_value_and_a_plain_number_is_not():
    said = _replies("sqrt(2)/2\ne^-1\nq\n")
    assert "> sqrt(2)/2 (Your sqrt(2)/2 is 0.707107.) Incorrect: the answer is 0.01747" in said, said
    assert "> e^-1 (Your e^-1 is 0.367879.) Incorrect:" in said, said
    said = _replies("0.5\nq\n")
    assert "> 0.5 Incorrect: the answer is 0.01747" in said and "(Your" not in said, said


def test_a_square_root_sign_is_pointed_to_sqrt_and_the_answer_quoted_once():
    said = _replies("\u221a2/2\n0..0453\nq\n")
    assert ("I cannot read '\u221a2/2' as an answer (not a number or an expression quizgen reads). Write a "
            "square root as sqrt(), e.g. sqrt(2)/2. It was not counted") in said, said
    assert ("I cannot read '0..0453' as an answer (not a number or an expression quizgen reads; a number has two "
            "decimal points). It was") in said
    assert said.count("0..0453") == 2, said   # the echo and the one quote


def test_a_probability_near_1_carried_on_short_is_reminded_of_the_stems_rule():
    """C1 seed 11: p = 0.9088, (a) 0.909 is right, and (b) -ln 0.909 = 0.0954 is accepted as carried rounding;
    the stem asks a value near 1 kept to 4 figures of its difference from 1 (0.09088: 5 figures of p)."""
    said = _replies("0.909\n0.0954\nq\n", cls="C1", seed=11)
    assert ("Accepted: consistent with carrying rounded intermediate results. (Your (a) 0.909 is a probability "
            "over 0.9: carried into a later part, keep such a value to at least 4 significant figures of its "
            "difference from 1, 5 figures here.)") in said, said
    said = _replies("0.90880\n0.0956\nq\n", cls="C1", seed=11)   # 0.90880 keeps 4 figures of 0.09120
    assert "Accepted: consistent with carrying" in said and "is a probability over 0.9: carried" not in said, said
