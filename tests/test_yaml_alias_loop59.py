"""A YAML alias used inside its own anchor (``extra: &a [*a]``) is a loop: said
so in one line at the alias's line, for a template and a policy alike, not as
"the number of values ... exceeds the limit of 100,000" (true, but no help
with a one-line loop)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizgen.bank.yamlfile import read_yaml
from quizgen.errors import InputFileError, TemplateError
from quizgen.marking.policy import parse_policy
from quizgen.safe_yaml import safe_load
from quizgen.yaml_size import AliasLoop

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()
LOOP = "the alias *{0} is used inside its own anchor &{0}, a loop: its copies would never end"


@pytest.mark.parametrize("text, anchor, line", [
    ("extra: &a [*a]\n", "a", 1),
    ("params: &p\n  x: 1\n  self: *p\n", "p", 3),
    ("base: &b\n  x: 1\n  more:\n    <<: *b\n", "b", 4),
    ("a: &outer [1, &inner [2, *outer]]\n", "outer", 1),
])
def test_a_loop_is_named(text, anchor, line):
    with pytest.raises(AliasLoop) as caught:
        safe_load(text)
    assert (caught.value.anchor, caught.value.line) == (anchor, line)


def test_an_alias_after_its_anchor_closed_is_no_loop():
    assert safe_load("a: &x [1, 2]\nb: [*x, *x]\n") == {"a": [1, 2], "b": [[1, 2], [1, 2]]}


def test_a_template_with_a_loop_is_one_line(tmp_path):
    path = tmp_path / "c50.yaml"
    path.write_text(BASE + "extra: &a [*a]\n", encoding="utf-8")
    with pytest.raises(TemplateError) as caught:
        read_yaml(path)
    assert str(caught.value).startswith(f"{path}:{BASE.count(chr(10)) + 1}: invalid YAML: {LOOP.format('a')}")


def test_a_policy_with_a_loop_is_one_line():
    with pytest.raises(InputFileError) as caught:
        parse_policy("ecf_credit: 0.5\ntrailing_zeros: &a [*a]\n", "p.yaml")
    assert str(caught.value) == (f"p.yaml:2: not valid YAML ({LOOP.format('a')}; write the values out, or point "
                                 "the alias at another anchor)")
