"""A displayed `=` of a worked solution that validate's recompute check cannot read, though it is
arithmetic (`\\sum_{i=1}^{3} i = 7`), or a computation with no value beside it in its span (a chain
split across two spans: `$\\sigma = \\sqrt{2.297}$, so $\\sigma = 2.297$`), passed silently; now it
is a `warning:` at the line that prints it. A side with a symbol is a definition, and says nothing."""

import sys
from pathlib import Path

import pytest

from quizgen.validation.recompute import linked_chains, recompute_text

sys.path.insert(0, str(Path(__file__).parent))
from test_authoring_minimum57 import minimum_template  # noqa: E402


@pytest.mark.parametrize("text, unread", [
    (r"$\sum_{i=1}^{3} i = 7$", [r"\sum _ { i = 1 } ^ { 3 } i = 7"]),
    (r"$\sum_{i = 1}^{3} i^2 = 14$", [r"\sum _ { i = 1 } ^ { 3 } i ^ 2 = 14"]),
    (r"$\sigma = \sqrt{2.297}$, so $\sigma = 2.297$", [r"\sqrt { 2.297 }"]),
    (r"$P = e^{2.3667}$", ["e ^ { 2.3667 }"]),
])
def test_arithmetic_left_unchecked_is_listed(text, unread):
    assert [claim for _, claim, _ in recompute_text(text).unread] == unread


@pytest.mark.parametrize("text", [
    r"$L = -\ln p = -\ln 0.0474 = 3.0491$",           # symbols: definitions
    r"$\sum_j e^{z_j} \approx 4 \times 1.105 = 4.42$",  # a sum over symbols
    r"$L_{y=0} - L_{y=1} = \ln\frac{\hat{p}}{1 - \hat{p}} = s$",
    r"$|M| = 0$", r"$L_{\text{MLM}} = 0/0$",
    r"$w = \frac{52}{107}$", r"$-\ln(1/4) = \ln 4$",   # a value written exactly; two computations held equal
    r"$\sigma = \sqrt{2.297} = 1.516$",
])
def test_definitions_and_checked_chains_are_not_listed(text):
    assert recompute_text(text).unread == []


def test_a_relation_inside_brackets_splits_no_chain():
    assert linked_chains(r"P(|M| = 0) = (1 - 0.15)^{12} = 0.1422") == \
        [[("P ( | M | = 0 )", ""), ("( 1 - 0.15 ) ^ { 12 }", "="), ("0.1422", "=")]]
    result = recompute_text(r"$P(|M| = 0) = (1 - 0.15)^{12} = 0.1422$")
    assert [(s.left, s.ok) for s in result.steps] == [("( 1 - 0.15 ) ^ { 12 }", True)] and result.unread == []


STEP = ('      work: "$(z_1 - z_2)/T = {{ diff | dec(1) }} / {{ T | dec(1) }} = {{ gap | sig(6) }}$, kept as '
        '{{ gap_s | sigdec(4) }}, and $e^{- {{ gap_s | sigdec(4) }} } = {{ e_s | sigdec(4) }}$, so '
        '$p = 1 / (1 + {{ e_s | sigdec(4) }}) = {{ p_s | sig(4) }}$."')
NEW_STEP = ('      work: |\n'
            '        $(z_1 - z_2)/T = {{ diff | dec(1) }} / {{ T | dec(1) }} = {{ gap | sig(6) }}$, kept as\n'
            '        {{ gap_s | sigdec(4) }}, and $e^{- {{ gap_s | sigdec(4) }} } = {{ e_s | sigdec(4) }}$, so\n'
            '        $p = 1 / (1 + {{ e_s | sigdec(4) }}) = {{ p_s | sig(4) }}$.\n'
            '        Over the two labels, $\\sum_{i=1}^{2} i = 3$ logits were read.\n'
            '        The weight is $w = e^{- {{ gap_s | sigdec(4) }} }$, and $w = {{ e_s | sigdec(4) }}$.\n')


def test_validate_warns_at_the_line_that_prints_the_step(invoke, tmp_path):
    source = minimum_template()
    assert STEP in source
    bank = tmp_path / "my_bank"
    bank.mkdir()
    path = bank / "c50_temperature.yaml"
    path.write_text(source.replace(STEP + "\n", NEW_STEP), encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    sum_line = 1 + next(i for i, line in enumerate(lines) if r"\sum_{i=1}" in line)
    result = invoke("validate", bank, "--samples", "20")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if "is not checked" in line]
    assert len(warned) == 2, result.output
    assert warned[0].startswith(f"{path}:{sum_line}: solution.steps.0.work: warning: the worked step "
                                r"$\sum_{i=1}^{2} i = 3$ is not checked (\sum _ { i = 1 } ^ { 2 } i = 3: it cannot "
                                r"read \sum _ { i = 1 } ^ { 2 } i)"), warned
    assert warned[1].startswith(f"{path}:{sum_line + 1}: solution.steps.0.work: warning: the worked step "
                                "$w = e^{- 0.7500 }$ is not checked (e ^ { - 0.7500 }: no value is shown beside it in the same $...$"), warned


def test_the_minimum_template_as_it_stands_gets_no_such_warning(invoke, tmp_path):
    bank = tmp_path / "my_bank"
    bank.mkdir()
    (bank / "c50_temperature.yaml").write_text(minimum_template(), encoding="utf-8")
    result = invoke("validate", bank, "--samples", "20")
    assert result.exit_code == 0 and "is not checked" not in result.output, result.output


def test_a_step_unread_only_in_some_draws_is_warned_once_with_its_seed(invoke, tmp_path):
    """The worked example (gap 0.75) never prints the step; draws with a gap over 1 do. Before, the
    warning read the worked example alone, so this step passed unchecked and unwarned."""
    source = minimum_template()
    bank = tmp_path / "my_bank"
    bank.mkdir()
    path = bank / "c50_temperature.yaml"
    step = STEP[:-1] + r'{% if gap > 1 %} Over the two labels, $\\sum_{i=1}^{2} i = 3$ logits were read.{% endif %}"'
    path.write_text(source.replace(STEP, step), encoding="utf-8")
    result = invoke("validate", bank, "--samples", "20")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if "is not checked" in line]
    assert len(warned) == 1, result.output
    assert r"warning: the worked step $\sum_{i=1}^{2} i = 3$ is not checked" in warned[0], warned
    assert "(seed validate/two-label-temperature/" in warned[0], warned   # a draw that prints it
