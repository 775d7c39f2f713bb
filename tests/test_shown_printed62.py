"""A drawn value is shown to the student where a text prints it (a ``{{ }}``
output, through filters, a set name, a loop or a macro), not where a text only
tests it (``{% if a > 3 %}``; one held equal to a constant, ``{% if y == 1 %}``, has
the text it picks say which value): an answer that reads a value only tested is
refused, and the message says the text only tests it."""

import pytest

from quizgen.validation.shown import printed_names, unshown_problems
from test_validate_consistency60 import _file, _line, _template


# ---------------------------------------------------------------- a value only tested is not shown

@pytest.mark.parametrize("source, printed", [
    ("{% if a > 3 %}Big.{% endif %}", set()),
    ("{% if y == 1 %}IsNext ($y = 1$){% else %}NotNext ($y = 0$){% endif %}", {"y"}),
    ("{% if a %}Big.{% endif %}{{ 'x' if not b else '' }}", set()),
    ("{{ 'big' if a > 3 else 'small' }}", set()),
    ("{{ b if a > 3 else c }}", {"b", "c"}),
    ("{{ a | dec(1) }}", {"a"}),
    ('{{ "a = %s" | format(a) }}', {"a"}),
    ("{% set b = a %}{{ b }}", {"a"}),
    ("{% for x in xs if x > a %}{{ x }}{% endfor %}", {"xs"}),
    ("{% macro m(x) %}{{ x }}{% endmacro %}{{ m(a) }}", {"a"}),
    ("{% macro m(x) %}{% if x > 3 %}Big{% endif %}{% endmacro %}{{ m(a) }}", set()),
])
def test_the_names_a_text_prints(source, printed):
    assert printed_names(source) == printed


def test_a_drawn_value_the_stem_only_tests_is_refused(tmp_path):
    path, text = _file(tmp_path, ("the temperature $T = {{ T | dec(1) }}$",
                                  "a temperature{% if T > 3 %} above 3{% endif %}"))
    assert [str(p) for p in unshown_problems(_template(path))] == [
        f"{path}:{_line(text, '  T: {decimal: [1.5, 6, 0.5]}')}: params.T: the answer of part p1 depends on T, "
        "which the question's text (stem, asks, figure) only tests in a condition ({% if %}) and never prints "
        "({{ T }}), nor any value worked from it: unless the text a condition picks says its value, a student "
        "cannot work it out; print T in the stem"]


def test_a_drawn_value_printed_through_a_set_name_is_shown(tmp_path):
    path, _ = _file(tmp_path, ("the temperature $T = {{ T | dec(1) }}$",
                               "{% set t = T %}the temperature $T = {{ t | dec(1) }}$"))
    assert unshown_problems(_template(path)) == []
