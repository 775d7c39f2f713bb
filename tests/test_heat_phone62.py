"""On a phone the heat map's pinned row names took about 300 of 390 px, leaving one question's
column in view while it scrolled: the phone's drawing puts each name in two short lines of
smaller text, a label column under half as wide, the whole name still in its tooltip."""

import re
from html import unescape

import pytest

from browser_support import needs_browser, open_browser
from quizgen.report import analyse, charts, report_html
from quizgen.report.demo import demo_class
from quizgen.report.heat_names import LINE_CHARS, phone_labels, two_lines


def test_a_long_name_and_a_long_code_break_into_two_short_lines():
    assert two_lines("missing minus sign") == ("missing minus sign",)
    assert two_lines("dividing logits without exponentiating them") == ("dividing logits", "without exponentiat\u2026")
    assert two_lines("bidirectional_context_no_end_token") == ("bidirectional_", "context_no_end_token")
    assert all(len(line) <= LINE_CHARS for line in two_lines("a weight not normalised into a probability"))
    assert two_lines("abcdefghijklmnopqrst_uvw") == ("abcdefghijklmnopqrst", "_uvw")   # no line past LINE_CHARS
    assert two_lines("abcdefghijklmnopqrs_uvw") == ("abcdefghijklmnopqrs_", "uvw")


def test_two_names_whose_phone_lines_read_alike_are_drawn_as_their_codes():
    names = {"by_toks": "dividing the summarised loss by all toks", "by_pos": "dividing the summarised loss by all pos",
             "other": "missing minus sign"}
    assert two_lines(names["by_toks"]) == two_lines(names["by_pos"])
    assert phone_labels(names) == {"by_toks": ("by_toks",), "by_pos": ("by_pos",), "other": ("missing minus sign",)}


def test_the_phones_pinned_labels_are_under_half_as_wide_and_keep_the_whole_name():
    analysis = analyse(*demo_class(30))
    codes = sorted(analysis.heat)
    wide, narrow = (str(charts.heat_labels(codes, analysis.names, narrow=n)) for n in (False, True))
    width = [int(re.search(r'width="(\d+)"', svg).group(1)) for svg in (wide, narrow)]
    assert width[1] <= 150 < 2 * width[1] < width[0] + 20, width
    assert 'class="heat-labels narrow"' in narrow and narrow.count("<title>") == wide.count("<title>") == len(codes)
    assert re.findall(r"<title>([^<]*)</title>", narrow) == re.findall(r"<title>([^<]*)</title>", wide)
    lines = [unescape(line) for line in re.findall(r"<tspan[^>]*>([^<]*)</tspan>", narrow)]
    assert lines and max(map(len, lines)) <= LINE_CHARS
    page = report_html(analysis)
    assert 'id="chart-heat-narrow" class="chart narrow"' in page and 'id="chart-heat" class="chart wide"' in page


SHOWN = """var box = document.getElementById('chart-heat').parentNode; box.scrollIntoView();
var labels = Array.from(box.querySelectorAll('.heat-labels')).filter(function (s) { return s.getClientRects().length; });
var maps = Array.from(box.querySelectorAll('svg.chart')).filter(function (s) { return s.getClientRects().length; });
return [box.clientWidth, labels.map(function (s) { return s.getBoundingClientRect().width; }), maps.map(function (s) { return s.id; })];"""


@pytest.mark.slow
@needs_browser
def test_at_390_px_the_pinned_labels_leave_four_question_columns_in_view(tmp_path):
    path = tmp_path / "class.html"
    path.write_text(report_html(analyse(*demo_class(30))), encoding="utf-8")
    driver = open_browser(tmp_path / "profile")
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.get(path.as_uri())
        box, labels, maps = driver.execute_script(SHOWN)
    finally:
        driver.quit()
    assert maps == ["chart-heat-narrow"] and len(labels) == 1
    assert labels[0] <= 0.4 * box and (box - labels[0]) / charts.HEAT_CELL >= 4, (box, labels)
