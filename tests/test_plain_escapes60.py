"""A template's TeX escapes outside maths (``\\}``, which validate asks for a brace
as a character, ``\\{ \\% \\& \\_ \\# \\$``) reach students as their characters in
every plain-text output, as the PDF prints them: the key's trap feedback (and so
Moodle's and Canvas's feedback, graded.csv's feedback column, the Markdown sheet
and the drill), never with their backslashes. Maths and a literal
``\\\\`` are read as before."""

import csv
import html
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from quizgen.text.plain import to_plain

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()
FEEDBACK = '        feedback: "Divide every logit by $\\\\tau = {{ tau }}$ before exponentiating."'
ESCAPED = (r'        feedback: "Divide every logit by $\\tau = {{ tau }}$: 50\\% of \\$5, A \\& B, snake\\_case, '
           r'item \\#3, set \\{a\\}, $M = \\{1\\}$."')
SHOWN = "50% of $5, A & B, snake_case, item #3, set {a}, M = {1}."


@pytest.mark.parametrize("text, plain", [
    (r"50\% of \$5, A \& B, snake\_case, item \#3, set \{a\}", "50% of $5, A & B, snake_case, item #3, set {a}"),
    (r"the larger logit \} # ~", "the larger logit } # ~"),
    (r"raw 50% & x_y # z", "raw 50% & x_y # z"),                              # unescaped: as written
    (r"$M = \{1, 2\}$ and $\ln\frac{p}{1-p}$", "M = {1, 2} and ln(p/(1-p))"),  # maths: as before
    (r"a \\% b \textbf{c}", r"a \\% b \textbf{c}"),   # a TeX line break is kept whole; commands as before
    (r"**costs** \$5", "costs $5"),
])
def test_plain_text_shows_an_escaped_character_as_the_character(text, plain):
    assert to_plain(text) == plain


def bank(tmp_path) -> Path:
    """The user-bank template whose first trap's feedback is written with the template's escapes."""
    assert FEEDBACK in BASE
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(BASE.replace(FEEDBACK, ESCAPED), encoding="utf-8")
    return folder


@pytest.mark.slow
def test_graded_csv_and_the_markdown_sheet_show_the_characters(invoke, tmp_path):
    folder = bank(tmp_path)
    assert invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out",
                  "--format", "md").exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,name,question_id,part,answer\ns1,Ada,Q1,a,0.786\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "out" / "key.json", "--bank", folder,
                    "--feedback", tmp_path / "sheets")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        row = next(csv.DictReader(handle))
    assert row["misconception"] == "temperature_ignored"
    assert row["feedback"] == f"Divide every logit by tau = 0.5: {SHOWN}"
    line = next(line for line in (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8").splitlines()
                if "misconception **" in line)
    assert "\\\\" not in line   # CommonMark shows a doubled backslash as a backslash
    assert SHOWN in re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", line)   # as CommonMark renders it


def _html_texts(xml_text: str) -> str:
    """Every text of an XML file, its HTML read back to text (tags dropped, entities decoded)."""
    texts = ET.fromstring(xml_text).itertext()
    return html.unescape(re.sub(r"<[^>]+>", " ", " ".join(texts)))


def test_moodle_and_canvas_feedback_show_the_characters(invoke, tmp_path):
    folder = bank(tmp_path)
    seed = "123456789012345"
    assert invoke("export", "moodle", "--bank", folder, "--classes", "C11", "--count", 1, "--seed", seed,
                  "--out", tmp_path / "m.xml").exit_code == 0
    moodle = _html_texts((tmp_path / "m.xml").read_text(encoding="utf-8"))
    assert f"Divide every logit by tau = 2: {SHOWN}" in moodle
    assert invoke("export", "canvas", "--bank", folder, "--classes", "C11", "--count", 1, "--seed", seed,
                  "--out", tmp_path / "c.zip").exit_code == 0
    with zipfile.ZipFile(tmp_path / "c.zip") as archive:
        canvas = " ".join(_html_texts(archive.read(name).decode("utf-8")) for name in archive.namelist()
                          if name.endswith(".xml") and "manifest" not in name)
    assert f"Divide every logit by tau = 2: {SHOWN}" in canvas
