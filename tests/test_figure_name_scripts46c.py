"""Review 46c F14: a figure name TeX cannot set (a `_` or `^` with nothing after it, or two
subscripts or superscripts on one letter) passed validate and stopped the PDF ("Missing {
inserted", "Double subscript"); validate and generate now refuse it in one line."""

import pytest

from grading_support import c7_bank_with_figure
from quizgen.generation.figure_words import unsafe_name


@pytest.mark.parametrize("name, why", [("p_", "with nothing after it"), ("p__b", "with nothing after it"),
                                       (r"1 - \hat{p}^{*}_{2}^{3}", "two subscripts or two superscripts"),
                                       ("p_a_b", "two subscripts or two superscripts")])
def test_a_name_tex_cannot_set_is_refused(invoke, tmp_path, name, why):
    assert why in unsafe_name(name)
    bank = c7_bank_with_figure(tmp_path, "name", f"'{name}'")
    checked = invoke("validate", "--bank", bank, "--samples", 2)
    assert checked.exit_code == 1 and why in checked.output, checked.output


@pytest.mark.parametrize("name", ["p_{b}", r"\hat{p}_{b}", r"1 - \hat{p}^{*}", "p_1^2", "x_{i}^{2}", r"p\_x"])
def test_names_tex_sets_pass(name):
    assert unsafe_name(name) == ""
