"""A filter that walks a long list (``groupby``, ``sort``, ``unique``, ``map``,
``select`` ...) spends each item it walks from the render's step budget, so a
loop of such filters is refused at once with one file:line message instead of
running for minutes (or, under validate, quietly passing)."""

import time

import pytest

from quizgen.text.limits import MAX_STEPS, _budget, _Budget
from quizgen.text.render import render_string
from tests.test_hostile_text_calls import stem_line, user_bank

WALKS = {
    "groupby": '{% for i in range(10) %}{{ range(10000)|groupby("real")|length }}{% endfor %}',
    "sort_first": "{% for i in range(1000) %}{{ range(10000)|sort|first }}{% endfor %}",
    "unique_list": "{% for i in range(1000) %}{{ range(10000)|unique|list|length }}{% endfor %}",
    "map_join": '{% for i in range(1000) %}{{ range(10000)|map("string")|join|length }}{% endfor %}',
    "select_in_text": '{% set s = range(10000)|join %}{{ range(10)|map("string")|select("in", s)|list }}',
    "select_in_list": '{{ range(10000)|select("in", range(10000)|list)|list|length }}',
    "dictsort": '{% set d = dict(zip(range(5000)|map("string"), range(5000))) %}'
                "{% for i in range(100) %}{{ d|dictsort|length }}{% endfor %}",
}
WORDS = "loop steps, calls and items walked in one text (at most 100,000;"


@pytest.mark.parametrize("case", sorted(WALKS))
def test_generate_refuses_a_long_walk_by_filters_at_once(invoke, tmp_path, case):
    folder = user_bank(tmp_path, {"c11.yaml": WALKS[case]})
    start = time.monotonic()
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    took = time.monotonic() - start
    lines = result.stderr.strip().splitlines()
    path = folder / "c11.yaml"
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith(f"quizgen: error: {path}:{stem_line(path)}: stem: template text exceeds a limit: ")
    assert WORDS in lines[0]
    assert took < 10  # the machine may be shared: unchecked, the groupby loop ran for half a minute


def spent(source: str) -> int:
    """The steps one render of ``source`` spends."""
    budget = _Budget()
    token = _budget.set(budget)
    try:
        render_string(source, {"xs": [3, 1, 2], "d": {"b": 1, "a": 2}}, "md")
    finally:
        _budget.reset(token)
    return budget.steps


def test_each_item_walked_is_one_step_and_a_glance_costs_nothing():
    """Each call of ``range`` is a step of its own; a test filter's item costs one
    step and one for each character of its texts (the test's name too)."""
    assert spent("{{ range(500)|sort|first }}") == 1 + 500
    assert spent("{{ range(500)|list|length }}") == 1 + 500
    assert spent("{{ range(500)|map('string')|list|length }}") == 1 + 500 + 500
    assert spent('{{ range(100)|groupby("real")|length }}') == 1 + 100 + 300
    assert spent('{{ ["a", "b", "q"]|select("in", "abc")|list }}') == 3 * (1 + 2 + 3) + 2
    assert spent("{{ range(500)|first }}{{ range(500)|length }}{{ range(500)|last }}") == 3
    assert spent('{{ "abc"|upper }}{{ "abcd"|list|length }}') == 4


def test_ordinary_filters_on_short_lists_spend_little():
    """An undefined name given a default (which has no length to count) as well."""
    source = ('{{ d.nope|default("none") }} '
              '{{ xs|sort|join(", ") }} {{ xs|sum }} {{ xs|max }} {{ d|dictsort }} '
              '{{ xs|map("dec", 1)|join }} {{ xs|select("odd")|list }} {{ xs|unique|list }}')
    assert spent(source) < MAX_STEPS // 1000
