"""The tag line that ends every exported question (review 46 F8): grey text a
student can read (at least WCAG AA's 4.5:1 on white for small text; #777 was
4.48:1) after a short label saying what it is, the tag itself unchanged; grade
still reads the tag from a download of such an export, and from a download of
an export made before the label (its old line)."""

import csv
import html
import io
import re
import zipfile

from click.testing import CliRunner

from lms_support import exported_download
from quizgen.cli import main

LINE = re.compile(r'<p style="font-size:small;color:#([0-9a-f]{6})">Question code: (\[quizgen:[^\]]+\])</p>$')


def contrast_on_white(hex_colour: str) -> float:
    """WCAG 2's contrast ratio of ``hex_colour`` text on white, by its definition."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(hex_colour[k:k + 2], 16)) for k in (0, 2, 4))
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def invoke(*args):
    """Run the CLI on ``args`` (any paths made text)."""
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_ratio_by_hand():
    assert round(contrast_on_white("777777"), 2) == 4.48 and round(contrast_on_white("767676"), 2) == 4.54


def test_moodle_and_canvas_tag_lines_are_labelled_and_readable(tmp_path):
    assert invoke("export", "moodle", "--classes", "C1,C7,C9", "--count", "2", "--seed", "4646",
                  "--out", tmp_path / "m.xml").exit_code == 0
    xml = (tmp_path / "m.xml").read_text(encoding="utf-8")
    texts = re.findall(r"<questiontext format=\"html\">\s*<text>(.*?)</text>", xml, re.S)
    assert texts
    lines = [LINE.search(html.unescape(t).strip()) for t in texts]
    assert all(lines), texts[0][-300:]
    assert all(re.fullmatch(r"\[quizgen:[a-z0-9-]+:[0-9A-Z]{8}\]", m.group(2)) for m in lines)
    assert invoke("export", "canvas", "--classes", "C7", "--count", "2", "--seed", "4646",
                  "--out", tmp_path / "c.zip").exit_code == 0
    with zipfile.ZipFile(tmp_path / "c.zip") as archive:
        qti = "".join(archive.read(n).decode("utf-8") for n in archive.namelist() if n.endswith(".xml"))
    found = re.findall(r'<p style="font-size:small;color:#([0-9a-f]{6})">Question code: (\[quizgen:[^\]]+:[a-z]\])</p>',
                       html.unescape(qti))
    assert len(found) == 2 * 3   # two variants of C7's three parts, each its own question
    for colour, _ in [(m.group(1), 0) for m in lines] + found:
        assert contrast_on_white(colour) >= 4.5


def test_grade_reads_the_tag_after_the_label_and_in_an_old_export(tmp_path):
    header, *rows = exported_download(invoke, tmp_path, "C1,C7", 2, 3)
    questions = [i for i, name in enumerate(header) if name.startswith("Question ")]
    assert all("Question code: [quizgen:" in row[i] for row in rows for i in questions)
    new = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                 "--out", tmp_path / "new")
    assert new.exit_code == 0, new.output
    old_rows = [[cell.replace("Question code: [quizgen:", "[quizgen:") for cell in row] for row in rows]
    out = io.StringIO()
    csv.writer(out).writerows([header] + old_rows)
    (tmp_path / "old.csv").write_text(out.getvalue(), encoding="utf-8")
    old = invoke("grade", tmp_path / "old.csv", "--key", tmp_path / "questions-key.json", "--out", tmp_path / "old")
    assert old.exit_code == 0, old.output
    graded = [(tmp_path / d / name).read_text(encoding="utf-8").splitlines()
              for d, name in (("new", "responses-graded.csv"), ("old", "old-graded.csv"))]
    assert len(graded[0]) == 1 + 3 * 5 and graded[0][1:] == graded[1][1:]
