"""Author mistakes a reviewer met writing a class from docs/authoring.md alone
(tests/data/author/c20_temperature.yaml, one mistake per test): each gets one
line naming file, line and key and saying what to do."""

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from quizgen.generation.separation import _clash

C20 = (Path(__file__).parent / "data" / "author" / "c20_temperature.yaml").read_text()
CANONICAL = "  params: {V: 3, z: [2, 1, 0], tau: 2}"


def _broken(tmp_path, old: str, new: str) -> tuple:
    """The C20 template with ``old`` replaced by ``new``; its path and the line of ``new``'s first row."""
    assert old in C20
    text = C20.replace(old, new)
    path = tmp_path / "c20.yaml"
    path.write_text(text)
    first = new.strip().splitlines()[0] if new.strip() else old.strip().splitlines()[0]
    line = next((n for n, row in enumerate(text.splitlines(), 1) if row.strip() == first.strip()), None)
    return path, line


def _problems(result) -> list:
    return [row for row in result.output.splitlines() if not row.startswith("quizgen: error")]


UNREAD = "let.zmax: warning: the let zmax is never read"
"""The one warning the reviewer's class gets: its zmax is a let nothing reads (the tests here anchor on its line)."""


def _output(result) -> list:
    """validate's lines less the warning that the class's unread zmax gets."""
    return [row for row in result.output.splitlines() if UNREAD not in row]


@pytest.mark.slow
def test_the_reviewers_class_validates_with_no_warning(invoke):
    result = invoke("validate", "--samples", "5", Path(__file__).parent / "data" / "author" / "c20_temperature.yaml")
    assert result.exit_code == 0 and "warning" not in "\n".join(_output(result))
    assert [row for row in result.output.splitlines() if "warning" in row][0].split(": ", 1)[1].startswith(UNREAD)
    assert "1 canonical number matched, 4 tests passed" in result.output


@pytest.mark.parametrize("params, message", [
    ("{V: 9, z: [2, 1, 0, 0.5, 1.5, -1, -1.5, 0.5, 2.5], tau: 2}",
     "canonical.params.V: V = 9 is outside its declared range (integer from 3 to 5): the template could "
     "never draw it; give a value from 3 to 5"),
    ("{V: 3, z: [2, 1, 0.25], tau: 2}",
     "canonical.params.z: z[2] = 0.25 is not on its declared grid (vector from -2 to 3 in steps of 0.5): "
     "the template could never draw it; give a grid value such as 0 or 0.5"),
    ("{V: 3, z: [2, 1, 0], tau: 1.25}",
     "canonical.params.tau: tau = 1.25 is not on its declared grid (decimal from 0.5 to 2 in steps of 0.1): "
     "the template could never draw it; give a grid value such as 1.2 or 1.3"),
    ("{V: 3, z: [2, 1, 0], tau: 2.05}", "tau = 2.05 is outside its declared range"),
    ("{V: 3, z: [2, 1, 1], tau: 2}", "z repeats a value but is declared distinct: true"),
])
@pytest.mark.slow
def test_a_canonical_value_the_template_could_never_draw_is_refused(tmp_path, invoke, params, message):
    path, line = _broken(tmp_path, CANONICAL, f"  params: {params}")
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code == 1
    problems = _problems(result)
    assert len(problems) == 1 and problems[0].startswith(f"{path}:{line}: canonical.params.") and message in problems[0]
    made = invoke("generate", "--bank", tmp_path, "--classes", "C20", "--worked-examples", "--out", tmp_path / "o")
    assert made.exit_code == 2 and f"c20.yaml:{line}: canonical.params." in made.stderr
    assert message.split(": ", 1)[-1] in made.stderr


@pytest.mark.parametrize("tau", ["exp(0.5)", "exp(2)"])
@pytest.mark.slow
def test_an_irrational_canonical_value_is_the_exact_value_meant_not_a_draw(tmp_path, invoke, tau):
    """As C4's 1/(2 + e^3) = 0.0453, under its lowest draw 0.05: the reference's value, on no grid."""
    path, _ = _broken(tmp_path, CANONICAL, f'  params: {{V: 3, z: [2, 1, 0], tau: "{tau}"}}')
    problems = _problems(invoke("validate", "--samples", "0", path))
    assert not [p for p in problems if "canonical.params" in p], problems   # (its expect is another matter)


