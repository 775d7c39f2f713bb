"""rev44e N2: the formula guard looked only at a cell's start, so a cell holding
the other list separator (``Ann;=1+1`` in a comma file, ``x,=3+3`` in a
semicolon file) split, in a spreadsheet of the other locale, into a cell
starting with ``=``. The piece after a separator is guarded too, and read back."""

import csv
import io

import pytest

from quizgen.cells import spreadsheet_safe, unguard
from quizgen.lms.import_limits import needs_guard

RISKY_START = tuple("=+-@")


def _live_cells(text: str, delimiter: str) -> list:
    """The cells of ``text`` read with ``delimiter`` that a spreadsheet would run: starting,
    past spaces, with = + - or @, and not a number."""
    cells = [cell for row in csv.reader(io.StringIO(text), delimiter=delimiter) for cell in row]
    live = []
    for cell in cells:
        shown = cell.lstrip(" \u200b")
        if shown.startswith(RISKY_START):
            try:
                float(shown.replace(",", "."))
            except ValueError:
                live.append(cell)
    return live


@pytest.mark.parametrize("delimiter, other, answers", [
    (",", ";", ["0.5;=1+1", "x; @SUM(A1)", "a;\u200b-2+3", "0,5;-0,7"]),
    (";", ",", ["x,=3+3", "0.5, +cmd", "y,\u200b=HYPERLINK(1)", "0.5,-0.7"]),
])
def test_a_cell_split_at_the_other_separator_starts_no_formula(invoke, tmp_path, monkeypatch, seed3_key,
                                                                delimiter, other, answers):
    monkeypatch.chdir(tmp_path)
    rows = ["student_id", "question_id", "part", "answer"], *[[f"s{n}", "Q1", "a", a] for n, a in enumerate(answers)]
    with open("answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(rows)
    graded = invoke("grade", "answers.csv", "--key", seed3_key, "--out", "g/")
    assert graded.exit_code == 0, graded.output
    text = (tmp_path / "g" / "answers-graded.csv").read_text(encoding="utf-8-sig")
    assert _live_cells(text, delimiter) == []   # as before: read with its own separator
    assert _live_cells(text, other) == []       # now also read with the other locale's
    read = [row[3] for row in csv.reader(io.StringIO(text), delimiter=delimiter)][1:]
    assert [unguard(cell) for cell in read] == answers   # quizgen reads its own cells back as typed
    assert read[-1] == answers[-1].replace(other, other + "'")   # a number after it too: the row's next cells follow it


@pytest.mark.parametrize("cell, written", [("Ann;=1+1", "Ann;'=1+1"), ("x,=3+3", "x,'=3+3"),
                                           ("a, -ln p", "a,' -ln p"), ("=1;=2", "'=1;'=2"),
                                           ("x\n@SUM(1)", "x\n'@SUM(1)"), ("p = 0.5, -0.3", "p = 0.5,' -0.3"),
                                           ("0,5;-0,7", "0,5;'-0,7"), ("a; b=1", "a; b=1"), ("-0,5", "-0,5")])
def test_the_piece_after_a_separator_is_guarded_and_read_back(cell, written):
    assert spreadsheet_safe(cell) == written
    assert unguard(written) == cell


def test_an_id_the_piece_guard_would_change_is_left_out_of_the_gradebook():
    assert needs_guard("s9;=1") and needs_guard("-s9") and not needs_guard("s9;1")
