"""rev-hostile31: a bank's TeX asking for a space no page holds
(``\\hspace{99999999pt}``: pdflatex stops with "Dimension too large") is refused
by validate and generate, naming the file and line, nothing written."""

import pytest

from quizgen.text.tex_commands import tex_problem
from test_yaml22 import EXAMPLE, bank_with, one_line


def _stem_line() -> int:
    """The line of C11's `stem:` key, which a problem in the stem's text is named at."""
    return EXAMPLE.read_text(encoding="utf-8").splitlines().index("stem: |") + 1


@pytest.mark.parametrize("text, asked", [
    (r"$\hspace{99999999pt}$", "99999999pt"),
    (r"\vspace*{ -40 cm }", "40 cm"),
    (r"a \\[1000pt] b", "1000pt"),
    (r"\begin{tabular}{p{99999pt}l} x & y \end{tabular}", "99999pt"),
    (r"\hspace{""\"""7FFFpt}", '"7FFFpt'),
    (r"\hspace{9999999999sp}", "9999999999sp"),
    (r"\hspace{1000em}", "1000em"),
    (r"\hspace{1pt plus 99999fil}", "99999fil"),
])
def test_a_space_longer_than_a_page_is_refused(text, asked):
    problem = tex_problem(text, filled=True)
    assert problem is not None and asked in problem, problem


@pytest.mark.parametrize("text", [r"\hspace{2cm}", r"\vspace{1,5cm}", r"a \\[3pt] b", r"\hspace{1pt plus 2fil}",
                                  r"a vocabulary of 30000 in total", r"\begin{tabular}{p{4cm}l} x & y \end{tabular}"])
def test_spaces_that_fit_a_page_pass(text):
    assert tex_problem(text, filled=True) is None


@pytest.mark.slow
def test_validate_refuses_a_bank_text_asking_for_a_dimension_tex_cannot_hold(invoke, tmp_path):
    bank = bank_with(tmp_path, r"returns the values' sum weighted by them\.",
                     r"returns the values' sum $\\hspace{99999999pt}$ weighted by them.")
    validated = invoke("validate", "--bank", bank, "--samples", 0)
    assert validated.exit_code == 1
    assert (f"c11.yaml:{_stem_line()}: stem: text asks for a space of 99999999pt, longer than a page: at most 30 cm"
            in validated.output + validated.stderr)
    made = invoke("generate", "--bank", bank, "--classes", "C11", "--out", tmp_path / "out")
    assert made.exit_code == 2 and not (tmp_path / "out").exists()
    assert f"c11.yaml:{_stem_line()}: stem: text asks for a space of 99999999pt" in one_line(made)


@pytest.mark.slow
def test_a_filled_text_asking_for_too_long_a_space_is_refused(invoke, tmp_path):
    """The template's own text holds no length; its Jinja2 fills one in."""
    bank = bank_with(tmp_path, r"returns the values' sum weighted by them\.",
                     r"returns the values' sum $\\hspace{ {{ d }}0000pt}$ weighted by them.")
    made = invoke("generate", "--bank", bank, "--classes", "C11", "--format", "tex", "--out", tmp_path / "out")
    assert made.exit_code != 0 and not (tmp_path / "out").exists()
    assert "asks for a space of" in one_line(made) and "longer than a page" in one_line(made)
