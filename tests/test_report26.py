"""The HTML class report (report26).

1. A roster student marked only by overrides scoring 0 is named
   ``absent (overrides: 0)`` in the page's students table, as report.md names
   them, not ``missing (no answer)``: in the rows written in the page (script
   off), in the data its script pages, and in the table the script builds."""

import json
import re

import pytest

from browser_support import needs_browser, open_browser
from test_roster25 import grade as roster_grade, overrides, paper_class


def _data_rows(html: str) -> dict:
    """{student id: row} of the page's embedded student data."""
    block = re.search(r'<script type="application/json" id="student-data">(.*?)</script>', html, re.S).group(1)
    return {row[0]: row for row in json.loads(block)}


def _static_rows(html: str) -> dict:
    """{student id: [cells]} of the rows written in the page itself."""
    body = html.split('<tbody id="student-rows">')[1].split("</tbody>")[0]
    rows = [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr) for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
    return {cells[0]: cells for cells in rows}


@pytest.fixture(scope="module")
def zero_marked_page(tmp_path_factory, runner_module):
    """The page of a roster class where s1017 has no answer row and one override scoring 0."""
    folder = tmp_path_factory.mktemp("zero-marked")
    paper_class(folder)
    result = roster_grade(runner_module, folder, "--overrides", overrides(folder, "0"))
    assert result.exit_code == 0, result.output
    return folder / "out" / "g-report.html"


@pytest.fixture(scope="module")
def runner_module():
    from click.testing import CliRunner
    from quizgen.cli import main

    runner = CliRunner()
    return lambda *args: runner.invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_the_page_names_a_student_marked_only_by_zero_overrides_absent(zero_marked_page):
    html = zero_marked_page.read_text(encoding="utf-8")
    data, static = _data_rows(html), _static_rows(html)
    assert data["s1017"][6:] == ["absent (overrides: 0)"], data["s1017"]
    assert static["s1017"][5] == "absent (overrides: 0)", static["s1017"]
    assert data["s1022"][6:] == ["missing (no answer)"] and static["s1022"][5] == "missing (no answer)"
    assert len(data["s1001"]) == 6 and static["s1001"][5] == "-"


def test_the_page_and_report_md_say_the_same_for_every_student(zero_marked_page):
    html = zero_marked_page.read_text(encoding="utf-8")
    report = zero_marked_page.with_name("g-report.md").read_text(encoding="utf-8")
    md = {line.split(" | ")[0].strip("| "): line.rstrip(" |").rsplit(" | ", 1)[1]
          for line in report.split("## Students")[1].split("\n## ")[0].splitlines() if line.startswith("| s1")}
    assert {sid: cells[5] for sid, cells in _static_rows(html).items()} == md


@needs_browser
@pytest.mark.slow
def test_the_script_built_table_names_them_absent(zero_marked_page, tmp_path):
    driver = open_browser(tmp_path / "profile")
    try:
        driver.get(zero_marked_page.as_uri())
        rows = driver.execute_script(
            "return Array.from(document.querySelectorAll('#student-rows tr')).map("
            "function (tr) { return Array.from(tr.cells).map(function (td) { return td.textContent; }); });")
    finally:
        driver.quit()
    last = {cells[0]: cells[5] for cells in rows}
    assert last["s1017"] == "absent (overrides: 0)" and last["s1022"] == "missing (no answer)", last


# ---------------------------------------------------------------- 2. the charts' boxes and drawings, read aloud

def _at_width(page, tmp_path, width: int, script: str, tree: bool = False) -> tuple:
    """``script``'s result on ``page`` in Chromium ``width`` px wide (a phone below 500),
    and with ``tree`` the page's accessibility tree nodes (else None)."""
    driver = open_browser(tmp_path / "profile")
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
        driver.get(page.as_uri())
        found = driver.execute_script(script)
        if not tree:
            return found, None
        driver.execute_cdp_cmd("Accessibility.enable", {})
        return found, driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    finally:
        driver.quit()


def _chart_boxes(html: str) -> dict:
    """{chart id: its box's (tabindex, role, aria-label)} in the page as written."""
    from lxml import html as lxml_html

    page = lxml_html.fromstring(html)
    return {svg.get("id"): tuple(svg.getparent().get(a) for a in ("tabindex", "role", "aria-label"))
            for svg in page.xpath("//svg[contains(@class, 'chart')]")}


