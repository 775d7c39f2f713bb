"""A bank's text may not reach Lua (rev-hostile19): with text pdflatex cannot
set, quizgen compiles with LuaLaTeX, and ``\\directlua{io.open(...)}`` in a
stem read /etc/hostname into the PDF and wrote files outside TeX's folder
(Lua's file functions ignore TeX's own file limits). Lua's commands, and the
ways of building a command's name that could reach them in disguise, are
refused in a bank's text when it loads and in a document before LaTeX runs."""

import pytest

from quizgen.errors import LatexError
from quizgen.generation.pdf import compile_pdf
from quizgen.text.tex_commands import refused_tex, unlisted_tex
from test_hostile_text_calls import user_bank

REFUSED = {
    r"$\directlua{tex.sprint(io.open('/etc/hostname'):read('*l'))}$": r"\directlua",
    r"\latelua{os.remove('x')}": r"\latelua",
    r"\luaexec{x}": r"\luaexec",
    r"\csname directlua\endcsname{x}": r"\csname",
    r"^^5cdirectlua{x}": "^^",
    r"\primitive\directlua{x}": r"\primitive",
    r"\UseName{directlua}{x}": r"\UseName",
    r"\catcode`\|=0 |directlua{x}": r"\catcode",
    r"\makeatletter\@nameuse{directlua}{x}": r"\makeatletter",
    r"\scantokens{\directlua{x}}": r"\scantokens",
    # rev-hostile20: the kernel's \ExpandArgs{c} and \begin make a command's name from letters
    r"\ExpandArgs{c}\relax{directlua}{x}": r"\ExpandArgs",
    r"\begin{direct\string lua}{x}": r"\begin{direct\string lua}",
}
ALLOWED = [r"$\frac{1}{2} + e^{-s}$, \\ lua is a language", r"$x^{2}$ and \textbf{bold}", r"\\\\lualatex"]


@pytest.mark.parametrize("text", sorted(REFUSED))
def test_each_way_to_lua_is_named(text):
    assert refused_tex(text) == REFUSED[text]


@pytest.mark.parametrize("text", ALLOWED)
def test_ordinary_tex_and_a_line_break_before_letters_pass(text):
    assert refused_tex(text) is None


def test_a_stem_calling_lua_is_refused_when_the_bank_loads(invoke, tmp_path):
    folder = user_bank(tmp_path, {"c11.yaml": r"Math $\directlua{io.open('/tmp/x','w'):write('x')}$ here."})
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--format", "tex",
                    "--out", tmp_path / "out")
    path = folder / "c11.yaml"
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "\\directlua" in text)   # its own line (review 46a F6)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (f"quizgen: error: {path}:{line}: stem: text uses \\directlua: "
                                     "quizgen refuses TeX commands that reach Lua, build a command's name "
                                     "or read or write a file (Lua can read and write any file)")
    assert not (tmp_path / "out").exists()


def test_validate_names_it_too(invoke, tmp_path):
    folder = user_bank(tmp_path, {"c11.yaml": r"\csname directlua\endcsname{x}"})
    result = invoke("validate", folder)
    assert result.exit_code == 1 and "stem: text uses \\csname" in result.output + result.stderr


def test_a_document_body_calling_lua_is_refused_before_latex_runs():
    source = "\\documentclass{article}\n\\makeatletter\\makeatother\n\\begin{document}\n\\directlua{x}\n\\end{document}\n"
    with pytest.raises(LatexError, match=r"problems\.tex: a template's text uses \\directlua"):
        compile_pdf("problems.tex", source, programs=("/nonexistent/latexmk", "/nonexistent/pdflatex"))


UNLISTED = {
    r"\begin{directlua}{x}\end{directlua}": r"\begin{directlua}",
    r"\expandafter\def\csnamex{}": r"\expandafter",
    r"\input{/etc/passwd}": r"\input",
    r"\dir{{ 'ect' }}lua{x}": r"\dir{{",
    r"$\ln$ \begin {tabularx}": r"\begin{tabularx}",
}
BANK_TEX = [r"$\frac{1}{2} + e^{-s}$, \\ and \{ \% \, $\hat{p} = \sigma(\mathbf{w}^\top h)$",
            r"$\begin{aligned} L &= -\ln p \\ &\approx 0.5 \end{aligned}$ \textbf{bold}",
            r"{{ \"\\t\".expandtabs(2) }} $\frac{ {{ a }} }{ {{ b }} }$"]


@pytest.mark.parametrize("text", sorted(UNLISTED))
def test_a_bank_may_use_only_the_listed_commands(text):
    """A deny list missed \\ExpandArgs and \\begin{...}: a bank's text now holds only listed TeX."""
    assert unlisted_tex(text) == UNLISTED[text]


