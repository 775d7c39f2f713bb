"""The class report printed: a heat map taller than a page prints as pieces that each
keep their question header and never break through a row (review 43c F8: the one
drawing was cut through a row at a page's foot, and later pages had no Q1..Q24
header); a 0-point part's "n/a (worth 0 points)" is not crossed by the dashed
guides. The browser tests print in headless Chromium (skipped without it, and the
PDF's check without poppler's pdftotext)."""

import base64
import re
import shutil
import subprocess

import pytest

from quizgen.report import charts, write_class_report
from quizgen.report.model import ItemStats, Part, Student, Trap, Verdict
from browser_support import charts_shown, needs_browser

QUESTIONS = ["Q1", "Q2", "Q3"]


def _codes(count: int) -> list:
    return [f"t{n:03d}" for n in range(count)]


def _pieces(svg) -> list:
    """Each print piece's (drawn height, [its texts])."""
    return [(int(height), re.findall(r"<text [^>]*>([^<]*)</text>", body))
            for height, body in re.findall(r'<svg id="chart-heat-print-\d+"[^>]* height="(\d+)"[^>]*>(.*?)</svg>', str(svg))]


LANDSCAPE = 717
"""The drawn height a landscape A4 page holds at Chromium's margins (8.27 in less 2 x 0.4 in, at 96 px
an inch; Letter's landscape holds about 740): review 44g F10, 30 rows (788 px) broke across its pages."""


def test_a_map_of_a_page_or_less_prints_whole_and_a_page_is_a_landscape_one():
    codes = _codes(charts.HEAT_PRINT_ROWS)
    assert str(charts.heat_pieces(codes, QUESTIONS, {c: {"Q1": 0.5} for c in codes})) == ""
    top = charts.heat_top(True)   # a piece's line and question header: 41 px (the caption is the page's)
    assert top + 24 * charts.HEAT_PRINT_ROWS + 10 <= LANDSCAPE
    codes = _codes(27)   # printed whole once (58 + 24 * 27 + 10 = 716 px): two pieces
    assert [height for height, _ in _pieces(charts.heat_pieces(codes, QUESTIONS, {c: {"Q1": 0.5} for c in codes}))] \
        == [top + 24 * 13 + 10, top + 24 * 14 + 10]


def test_a_taller_map_prints_as_even_pieces_each_with_the_question_header():
    codes = _codes(70)   # 70 rows: three pieces of 23, 23 and 24, not 30, 30 and 10
    heat = {code: {"Q2": (n % 10) / 10} for n, code in enumerate(codes)}
    pieces = _pieces(charts.heat_pieces(codes, QUESTIONS, heat))
    rows = [[text for text in texts if text.startswith("t")] for _, texts in pieces]
    assert [len(r) for r in rows] == [23, 23, 24] and sum(rows, []) == codes
    for (height, texts), piece_rows in zip(pieces, rows):
        assert [t for t in texts if t in QUESTIONS] == QUESTIONS
        assert height == charts.heat_top(True) + 24 * len(piece_rows) + 10 <= LANDSCAPE   # under a landscape page
    assert pieces[0][1][0] == "Misconceptions by question: rows 1 to 23 of 70"   # 44g F11 (the caption: the page's)
    assert pieces[1][1][0] == "Misconceptions by question, continued: rows 24 to 46 of 70"
    # the whole map's shading: the darkest cell of every piece is the map's peak, 0.9
    whole = str(charts.heat_map(codes, QUESTIONS, heat))
    assert sorted(re.findall(r'fill-opacity="([\d.]+)"', whole)) == \
        sorted(re.findall(r'fill-opacity="([\d.]+)"', str(charts.heat_pieces(codes, QUESTIONS, heat))))


def _guides_and_notes(svg: str) -> tuple:
    """The dashed guides' x and where they are drawn, and each n/a note's box and where it is drawn."""
    guides = [(float(m.group(1)), m.start()) for m in re.finditer(r'<line x1="([\d.]+)"[^>]*class="guide"/>', svg)]
    notes = [(float(m.group(1)), float(m.group(2)), m.start(), m.group(3)) for m in
             re.finditer(r'<g><rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="15" class="page"/>'
                         r'<text [^>]*>([^<]*)</text>', svg)]
    return guides, notes


