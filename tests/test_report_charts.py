"""The report's charts read as charts: the histogram's axis is labelled at the
bands' edges (0 to 100, so no label sits in the middle of a bar as if it were
its value) and both axes are named; the facility and point-biserial panels
have their scales written under them, a panel's axis apart from the next's
tick labels; the heat map says in visible text what its numbers count."""

import math
import re

from quizgen.report import analyse, charts
from quizgen.report.model import ItemStats, Part, Student, Trap, Verdict
from quizgen.report.tables import R_HEADER


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
    # the label 80 is at the left edge of the band 80 to under 90%, not under its middle
    bar_x = float(re.search(r'<rect x="([\d.]+)"[^>]*><title>80 to under 90%', str(svg)).group(1))
    assert abs(_positions(svg, "80")[0] - (bar_x - 2)) < 0.01
    assert not any(t.startswith("max ") for t in texts)


def test_item_chart_has_its_scales():
    item = ItemStats("Q1", "a", "C1", "t", 2.0, 10, facility=0.5, point_biserial=0.3)
    texts = _texts(charts.item_chart([item]))
    assert ["0", "0.2", "0.9", "1", "-1", "0", "0.2", "+1"] == [t for t in texts if t in ("0", "0.2", "0.9", "1", "-1", "+1")]


def test_item_chart_names_r_as_the_tables_do():
    # the panel, the tooltip and the screen-reader description all say the
    # table's column header, so one rename reaches every place r is named
    item = ItemStats("Q1", "a", "C1", "t", 2.0, 10, facility=0.5, point_biserial=0.3)
    svg = str(charts.item_chart([item]))
    assert f"{R_HEADER}, -1 to 1" in _texts(svg)
    assert f"<title>Q1a {R_HEADER} 0.30</title>" in svg and f"Q1a: facility 0.50, {R_HEADER} 0.30" in svg
    assert svg.count("item-rest") == svg.count(R_HEADER) == 3


def _scale_labels(svg) -> list:
    """The (x, text) of the tick labels under the item chart's panels, left to right."""
    bottom = max(float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"', str(svg)))
    return sorted((float(x), text) for x, y, text in
                  re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', str(svg)) if float(y) == bottom)


def test_item_chart_tick_labels_keep_an_em_apart():
    # the facility's "0.9" and "1" nearly touched, and ran on into the point-biserial's "-1"
    item = ItemStats("Q1", "a", "C1", "t", 2.0, 10, facility=0.5, point_biserial=0.3)
    labels = _scale_labels(charts.item_chart([item]))
    assert [text for _, text in labels] == ["0", "0.2", "0.9", "1", "-1", "0", "0.2", "+1"]   # r's weak cut too
    edges = [(x - charts.text_width(text) / 2, x + charts.text_width(text) / 2) for x, text in labels]
    gaps = [right[0] - left[1] for left, right in zip(edges, edges[1:])]
    assert min(gaps) >= charts.FONT
    assert gaps[3] >= 3 * charts.FONT   # between the two panels: more than between ticks of one
    assert len(re.findall(r'<line x1="[\d.]+" y1="([\d.]+)" x2="[\d.]+" y2="\1" class="axis"/>',
                          str(charts.item_chart([item])))) == 2   # each panel has its own axis line


def test_heat_map_says_what_its_numbers_count_in_visible_text():
    # a student who meets T1 in both parts of Q1 counts once; the share is of the students who reached Q1
    parts = [Part("Q1", "a", "C1", "t", 1, (Trap("T1", "f"),)), Part("Q1", "b", "C1", "t", 1, (Trap("T1", "f"),))]
    trap, right = Verdict("incorrect", 0.0, "T1"), Verdict("correct", 1.0)
    students = [Student("s1", "", [trap, trap]), Student("s2", "", [right, trap]), Student("s3", "", [right, right])]
    analysis = analyse(parts, students)
    svg = charts.heat_map(["T1"], ["Q1"], analysis.heat)
    texts = _texts(svg)
    assert charts.HEAT_CAPTION == \
        "Each cell: % of the students who reached the question who met the misconception in any of its parts"
    assert charts.HEAT_CAPTION not in texts   # the page says it above the map, as text that wraps (review 46)
    assert "67" in texts   # s1 and s2 of three
    assert re.search(r'<desc id="chart-heat-d">Each cell: % of the students who reached the question', str(svg))
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', str(svg)).group(1))
    first_cell = float(re.search(r'<rect x="([\d.]+)"', str(svg)).group(1)) - 1
    assert width == first_cell + charts.HEAT_CELL + 10   # its grid's width: no caption to scroll past


def test_the_tallest_bars_count_stays_inside_the_chart():
    """Its baseline sat 11 px from the top of a chart drawn in 12 px type: the
    digits' box crossed the edge."""
    svg = str(charts.histogram([1, 33, 2]))
    y = float(re.search(r'<text x="[\d.]+" y="([\d.]+)"[^>]*>33</text>', svg).group(1))
    assert y - charts.FONT >= 2


def test_heat_map_leaves_room_for_its_longest_code_by_the_charts_own_measure():
    # it measured labels at 7 px a character where text_width (used by every other chart) says 7.2
    code = "softmax_over_the_wrong_axis_entirely"
    svg = str(charts.heat_map([code, "T1"], ["Q1", "Q2"], {code: {"Q1": 0.5}, "T1": {"Q2": 0.25}}))
    first_cell = float(re.search(r'<rect x="([\d.]+)"', svg).group(1))
    label_end = _positions(svg, code)[0]                    # the label is drawn right-aligned here
    assert first_cell - 1 == math.ceil(charts.text_width(code) + 16)
    assert label_end - charts.text_width(code) >= 10        # its left end stays inside the chart
