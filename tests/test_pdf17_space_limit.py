"""A part's working space is capped at what a page holds: the largest ``space:`` a
template may set prints whole, answer box and all, on US-letter and A4, and one more
is refused at load with the reason."""

import re
import subprocess

import pytest

from quizgen.bank.part_layout import MAX_SPACE_CM
from test_pdf import tall_c11_bank

CM = 72 / 2.54
MARGIN = 2.3 * CM   # the geometry's margins (templates/problems.tex.j2)
PAGE_HEIGHT = {"letter": 11 * 72, "a4": 29.7 * CM}
BOX = r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>'


def page_words(path) -> list:
    """Each page's words as (y_min, y_max, text), from pdftotext -bbox."""
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return [[(float(y0), float(y1), text) for y0, y1, text in re.findall(BOX, page)]
            for page in re.findall(r"<page .*?</page>", out, re.S)]


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_largest_working_space_prints_whole_under_a_five_line_stem(invoke, tex, tmp_path, paper):
    """MAX_SPACE_CM under C11's stem made five lines long: the answer box is on the
    question's page, above the text block's foot and clear of the footer. At the old
    limit (25 cm) the box ran off a letter page and an A4 one."""
    bank = tall_c11_bank(tmp_path / "bank", MAX_SPACE_CM, stem_lines=2)
    result = invoke("generate", "--seed", 42, "--bank", bank, "--classes", "C11", "--format", "pdf",
                    "--no-solutions", "--paper", paper, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    pages = page_words(tmp_path / "out" / "problems.pdf")
    page = next(words for words in pages if any(text == "Softmax" for _, _, text in words))
    answer = [y1 for _, y1, text in page if text == "Answer:"]
    footer = min(y0 for y0, _, text in page if text == "Page")
    assert len(answer) == 1, page
    assert answer[0] <= PAGE_HEIGHT[paper] - MARGIN + 1 and answer[0] < footer - 10, (answer, footer)
    assert not any("continue" in text for words in pages for _, _, text in words)


@pytest.mark.parametrize("space, words", [
    (MAX_SPACE_CM, None),
    (MAX_SPACE_CM + 0.5, f"{MAX_SPACE_CM + 0.5:g} cm of working space does not fit on a page: "
                         f"at most {MAX_SPACE_CM:g} cm (a US-letter page has 23.3 cm of text height"),
    (25, f"25 cm of working space does not fit on a page: at most {MAX_SPACE_CM:g} cm"),
])
def test_a_space_no_page_holds_is_refused_at_load_with_the_reason(invoke, tmp_path, space, words):
    """generate names file, line, the limit and why in one line (25 cm used to load, and
    the PDF then ran the part off its page); the limit itself loads."""
    bank = tall_c11_bank(tmp_path / "bank", space)
    result = invoke("generate", "--bank", bank, "--classes", "C11", "--seed", 1, "--format", "tex",
                    "--out", tmp_path / "out")
    if words is None:
        assert result.exit_code == 0, result.stderr
        assert "\\qzanswer{%.1fcm}" % space in (tmp_path / "out" / "problems.tex").read_text(encoding="utf-8")
        return
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith(f"quizgen: error: {bank / 'c11.yaml'}:27: parts.0.space: {words}"), result.stderr
