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
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", tr) for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
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
          for line in report.split("## Students")[1].splitlines() if line.startswith("| s1")}
    assert {sid: cells[5] for sid, cells in _static_rows(html).items()} == md


@needs_browser
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
