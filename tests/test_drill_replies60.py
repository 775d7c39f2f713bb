"""The drill's replies to answers a learner types: a wrong expression is told what it came to (a right one
already is), a square root typed as the sign is pointed to sqrt(), and an unreadable answer is quoted once."""

from test_drill_hints import drill


def _replies(typed: str, cls: str = "C2") -> str:
    output, _ = drill(typed, classes=cls, seed=1, save=False, count=1)
    return " ".join(output.split("Worked solution")[0].split())


def test_a_wrong_expression_is_told_its_value_and_a_plain_number_is_not():
    said = _replies("sqrt(2)/2\ne^-1\nq\n")
    assert "> sqrt(2)/2 (Your sqrt(2)/2 is 0.7071.) Incorrect: the answer is 0.01747" in said, said
    assert "> e^-1 (Your e^-1 is 0.3679.) Incorrect:" in said, said
    said = _replies("0.5\nq\n")
    assert "> 0.5 Incorrect: the answer is 0.01747" in said and "(Your" not in said, said


def test_a_square_root_sign_is_pointed_to_sqrt_and_the_answer_quoted_once():
    said = _replies("\u221a2/2\n0..0453\nq\n")
    assert ("I cannot read '\u221a2/2' as an answer (not a number or an expression quizgen reads). Write a "
            "square root as sqrt(), e.g. sqrt(2)/2. It was not counted") in said, said
    assert "I cannot read '0..0453' as an answer (not a number or an expression quizgen reads). It was" in said
    assert said.count("0..0453") == 2, said   # the echo and the one quote
