"""A filter that walks a long list (``groupby``, ``sort``, ``unique``, ``map``,
``select`` ...) spends each item it walks from the render's step budget, so a
loop of such filters is refused at once with one file:line message instead of
running for minutes (or, under validate, quietly passing)."""

from fractions import Fraction

import pytest

from quizgen.text.limits import FAST_ITEMS, MAX_STEPS, TEXT_TEST_CHARS, _budget, _Budget
from quizgen.text.render import render_string
from test_hostile_text_calls import stem_line, user_bank
from run_support import cpu_seconds

WALKS = {
    "groupby": '{% for i in range(10) %}{{ range(10000)|groupby("real")|length }}{% endfor %}',
    "sort_first": "{% for i in range(1000) %}{{ range(10000)|sort|first }}{% endfor %}",
    "unique_list": "{% for i in range(1000) %}{{ range(10000)|unique|list|length }}{% endfor %}",
    "map_join": '{% for i in range(1000) %}{{ range(10000)|map("string")|join|length }}{% endfor %}',
    # a0d8715: 27 s of substring searches (10,000 x 100 items x 9,900 characters, each read to the end)
    "select_in_text": '{% set s = ["a"]|batch(9900, "a")|first|join %}'
                      '{% set xs = ["aaaaaaaaab"]|batch(100, "aaaaaaaaab")|first %}'
                      '{% for i in range(10000) %}{{ xs|select("in", s)|list|length }}{% endfor %}',
    "select_in_list": '{{ range(10000)|select("in", range(10000)|list)|list|length }}',
    "dictsort": '{% set d = dict(zip(range(5000)|map("string"), range(5000))) %}'
                "{% for i in range(100) %}{{ d|dictsort|length }}{% endfor %}",
}
WORDS = "loop steps, calls and items walked in one text (at most 100,000;"


@pytest.mark.parametrize("case", sorted(WALKS))
@pytest.mark.slow
def test_generate_refuses_a_long_walk_by_filters_at_once(invoke, tmp_path, case):
    folder = user_bank(tmp_path, {"c11.yaml": WALKS[case]})
    start = cpu_seconds()
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    took = cpu_seconds() - start
    lines = result.stderr.strip().splitlines()
    path = folder / "c11.yaml"
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith(f"quizgen: error: {path}:{stem_line(path)}: stem: template text exceeds a limit: ")
    assert WORDS in lines[0]
    assert took < 10  # the machine may be shared: unchecked, the groupby loop ran for half a minute


def spent(source: str, context=None) -> int:
    """The steps one render of ``source`` spends."""
    budget = _Budget()
    token = _budget.set(budget)
    try:
        render_string(source, context or {"xs": [3, 1, 2], "d": {"b": 1, "a": 2}}, "md")
    finally:
        _budget.reset(token)
    return budget.steps


@pytest.mark.slow
def test_each_item_walked_is_one_step_and_a_glance_costs_nothing():
    """Each call of ``range`` is a step of its own; a test filter's item costs one
    step and one for each item of its lists."""
    assert spent("{{ range(500)|sort|first }}") == 1 + 500
    assert spent("{{ range(500)|map('string')|list|length }}") == 1 + 500 + 500
    assert spent('{{ range(100)|groupby("real")|length }}') == 1 + 100 + 300
    assert spent('{{ range(10)|select("in", range(20)|list)|list }}') == 2 + 20 // FAST_ITEMS["list"] + 1 \
        + 10 * (1 + 20) + 10
    assert spent("{{ range(500)|first }}{{ range(500)|length }}{{ range(500)|last }}") == 3
    assert spent("{{ (range(500)|default([]))|length }}{{ range(500)|d([])|first }}") == 2   # tidy27c
    loop = "{% for i in range(10) %}{% endfor %}"
    assert spent(loop.replace("%}{%", "%}{{ (xs|default([]))|length }}{%"), {"xs": [0] * 10_000}) == spent(loop)
    assert spent('{{ "abc"|upper }}{{ "abcd"|sort|length }}') == 4


def test_ordinary_filters_on_short_lists_spend_little():
    """An undefined name given a default (which has no length to count) as well."""
    source = ('{{ d.nope|default("none") }} '
              '{{ xs|sort|join(", ") }} {{ xs|sum }} {{ xs|max }} {{ d|dictsort }} '
              '{{ xs|map("dec", 1)|join }} {{ xs|select("odd")|list }} {{ xs|unique|list }}')
    assert spent(source) < MAX_STEPS // 1000


def test_walks_done_in_c_cost_a_step_for_several_items():
    """fix27a: a substring test costs a step per TEXT_TEST_CHARS characters of its
    text, ``list`` and a plain ``sum`` a step per FAST_ITEMS items (measured against
    a loop step); a sum of Fractions, or of an attribute, a step an item."""
    text = "x" * (7 * TEXT_TEST_CHARS + 3)
    assert spent('{{ ["a", "b", "q"]|select("in", t)|list }}', {"t": text}) == 3 * (1 + 7)
    assert spent('{{ ["a", "b", "q"]|select("in", "abc")|list }}') == 3 + 2   # a and b kept, then listed
    assert spent("{{ xs|list|length }}", {"xs": list(range(1000))}) == 1000 // FAST_ITEMS["list"]
    assert spent("{{ xs|sum }}", {"xs": [0.5] * 600}) == 600 // FAST_ITEMS["sum"]
    assert spent("{{ xs|sum }}", {"xs": [Fraction(1, 3)] * 600}) == 600
    assert spent("{{ xs|sum(start=f) }}", {"xs": [1] * 600, "f": Fraction(1, 3)}) == 600
    assert spent('{{ xs|sum("real") }}', {"xs": [1] * 600}) == 600 + 600   # each item looked up too
    assert spent("{{ xs|sum }}", {"xs": [2 ** 62] * 600}) == 600   # a huge whole number's sum costs by its size
    assert spent("{% set t = xs|sum %}", {"xs": [float("nan")] * 600}) == 600
    assert spent("{{ xs|sum }}", {"xs": []}) == 0


PASSAGE = ("BERT is pretrained on a large corpus with two objectives: masked language modelling, in which "
           "fifteen percent of the tokens are chosen and the model predicts them, and next sentence prediction. ") * 9
FAST = {   # the reviewer's templates (rd27 lim2.py, lim3.py): 4 ms at a0d8715, refused at f33fd96
    "select_in_passage": ('{{ vocab | select("in", passage) | list | length }} of the words appear',
                          {"vocab": "bert model token mask corpus sentence predict layer head attention weight "
                                    "loss".split() * 5, "passage": PASSAGE}, "30 of the words appear"),
    "running_total": ("{% for i in range(450) %}{{ xs[:i+1] | sum }} {% endfor %}", {"xs": list(range(450))},
                      "0 1 3 6 10 "),
    "digits_in_a_joined_range": ('{% set s = range(10000)|join %}{{ range(10)|map("string")|select("in", s)|list }}',
                                 {}, "0, 1, 2"),   # 3 ms at a0d8715: the old select_in_text case
}


@pytest.mark.parametrize("case", sorted(FAST))
def test_fast_filter_work_renders(case):
    source, context, starts = FAST[case]
    assert render_string(source, context, "md").startswith(starts)