@pytest.mark.parametrize("narrow", [False, True])
def test_the_zero_point_note_is_not_crossed_by_a_guide(narrow):
    zero = ItemStats("Q6", "a", "C6", "t", 0.0, 10, facility=None, point_biserial=None)
    other = ItemStats("Q6", "b", "C6", "t", 1.0, 10, facility=0.5, point_biserial=0.3)
    svg = str(charts.item_chart([zero, other], narrow=narrow))
    guides, notes = _guides_and_notes(svg)
    assert len(notes) == 2 and "n/a (worth 0 points)" in svg
    for x, width, drawn, text in notes:   # each panel's note covers its panel's guide at 0.2, over it
        crossed = [at for gx, at in guides if x <= gx <= x + width]
        assert crossed and all(at < drawn for at in crossed)
        assert width >= charts.text_width(text)   # (the phone's r panel says it shorter: test_charts45)


# ------------------------------------------------------------------ printed in Chromium

LONG = "a misconception named at such length that the drawing cuts it"


def _big_class(path, traps: int):
    """A class of ``traps`` misconceptions on three questions, each met by some student."""
    parts = [Part(q, "a", "C1", "t", 1.0, tuple(Trap(f"m{q}_{k:03d}", "f", frozenset(), f"{q} {k}: {LONG}")
                                                 for k in range(traps // 3))) for q in QUESTIONS]
    students = [Student(f"s{n:03d}", "", [Verdict("incorrect", 0.0, p.traps[n % len(p.traps)].code) for p in parts])
                for n in range(traps)]
    return write_class_report(parts, students, path, "big")["html"]


@pytest.mark.slow
@needs_browser
def test_printed_pieces_fit_a_page_and_the_screen_map_is_not_printed(browser, tmp_path):
    browser.get(_big_class(tmp_path, 120).as_uri())
    assert [row[0] for row in charts_shown(browser, "chart-heat")] == ["chart-heat"]   # the screen shows one drawing
    shown = charts_shown(browser, "chart-heat", "print")
    assert [row[0] for row in shown] == [f"chart-heat-print-{n}" for n in (1, 2, 3, 4, 5)]
    assert all(height <= LANDSCAPE and avoid == "avoid" for _, height, avoid in shown)


def _words(pdf: bytes, tmp_path) -> list:
    """Each page's words as (y, word), from poppler's pdftotext -bbox."""
    (tmp_path / "big.pdf").write_bytes(pdf)
    subprocess.run(["pdftotext", "-bbox", str(tmp_path / "big.pdf"), str(tmp_path / "big.html")], check=True)
    pages = (tmp_path / "big.html").read_text().split("<page ")[1:]
    return [[(float(y), word) for y, word in re.findall(r'<word [^>]*yMin="([\d.]+)"[^>]*>([^<]*)</word>', page)]
            for page in pages]


@pytest.mark.slow
@needs_browser
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is missing")
def test_every_printed_page_of_the_map_has_its_question_header(browser, tmp_path):
    """A4 and Letter, portrait and landscape (review 44g F10: 30 rows broke across a landscape page,
    the next page's rows with no header): wherever a page holds rows of the map (their labels cut
    with an ellipsis, which the table's full names are not), the question header stands above them."""
    browser.get(_big_class(tmp_path, 150).as_uri())
    for (width, height), landscape in [(paper, turn) for paper in ((8.27, 11.69), (8.5, 11)) for turn in (False, True)]:
        pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {
            "paperWidth": width, "paperHeight": height, "landscape": landscape})["data"])
        pages = [words for words in _words(pdf, tmp_path) if any(w.endswith("\u2026") for _, w in words)]
        assert len(pages) >= 2
        for words in pages:
            top = min(y for y, w in words if w.endswith("\u2026"))
            assert any(w == "Q1" and y < top for y, w in words)