@pytest.fixture(scope="module")
def demo_page(tmp_path_factory):
    """The page of the 30-student demo class (a heat map wider than a phone)."""
    from quizgen.report import analyse, report_html
    from quizgen.report.demo import demo_class

    path = tmp_path_factory.mktemp("demo26") / "class.html"
    path.write_text(report_html(analyse(*demo_class(30))), encoding="utf-8")
    return path


def test_only_the_heat_maps_box_which_can_scroll_is_a_tab_stop_as_written(demo_page):
    """The histogram and the item chart fit any screen (the phone drawing): their boxes are no
    tab stop and no group named again as the drawing is; the heat map's keeps its size on a phone
    and scrolls, so its box is a named tab stop (the script takes that off where it fits)."""
    boxes = _chart_boxes(demo_page.read_text(encoding="utf-8"))
    for name in ("chart-histogram", "chart-histogram-narrow", "chart-items", "chart-items-narrow"):
        assert boxes[name] == (None, None, None), (name, boxes[name])
    assert boxes["chart-heat"] == ("0", "group", "Misconceptions by question (scrolls sideways)")


AX_CHARTS = """return Array.from(document.querySelectorAll('.chart-box')).map(function (box) {
  return [box.querySelector('svg').id, box.getAttribute('tabindex'), box.getAttribute('role'),
          box.getAttribute('aria-label'), box.scrollWidth > box.clientWidth + 1]; });"""


@needs_browser
@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.slow
def test_each_chart_is_read_once_and_a_box_is_a_tab_stop_only_while_it_scrolls(demo_page, tmp_path, width):
    """The drawing a width hides is not read (display: none), the one it shows is, once."""
    boxes, nodes = _at_width(demo_page, tmp_path, width, AX_CHARTS, tree=True)
    for name, tabindex, role, label, scrolls in boxes:
        assert scrolls == (name == "chart-heat" and width == 360), (width, name)
        assert (tabindex, role, bool(label)) == (("0", "group", True) if scrolls else (None, None, False)), (width, name)
    images = [n["name"]["value"].split(" ", 2)[:2] for n in nodes
              if not n.get("ignored") and n.get("role", {}).get("value") == "image"]
    assert sorted(images) == [["Facility", "and"], ["Misconceptions", "by"], ["Score", "histogram"]], images


# ---------------------------------------------------------------- 3. the page as an instructor reads it

def test_the_class_size_line_counts_the_absent_apart_from_who_answered(zero_marked_page, demo_page):
    """The roster lists 5; 4 answered (s1O22 off it); s1022 gave nothing and s1017 only a 0 override.
    The line said "4 students" above a students table of 6."""
    from lxml import html as lxml_html

    line = lxml_html.fromstring(zero_marked_page.read_text(encoding="utf-8")).get_element_by_id("class-size")
    assert line.text_content().startswith("4 students who answered and 2 absent (listed, with no answer), "
                                          "2 question parts in 1 question."), line.text_content()
    plain = lxml_html.fromstring(demo_page.read_text(encoding="utf-8")).get_element_by_id("class-size")
    assert plain.text_content().startswith("30 students, "), plain.text_content()   # nobody absent: as before


NAME_CELLS = """return Array.from(document.querySelectorAll('#student-rows tr:not(.off)')).map(function (tr) {
  var range = document.createRange(); range.selectNodeContents(tr.cells[1]);
  return [tr.cells[1].textContent, range.getClientRects().length, tr.cells[4].getBoundingClientRect().right]; });"""


@needs_browser
@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.slow
def test_a_short_name_stays_on_one_line_where_the_page_has_room(demo_page, tmp_path, width):
    """At 1280 px the misconceptions column took the width and "Student 12" broke into two
    lines; a phone keeps the score and % columns in view before the table scrolls, as before."""
    cells, _ = _at_width(demo_page, tmp_path, width, NAME_CELLS)
    assert len(cells) == 30
    if width == 1280:
        assert all(lines == 1 for _, lines, _ in cells), [c for c in cells if c[1] != 1]
    else:
        assert all(right <= width - 12 for _, _, right in cells), cells[0]   # the % column on screen
