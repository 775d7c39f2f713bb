"""A macro renders only where the text calls it: a value printed only in a macro the
text never calls (or calls only from such a macro) is not shown to the student, and
an answer that reads it is refused as unshown. A called macro's prints are shown,
however deep the calls."""

import pytest

from quizgen.validation.shown import printed_names, unshown_problems
from test_validate_consistency60 import _file, _template


@pytest.mark.parametrize("source, printed", [
    ("{% macro m() %}{{ a }}{% endmacro %}Text.", set()),
    ("{% macro m() %}{% if y == 1 %}IsNext{% endif %}{% endmacro %}Text.", set()),
    ("{% macro n() %}{{ a }}{% endmacro %}{% macro m() %}{{ n() }}{% endmacro %}Text.", set()),
    ("{% macro n() %}{{ a }}{% endmacro %}{% macro m() %}{{ n() }}{% endmacro %}{{ m() }}", {"a"}),
    ("{% macro m() %}{{ a }}{% endmacro %}{% if b > 0 %}{{ m() }}{% endif %}", {"a"}),
    ("{% macro m(x) %}{{ x }}{% endmacro %}{% call m(a) %}{% endcall %}", {"a"}),
])
def test_a_macro_prints_only_where_it_is_called(source, printed):
    assert printed_names(source) == printed


def test_a_drawn_value_printed_only_in_an_unused_macro_is_refused(tmp_path):
    path, _ = _file(tmp_path, ("the temperature $T = {{ T | dec(1) }}$",
                               "a temperature{% macro said() %} $T = {{ T | dec(1) }}${% endmacro %}"))
    assert [p.key for p in unshown_problems(_template(path))] == ["params.T"]