def test_the_shipped_c10_canonical_value_written_as_an_expression_may_lie_between_grid_points():
    from quizgen.bank.loader import builtin_bank_dir, build_template, read_yaml
    from quizgen.generation.canonical_params import canonical_param_problems

    path = builtin_bank_dir() / "c10_causal_lm.yaml"
    assert '"exp(2)/(exp(2) + e + 1)"' in path.read_text()
    assert canonical_param_problems(build_template(read_yaml(path), path)) == []


@pytest.mark.slow
def test_a_canonical_vector_of_the_wrong_length_is_reported_once_as_such(tmp_path, invoke):
    path, line = _broken(tmp_path, CANONICAL, "  params: {V: 3, z: [2, 1], tau: 2}")
    result = invoke("validate", "--samples", "5", path)
    assert result.exit_code == 1
    assert _problems(result) == [f"{path}:{line}: canonical.params.z: z has 2 values but its declared size is 3: "
                                 "give 3 values"]


@pytest.mark.parametrize("old, new, expected", [
    ("  expect: {top: 0.5065}\n", "", "canonical: warning: no expected value for part top: under expect"),
    ("  expect: {top: 0.5065}\n", "  expect: {}\n", "canonical.expect: warning: no expected value for part top"),
])
@pytest.mark.slow
def test_a_part_with_no_expected_canonical_value_is_a_warning(tmp_path, invoke, old, new, expected):
    path, _ = _broken(tmp_path, old, new)
    result = invoke("validate", "--samples", "5", path)
    assert result.exit_code == 0   # a gap in the checks, not a wrong paper
    assert [row for row in _output(result) if "warning" in row] == [
        row for row in _output(result) if expected in row] != []


@pytest.mark.slow
def test_a_template_with_no_tests_gets_a_warning_per_part_and_trap(tmp_path, invoke):
    path, _ = _broken(tmp_path, C20[C20.index("tests:"):], "")
    lines = C20.splitlines()
    where = {key: next(n for n, row in enumerate(lines, 1) if key in row)
             for key in ("name: top", "code: temperature_ignored", "code: temperature_multiplied")}
    result = invoke("validate", "--samples", "5", path)
    assert result.exit_code == 0
    assert _output(result)[1:] == [
        f"{path}:{where['name: top']}: parts.0: warning: no test answers part top correctly: "
        "add {part: top, answer: ..., status: correct} under tests",
        f"{path}:{where['code: temperature_ignored']}: parts.0.traps.0: warning: no test answers with this trap: "
        "add {part: top, answer: ..., status: incorrect, misconception: temperature_ignored} under tests",
        f"{path}:{where['code: temperature_multiplied']}: parts.0.traps.1: warning: no test answers with this "
        "trap: add {part: top, answer: ..., status: incorrect, misconception: temperature_multiplied} under tests"]


def test_two_traps_with_one_code_in_a_part_are_refused_naming_both(tmp_path, invoke):
    text = C20.replace("- code: temperature_multiplied", "- code: temperature_ignored")
    path = tmp_path / "c20.yaml"
    path.write_text(text)
    first, second = [n for n, row in enumerate(text.splitlines(), 1) if "code: temperature_ignored" in row]
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code == 1
    test = next(n for n, row in enumerate(text.splitlines(), 1) if "misconception: temperature_multiplied" in row)
    assert _problems(result) == [f"{path}:{second}: parts.0.traps.1.code: trap code 'temperature_ignored' is also "
                                 f"the code of parts.0.traps.0 (line {first}): give each trap of a part its own code; "
                                 # the test naming the code now gone, in the same run (review 42b F4), on the
                                 # code's own line: one mistake, one problem (review 46a F7)
                                 f"the test at line {test} names 'temperature_multiplied', which no trap of the "
                                 "part has now"]


