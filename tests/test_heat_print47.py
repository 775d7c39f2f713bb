"""Review 46b: the class report's heat map stood 34 px below the top of its drawing (the room of
two caption lines the screen's map no longer draws, its caption being page text since round 46),
a gap of some 40 px under the caption; and printed in pieces, its caption printed twice (the
page's paragraph, then the first piece's own drawing of it), while the paragraph could be left
at a page's foot with the map on the next page. Printed in headless Chromium, the caption is
now said once, on the page of the map's first rows."""

import base64
import re
import shutil

import pytest

from browser_support import needs_browser
from quizgen.report import charts
from test_print44 import _big_class, _words

QUESTIONS = ["Q1", "Q2", "Q3"]


def _texts(svg: str) -> list:
    """Each drawn text's (y, text), in drawing order."""
    return [(float(y), text) for y, text in re.findall(r'<text [^>]*y="([\d.]+)"[^>]*>([^<]*)</text>', svg)]


def test_the_screens_map_starts_with_its_question_header():
    codes = ["sum_instead_of_mean", "left_to_right"]
    svg = str(charts.heat_map(codes, QUESTIONS, {"left_to_right": {"Q2": 0.5}}))
    header = [y for y, text in _texts(svg) if text in QUESTIONS]
    assert header == [14.0] * 3   # the first line of the drawing; was 48, under 34 px left empty
    assert 'height="82"' in svg   # 24 (the header) + 2 rows of 24 + 10
    labels = str(charts.heat_labels(codes))   # the pinned labels stand on the same rows
    assert [y for y, _ in _texts(labels)] == [y for y, text in _texts(svg) if text.endswith(("mean", "right"))]


def test_a_printed_piece_draws_no_caption_only_which_rows_it_holds():
    codes = [f"t{n:03d}" for n in range(40)]
    pieces = str(charts.heat_pieces(codes, QUESTIONS, {c: {"Q1": 0.5} for c in codes}))
    assert charts.HEAT_CAPTION not in pieces
    firsts = [texts[0] for texts in map(_texts, pieces.split("<svg ")[1:])]
    assert firsts == [(14.0, "Misconceptions by question: rows 1 to 20 of 40"),
                      (14.0, "Misconceptions by question, continued: rows 21 to 40 of 40")]


@pytest.mark.slow
@needs_browser
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is missing")
@pytest.mark.parametrize("traps", [18, 60])   # one drawing, and two printed pieces
def test_printed_the_caption_is_said_once_on_the_page_of_the_maps_first_rows(browser, tmp_path, traps):
    browser.get(_big_class(tmp_path, traps).as_uri())
    pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})["data"])
    pages = _words(pdf, tmp_path)
    said = [n for n, words in enumerate(pages)
            for k in range(len(words) - 2) if [w for _, w in words[k:k + 3]] == ["Each", "cell:", "%"]]
    table = [n for n, words in enumerate(pages) if any(w == "numbers;" for _, w in words)]   # the table's caption
    assert len(said) == 1 + len(table), said   # the page's caption, and the table's own under "as a table"
    first_rows = next(n for n, words in enumerate(pages) if any(w.endswith("\u2026") for _, w in words))
    assert said[0] == first_rows   # not left at the foot of the page before


@pytest.mark.slow
@needs_browser
def test_printed_the_caption_keeps_with_the_map_below_it(browser, tmp_path):
    """The real class of review 46b printed its caption at the foot of a page, the map on the next."""
    browser.get(_big_class(tmp_path, 18).as_uri())
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        after = browser.execute_script("return getComputedStyle(document.getElementById('heat-caption')).breakAfter")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert after == "avoid-page"
