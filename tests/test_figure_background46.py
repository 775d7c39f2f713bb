"""Every loss-curve figure quizgen hands out is drawn on an opaque white page
(review 46, F7): its axes and labels are black, so without a background of its
own it vanished on a dark page (a dark-mode Markdown preview, an LMS's dark
theme). Checked where each kind of figure reaches people, driven through the
CLI: the Markdown paper's inline SVG, a feedback sheet's .svg file, the Canvas
zip's figure files and Moodle's embedded files."""

import base64
import csv
import re
import xml.etree.ElementTree as ET
import zipfile

from click.testing import CliRunner

from quizgen.cli import main

SVG = "{http://www.w3.org/2000/svg}"


def white_first(markup: str) -> None:
    """Assert the figure's first mark is a white rectangle over the whole of it, under every other mark."""
    root = ET.fromstring(markup)
    marks = [child for child in root if child.tag not in (SVG + "title", SVG + "desc")]
    first = marks[0]
    assert first.tag == SVG + "rect", markup[:300]
    assert (first.get("width"), first.get("height"), first.get("fill")) == ("100%", "100%", "white")
    assert first.get("x", "0") == "0" and first.get("y", "0") == "0"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def test_paper_and_sheet_figures_have_a_white_page(tmp_path):
    run("generate", "--classes", "C7", "--count", "1", "--seed", "11", "--out", tmp_path / "quiz")
    paper = (tmp_path / "quiz" / "problems.md").read_text(encoding="utf-8")
    inline = re.findall(r"<svg.*?</svg>", paper, re.S)
    assert inline
    for markup in inline:
        white_first(markup)
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name", "question_id", "part", "answer"),
                                      ("s01", "Ann", "Q1", "a", "0.5")])
    run("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / "key.json", "--feedback", tmp_path / "sheets")
    figures = list((tmp_path / "sheets").glob("*.svg"))
    assert figures
    for path in figures:
        white_first(path.read_text(encoding="utf-8"))


def test_lms_figure_files_have_a_white_page(tmp_path):
    run("export", "canvas", "--classes", "C7", "--count", "2", "--seed", "4646", "--out", tmp_path / "c.zip")
    with zipfile.ZipFile(tmp_path / "c.zip") as archive:
        names = [n for n in archive.namelist() if n.endswith(".svg")]
        assert names
        for name in names:
            white_first(archive.read(name).decode("utf-8"))
    run("export", "moodle", "--classes", "C7", "--count", "2", "--seed", "4646", "--out", tmp_path / "m.xml")
    files = ET.parse(tmp_path / "m.xml").getroot().iter("file")
    svgs = [base64.b64decode(f.text).decode("utf-8") for f in files if f.get("name", "").endswith(".svg")]
    assert svgs
    for markup in svgs:
        white_first(markup)
