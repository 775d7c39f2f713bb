"""Lists and mappings nested deeply in a user's YAML (a template, a policy):
refused in one line naming the file and line, in well under a second, before
PyYAML's pure-Python parser (whose time grows with the square of the depth)
reads deeper than safe_yaml.MAX_DEPTH; a file libyaml reads deep in a blink
but that is broken further on is refused the same way, not re-parsed for
minutes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from quizgen.bank.yamlfile import read_yaml
from quizgen.errors import InputFileError, TemplateError
from quizgen.marking.policy import parse_policy
from quizgen.safe_yaml import MAX_DEPTH, safe_load
from quizgen.yaml_size import TooDeep

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()


def _flow(levels: int) -> str:
    return "[" * levels + "]" * levels


def _many_deep_then_unclosed(keys: int) -> str:
    """``keys`` entries each holding a 990-deep list (under libyaml's own limit of
    1,000), then one unclosed ``[``: libyaml fails only at the end."""
    return "".join(f"k{i}: {_flow(990)}\n" for i in range(keys)) + "bad: [unclosed\n"


@pytest.mark.parametrize("text, line", [
    ("x: " + "[" * 10_000 + "\n", 1),                      # unclosed: libyaml stops at 1,000 levels
    ("x: " + _flow(3_000) + "\n", 1),
    ("x: " + "{a: " * 5_000 + "\n", 1),
    ("a: 1\nx:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 60)), MAX_DEPTH + 2),
    (_many_deep_then_unclosed(20), 1),
])
def test_deep_nesting_is_refused_at_its_line_in_a_blink(text, line):
    started = time.perf_counter()
    with pytest.raises(TooDeep) as caught:
        safe_load(text)
    assert time.perf_counter() - started < 1.5
    assert caught.value.line == line and caught.value.depth == MAX_DEPTH


def test_the_depth_limit_counts_the_top_mapping_as_one_level():
    assert safe_load("x: " + _flow(MAX_DEPTH - 1)) == {"x": eval(_flow(MAX_DEPTH - 1))}
    with pytest.raises(TooDeep):
        safe_load("x: " + _flow(MAX_DEPTH))
    assert safe_load(_flow(MAX_DEPTH)) == eval(_flow(MAX_DEPTH))


@pytest.mark.parametrize("extra", ["extra: " + "[" * 10_000 + "]" * 10_000, _many_deep_then_unclosed(40)],
                         ids=["10k_deep", "many_990_deep_then_unclosed"])
def test_a_deep_template_is_one_line_with_its_line(tmp_path, extra):
    """Before, 10,000 levels (20 KB) took over 90 s; forty 990-deep lists and an unclosed ``[`` nearly 2 min."""
    path = tmp_path / "c50.yaml"
    path.write_text(BASE + extra + "\n", encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(TemplateError) as caught:
        read_yaml(path)
    assert time.perf_counter() - started < 1.5
    assert str(caught.value) == (f"{path}:{BASE.count(chr(10)) + 1}: invalid YAML: lists or mappings nested too "
                                 f"deeply to read (more than {MAX_DEPTH} levels; a template needs a few)")


@pytest.mark.parametrize("text", ["trailing_zeros: " + "[" * 50_000 + "]" * 50_000 + "\n",
                                  "ecf_credit: 0.5\n" + _many_deep_then_unclosed(10)])
def test_a_deep_policy_is_one_line_with_its_line(text):
    """Before, 5,000 levels (10 KB) took 39 s; ten 990-deep lists and an unclosed ``[`` 27 s."""
    started = time.perf_counter()
    with pytest.raises(InputFileError) as caught:
        parse_policy(text, "p.yaml")
    assert time.perf_counter() - started < 1.5
    line = 1 if text.startswith("trailing") else 2
    assert str(caught.value) == (f"p.yaml:{line}: not valid YAML (lists or mappings nested more than {MAX_DEPTH} "
                                 "levels deep, too deeply to be a policy)")


def test_grade_with_a_deep_policy_exits_2_in_one_line(invoke, seed3_key, tmp_path):
    policy = tmp_path / "deep.yaml"
    policy.write_text("ecf_credit: " + "[" * 5_000 + "]" * 5_000 + "\n", encoding="utf-8")
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", seed3_key, "--policy", policy, "--out", tmp_path / "out")
    assert result.exit_code == 2 and result.stderr.strip().splitlines() == [
        f"quizgen: error: {policy}:1: not valid YAML (lists or mappings nested more than {MAX_DEPTH} levels deep, "
        "too deeply to be a policy)"]
    assert not (tmp_path / "out").exists()