@pytest.mark.parametrize("text", BANK_TEX)
def test_mathematics_fonts_spacing_and_jinja_expressions_pass(text):
    assert unlisted_tex(text) is None


def test_an_unlisted_command_stops_the_bank_with_its_line(invoke, tmp_path):
    folder = user_bank(tmp_path, {"c11.yaml": r"漢字 \ExpandArgs{c}\relax{directlua}{x} and \begin{directlua}{y}"})
    result = invoke("validate", folder)
    assert result.exit_code == 1 and "stem: text uses \\ExpandArgs" in result.output + result.stderr
    (tmp_path / "two").mkdir()
    folder = user_bank(tmp_path / "two", {"c11.yaml": r"Plain \begin{directlua}{y}\end{directlua}"})
    made = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert made.exit_code == 2 and "stem: text uses \\begin{directlua}: quizgen refuses TeX commands" in made.stderr
    assert not (tmp_path / "out").exists()


def test_no_filter_prints_a_banks_text_unescaped(invoke, tmp_path):
    """rev-code20: ``{{ "\\\\begin{directlua}" | raw }}`` passed the bank's check (tags are skipped,
    since what they print is escaped) and ran Lua; no filter leaves text unescaped now, and a
    document's body refuses an environment named for Lua."""
    folder = user_bank(tmp_path, {"c11.yaml": r'漢字 {{ "\\begin{directlua}" | raw }}{x}{{ "\\end{directlua}" | raw }}'})
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "unknown filter 'raw'" in result.stderr
    assert refused_tex(r"\begin{directlua}{x}") == r"\begin{directlua}"
    assert refused_tex(r"\end{luaexec}") == r"\end{luaexec}" and refused_tex(r"\begin{itemize}") is None


FILLED_ATTACKS = {   # rev-hostile20b: each built an unlisted command from Jinja2's output
    "filter block": (r"漢字 {% filter replace('Q', '\\') %}Qdef Qqgx{directlua}Qbegin Qqgx{x}{% endfilter %}",
                     r"\begin"),
    "raw block": (r"漢字 {% raw %}{{ \def\qgx{directlua}\begin\qgx{x} }}{% endraw %}", r"\begin"),
    "backslash before a tag": (r"漢字 \{{ 'def' }}\{{ 'qgx' }}{directlua}\{{ 'begin' }}\{{ 'qgx' }}{x}", r"\begin"),
    "whitespace control": (r"漢字 \ne {%- if 1 %}{% endif %}wcommand{\argmin}{directlua}", r"\newcommand"),
}


@pytest.mark.parametrize("name", sorted(FILLED_ATTACKS))
def test_jinja2_cannot_build_an_unlisted_command_into_latex(invoke, tmp_path, name):
    """The allow-list binds on Jinja2's output (every LaTeX render of a bank's text), not only on
    the template's own text, which a filter block, raw text or a tag after a backslash got past."""
    stem, command = FILLED_ATTACKS[name]
    folder = user_bank(tmp_path, {"c11.yaml": stem})
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--format", "tex",
                    "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert f"uses {command}: " in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_the_document_check_refuses_begin_with_a_name_held_in_a_macro():
    assert refused_tex(r"\def\x{directlua}\begin\x{y}") == r"\begin"
    assert refused_tex(r"\begin {itemize}") is None and refused_tex(r"\beginning") is None


@pytest.mark.parametrize("text", [
    r"say {\textquotedbl}hi{\textquotedbl}",   # quizgen's own escaping of a parameter's quote mark
    r"\begin{enumerate} \item one \end{enumerate}", r"$\begin{array}{c|c} a & b \\ \hline c \end{array}$",
    r"$\bigcup_i A_i \bmod 2 \leqslant \lbrace x \rbrace \colon \backslash \sum\limits_i$"])
def test_what_legitimate_banks_and_quizgens_escaping_write_is_listed(text):
    """rev-hostile20c: these were refused (false positives), \\textquotedbl from quizgen's own escaping."""
    assert unlisted_tex(text, filled=True) is None


def test_an_environment_after_a_space_tex_does_not_skip_is_refused():
    """Python's \\s matches U+3000 and U+00A0, which TeX takes as the environment's name."""
    assert refused_tex("\\begin\u3000{itemize}") == "\\begin"
    assert unlisted_tex("\\begin\u00a0{itemize}") is not None and unlisted_tex("\\begin {itemize}") is None


@pytest.mark.parametrize("text, command", [("漢字 \\א x", "\\א"), ("\\é", "\\é")])
def test_a_backslash_before_a_letter_outside_ascii_is_refused(text, command):
    """rev-hostile20c: \\א passed as a one-character command, then the right-to-left rewrite for
    LuaLaTeX made it \\{\\textdir TRT א} and broke the document; to LuaLaTeX it is a name of letters."""
    assert unlisted_tex(text, filled=True) == command
