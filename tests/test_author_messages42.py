"""Review 42b, the messages of quizgen validate for a bank author: an unknown
function gets a did-you-mean as an unknown name does (F3)."""

import pytest

from quizgen.errors import ExpressionError
from quizgen.maths.parser import ANSWER_POLICY, parse, template_policy


@pytest.mark.parametrize("text, hint", [
    ("sqrtt(x)", "function 'sqrtt' is not allowed (did you mean 'sqrt'?)"),
    ("x - average(x)", "function 'average' is not allowed (for 'average' write mean(...); see the function list "
                       "in docs/templates.md, \"Expressions\")"),
    ("zzzq(x)", "function 'zzzq' is not allowed (see the function list in docs/templates.md, \"Expressions\")"),
    ("Sigdec(x, 2)", "(did you mean 'sigdec'?)"),
])
def test_an_unknown_function_in_a_template_gets_a_hint(text, hint):
    with pytest.raises(ExpressionError) as caught:
        parse(text, template_policy({"x"}))
    assert hint in str(caught.value)


def test_a_students_unknown_function_is_told_what_quizgen_reads():
    with pytest.raises(ExpressionError, match=r"'sqrtt' is not a function quizgen reads \(it reads abs, "):
        parse("sqrtt(2)", ANSWER_POLICY)
