"""The report's charts read as charts: the histogram's axis is labelled at the
bands' edges (0 to 100, so no label sits in the middle of a bar as if it were
its value) and both axes are named; the facility and point-biserial panels
have their scales written under them."""

import re

from quizgen.report import charts
from quizgen.report.model import ItemStats


def _texts(svg) -> list:
    return re.findall(r"<text [^>]*>([^<]*)</text>", str(svg))


def _positions(svg, label) -> list:
    return [float(x) for x, text in re.findall(r'<text x="([\d.]+)"[^>]*>([^<]*)</text>', str(svg)) if text == label]


def test_histogram_labels_the_band_edges_and_names_its_axes():
    svg = charts.histogram([0] * 8 + [3, 5])
    texts = _texts(svg)
    assert [t for t in texts if t.isdigit() and int(t) % 10 == 0 and t not in ("3", "5")] == \
        [str(10 * k) for k in range(11)]
    assert "percentage score (the last band includes 100)" in texts and "students" in texts
    # the label 80 is at the left edge of the 80-90 bar, not under its middle
    bar_x = float(re.search(r'<rect x="([\d.]+)"[^>]*><title>80-90%', str(svg)).group(1))
    assert abs(_positions(svg, "80")[0] - (bar_x - 2)) < 0.01
    assert not any(t.startswith("max ") for t in texts)


def test_item_chart_has_its_scales():
    item = ItemStats("Q1", "a", "C1", "t", 2.0, 10, facility=0.5, point_biserial=0.3)
    texts = _texts(charts.item_chart([item]))
    assert ["0", "0.2", "0.9", "1", "-1", "0", "+1"] == [t for t in texts if t in ("0", "0.2", "0.9", "1", "-1", "+1")]
