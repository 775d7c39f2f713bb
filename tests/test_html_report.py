"""The HTML class report: self-contained and strict (checked in Python), and
working in a real headless Chromium (selenium; skipped with the reason when
chromium, chromedriver or selenium is missing). docs/report.md says how to run them.

QUIZGEN_REPORT_SCREENSHOT=path writes the 200-student screenshot there too
(that is how docs/images/report.png is made)."""

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from quizgen.report import analyse, report_html, write_class_report
from quizgen.report.demo import demo_class
from quizgen.report import html as html_page
from quizgen.report.html import csp_hash
from quizgen.report.model import Part, Student, Verdict
from browser_support import needs_browser

pytestmark = pytest.mark.slow   # runs in CI; kept out of the quick `-m "not slow"` run



# ------------------------------------------------------------------ without a browser

def test_page_is_self_contained_and_its_policy_matches_its_code():
    html = report_html(analyse(*demo_class(30)), "Week 3")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    assert policy.startswith("default-src 'none';")
    script = re.search(r"<script>(.*?)</script>", html, re.S).group(1)
    style = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert f"script-src '{csp_hash(script)}'" in policy and f"style-src '{csp_hash(style)}'" in policy
    without_namespace = html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"(?:src|href)\s*=|https?://|@import|url\(", without_namespace)


def test_student_names_cannot_break_out_of_the_data_block():
    parts = [Part("Q1", "a", "C1", "t", 1)]
    students = [Student("</script><script>alert(1)</script>", "<b>&amp;</b>\u2028", [Verdict("correct", 1.0)])]
    html = report_html(analyse(parts, students))
    block = re.search(r'<script type="application/json" id="student-data">(.*?)</script>', html, re.S).group(1)
    assert "<" not in block and json.loads(block)[0][:2] == [students[0].student_id, students[0].name]


def test_scores_in_the_student_table_are_written_as_report_md_writes_them():
    """The Score column padded ``32`` to ``32.0`` beside ``28.5``, where report.md writes 32: one
    format for a score in both (formatting.number_text)."""
    parts = [Part("Q1", "a", "C1", "t", 40), Part("Q1", "b", "C1", "t", 7)]
    students = [Student("s1", "", [Verdict("correct", 32.0), Verdict("incorrect", 0.0)]),
                Student("s2", "", [Verdict("correct", 28.5), Verdict("incorrect", 0.0)])]
    html = report_html(analyse(parts, students))
    block = re.search(r'<script type="application/json" id="student-data">(.*?)</script>', html, re.S).group(1)
    assert sorted(row[2:4] for row in json.loads(block)) == [["28.5", "47"], ["32", "47"]]


def test_page_shows_na_for_figures_that_cannot_be_computed():
    html = report_html(analyse([Part("Q1", "a", "C1", "t", 1)], [Student("s", "", [Verdict("correct", 1.0)])]))
    assert "n/a" in html and "nan" not in html.lower().replace("n/a", "")


# ------------------------------------------------------------------ in Chromium

@pytest.fixture(scope="module")
def class_report(tmp_path_factory):
    parts, students = demo_class(200)
    paths = write_class_report(parts, students, tmp_path_factory.mktemp("report"), "week3",
                               "Week 3 quiz: class report (demo data)")
    return paths["html"], analyse(parts, students)


def _open(driver, path: Path):
    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(path.as_uri())
    driver.execute_script("return document.readyState")


def _visible_rows(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#student-rows tr'))"
        ".filter(function (tr) { return getComputedStyle(tr).display !== 'none'; })"
        ".map(function (tr) { return Array.from(tr.cells).map(function (td) { return td.textContent; }); });")


@needs_browser
def test_opens_without_errors_or_network(browser, class_report):
    path, _ = class_report
    _open(browser, path)
    errors = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert errors == []
    events = [json.loads(e["message"])["message"] for e in browser.get_log("performance")]
    # the requests made for the report's document (Chromium's own chrome:// pages are not its)
    urls = [m["params"]["request"]["url"] for m in events if m["method"] == "Network.requestWillBeSent"
            and m["params"].get("documentURL") == path.as_uri()]
    assert urls == [path.as_uri()]
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0


@needs_browser
def test_charts_are_present_and_sized(browser, class_report):
    path, analysis = class_report
    _open(browser, path)
    for chart, shapes in (("chart-histogram", 10), ("chart-items", len(analysis.parts)), ("chart-heat", 10)):
        box = browser.execute_script(
            f"var e = document.getElementById('{chart}'); var r = e.getBoundingClientRect();"
            "return [r.width, r.height, e.querySelectorAll('rect').length, e.querySelector('title').textContent];")
        assert box[0] > 300 and box[1] > 100 and box[2] >= shapes and box[3]



