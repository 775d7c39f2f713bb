"""Formula cells hidden behind invisible characters (a zero-width space, a
byte-order mark, a direction control) are guarded as every formula cell is:
a spreadsheet may drop or ignore the characters and run the rest. ``unguard``
reads the guard back; ordinary cells are written as they are."""

import csv
import json

import pytest

import quizgen
from quizgen.cells import BIDI_CONTROLS, safe_cells, spreadsheet_safe, unguard

INVISIBLE = ["\u202e", "\u200b", "\ufeff", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c",
             "\u200b\u202e"]
RISKY = ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "\n=1+1", "=HYPERLINK(\"http://x\")"]


@pytest.mark.parametrize("lead", INVISIBLE)
@pytest.mark.parametrize("formula", RISKY)
def test_a_formula_behind_invisible_characters_is_guarded_and_read_back(lead, formula):
    cell = lead + formula
    shown = cell.translate(BIDI_CONTROLS)   # direction controls leave every CSV cell (session 21)
    assert spreadsheet_safe(cell) == "'" + shown
    assert unguard(spreadsheet_safe(cell)) == shown
    assert safe_cells(["s1", cell]) == ["s1", "'" + shown]


@pytest.mark.parametrize("cell", ["0.5", "s001", "café", "\u200bs001", "\u200b-0.408", "\u200b+1e-3",
                                  "-0.408", "x=1", "é=1", "\u00a0", "\u200b", "", "'\u200bs1", "a\u200b=1"])
def test_ordinary_cells_are_unchanged(cell):
    assert spreadsheet_safe(cell) == cell
    assert unguard(cell) == cell or cell.startswith("'")
    assert safe_cells(["s1", cell]) == ["s1", cell]


@pytest.mark.parametrize("cell", ["'\u200bs1", "'\u202e", "'0.5", "'"])
def test_unguard_keeps_a_quote_that_guards_nothing(cell):
    assert unguard(cell) == cell


def test_graded_csv_guards_an_answer_and_an_id_behind_a_direction_control(tmp_path):
    _grade_one(tmp_path, "\u202e=HYPERLINK(1)", "\u200b@SUM(1)")
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        row = list(csv.DictReader(handle))[0]
    assert row["student_id"] == "'=HYPERLINK(1)" and row["answer"] == "'\u200b@SUM(1)"   # U+202E removed
    with open(tmp_path / "answers-graded-students.csv", newline="", encoding="utf-8-sig") as handle:
        for cells in csv.reader(handle):
            assert not any(c.lstrip("\u202e\u200b")[:1] in ("=", "@") for c in cells), cells   # '\u202e=... is safe


@pytest.mark.parametrize("raw, shown", [("bell\x07", "bell\ufffd"), ("\x1b[31mred", "\ufffd[31mred"),
                                        ("csi\x9b2J", "csi\ufffd2J"), ("nul\x00", "nul\ufffd"), ("del\x7f", "del\ufffd"),
                                        ("tab\tand\nline", "tab\tand\nline")])
def test_a_control_character_leaves_a_csv_cell_as_on_the_page(raw, shown):
    """A student's ESC or bell in graded.csv would drive a terminal that shows the file."""
    assert spreadsheet_safe(raw) == shown
    assert safe_cells(["s1", raw]) == ["s1", shown]


def test_graded_csv_shows_a_control_character_as_the_page_does(tmp_path):
    _grade_one(tmp_path, "s\x1b]0;x\x07", "0.5\x1b[2J")
    graded = (tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig")
    assert "s\ufffd]0;x\ufffd,Q1,a,0.5\ufffd[2J," in graded
    for name in ("answers-graded.csv", "answers-graded-students.csv"):
        text = (tmp_path / name).read_text(encoding="utf-8-sig")
        assert "\x1b" not in text and "\x07" not in text, name


def _grade_one(tmp_path, student_id: str, answer: str) -> None:
    """Grade one answer of ``student_id`` to a one-part key; the outputs in ``tmp_path``."""
    key = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [
        {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
         "tolerance": {"sigfigs": 3}, "misconceptions": []}]}]}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], [student_id, "Q1", "a", answer]])
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json")


def test_full_width_look_alikes_are_left_bare_as_documented():
    # no source reports a spreadsheet running ＝ ＋ － ＠ as a formula (docs/grading.md, the CSVs);
    # a guard would put a quote before ordinary CJK text
    for text in ('＝HYPERLINK("http://x")', "＋1", "－0.5", "＠SUM(1)"):
        assert spreadsheet_safe(text) == text
    assert spreadsheet_safe('\u3000=HYPERLINK("http://x")') == '\'\u3000=HYPERLINK("http://x")'
