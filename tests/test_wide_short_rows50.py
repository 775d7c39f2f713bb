"""A wide-form line with fewer cells than the header is graded with its missing cells blank,
as before, and one warning names such lines, so that a file cut short is not read as parts
left unanswered (review 50a F7)."""

import csv


def test_lines_cut_short_are_named_once(invoke, three_question_folder):
    folder = three_question_folder
    (folder / "wide.csv").write_text("student_id,Q1a,Q2a,Q3a\ns1,0.408,0.408,0.408\ns2,0.408\ns3,0.408,0.408,0.408\n"
                                     "s4,0.408,0.408\n", encoding="utf-8")
    run = invoke("grade", folder / "wide.csv", "--key", folder / "key.json", "--out", folder / "g")
    assert run.exit_code == 0, run.output
    warnings = [line for line in run.stderr.splitlines() if "cells where the header has" in line]
    assert warnings == ["quizgen: warning: wide.csv: line 3 has 2 cells where the header has 4 (2 such lines: 3, 5): "
                        "the answers missing at a line's end are graded as blank (line 3: 2 answers, Q2a, Q3a); if the "
                        "file was cut short (a truncated export), export it again"]   # since review 51a F4
    rows = list(csv.DictReader(open(folder / "g" / "wide-graded.csv", encoding="utf-8-sig")))
    assert [row["status"] for row in rows if row["student_id"] == "s2"] == ["correct", "blank", "blank"]


def test_a_whole_file_gets_no_such_warning(invoke, three_question_folder):
    folder = three_question_folder
    (folder / "wide.csv").write_text("student_id,Q1a,Q2a,Q3a\ns1,0.408,,\ns2,0.408,0.408,0.408\n", encoding="utf-8")
    run = invoke("grade", folder / "wide.csv", "--key", folder / "key.json", "--out", folder / "g")
    assert run.exit_code == 0 and "cells where the header has" not in run.stderr