CHART_TEXTS = """return Array.from(document.querySelectorAll('svg.chart')).map(function (svg) {
  var box = svg.getBoundingClientRect();
  return [svg.id, box.left, box.right, Array.from(svg.querySelectorAll('text')).map(function (t) {
    var r = t.getBoundingClientRect();
    return [t.textContent, r.left, r.top, r.right, r.bottom, getComputedStyle(t).fill]; })]; });"""


@needs_browser
def test_chart_labels_fit_and_keep_an_em_apart(browser, class_report):
    # the facility's "0.9" and "1" were 10 px apart, running on into the point-biserial's "-1";
    # the heat map's unit was only in a tooltip
    from selenium.webdriver.common.by import By

    path, _ = class_report
    _open(browser, path)
    charts = {chart: (left, right, texts) for chart, left, right, texts in browser.execute_script(CHART_TEXTS)}
    for chart, (left, right, texts) in charts.items():
        assert all(left - 0.5 <= t[1] and t[3] <= right + 0.5 for t in texts), chart
        for k, a in enumerate(texts):
            for b in texts[k + 1:]:
                if min(a[4], b[4]) - max(a[2], b[2]) > 2:   # on the same line
                    assert max(b[1] - a[3], a[1] - b[3]) >= 12, (chart, a[0], b[0])
    caption = browser.find_element(By.ID, "heat-caption")   # page text above the map's box (review 46)
    assert caption.text.startswith("Each cell: % of the students who reached the question")
    assert caption.is_displayed() and caption.size["width"] > 300

@needs_browser
def test_sorting_and_filtering_change_the_rows(browser, class_report):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    path, analysis = class_report
    _open(browser, path)
    first_page = _visible_rows(browser)
    assert len(first_page) == 50 and first_page[0][0] == "s00001"
    browser.find_element(By.ID, "sort-score").click()
    ranked = [float(row[4]) for row in _visible_rows(browser)]
    best = max(s.percent for s in analysis.students)
    assert ranked == sorted(ranked, reverse=True) and ranked[0] == pytest.approx(best, abs=0.05)
    assert browser.find_element(By.ID, "score-header").get_attribute("aria-sort") == "descending"
    browser.find_element(By.ID, "sort-score").click()
    ranked = [float(row[4]) for row in _visible_rows(browser)]
    assert ranked == sorted(ranked) and ranked[0] == pytest.approx(min(s.percent for s in analysis.students), abs=0.05)
    code = sorted(analysis.heat)[0]
    Select(browser.find_element(By.ID, "filter-code")).select_by_value(code)
    rows = _visible_rows(browser)
    expected = [s for s in analysis.students if code in s.codes]
    name = analysis.names.get(code) or code   # the rows and the status line say it in words (review 46)
    assert 0 < len(rows) <= 50 and all(name in row[5].split("; ") for row in rows)
    assert f"of {len(expected)} who met {name}," in browser.find_element(By.ID, "student-status").text
    Select(browser.find_element(By.ID, "filter-code")).select_by_value("")
    browser.find_element(By.ID, "page-next").click()
    assert len(_visible_rows(browser)) == 50 and _visible_rows(browser)[0] != rows[0]


@needs_browser
def test_a_comma_class_sees_its_student_rows_with_decimal_commas(browser, tmp_path):
    # the table the script builds from the JSON showed 1.5 and 50.0 to a class that writes 1,5
    parts = [Part("Q1", "a", "C1", "t", 1.5), Part("Q1", "b", "C1", "t", 1.5)]
    students = [Student("s1", "", [Verdict("correct", 1.5), Verdict("incorrect", 0.0)]),
                Student("s2", "", [Verdict("correct", 1.5), Verdict("correct", 1.5)])]
    analysis = analyse(parts, students)
    for comma, expected in ((True, [["s1", "", "1,5", "3", "50,0"], ["s2", "", "3", "3", "100,0"]]),
                            (False, [["s1", "", "1.5", "3", "50.0"], ["s2", "", "3", "3", "100.0"]])):
        path = tmp_path / f"comma-{comma}.html"
        path.write_text(report_html(analysis, "Week 3", comma), encoding="utf-8")
        _open(browser, path)
        assert [row[:5] for row in _visible_rows(browser)] == expected


@needs_browser
def test_a_300_character_name_wraps_and_keeps_the_scores_on_screen(browser, tmp_path):
    """A name and an id with no space were one line each: the page scrolled to 4,870 px at 1,280."""
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student("s" + "9" * 120 if k == 0 else f"s{k}", "N" * 300 if k == 0 else f"Name {k}",
                        [Verdict("correct" if k % 2 else "incorrect", float(k % 2))] * 2) for k in range(6)]
    path = tmp_path / "wide.html"
    path.write_text(report_html(analyse(parts, students)), encoding="utf-8")
    _open(browser, path)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= \
        browser.execute_script("return document.documentElement.clientWidth")


