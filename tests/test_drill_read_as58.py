"""Review 58a F8: "(Your -log(0,71) was read as 0,342490308946776.)": an expression's value was told to 15
figures. It is told to 6, as grade tells an expression's value; a number typed is still told in full."""

from quizgen.drill.replies import as_read

from test_drill_hints import drill


def test_an_expressions_value_is_told_to_six_figures():
    output, _ = drill("-log(0,71)\nq\n", classes="C1", seed=1, save=False, count=1, decimal_comma=True)
    assert "(Your -log(0,71) was read as 0,34249.)" in output, output


def test_a_number_as_typed_is_told_in_full():
    assert [as_read(v) for v in (1234567.0, 2.65, 0.00001234, 123456789012.0, 2950.0)] == \
        ["1234567", "2.65", "0.00001234", "123456789012", "2950"]
