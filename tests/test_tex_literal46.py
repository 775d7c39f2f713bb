"""Template text outside maths prints in the PDF as written (review 46, F16/F17):
``token_type_ids`` or ``x^2`` outside ``$...$`` stopped every PDF with "Missing $
inserted", and ``--``, ``~``, backticks, ``<``, ``>`` and a lone ``"`` printed as TeX
reads them (a dash, a tie, curly quotes) where the Markdown paper printed them as typed."""

import re
import shutil
import subprocess

import pytest

from quizgen.bank.loader import builtin_bank_dir
from quizgen.errors import TemplateError
from quizgen.text.tex_markdown import markdown_to_tex

NOTE = "Note: the token_type_ids input; x^2 outside maths; 5 -- 6 --- 7; ~tilde; `tick`; a < b > c; 5\" lone."


def test_characters_tex_reads_as_markup_are_written_literally():
    """Worked out by hand: each character as its LaTeX text symbol, each dash of a run kept apart."""
    assert markdown_to_tex("token_type_ids and x^2; 5 -- 6 --- 7; ~t; `q`; a < b > c; 5\" x") == (
        r"token\_type\_ids and x\textasciicircum{}2; 5 -\/- 6 -\/-\/- 7; \textasciitilde{}t; "
        r"\textasciigrave{}q\textasciigrave{}; a \textless{} b \textgreater{} c; 5\textquotedbl{} x")


def test_maths_commands_quotes_and_column_types_are_left_as_written():
    """Maths, a TeX command and its escapes, a pair of quotes and a tabular's column types are TeX's own."""
    assert markdown_to_tex(r'$x_1^2 < 3$ and \textbf{a_b} \_ "q" - one') == (
        r"$x_1^2 < 3$ and \textbf{a\_b} \_ ``q'' - one")
    assert markdown_to_tex(r"\begin{tabular}{l|p{2cm}r} a_b & c \\ \end{tabular}") == (
        r"\begin{tabular}{l|p{2cm}r} a\_b & c \\ \end{tabular}")


@pytest.mark.parametrize("text, said", [
    (r"\begin{tabular}{l>{\bfseries}r} a & c \\ \end{tabular}", "which need the array package"),
    ("a { b end.", "has braces { } that do not pair up"), ("} a {", "has braces { } that do not pair up")])
def test_what_stops_the_pdf_is_refused(text, said):
    """Review 46c F6: column types > and < (the array package is not loaded: "Illegal character in array
    arg") and an unpaired brace ("File ended while scanning") passed validate and stopped the PDF."""
    with pytest.raises(TemplateError, match=re.escape(said)):
        markdown_to_tex(text)


def _bank_with_note(folder, note: str = NOTE):
    """C3's template under a class of its own, with ``note`` as a paragraph of its stem."""
    source = (builtin_bank_dir() / "c3_uniform_logits.yaml").read_text(encoding="utf-8")
    source = source.replace("id: mlm-uniform-logits", "id: uniform-notes").replace("class: C3", "class: C14")
    source = source.replace("in intermediate steps.\n\nparts:", f"in intermediate steps.\n\n  {note}\n\nparts:", 1)
    assert note in source
    folder.mkdir()
    (folder / "c14.yaml").write_text(source, encoding="utf-8")
    return folder


def test_validate_passes_the_note_and_the_tex_paper_escapes_it(invoke, tmp_path):
    """validate's LaTeX render is generate's: the note passes both, written for TeX."""
    bank = _bank_with_note(tmp_path / "bank")
    result = invoke("validate", bank, "--samples", "3")
    assert result.exit_code == 0, result.output
    out = tmp_path / "tex"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "1", "--count", "1",
                    "--format", "tex", "--out", out)
    assert result.exit_code == 0, result.output
    assert r"token\_type\_ids input; x\textasciicircum{}2 outside" in (out / "problems.tex").read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                    reason="needs pdflatex and pdftotext to compile the paper and read it back")
def test_the_pdf_prints_the_note_as_written(invoke, tmp_path):
    """generate --format pdf stopped with "Missing $ inserted" before the fix; now the text reads back as typed."""
    bank = _bank_with_note(tmp_path / "bank")
    out = tmp_path / "pdf"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "1", "--count", "1",
                    "--format", "pdf", "--jobs", "1", "--out", out)
    assert result.exit_code == 0, result.output
    text = subprocess.run(["pdftotext", out / "problems.pdf", "-"], capture_output=True, text=True, check=True).stdout
    assert " ".join(NOTE.split()) in " ".join(text.split())


def test_validate_refuses_an_unpaired_brace_at_the_template(invoke, tmp_path):
    """Review 46c F6 through the CLI: the stem's `a { b` is refused by validate and generate, naming the file."""
    bank = _bank_with_note(tmp_path / "bank", "NOTE brace: a { b end.")
    result = invoke("validate", bank, "--samples", "3")
    assert result.exit_code == 1 and "c14.yaml:" in result.output and "do not pair up" in result.output, result.output
    made = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "1", "--format", "tex", "--out", tmp_path / "q")
    assert made.exit_code == 2 and "do not pair up" in made.output and not (tmp_path / "q").exists()
