"""quizgen validate: the shipped bank passes, and a broken copy of a template
for each kind of problem is reported as file:line: key: what is wrong."""

import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from quizgen.bank.loader import builtin_bank_dir, load_template, template_files
from quizgen.errors import TemplateProblems
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.validation.run import validate, yaml_word_problems

DATA = Path(__file__).parent / "data"
BROKEN = DATA / "broken"


def line_of(path: Path, marker: str) -> int:
    """The 1-based line of the first occurrence of ``marker`` in ``path``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if marker in line:
            return number
    raise AssertionError(f"{marker!r} not in {path}")


@pytest.fixture
def in_data(monkeypatch):
    """Run from tests/data, so that validate prints short relative paths."""
    monkeypatch.chdir(DATA)


def problem_lines(output: str) -> list:
    return [line for line in output.splitlines() if not line.startswith("ok ") and ": warning: " not in line]


# --------------------------------------------------------------- the bank

@pytest.mark.slow
def test_the_shipped_bank_validates_with_one_summary_line_per_template(invoke):
    result = invoke("validate")
    files = template_files(builtin_bank_dir())
    lines = result.stdout.splitlines()
    summaries = [line for line in lines if line.startswith("ok C")]
    warnings = [line for line in lines if ": params: warning: only " in line]
    assert len(summaries) == len(files), result.output
    assert len(summaries) + len(warnings) == len(lines), result.output
    assert all("200 samples" in line and "distinct variant" in line for line in summaries)
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_validate_summary_names_class_id_and_checks(invoke, in_data):
    result = invoke("validate", "user_bank", "--samples", "10")
    assert result.exit_code == 0
    assert re.fullmatch(r"ok C11 softmax-temperature \(user_bank/c11_softmax_temperature\.yaml\): 10 samples "
                        r"\(\d+% of draws kept\), 1 part, 2 traps, 1 canonical number matched, 3 tests passed, "
                        r"\d+ distinct variants in 10 draws\n"
                        r"user_bank/c11_softmax_temperature\.yaml:\d+: parts\.0\.ask: warning: neither the stem nor "
                        r"this part's ask says how to round its answer [^\n]*\n",   # its stem states no rounding
                        result.output), result.output


# ------------------------------------------------ one broken copy per kind

CASES = [
    # (file, marker on the reported line, key, message pattern)
    ("bad_yaml", "tau: {choice", None,
     r"invalid YAML: expected ',' or '\}', but got '<scalar>' \(while parsing a flow mapping that starts on "
     r"line 8\)"),
    ("unknown_key", "tolerence:", "parts.0.tolerence",
     r"unknown key 'tolerence' \(did you mean 'tolerance'\?\)"),
    ("wrong_type", "points: two", "points", r"points must be a positive whole number"),
    ("undefined_name", "{{ taus }}", "stem", r"undefined name 'taus' in the text \(did you mean 'tau'\?\)"),
    ("undefined_field", "z.length", "solution.verify",
     r"undefined name in template text: z is a list, which has no field 'length' \(its values are z\[0\], "
     r"z\[1\], \.\.\.; its length is z \| length\) \(seed validate/"),
    ("unknown_parameter", "tua", "let.p",
     r"bad expression 'exp\(z\[t\] / tau\) / sum\(exp\(z / tua\)\)': unknown name 'tua' "
     r"\(did you mean 'tau'\?\)"),
    ("unsatisfiable", '"V > 4"', "constraints.1",
     r"no draw passed in 50 tries \(seed validate/broken-unsatisfiable/0\); \d+ were rejected here: "
     r"constraint 'V > 4' failed"),
    ("indistinguishable_trap", "code: temperature_ignored", "parts.0.traps.0",
     r"no draw passed in 500 tries .*: part p: the answer \(([\d.]+)\) and temperature_ignored \(\1\) are "
     r"within tolerance of each other"),
    ("placeholder", "<< tau >>", "stem",
     r"unfilled placeholder '<<' in the rendered Markdown \(seed validate/broken-placeholder/0\): "
     r"\.\.\..*\$\\tau = << tau >>\$"),
    ("canonical_mismatch", "expect:", "canonical.expect.p",
     r"states 0\.665 but the canonical instance gives 0\.50648 \(exactly E/\(E \+ exp\(0\.5\) \+ 1\)\); "
     r"the part's tolerance allows 0\.50598 to 0\.50698"),
    ("failing_test", 'answer: "0.867"', "tests.2",
     r"answer '0\.867' to part p is graded incorrect \(temperature_multiplied\), the test expects "
     r"incorrect \(temperature_ignored\)"),
    ("unquoted_word", "mood:", "params.mood.choice.0",
     r"YAML reads the unquoted word 'on' as true/false; write \"on\" in quotes"),
]


@pytest.mark.parametrize("name, marker, key, message", CASES, ids=[c[0] for c in CASES])
@pytest.mark.slow
def test_each_kind_of_problem_is_reported_with_file_line_and_key(invoke, in_data, name, marker, key, message):
    path = Path("broken") / f"{name}.yaml"
    result = invoke("validate", path, "--samples", "20")
    where = f"{path}:{line_of(DATA / path, marker)}: " + (f"{key}: " if key else "")
    assert result.exit_code == 1
    assert any(line.startswith(where) and re.search(message, line[len(where):])
               for line in problem_lines(result.stdout)), result.output
    assert "quizgen: error: 1 of 1 templates failed validation" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", [c[0] for c in CASES if c[0] != "unquoted_word"])
def test_a_single_mistake_gives_a_single_problem_line(invoke, in_data, name):
    result = invoke("validate", Path("broken") / f"{name}.yaml", "--samples", "20")
    assert len(problem_lines(result.stdout)) == 1, result.output


@pytest.mark.slow
def test_an_unquoted_word_is_not_reported_again_at_the_canonical_value(invoke, in_data):
    """``choice: [on, off]`` is the mistake (two words YAML reads as true/false); the canonical
    "on" is then not among the options, which only repeats it."""
    result = invoke("validate", Path("broken") / "unquoted_word.yaml", "--samples", "20")
    lines = problem_lines(result.stdout)
    assert [line.split(": ")[1] for line in lines] == ["params.mood.choice.0", "params.mood.choice.1"], lines


def test_every_problem_of_a_template_is_reported_in_one_run_in_file_order(invoke, in_data):
    path = BROKEN / "several_problems.yaml"
    result = invoke("validate", "broken/several_problems.yaml")
    lines = problem_lines(result.stdout)
    assert [line.split(": ")[0:2] for line in lines] == [
        [f"broken/several_problems.yaml:{line_of(path, 'points: two')}", "points"],
        [f"broken/several_problems.yaml:{line_of(path, 'tua')}", "let.p"],
        [f"broken/several_problems.yaml:{line_of(path, 'tolerence')}", "parts.0.tolerence"],
    ]
    assert "(3 problems)" in result.stderr


def test_loading_reports_the_first_problem_and_counts_the_rest():
    with pytest.raises(TemplateProblems) as caught:
        load_template(BROKEN / "several_problems.yaml")
    assert str(caught.value) == (f"{BROKEN / 'several_problems.yaml'}:4: points: points must be a positive "
                                 "whole number (and 2 more problems; quizgen validate lists them all)")
    assert len(caught.value.problems) == 3


@pytest.mark.slow
def test_validate_reports_every_broken_template_of_a_folder_and_the_good_ones(invoke, in_data):
    result = invoke("validate", "broken", "user_bank", "--samples", "5")
    files = template_files(BROKEN)
    failed = {line.split(":")[0] for line in problem_lines(result.stdout)}
    assert failed == {f"broken/{f.name}" for f in files}
    assert [line for line in result.stdout.splitlines() if line.startswith("ok ")] == [
        line for line in result.stdout.splitlines() if "softmax-temperature" in line]
    assert f"{len(files)} of {len(files) + 1} templates failed validation" in result.stderr


def test_a_test_with_an_unknown_misconception_gets_a_did_you_mean(tmp_path, invoke):
    text = (DATA / "user_bank" / "c11_softmax_temperature.yaml").read_text()
    path = tmp_path / "t.yaml"
    path.write_text(text.replace("misconception: temperature_ignored", "misconception: temperature_ignore"))
    result = invoke("validate", path, "--samples", "0")
    assert result.exit_code == 1
    assert (f"{path}:{line_of(path, 'temperature_ignore}')}: tests.1.misconception: part p has no trap "
            "'temperature_ignore' (did you mean 'temperature_ignored'?)") in result.output


def test_a_test_with_an_unknown_status_is_reported(tmp_path, invoke):
    text = (DATA / "user_bank" / "c11_softmax_temperature.yaml").read_text()
    path = tmp_path / "t.yaml"
    path.write_text(text.replace("answer: \"0.5065\", status: correct", "answer: \"0.5065\", status: corect"))
    result = invoke("validate", path, "--samples", "0")
    assert f"{path}:{line_of(path, 'corect')}: tests.0.status: status must be one of correct, imprecise, incorrect, " \
           "needs_review, invalid, blank (did you mean 'correct'?)" in result.output


@pytest.mark.slow
def test_a_template_whose_draws_rarely_pass_is_reported_as_fragile(tmp_path, invoke):
    text = (DATA / "user_bank" / "c11_softmax_temperature.yaml").read_text()
    path = tmp_path / "t.yaml"
    path.write_text(text.replace("points: 2\n", "points: 2\nmax_tries: 12\n")
                    .replace('  - "count(z, max(z)) == 1"\n', '  - "count(z, max(z)) == 1"\n  - "tau == 2"\n'))
    result = invoke("validate", path, "--samples", "10")
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(path))}:\d+: constraints\.1: only [\d.]+% of draws pass, so about one "
                     r"seed in \d+ would exhaust max_tries \(12\); most are rejected here: constraint "
                     r"'tau == 2' failed", result.output), result.output


@pytest.mark.slow
def test_samples_zero_checks_without_sampling(invoke, in_data):
    result = invoke("validate", "user_bank", "--samples", "0")
    assert result.exit_code == 0
    assert ": sampling skipped (--samples 0), 1 part" in result.output


def test_bad_options_are_one_line_errors(invoke, in_data, tmp_path):
    negative = invoke("validate", "--samples", "-1")
    missing = invoke("validate", "no_such_folder")
    empty = invoke("validate", tmp_path)
    assert (negative.exit_code, negative.stderr) == (2, "quizgen: error: --samples must be 0 or more, got -1\n")
    assert (missing.exit_code, missing.stderr) == (
        2, "quizgen: error: no such template file or folder: no_such_folder\n")
    assert (empty.exit_code, empty.stderr) == (2, f"quizgen: error: no templates (*.yaml, *.yml) in {tmp_path}\n")


def test_unquoted_yes_is_fine_where_quizgen_expects_true_or_false(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("params:\n  z: {vector: {size: 3, min: 0, max: 1, step: 0.5, distinct: yes}}\n"
                    "  w: {choice: [sat, off, true]}\n")
    problems = yaml_word_problems(path)
    assert [(p.line, p.key) for p in problems] == [(3, "params.w.choice.1")]


def test_the_yaml_word_check_reads_the_tree_the_problem_lines_composed(tmp_path, monkeypatch):
    """review 49b F10: validate composed each template a second time, with the pure-Python
    composer that takes half a minute on a 1 MiB list; it now reads bank/yamlfile.py's tree,
    composed once per version of the file (by libyaml where there)."""
    import yaml

    from quizgen.bank.yamlfile import locate_line

    path = tmp_path / "t.yaml"
    path.write_text("params:\n  w: {choice: [sat, off, true]}\n")
    assert locate_line(path, ("params", "w")) == 2   # the problems' lines compose it once

    def composed_again(*args, **kwargs):
        raise AssertionError("composed again")

    monkeypatch.setattr(yaml, "compose", composed_again)
    assert [(p.line, p.key) for p in yaml_word_problems(path)] == [(2, "params.w.choice.1")]


@pytest.mark.slow
def test_validate_library_returns_reports_in_class_order(in_data):
    reports = validate(["broken/wrong_type.yaml", "user_bank"], samples=2)
    assert [r.ok for r in reports] == [True, False]
    assert reports[0].template.id == "softmax-temperature"
    assert str(reports[1].problems[0]) == "broken/wrong_type.yaml:4: points: points must be a positive whole number"


# ------------------------------------------------- the tenth class (C10)

@pytest.fixture(scope="module")
def causal(bank):
    return next(t for t in bank if t.cls == "C10")


def test_c10_is_a_shipped_yaml_template(causal):
    assert Path(causal.path).name == "c10_causal_lm.yaml"
    assert causal.id == "causal-lm-next-token-loss"


def test_c10_canonical_numbers(causal):
    inst = canonical_instance(causal)
    targets, loss = (float(pv.value) for pv in inst.parts)
    # (b) is the loss of [BOS] the cat sat on the mat [EOS] (review 52b F1): the first word given
    # [BOS] alone (0.15), the four words after it, "mat", and [EOS] (0.4): 7 losses over 7
    words = (-math.log(0.15) - math.log(0.2) - math.log(0.1) - math.log(0.5) - math.log(0.6)
             - math.log(math.exp(2) / (math.exp(2) + math.e + 1)))
    expected = (words - math.log(0.4)) / 7
    traps = {t.code: float(t.value) for t in inst.parts[1].traps}
    assert targets == 7   # (a): the sentence with [BOS] and [EOS], 8 tokens, 7 predicted (review 51c F10)
    assert loss == pytest.approx(expected, rel=1e-12) and round(loss, 4) == 1.1910
    assert traps["sum_instead_of_mean"] == pytest.approx(7 * expected)
    assert traps["first_token_predicted"] == pytest.approx(7 * expected / 8)
    assert traps["end_token_not_predicted"] == pytest.approx(words / 6)
    assert traps["end_token_summed_not_counted"] == pytest.approx(7 * expected / 6)
    assert traps["perplexity_instead_of_loss"] == pytest.approx(math.exp(expected))
    assert traps["masked_positions_only"] == pytest.approx((-math.log(0.1) - math.log(0.665241)) / 2, rel=1e-5)
    assert traps["log10_instead_of_ln"] == pytest.approx(expected / math.log(10))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9))
@pytest.mark.slow
def test_c10_loss_is_the_mean_next_token_loss_over_all_but_the_first_token(causal, seed):
    """(a) and (b) are of [BOS] w1 ... wT [EOS] (review 51c F10, 52b F1): p holds the T words'
    probabilities, the first given [BOS] alone, and [EOS]'s last; the loss is their mean."""
    inst = sample_instance(causal, f"c10/{seed}")
    words, p, q, mask = (inst.params[k] for k in ("scene", "p", "q", "mask"))
    targets, loss = (float(pv.value) for pv in inst.parts)
    count = len(words["words"])
    assert targets == count + 1 == len(p)
    assert loss == pytest.approx(sum(-math.log(float(x)) for x in p) / (count + 1), rel=1e-12)
    assert float(q[-1]) == float(p[-2])   # the last word's: the stem's simplification
    assert all(float(x) != float(y) for x, y in zip(q[:-1], p[:-2]))   # and only there
    assert float(p[0]) <= 0.4
    assert 2 <= sum(int(m) for m in mask) <= count - 2


