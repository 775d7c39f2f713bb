"""Hostile and broken user banks (issues 13 and 14): every template error,
and every resource limit a bank can hit, gives one line naming the template
file, exit code 2 from generate (validate lists it, exit 1) and no traceback,
within seconds."""

import json
from pathlib import Path

import pytest
from run_support import cpu_seconds

DATA = Path(__file__).parent / "data"
BASE = (DATA / "user_bank" / "c11_softmax_temperature.yaml").read_text()
STEM_LINE = "and samples at temperature $\\tau = {{ tau }}$."
LET_LINE = '  p: "exp(z[t] / tau) / sum(exp(z / tau))"\n'


def bank(tmp_path, stem=None, lets=None, params=None, replace=None) -> Path:
    """A one-template bank: the user-bank template with its stem, lets or params changed."""
    text = BASE
    if stem is not None:
        text = text.replace(STEM_LINE, "and samples.\n  " + stem)
    if lets is not None:
        text = text.replace(LET_LINE, LET_LINE + lets)
    if params is not None:
        text = text.replace("  t: {value: \"argmax(z)\"}\n", "  t: {value: \"argmax(z)\"}\n" + params)
    if replace is not None:
        text = text.replace(*replace)
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(text)
    return folder


def run_both(invoke, folder, tmp_path):
    """generate and validate over the bank; each result with its time taken."""
    results = []
    for args in (["generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out"],
                 ["validate", folder, "--samples", 5]):
        start = cpu_seconds()
        results.append((invoke(*args), cpu_seconds() - start))
    return results


def assert_one_line_exit_2(invoke, folder, tmp_path, words, seconds=20):
    """generate stops with one line (exit 2); validate lists the same line as the template's problem (exit 1)."""
    (generated, generate_took), (validated, validate_took) = run_both(invoke, folder, tmp_path)
    lines = generated.stderr.strip().splitlines()
    assert generated.exit_code == 2, generated.output
    assert validated.exit_code == 1, validated.output
    assert len(lines) == 1 and "Traceback" not in generated.output + validated.output
    assert lines[0].startswith(f"quizgen: error: {folder / 'c11.yaml'}:")
    assert words in lines[0]
    listed = validated.stdout.strip().splitlines()
    assert len(listed) == 1 and listed[0].startswith(f"{folder / 'c11.yaml'}:") and words in listed[0]
    if " stem: " in lines[0]:  # a limit hit in the text names the line of the text itself
        text_line = (folder / "c11.yaml").read_text().splitlines().index("  and samples.") + 2
        assert lines[0].startswith(f"quizgen: error: {folder / 'c11.yaml'}:{text_line}: stem: ")
        assert listed[0].startswith(f"{folder / 'c11.yaml'}:{text_line}: stem: ")
    assert generate_took < seconds and validate_took < seconds


# Ten levels of ten aliases inside a choice: 10**10 values once written out.
ALIAS_BOMB = "  bomb: {choice: [&a0 [1], " + ", ".join(
    f"&a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 11)) + "]}\n"

