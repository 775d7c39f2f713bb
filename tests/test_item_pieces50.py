"""Review 50b F3 and F8. A paper of 540 parts drew its facility / r chart as one drawing 9,768 px tall
with the only scale at its foot, and printed it cut through a row, the pages after the first with no
panel title or scale; now a chart longer than a printed page shows its scales above its rows too, and
prints as pieces of at most ``charts.PAGE_ROWS`` parts, each a whole chart (as the heat map does).
Under deuteranopia the r panel's green bars and the orange of a flagged bar were one olive; the r
panel's bars are indigo now, apart from orange under both red-green deficiencies."""

import re
from pathlib import Path

import pytest

from quizgen.report import charts, write_class_report
from quizgen.report.item_pieces import item_pieces
from quizgen.report.model import ItemStats, Part, Student, Verdict
from browser_support import charts_shown, needs_browser

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "report.html.j2"
LANDSCAPE = 717   # px under a landscape A4 page at Chromium's margins (test_print44.py)


def _items(count: int) -> list:
    return [ItemStats(f"Q{n // 3 + 1}", "abc"[n % 3], "C1", "t", 1.0, 30, facility=0.5, point_biserial=0.3)
            for n in range(count)]


def _labels(svg: str) -> list:
    return re.findall(r'text-anchor="end" class="label">([^<]*)</text>', svg)


def test_a_chart_of_a_page_or_less_prints_whole():
    assert str(item_pieces(_items(charts.PAGE_ROWS))) == ""


def test_a_long_chart_prints_in_whole_pieces_each_part_once():
    items = _items(70)
    pieces = str(item_pieces(items))
    svgs = re.findall(r'<svg id="(chart-items-print-\d+)"[^>]* height="(\d+)"[^>]*>(.*?)</svg>', pieces)
    assert [name for name, _, _ in svgs] == ["chart-items-print-1", "chart-items-print-2", "chart-items-print-3"]
    assert [len(_labels(body)) for *_, body in svgs] == [23, 23, 24]
    assert sum((_labels(body) for *_, body in svgs), []) == [item.label for item in items]
    for _, height, body in svgs:
        assert int(height) <= LANDSCAPE
        assert body.count("facility, 0 to 1") == 1 and body.count("-1 to 1") == 1   # both panel titles
        assert ">0.9<" in body and ">+1<" in body                                    # and both scales
    assert "parts 24 to 46 of 70" in pieces and 'class="items-print print-only" aria-hidden="true"' in pieces


def _label_ys(svg: str, text: str) -> list:
    return [float(y) for y in re.findall(rf'<text x="[\d.]+" y="([\d.]+)" text-anchor="middle" class="value">'
                                         rf'{re.escape(text)}</text>', svg)]


@pytest.mark.parametrize("narrow", [False, True])
def test_a_long_chart_shows_its_scales_above_its_rows_as_well(narrow):
    short = str(charts.item_chart(_items(charts.PAGE_ROWS), narrow=narrow))
    long = str(charts.item_chart(_items(charts.PAGE_ROWS + 1), narrow=narrow))
    first_row = min(float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="13"', long))
    assert len(_label_ys(short, "0.9")) == 1 and len(_label_ys(short, "+1")) == 1
    assert len(_label_ys(long, "0.9")) == 2 and len(_label_ys(long, "+1")) == 2
    facility_top = min(_label_ys(long, "0.9"))
    assert facility_top < first_row
    title = float(re.search(r'y="([\d.]+)" text-anchor="start" class="label">facility, 0 to 1', long).group(1))
    assert title < facility_top - 10   # the title above the scale's labels, apart from them


# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color vision
# deficiency", severity 1.0, applied to linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


def _seen(colour: str, matrix) -> list:
    linear = [(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
              for c in (int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))]
    mixed = [min(max(sum(m * c for m, c in zip(row, linear)), 0.0), 1.0) for row in matrix]
    return [255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055) for c in mixed]


def _apart(one: str, other: str, matrix) -> float:
    return sum((a - b) ** 2 for a, b in zip(_seen(one, matrix), _seen(other, matrix))) ** 0.5


def test_the_r_panels_bars_stay_apart_from_a_flagged_bar_under_red_green_deficiencies():
    css = TEMPLATE.read_text(encoding="utf-8")
    light, dark = re.findall(r"--alt:#([0-9a-f]{6});", css), re.findall(r"--flag:#([0-9a-f]{6});", css)
    assert len(light) == 2 and len(dark) == 2   # light and dark mode each set both
    for alt, flag in zip(light, dark):
        for matrix in (DEUTERANOPIA, PROTANOPIA):
            assert _apart(alt, flag, matrix) > 150, (alt, flag)   # green 2e8b57 and orange c2410c: 91


@pytest.mark.slow
@needs_browser
def test_printed_the_long_chart_is_its_pieces_each_within_a_page(browser, tmp_path):
    parts = [Part(f"Q{n // 3 + 1}", "abc"[n % 3], "C1", "t", 1.0, ()) for n in range(70)]
    students = [Student(f"s{k:02d}", "", [Verdict("correct" if (k + n) % 3 else "incorrect", float((k + n) % 3 > 0))
                                          for n in range(70)]) for k in range(12)]
    browser.get(write_class_report(parts, students, tmp_path / "long", "long")["html"].as_uri())
    assert [row[0] for row in charts_shown(browser, "chart-items")] == ["chart-items"]
    shown = charts_shown(browser, "chart-items", "print")
    assert [row[0] for row in shown] == ["chart-items-print-1", "chart-items-print-2", "chart-items-print-3"]
    assert all(height <= LANDSCAPE and avoid == "avoid" for _, height, avoid in shown)
