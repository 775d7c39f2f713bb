"""pdf.md's "When LaTeX fails" example used ``$\\notamacro{x}$``, which the bank
now refuses as it loads, before LaTeX (round 52's review, F7). The example is
now a failure LaTeX itself reports; both are run here as pdf.md describes them."""

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
C13 = ROOT / "docs" / "examples" / "bert_bank" / "c13_perplexity.yaml"


def _bank(folder: Path, maths: str) -> Path:
    text = C13.read_text(encoding="utf-8")
    text = text.replace("id: perplexity-from-token-losses", "id: my-perplexity", 1)
    text = text.replace("  logarithms), are:\n", f"  logarithms), are, with {maths}:\n", 1)
    (folder / "my_bank").mkdir()
    (folder / "my_bank" / "c13.yaml").write_text(text, encoding="utf-8")
    return folder


def _documented(start: str) -> str:
    """The line of pdf.md's "When LaTeX fails" section that starts with ``start``, joined as one line."""
    section = (ROOT / "docs" / "pdf.md").read_text(encoding="utf-8").split("## When LaTeX fails", 1)[1]
    found = re.search(re.escape(start) + r"[^\n]*", section)
    assert found, f"pdf.md's example starting {start!r} is gone"
    return found[0]


def test_an_unknown_command_is_refused_at_load_as_pdf_md_says(tmp_path, invoke, monkeypatch):
    monkeypatch.chdir(_bank(tmp_path, r"$\notamacro{x}$"))
    result = invoke("generate", "--bank", "my_bank", "--classes", "C13", "--format", "pdf", "--seed", "1",
                    "--out", "lp")
    assert result.exit_code == 2
    shown = " ".join(_documented("`my_bank/c13.yaml:36: stem:").split())[1:].split(" ...`")[0]
    assert " ".join(result.output.split()).startswith("quizgen: error: " + shown)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_the_latex_failure_pdf_md_shows_is_the_one_latex_gives(tmp_path, invoke, monkeypatch):
    monkeypatch.chdir(_bank(tmp_path, r"$\frac{1}$"))
    result = invoke("generate", "--bank", "my_bank", "--classes", "C13", "--format", "pdf", "--seed", "1",
                    "--out", "lp", "--jobs", "1")
    assert result.exit_code == 1
    assert result.output.strip() == _documented("quizgen: error: LaTeX failed on")
