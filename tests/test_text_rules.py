"""The text rules' one walk of a parsed text finds what Jinja2's own
``find_all`` finds, kind by kind and in the same order, so the problems
reported (and their order) are those of one ``find_all`` per kind."""

from jinja2 import nodes

from quizgen.bank.text_rules import ARITHMETIC, _nodes_by_kind, text_rule_problems
from quizgen.text.render import text_environment

TEXT = """{% for k in range(n) %}{{ (xs[k + 1] * 2) | dec(2) }} {{ -y | round | sig }}{% endfor %}
{% if a is odd and (b + c) is divisibleby 3 %}{{ ws | map('float') | join(', ') }}{% endif %}
{% for w in ws %}{{ loop.index0 * 2 }} {{ w | upper | frob }}{% if w is sameas q %}-{% endif %}{% endfor %}"""


def test_one_walk_finds_each_kind_in_find_all_order():
    tree = text_environment().parse(TEXT)
    found = _nodes_by_kind(tree)
    for kind in (nodes.Filter, nodes.Test, nodes.For, ARITHMETIC):
        assert found[kind] == list(tree.find_all(kind))
    assert len(found[nodes.Filter]) == 7 and len(found[ARITHMETIC]) == 5


def test_problems_come_in_the_order_of_their_kinds_and_lines():
    messages = [message.split(" on values")[0].split(";")[0] for _, message in text_rule_problems(TEXT)]
    assert messages == ["unknown filter 'frob'", "arithmetic (*, unary -)",
                        "the 'round' filter computes", "arithmetic (+)", "the 'float' filter computes"]


def test_text_without_a_brace_is_plain_text_and_breaks_no_rule():
    assert text_rule_problems("a %} b }} c #} d - e * 2") == []
    assert text_rule_problems("a {% b }} c") != []


def test_min_and_max_filters_are_refused_like_the_other_computing_filters():
    messages = [message for _, message in text_rule_problems("{{ xs | max }} {{ ys | map('min') | join }}")]
    assert [m.split(" on values")[0] for m in messages] == ["the 'max' filter computes", "the 'min' filter computes"]
