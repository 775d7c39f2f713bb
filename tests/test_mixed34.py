"""report34b (1): the note on a student graded from more than one submission of
a wide file said a later line "left a part blank" also when the later line's
answer to it was too long to read (an unreadable answer never replaces one that
was read, so the earlier answer stood). The note now says, line by line, which
parts a line left blank and which it answered too long to read."""

from __future__ import annotations

import csv

import quizgen
import test_marks33_mixed as marks33_mixed
from quizgen.grading.answers_file import MAX_ANSWER_CHARS

KEY, HEADER, MIXED = marks33_mixed.KEY, marks33_mixed.HEADER, marks33_mixed.MIXED
LONG = "9" * (MAX_ANSWER_CHARS + 1)


def _note(tmp_path, rows) -> str:
    path = tmp_path / "form.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([HEADER, *rows])
    said = [note for note in quizgen.grade(path, key=KEY, out=tmp_path / "g.csv").notes if MIXED in note]
    assert len(said) == 1, said
    return said[0]


def test_a_later_answer_too_long_to_read_is_not_called_blank(tmp_path):
    note = _note(tmp_path, [["2026-12-03 10:05", "s02", "0.4", "0.25", "0.75"],
                            ["2026-12-03 10:09", "s02", "0.5", LONG, LONG]])
    assert note.endswith(": s02 Q1 ((b), (c) from line 2; (a) from line 3, which gave (b), (c) answers too long "
                         "to read)"), note
    assert "left (b)" not in note and "a later one left a part blank or gave it an answer too long to read" in note


def test_a_blank_and_an_unreadable_answer_on_one_line_are_each_named(tmp_path):
    note = _note(tmp_path, [["2026-12-03 10:05", "s02", "0.4", "0.25", "0.75"],
                            ["2026-12-03 10:09", "s02", "0.5", LONG, ""]])
    assert note.endswith("(a) from line 3, which left (c) blank and gave (b) an answer too long to read)"), note


def test_blanks_alone_say_blank(tmp_path):
    note = _note(tmp_path, [["2026-12-03 10:05", "s02", "0.4", "0.25", "0.75"],
                            ["2026-12-03 10:09", "s02", "0.5", "", ""]])
    assert note.endswith(": s02 Q1 ((b), (c) from line 2; (a) from line 3, which left (b), (c) blank)"), note


def test_a_line_of_a_later_time_earlier_in_the_file_is_the_one_that_left_parts_blank(tmp_path):
    note = _note(tmp_path, [["2026-12-03 10:09", "s02", "0.5", "", ""],
                            ["2026-12-03 10:05", "s02", "0.4", "0.25", "0.75"]])
    assert note.endswith(": s02 Q1 ((a) from line 2, which left (b), (c) blank; (b), (c) from line 3)"), note
