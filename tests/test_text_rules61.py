"""A Python format in a template's text is refused with a reason true of what it formats: a
word's ``"%s is right" % label`` was told it "goes through a float (1/8 prints 0.12 ...)" with
advice naming only number filters; ``"%d"`` cuts to a whole number rather than a float."""

import pytest

from quizgen.bank.text_rules import text_rule_problems

WORD = ": write a word as it is (\"{{ label }} is right\", with no format), and format values with the bank's filters: "
FLOAT = " goes through a float (1/8 prints 0.12"
WHOLE = " cuts it to a whole number (7/2 prints 3); format values with the bank's filters: "


@pytest.mark.parametrize("text, said", [
    ('{{ "%s is right" % label }}', "'%' formatting of a value in the text" + WORD),
    ('{{ "{} tokens".format(word) }}', "str.format of a value in the text" + WORD),
    ('{{ "%(w)s" % names }}', "'%' formatting of a value in the text" + WORD),
    ('{{ "%d tokens" % n }}', "'%' formatting of a value in the text" + WHOLE),
    ('{{ "%d" | format(n) }}', "the format filter of a value in the text" + WHOLE),
    ('{{ "%s at %.2f" % (word, eps) }}', "'%' formatting of a value in the text" + FLOAT),
    ('{{ "{:.3}".format(eps) }}', "str.format of a value in the text" + FLOAT),
])
def test_a_python_format_is_refused_for_what_it_formats(text, said):
    (line, message), = text_rule_problems(text)
    assert line == 1 and message.startswith(said), message