# ------------------------------------- the paper checks, wired into validate

USER_C11 = DATA / "user_bank" / "c11_softmax_temperature.yaml"


def _c11_copy(tmp_path, old, new) -> Path:
    text = USER_C11.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "c11.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_step_that_does_not_recompute_is_reported_at_its_line(invoke, tmp_path):
    path = _c11_copy(tmp_path, 'work: "$p = {{ p | dec(4) }}$"', 'work: "$p = 2 \\\\times {{ p | dec(4) }} = {{ p | dec(4) }}$"')
    result = invoke("validate", path, "--samples", "5")
    assert result.exit_code == 1
    line = line_of(path, "2 \\\\times")
    assert any(out.startswith(f"{path}:{line}: solution.steps.1.work: a displayed step does not recompute")
               for out in result.stdout.splitlines()), result.output


@pytest.mark.slow
def test_an_answer_printed_in_the_stem_is_a_leak(invoke, tmp_path):
    path = _c11_copy(tmp_path, "and samples at temperature", "and (hint: {{ p | dec(4) }}) samples at temperature")
    result = invoke("validate", path, "--samples", "5")
    assert result.exit_code == 1
    assert any(f"{path}:" in out and "stem: the problem text gives an answer away" in out
               for out in result.stdout.splitlines()), result.output


