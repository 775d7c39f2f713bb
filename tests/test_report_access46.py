"""The class report's accessibility fixes of review 46, driven through ``quizgen grade``
as an instructor runs it (a class paper, a roster with sections and one absent student):
the page names the exam and its files (F9), keeps only its title in the banner (F16),
gives every table a caption, column scopes and row headers (F10), names misconceptions in
words where people read them, the page and report.md alike (F6), says the heat map's
caption as page text outside its scrolling box (F12), cues a box's hidden part without
fading the chart (F11), greys disabled buttons (F5), outlines flagged bars (F4), and says
"1 absent is", "1 student on the roster", "SD (percentage points)" (F15). The browser test
checks what only a browser tells: the status line and the sort button's spoken name."""

import csv
import json
import re
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from browser_support import browser_missing, open_browser
from quizgen.cli import main

needs_browser = pytest.mark.skipif(bool(browser_missing()), reason=browser_missing() or "browser present")
STUDENTS = [("s1", "Ann", "A"), ("s2", "Bob", "A"), ("s3", "Cy", "B"), ("s4", "Di", "B"), ("s9", "Absent Al", "B")]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """``(folder, key data)`` after grading four students of a C1 and C7 class paper, s9 absent;
    s1 and s3 fall into each part's first trap, s2 and s4 answer right."""
    folder = tmp_path_factory.mktemp("access46")
    runner = CliRunner()
    with pytest.MonkeyPatch.context() as patch:   # the key named from the working folder, as typed
        patch.chdir(folder)
        result = runner.invoke(main, ["generate", "--classes", "C1,C7", "--count", "1", "--seed", "4646",
                                      "--out", "quiz"])
        assert result.exit_code == 0, result.output
        key = json.loads(open("quiz/key.json", encoding="utf-8").read())
        rows = [("student_id", "name", "question_id", "part", "answer")]
        for sid, name, _ in STUDENTS[:4]:
            for q in key["questions"]:
                for letter, part in zip("abc", q["parts"]):
                    value = part["trap_values"][0] if sid in ("s1", "s3") else part["value"]
                    rows.append((sid, name, q["id"], letter, f"{value:.6g}"))
        with open("answers.csv", "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(rows)
        with open("roster.csv", "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([("student_id", "name", "section"), *STUDENTS])
        result = runner.invoke(main, ["grade", "answers.csv", "--key", "quiz/key.json", "--roster", "roster.csv"])
        assert result.exit_code == 0, result.output
        return str(folder), key


def page(graded) -> str:
    return open(f"{graded[0]}/answers-graded-report.html", encoding="utf-8").read()


def names_met(graded) -> dict:
    """{code: name} of the misconceptions graded.csv gives s1's answers (each a part's first trap)."""
    folder, key = graded
    names = {t["code"]: t["name"] for template in key["templates"].values() for part in template["parts"]
             for t in part["traps"]}
    with open(f"{folder}/answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        codes = {row["misconception"] for row in csv.DictReader(handle) if row["student_id"] == "s1"}
    assert len(codes - {""}) >= 3
    return {code: names[code] for code in codes if code}


def test_the_title_names_the_answers_key_and_paper_code(graded):
    code = next(iter(graded[1]["papers"]))
    title = f"Class report: answers.csv against quiz/key.json (paper {code[:4]}-{code[4:]})"
    html = page(graded)
    assert f"<title>{title}</title>" in html and f"<h1>{title}</h1>" in html


def test_the_banner_holds_the_title_and_main_the_roster(graded):
    html = page(graded)
    header = html[html.index("<header>"):html.index("</header>")]
    assert "<section" not in header and "<h1>" in header
    assert html.index("<main>") < html.index('<section id="roster"') < html.index('<section aria-labelledby="h-summary">')


class Tables(HTMLParser):
    """Each table's caption, its header cells' scopes and its body rows' first cells, by id."""

    def __init__(self):
        super().__init__()
        self.tables, self.table, self.part, self.first = {}, None, None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.table = self.tables.setdefault(attrs.get("id"), {"caption": False, "head": [], "rows": []})
        elif self.table is None:
            return
        elif tag == "caption":
            self.table["caption"] = True
        elif tag in ("thead", "tbody"):
            self.part = tag
        elif tag == "tr":
            self.first = True
        elif tag in ("th", "td"):
            if self.part == "thead":
                self.table["head"].append((tag, attrs.get("scope")))
            elif self.first:
                self.table["rows"].append((tag, attrs.get("scope")))
            self.first = False

    def handle_endtag(self, tag):
        if tag == "table":
            self.table = None


@pytest.mark.parametrize("table", ["item-table", "trap-table", "class-table", "student-table", "heat-table",
                                   "section-table"])
def test_tables_have_captions_column_scopes_and_row_headers(graded, table):
    parser = Tables()
    parser.feed(page(graded))
    found = parser.tables[table]
    assert found["caption"] and found["head"] and found["rows"], found
    assert set(found["head"]) == {("th", "col")}
    assert set(found["rows"]) == {("th", "row")}


def test_the_flagged_table_has_a_caption_and_row_headers():
    """Its rows as the page writes them, for a flagged part (the class above may flag none)."""
    from quizgen.report import analyse, report_html
    from quizgen.report.demo import demo_class

    parser = Tables()
    parser.feed(report_html(analyse(*demo_class(30))))
    found = parser.tables["flagged-table"]
    assert found["caption"] and set(found["head"]) == {("th", "col")} and set(found["rows"]) == {("th", "row")}


def test_misconceptions_are_named_in_words_in_the_tables(graded):
    names = names_met(graded)
    html, md = page(graded), open(f"{graded[0]}/answers-graded-report.md", encoding="utf-8").read()
    classes = html[html.index('<table id="class-table">'):]
    classes = classes[:classes.index("</table>")]
    students = html[html.index('<tbody id="student-rows">'):]
    students = students[:students.index("</tbody>")]
    for code, name in names.items():
        shown = name.replace("'", "&#39;")
        assert shown in classes and shown in students and code not in classes and code not in students
    ann = next(line for line in md.splitlines() if line.startswith("| s1 | Ann |"))
    assert all(name in ann.replace("\\", "") for name in names.values()) and not any(c in ann for c in names)
    md_classes = md[md.index("### Classes of scenario"):]
    questions = md[md.index("## Questions"):md.index("## Misconceptions")]
    for code, name in names.items():
        assert f"{name} (2)" in md_classes.replace("\\", "") and code.replace("_", "\\_") not in md_classes
        assert f"{name} (2)" in questions.replace("\\", "")
    # the filter's options carry the name its status line says (the code stays the value)
    for code, name in names.items():
        assert f'<option value="{code}" data-name="{name}"'.replace("'", "&#39;") in html


def test_the_heat_map_caption_is_page_text_before_its_box(graded):
    html = page(graded)
    caption = '<p class="muted" id="heat-caption">Each cell: % of the students who reached the question'
    assert html.index(caption) < html.index('<div class="scroll chart-box heat-box')
    heat = html[html.index('<svg id="chart-heat"'):]
    heat = heat[:heat.index("</svg>")]
    assert not re.search(r"<text[^>]*>Each cell", heat)   # its description says it too, to a screen reader


def test_the_styles_cue_without_fading_and_mark_without_colour(graded):
    css = re.search(r"<style>(.*?)</style>", page(graded), re.S).group(1)
    assert "mask" not in css and re.search(r"\.scroll\.more\{box-shadow:[^}]+\}", css)
    assert re.search(r"button:disabled\{color:var\(--muted\);[^}]*cursor:not-allowed\}", css)
    assert re.search(r"svg \.bar\.flagged\{fill:var\(--flag\);stroke:var\(--fg\);stroke-width:1\.5\}", css)


def test_counts_of_one_and_the_sd_header_read_right(graded):
    html = page(graded)
    assert "the 4 students who answered (the 1 absent is in no band)" in html
    assert "<li>1 student on the roster gave no answer (missing, scored 0): s9</li>" in html
    assert ">SD (percentage points)</th>" in html


@pytest.mark.slow
@needs_browser
def test_the_status_line_names_the_misconception_and_the_arrow_is_not_spoken(graded, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    code, name = next(iter(names_met(graded).items()))
    driver = open_browser(tmp_path / "profile")
    try:
        driver.get(f"file://{graded[0]}/answers-graded-report.html")
        Select(driver.find_element(By.ID, "filter-code")).select_by_value(code)
        status = driver.find_element(By.ID, "student-status").text
        assert status == f"Students 1\u20132 of 2 who met {name}, page 1 of 1.", status
        button = driver.find_element(By.ID, "sort-score")
        assert button.text == "score \u2195"
        assert button.find_element(By.TAG_NAME, "span").get_attribute("aria-hidden") == "true"
        assert driver.execute_script("return arguments[0].childNodes[0].textContent", button) == "score "
        first = driver.find_element(By.CSS_SELECTOR, "#student-rows tr:not(.off) > :first-child")
        assert (first.tag_name, first.get_attribute("scope")) == ("th", "row")
        roster, score = driver.find_element(By.ID, "sort-roster"), button
        assert roster.get_property("disabled")
        colour = [driver.execute_script("return getComputedStyle(arguments[0]).color", b)
                  for b in (roster, driver.find_element(By.ID, "filter-code"))]
        assert colour[0] != colour[1], colour   # greyed: the muted colour, not the text's
        assert score.get_property("disabled") is False
    finally:
        driver.quit()