@pytest.mark.parametrize("tolerance", ["    tolerance:", "    tolerance: {}"])
def test_an_empty_tolerance_is_refused_with_the_allowed_forms(tmp_path, invoke, tolerance):
    path, line = _broken(tmp_path, "    decimals: 4\n", f"    decimals: 4\n{tolerance}\n")
    line = next(n for n, row in enumerate(path.read_text().splitlines(), 1) if row == tolerance)
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code == 1
    assert _problems(result) == [f"{path}:{line}: parts.0.tolerance: an empty tolerance: give {{sigfigs: N}}, "
                                 "{rtol: R} or {atol: A}, or leave tolerance out for the default "
                                 "(3 significant figures)"]


@pytest.mark.slow
def test_generate_names_the_trap_that_equals_the_answer_not_the_last_failed_constraint(tmp_path, invoke):
    path, _ = _broken(tmp_path, 'value: "ptau"', 'value: "p"')
    line = next(n for n, row in enumerate(path.read_text().splitlines(), 1) if "code: temperature_multiplied" in row)
    result = invoke("generate", "--bank", tmp_path, "--classes", "C20", "--seed", "1", "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert f"c20.yaml:{line}): no parameters passed in 500 tries; " in result.stderr
    assert "were rejected at parts.0.traps.1: part top: the answer" in result.stderr
    assert result.stderr.strip().endswith("this trap's value equals the answer: change the trap")


@pytest.mark.slow   # three generates and a validate; test_generate_names_the_trap_that_equals_the_answer... is quick
def test_a_trap_that_always_equals_the_answer_gets_one_advice_from_validate_and_every_generate(tmp_path, invoke):
    """The trap and the answer are one value reached by two routes, equal but
    for float noise in some draws: every seed, and validate, say it equals
    the answer (not 'comes within tolerance ... add a constraint')."""
    path, _ = _broken(tmp_path, 'value: "ptau"', 'value: "1 / sum(exp((z - z[t]) / tau))"')
    advice = "this trap's value equals the answer: change the trap"
    for seed in range(1, 4):
        result = invoke("generate", "--bank", tmp_path, "--classes", "C20", "--seed", seed, "--out", tmp_path / "o")
        assert result.exit_code == 2 and result.stderr.strip().endswith(advice), result.stderr
    result = invoke("validate", "--samples", "1", path)
    assert result.exit_code == 1 and _problems(result)[0].endswith(advice), result.output


def test_a_let_used_before_its_definition_says_it_is_defined_later(tmp_path, invoke):
    path, line = _broken(tmp_path, '  p1: "exp(z[t]) / sum(exp(z))"', '  p1: "exp(z[t]) / sum(exp(z)) + 0 * p_s"')
    later = next(n for n, row in enumerate(path.read_text().splitlines(), 1) if row.startswith("  p_s:"))
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code == 1
    assert _problems(result) == [f"{path}:{line}: let.p1: bad expression 'exp(z[t]) / sum(exp(z)) + 0 * p_s': "
                                 f"'p_s' is defined later, at line {later}; lets are worked out in order, "
                                 "so move 'p_s' above 'p1'"]


def test_a_let_misspelt_is_still_a_did_you_mean(tmp_path, invoke):
    path, line = _broken(tmp_path, '  p1: "exp(z[t]) / sum(exp(z))"', '  p1: "exp(z[t]) / sum(exp(zz))"')
    result = invoke("validate", "--samples", "0", path)
    assert "unknown name 'zz' (did you mean 'z'?)" in result.output


@pytest.mark.slow
def test_a_step_that_shows_an_unknown_part_is_refused_naming_the_parts(tmp_path, invoke):
    """``shows:`` names the parts whose answer a step states (the drill holds it back until then)."""
    old = '      work: "$p = {{ e_s[t] | sigdec(4) }} / {{ total_s | sigdec(4) }} = {{ p_s | sig(4) }}$"'
    path, _ = _broken(tmp_path, old, old + "\n      shows: [tops]")
    problems = _problems(invoke("validate", "--samples", "0", path))
    assert any("solution.steps.2.shows: no part named 'tops' (parts: top)" in p for p in problems), problems
    path, _ = _broken(tmp_path, old, old + "\n      shows: [top]")
    assert not [p for p in _problems(invoke("validate", "--samples", "0", path)) if ".shows:" in p]