LIMITS = {
    "overflow": dict(lets='  big: "2**2048 * 2**2048"\n', words="the size of a number"),
    "huge_grid": dict(params='  d: {decimal: [0, "10**29", "1e-300"]}\n', words="decimal grid"),
    "huge_vector": dict(replace=("size: V,", 'size: "10**29",'), words="the size of a vector"),
    "alias_bomb": dict(params=ALIAS_BOMB, words="each YAML alias counted as its copy"),
    "long_class": dict(replace=("class: C11", "class: C" + "1" * 5000), words="a class of 5,001 characters"),
    "let_chain": dict(lets="".join(f'  c{i}: "{"p" if i == 0 else f"c{i - 1}"} + 1"\n' for i in range(1500)),
                      words="1501 lets exceeds the limit of 200"),
    "doubling": dict(lets='  d0: "p"\n' + "".join(f'  d{i}: "d{i - 1} + d{i - 1}"\n' for i in range(1, 40)),
                     words="exact expression"),
    "squaring": dict(lets='  s0: "3 / 2"\n' + "".join(f'  s{i}: "s{i - 1} * s{i - 1}"\n' for i in range(1, 45)),
                     words="the size of a number"),
    "max_tries": dict(replace=("points: 2\n", "points: 2\nmax_tries: 100000\n"), words="max_tries 100000 exceeds the limit of 10000"),
    "center": dict(stem="{{ 'a' | center(1000000000) }}", words="center(1000000000)"),
    "format_filter": dict(stem="{{ '%999999999s' | format('a') }}", words="format width"),
    "nested_range": dict(stem="{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}",
                         words="range of 100,000 items"),
    "loop_steps": dict(stem="{% for i in range(5000) %}{% for j in range(5000) %}{% endfor %}{% endfor %}",
                       words="loop steps"),
    "lipsum": dict(stem="{{ lipsum(2000000) }}", words="lipsum(2000000)"),
    "pct": dict(stem="{{ p | pct(1000000000) }}", words="pct(1000000000)"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(LIMITS))
def test_a_bank_over_a_limit_is_one_line_and_exit_2(invoke, tmp_path, case):
    spec = dict(LIMITS[case])
    words = spec.pop("words")
    assert_one_line_exit_2(invoke, bank(tmp_path, **spec), tmp_path, words)


BROKEN = {
    "unknown_filter": ("{{ V | sqrt }}", "unknown filter 'sqrt'"),
    "unknown_test": ("{% if V is prime %}x{% endif %}", "unknown test 'prime'"),
    "syntax": ("{{ V ", "template syntax error"),
    "unclosed_for": ("{% for x in z %}{{ x }}", "template syntax error"),
    "macro_without_caller": ("{% macro f() %}{{ caller() }}{% endmacro %}{{ f() }}", "No caller defined"),
    "undefined": ("{{ nope }}", "'nope'"),
    "list_to_dec": ("{{ z | dec(2) }}", "TypeError"),
    "text_places": ("{{ V | dec('x') }}", "TypeError"),
    "index_a_number": ("{{ V[0] }}", "no element 0"),
    "include": ("{% include 'x.j2' %}", "cannot read another file"),   # review 57a F5: was Python's 'no loader'
    "dunder": ("{{ V.__class__ }}", "unsafe"),
    "division_by_zero": ("{{ 1 // 0 }}", "ZeroDivisionError"),
    "maths_filter": ("{{ V | exp }}", "the 'exp' filter"),
    "float_filter": ("{{ V | float }}", "the 'float' filter"),
    "arithmetic": ("{{ V + 1 }}", "arithmetic (+)"),
    "repeat_text": ("{{ 'a' * 10**9 }}", "arithmetic (*, **)"),
    "format_width": ("{{ '%999999999s' % 'a' }}", "format width 999999999 (at most 200;"),   # literals: text, capped
    "maths_in_map": ("{{ z | map('float') | join(', ') }}", "the 'float' filter"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_template_text_is_one_line_naming_the_file(invoke, tmp_path, case):
    stem, words = BROKEN[case]
    folder = bank(tmp_path, stem=stem)
    (generated, _), (validated, _) = run_both(invoke, folder, tmp_path)
    assert generated.exit_code == 2 and "Traceback" not in generated.output
    assert generated.stderr.startswith(f"quizgen: error: {folder / 'c11.yaml'}:")
    assert words in generated.stderr and len(generated.stderr.strip().splitlines()) == 1
    assert validated.exit_code in (1, 2)
    assert any(line.startswith(f"{folder / 'c11.yaml'}:") and words in line
               for line in validated.output.splitlines())


@pytest.mark.slow
def test_loop_counters_may_do_arithmetic_but_values_may_not(invoke, tmp_path):
    folder = bank(tmp_path, stem="At $\\tau = {{ tau }}$: {% for k in range(V) %}{{ z[k] }} at {{ k + 1 }}/{{ loop.index * 2 }} {% endfor %}")
    assert invoke("validate", folder, "--samples", 3).exit_code == 0
    made = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert made.exit_code == 0, made.output
    params = json.loads((tmp_path / "out" / "key.json").read_text())["questions"][0]["params"]
    shown = " ".join(f"{z:g} at {k}/{2 * k}" for k, z in enumerate(params["z"], start=1))
    assert len(params["z"]) == params["V"] >= 3
    assert f": {shown}\n" in (tmp_path / "out" / "problems.md").read_text()   # each counter's sum, rendered


@pytest.mark.parametrize("source, words", [
    ("{{ 'a' * 10**9 }}", "repeated text length"),
    ("{{ '%999999999s' % 'a' }}", "format width 999999999"),
    ("{{ 'ab' | wordwrap(10**9) }}", "wordwrap(1000000000)"),
    ("{{ 'ab' | truncate(10**9) }}", "truncate(1000000000)"),
    ("{% for i in range(20) %}{{ lipsum(20) }}{% endfor %}", "rendered text length"),
])
def test_the_sandbox_caps_text_the_loader_would_refuse(source, words):
    """Defence in depth: text that never passes the loader is still capped when rendered."""
    from quizgen.errors import BankLimitError
    from quizgen.text.render import render_string

    start = cpu_seconds()
    with pytest.raises(BankLimitError, match=words.replace("(", r"\(").replace(")", r"\)")):
        render_string(source, {}, "md")
    assert cpu_seconds() - start < 5


@pytest.mark.slow
def test_a_template_whose_draws_take_too_long_is_stopped(invoke, tmp_path, monkeypatch):
    """max_tries draws that each fail a slow constraint (milliseconds each) stop
    at the draw-time budget (shortened here to keep the test quick)."""
    from quizgen.bank import budget

    monkeypatch.setattr(budget, "DRAW_SECONDS", 0.3)
    folder = bank(tmp_path, replace=('  - "count(z, max(z)) == 1"\n',
                                     '  - "count(z, max(z)) == 1"\n  - "sum(log(range(1, 3000))) < 0"\n'))
    (folder / "c11.yaml").write_text((folder / "c11.yaml").read_text().replace(
        "points: 2\n", "points: 2\nmax_tries: 10000\n"))
    assert_one_line_exit_2(invoke, folder, tmp_path, "time to draw one instance exceeds the limit of 0.3 s",
                           seconds=10)


@pytest.mark.slow
def test_the_shipped_bank_keeps_the_one_arithmetic_rule(bank):
    """No text of the shipped bank computes: every value it prints comes from a let."""
    from quizgen.bank.text_rules import text_rule_problems
    from quizgen.bank.texts import text_sources

    found = [(t.id, keys, problem) for t in bank for keys, source in text_sources(t)
             for problem in text_rule_problems(source)]
    assert found == []


PART_LINE = "    answer: p\n"


@pytest.mark.parametrize("extra, words", [
    ("    points: -1\n", "points must be a number of at least 0"),
    ("    points: .inf\n", "parts.0.points: expected a finite number, not inf"),
    ("    points: 3\n", "the parts' points (3) must add up to the question's points (2)"),
    ("    space: 40\n", "40 cm of working space does not fit on a page: at most 18 cm"),
    ("    space: -1\n", "space must be a number from 0 to 18"),
    ("    space: wide\n", "space must be a number from 0 to 18"),
])
@pytest.mark.slow
def test_bad_part_points_or_space_is_named_by_file_and_line(invoke, tmp_path, extra, words):
    folder = bank(tmp_path, replace=(PART_LINE, PART_LINE + extra))
    (generated, _), (validated, _) = run_both(invoke, folder, tmp_path)
    assert generated.exit_code == 2 and "Traceback" not in generated.output
    assert generated.stderr.startswith(f"quizgen: error: {folder / 'c11.yaml'}:")
    assert words in generated.stderr and len(generated.stderr.strip().splitlines()) == 1
    assert validated.exit_code == 1
    assert any(line.startswith(f"{folder / 'c11.yaml'}:") and words in line
               for line in validated.output.splitlines())


def test_part_points_and_space_reach_the_template_model(tmp_path):
    from quizgen.bank.loader import load_template
    folder = bank(tmp_path, replace=(PART_LINE, PART_LINE + "    points: 2\n    space: 4.5\n"))
    template = load_template(folder / "c11.yaml")
    assert (template.parts[0].points, template.parts[0].space) == (2.0, 4.5)
    assert template.part_points() == (2.0,)


def test_parts_without_points_share_what_the_others_leave(tmp_path):
    """7 points, part (a) given 1: (b) and (c), given none, share the 6 left."""
    from quizgen.bank.loader import load_template

    parts = "".join(f"  - name: {name}\n    ask: \"What is it, again?\"\n    answer: p\n    tolerance: {{sigfigs: 3}}\n"
                    for name in ("q", "r"))
    folder = bank(tmp_path, replace=(PART_LINE, PART_LINE + "    points: 1\n"))
    text = (folder / "c11.yaml").read_text().replace("points: 2\n", "points: 7\n", 1)
    (folder / "c11.yaml").write_text(text.replace("\nsolution:", parts + "\nsolution:", 1))
    template = load_template(folder / "c11.yaml")
    shares = template.part_points()
    assert shares == (1.0, 3.0, 3.0)
    fixed = [p.points for p in template.parts if p.points is not None]
    free = [s for s, p in zip(shares, template.parts) if p.points is None]
    assert fixed == [1] and len(free) == 2
    assert all(s == pytest.approx((template.points - sum(fixed)) / len(free)) for s in free)


def test_the_shipped_parts_without_points_share_what_the_others_leave():
    from quizgen.bank.loader import load_bank

    checked = 0
    for template in load_bank():
        shares = template.part_points()
        assert sum(shares) == pytest.approx(template.points), template.id
        fixed = [p.points for p in template.parts if p.points is not None]
        free = [s for s, p in zip(shares, template.parts) if p.points is None]
        assert all(s == pytest.approx((template.points - sum(fixed)) / len(free)) for s in free), template.id
        checked += bool(fixed and free)
    assert checked   # a shipped template mixes parts with points and parts without