def test_a_referee_disagreement_names_the_let(monkeypatch):
    from quizgen.validation import paper

    template = load_template(USER_C11)
    inst = sample_instance(template, "referee-wiring/0")
    monkeypatch.setattr(paper, "referee_instance",
                        lambda i: [f"{template.id} [x] let p: SymPy gives 1 for 'p' but the engine has 2"])
    problems = paper.referee_problems(inst)
    assert [p.key for p in problems] == ["let.p"] and "SymPy disagrees" in problems[0].message


@pytest.mark.slow
def test_few_variants_is_a_warning_not_a_failure(invoke, tmp_path):
    path = _c11_copy(tmp_path, "step: 0.5", "step: 1")   # z from -1, 0, 1 and 2: 28 variants in 120 draws
    result = invoke("validate", path, "--samples", "120")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("ok C11") and "distinct variants" in lines[0]
    assert lines[1].startswith(f"{path}:") and "params: warning: only " in lines[1] and "(fewer than 60)" in lines[1]


@pytest.mark.parametrize("text, line, hint", [
    ('id: x\nlet:\n  p1: "exp(z[t]) / sum(exp(z))\n  p2: "1"\n', 4, "that the quotes on the lines above are closed"),
    ("id: x\nparts:\n  - name: p\n    tolerance:\n      sigfigs: 3\n        decimals: 4\n", 6,
     "check this line's indentation against the lines above"),
    ("id: x\nlet: {p: [1, 2}\n", 2, "a [ list is not closed with ]"),
    ("id: x\nparams:\n\ttau: 2\n", 3, "YAML indents with spaces only: replace the tab on this line with spaces"),
])
def test_a_yaml_error_says_what_to_do(tmp_path, text, line, hint):
    """PyYAML's words ('expected <block end>, but found ...') with what an author can do about them."""
    from quizgen.bank.yamlfile import read_yaml
    from quizgen.errors import TemplateError

    (tmp_path / "c.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(TemplateError) as caught:
        read_yaml(tmp_path / "c.yaml")
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / 'c.yaml'}:") and hint in message, message


def test_generate_names_a_mistyped_text_name_as_validate_does(invoke, tmp_path):
    """generate meets an undefined name only when it renders the text; it says
    which name was meant, as validate does, and writes nothing."""
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "undefined_name.yaml").write_bytes((BROKEN / "undefined_name.yaml").read_bytes())
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code != 0
    assert "'taus' is undefined (did you mean 'tau'?)" in result.output
    assert not (tmp_path / "out").exists()