@pytest.mark.slow
def test_a_forecast_that_shows_an_unknown_part_is_refused_naming_the_parts(tmp_path, invoke):
    """``forecast_shows:`` names the parts whose answer the forecast states in words."""
    path, _ = _broken(tmp_path, "solution:\n", "solution:\n  forecast_shows: [tops]\n")
    problems = _problems(invoke("validate", "--samples", "0", path))
    assert any("solution.forecast_shows: no part named 'tops' (parts: top)" in p for p in problems), problems
    path, _ = _broken(tmp_path, "solution:\n", "solution:\n  forecast_shows: [top]\n")
    assert not [p for p in _problems(invoke("validate", "--samples", "0", path)) if "forecast_shows" in p]


@pytest.mark.slow
def test_a_very_long_bad_expression_is_quoted_cut_short(tmp_path, invoke):
    long = " and ".join(["d != 7"] * 2000)
    path, _ = _broken(tmp_path, '  p1: "exp(z[t]) / sum(exp(z))"', f'  p1: "{long}"')
    problems = _problems(invoke("validate", "--samples", "0", path))
    assert problems and all(len(p) < 400 for p in problems), [len(p) for p in problems]
    assert any("... (21,995 characters): expression longer than" in p for p in problems), problems


@pytest.mark.parametrize("values, clash", [([0.0, 0.1 + 0.2 - 0.3], "answer"), ([0.5, 0.5 + 1e-16], "answer"),
                                           ([0.5, 0.5004], "near answer"), ([0.0, 0.0004], "near answer")])
def test_a_trap_one_float_noise_from_the_answer_equals_it_even_at_zero(values, clash):
    """The advice for a trap on the answer depends on equal vs near; float
    noise around an answer of 0 (5.6e-17) is still equal."""
    assert _clash(SimpleNamespace(value=values[0]), (0, 1), values) == clash


@pytest.mark.parametrize("old, new, key, word", [
    ("  tau: {decimal: [0.5, 2, 0.1]}", "  e: {decimal: [0.5, 2, 0.1]}", "params.e", "Euler's number e"),
    ("  tau: {decimal: [0.5, 2, 0.1]}", "  pi: {decimal: [0.5, 2, 0.1]}", "params.pi", "the constant pi"),
    ('  zmax: "max(z)"', '  exp: "max(z)"', "let.exp", "a function of the expression language"),
    ('  zmax: "max(z)"', '  E: "max(z)"', "let.E", "Euler's number e"),
])
def test_a_name_the_expressions_read_as_a_constant_or_function_is_refused(tmp_path, invoke, old, new, key, word):
    """``e: {choice: [2, 3]}`` printed e = 2 on the paper while the key's answer used Euler's e."""
    path, line = _broken(tmp_path, old, new)
    problems = _problems(invoke("validate", "--samples", "0", path))
    name = key.split(".")[1]
    assert f"{path}:{line}: {key}: {name!r} is reserved: " in problems[0] and word in problems[0], problems


def test_the_reserved_names_docs_templates_lists_are_the_parsers():
    from quizgen.maths.parser import RESERVED_NAMES
    page = (Path(__file__).parents[1] / "docs" / "templates.md").read_text()
    paragraph = page.split("not one the\nexpressions already read", 1)[1].split("refused", 1)[0]
    assert set(re.findall(r"`([^`]+)`", paragraph)) == RESERVED_NAMES


@pytest.mark.parametrize("name, known, hint", [
    ("t", ["T", "total", "tau"], " (did you mean 'T'?)"),   # one letter: no near spelling finds it
    ("L", ["l", "loss"], " (did you mean 'l'?)"),
    ("totl", ["T", "total"], " (did you mean 'total'?)"),
    ("zzz", ["T", "total"], ""),
])
def test_a_name_that_differs_only_in_case_gets_its_did_you_mean(name, known, hint):
    """Review 41b F4: `{{ t }}` for the parameter T, the commonest slip with one-letter maths names, had no hint."""
    from quizgen.wording import did_you_mean

    assert did_you_mean(name, known) == hint


def test_a_case_slip_in_a_let_names_the_parameter_meant(tmp_path, invoke):
    path, line = _broken(tmp_path, '  scaled: "z / tau"', '  scaled: "Z / tau"')
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code == 1
    assert f"{path}:{line}: let.scaled: bad expression 'Z / tau': unknown name 'Z' (did you mean 'z'?)" in result.output