@needs_browser
def test_dark_mode_and_print_styles(browser, class_report):
    path, _ = class_report
    _open(browser, path)
    background = "return getComputedStyle(document.body).backgroundColor"
    light = browser.execute_script(background)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    dark = browser.execute_script(background)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    controls = browser.execute_script("return getComputedStyle(document.querySelector('.controls')).display")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    assert light == "rgb(255, 255, 255)" and dark != light and controls == "none"


PRINT_RULES = re.compile(r"@media print\{.*?\}\}", re.S)


def test_print_style_shows_the_student_rows_off_the_page():
    # printing showed the first 50 students of 63 ("page 1 of 2") and hid the pager: the rows off
    # the page must be in the table and shown by the print style
    page = report_html(analyse(*demo_class(63)))
    screen, printed = page.split("@media print", 1)[0], PRINT_RULES.search(page).group(0)
    assert "#student-rows tr.off,.print-only{display:none}" in screen
    assert "#student-rows tr.off{display:table-row}" in printed and "#student-status" in printed


@needs_browser
@pytest.mark.parametrize("listed, said", [(63, "All 63 students."), (60, "The 60 students.")])
def test_printing_shows_every_student(browser, tmp_path, monkeypatch, listed, said):
    """Printing prints every student the page lists; a page capped at its
    first students (HTML_STUDENTS; the CSV has them all) does not say 'All'."""
    from selenium.webdriver.support.ui import WebDriverWait

    monkeypatch.setattr(html_page, "HTML_STUDENTS", listed)
    parts, students = demo_class(63)
    path = write_class_report(parts, students, tmp_path, "print")["html"]
    _open(browser, path)
    assert len(_visible_rows(browser)) == 50
    # the rows off the page are added just after the page has loaded
    WebDriverWait(browser, 5).until(lambda b: b.execute_script("return document.getElementById('student-rows')"
                                                                ".children.length") == listed)
    status = "return [document.getElementById('student-status'), document.getElementById('student-print-status')]" \
             ".map(function (p) { return getComputedStyle(p).display === 'none' ? '' : p.textContent; })"
    assert browser.execute_script(status) == [f"Students 1\u201350 of {listed}, page 1 of 2.", ""]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed, shown = _visible_rows(browser), browser.execute_script(status)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    assert [row[0] for row in printed] == [s.student_id for s in students][:listed]
    assert shown == ["", said]


def png_colours(data: bytes) -> set:
    """The distinct colours of an 8-bit RGB or RGBA, non-interlaced PNG (what
    Chromium writes), decoded with zlib alone."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(b"".join(chunks)), width * bpp
    previous, colours = bytearray(stride), set()
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up, corner = previous[x], previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 4))
        previous = line
    return colours


@needs_browser
def test_screenshot_of_a_200_student_report_is_not_blank(browser, class_report, tmp_path):
    path, _ = class_report
    _open(browser, path)
    shot = tmp_path / "report.png"
    assert browser.save_screenshot(str(shot))
    colours = png_colours(shot.read_bytes())
    assert len(colours) > 50
    target = os.environ.get("QUIZGEN_REPORT_SCREENSHOT")
    if target:
        shutil.copyfile(shot, target)


@needs_browser
@pytest.mark.slow
def test_a_20000_student_page_opens_on_its_first_50_and_holds_them_all(browser, tmp_path):
    """The big class's page works: its first page of rows at once, every row
    built just after load (how fast: benchmarks/report_page.py, docs/report.md)."""
    from selenium.webdriver.support.ui import WebDriverWait

    parts, students = demo_class(20_000)
    path = write_class_report(parts, students, tmp_path, "big")["html"]
    _open(browser, path)
    assert [row[0] for row in _visible_rows(browser)] == [s.student_id for s in students[:50]]
    WebDriverWait(browser, 60).until(lambda b: b.execute_script(
        "return document.getElementById('student-rows').children.length") == 20_000)


def test_templates_dir_is_the_banks_and_grade_imports_no_bank():
    """The report finds the layouts where the bank loader does, without importing
    quizgen.bank (PyYAML and the bank schema are start-up cost grade never needs)."""
    from quizgen.bank.loader import builtin_templates_dir
    from quizgen.report.html import templates_dir

    assert templates_dir() == builtin_templates_dir()
    code = ("import sys, quizgen.grading.run, quizgen.report; "
            "print(sorted(m for m in sys.modules if m.startswith(('quizgen.bank', 'yaml'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
