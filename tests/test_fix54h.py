"""Review 54b's findings fixed by fix54h: an answers file cut off inside a
quoted cell (F5), a truncated last row named by its line (F6), the items CSV's
header as wide as its rows (F2), overrides that conflict or name no part (F7),
empty option values refused (F10, F11), a UTF-16 file's byte-order mark said
(F13), and grade's --bank without --feedback (F14)."""

from __future__ import annotations

import csv
import os

import pytest

import quizgen
from quizgen.grading import file_slice

NUMERIC = {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": 0.98, "answer": "0.98",
           "abs_tolerance": 0.0005}
KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [NUMERIC]}]}
HEADER = "student_id,question_id,part,answer\n"


def _graded(answers, tmp_path, jobs=1, name="out"):
    result = quizgen.grade(answers, key=KEY, out=tmp_path / name / "graded.csv", jobs=jobs, force=True)
    with open(tmp_path / name / "graded.csv", newline="", encoding="utf-8-sig") as handle:
        return result, list(csv.DictReader(handle))


@pytest.mark.parametrize("end", ["\n", ""])
def test_a_quote_left_open_on_the_last_line_is_an_invalid_row_naming_it(tmp_path, end):
    """F5: a file cut off inside a quoted cell gives no mark from the cut cell."""
    answers = tmp_path / "answers.csv"
    answers.write_text(HEADER + "s1,Q1,a,0.98\n" + 's2,Q1,a,"0.98' + end, encoding="utf-8")
    result, rows = _graded(answers, tmp_path)
    assert result.rows == 2 and [row["student_id"] for row in rows] == ["s1", "s2"]
    assert rows[0]["status"] == "correct"
    assert rows[1]["status"] == "invalid" and rows[1]["score"] == "0"
    assert "line 3: a quote" in rows[1]["reason"] and "the file ends" in rows[1]["reason"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (not on Windows)")
def test_a_quote_left_open_at_the_end_is_the_same_in_parallel(tmp_path, monkeypatch):
    """F5, the parallel path: the last part of a file cut in two ends inside the quote."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    answers = tmp_path / "answers.csv"
    lines = "".join(f"s{n},Q1,a,0.98\n" for n in range(300))
    answers.write_text(HEADER + lines + 's300,Q1,a,"0.98', encoding="utf-8")
    one = _graded(answers, tmp_path, 1, "one")[1]
    two = _graded(answers, tmp_path, 2, "two")[1]
    assert one == two and len(one) == 301
    assert one[-1]["status"] == "invalid" and "line 302: a quote" in one[-1]["reason"]
    assert (tmp_path / "one" / "graded.csv").read_bytes() == (tmp_path / "two" / "graded.csv").read_bytes()


def test_a_wide_line_cut_off_inside_a_quote_is_invalid_not_graded_blank(tmp_path):
    """F5, the wide form: the cut line's answers are invalid, so no warning says they are graded blank."""
    answers = tmp_path / "wide.csv"
    answers.write_text('Student ID,Q1a,Q1b\ns1,0.98,\ns2,"0.9', encoding="utf-8")
    two = dict(KEY, questions=[dict(KEY["questions"][0], points=4, parts=[NUMERIC, dict(NUMERIC, part="b")])])
    result = quizgen.grade(answers, key=two, out=tmp_path / "out" / "graded.csv", force=True)
    with open(tmp_path / "out" / "graded.csv", newline="", encoding="utf-8-sig") as handle:
        rows = [row for row in csv.DictReader(handle) if row["Student ID"] == "s2"]
    assert [row["status"] for row in rows] == ["invalid", "invalid"]
    assert all("line 3: a quote" in row["reason"] for row in rows)
    assert not [w for w in result.warnings if "graded as blank" in w]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_row_cut_short_that_names_no_part_is_named_by_its_line(tmp_path, monkeypatch, jobs):
    """F6: the warning on a last row cut after its id names the row's line."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    answers = tmp_path / "answers.csv"
    answers.write_text(HEADER + "".join(f"s{n},Q1,a,0.98\n" for n in range(300)) + "s300\n", encoding="utf-8")
    result, rows = _graded(answers, tmp_path, jobs)
    [said] = [w for w in result.warnings if "names no part" in w]
    assert "'' (1 row, line 302); no question given" in said


ADDED_STATUS = """
import csv, io, sys
from types import SimpleNamespace
import quizgen.key.status as status
status.VERDICTS = status.VERDICTS + (SimpleNamespace(value="illegible"),)   # a status added as architecture.md says
from quizgen.report.model import ItemStats, TrapShare
from quizgen.report import tables
trap = TrapShare("halved", "You halved it.", 1, 0.5, 0.0, 1.0, of=2, lower_places=1, upper_places=1, name="half")
item = ItemStats("Q1", "a", "C1", "t1", 2.0, students=2, counts={"illegible": 1, "ecf": 1}, traps=[trap])
analysis = SimpleNamespace(parts=[item], questions=[ItemStats("Q1", "", "C1", "t1", 2.0)], names={"halved": "half"})
rows = list(csv.reader(io.StringIO(tables.items_csv(analysis).lstrip("\\ufeff"))))
print([len(row) for row in rows], rows[0].index("illegible") if "illegible" in rows[0] else -1)
header = rows[0]
part, trap_row = dict(zip(header, rows[1])), dict(zip(header, rows[2]))
assert part["illegible"] == "1" and part["ecf"] == "1" and part["missing"] == "0", part
assert trap_row["name"] == "half" and trap_row["reached"] == "2" and trap_row["ecf"] == "", trap_row
"""


def test_the_items_csv_header_is_as_wide_as_its_rows_with_a_status_added():
    """F2: a status added to VERDICTS (so to report/model.SPLIT) gets its column in the
    items CSV's header too: header, part, trap and question rows all the same width."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", ADDED_STATUS], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    widths, _ = done.stdout.split("] ")
    assert len(set(widths.strip("[").split(", "))) == 1, done.stdout


TWO_PARTS = dict(KEY, questions=[dict(KEY["questions"][0], points=4, parts=[NUMERIC, dict(NUMERIC, part="b")])])


def _overridden(tmp_path, lines: str):
    from click.testing import CliRunner
    from quizgen.cli import main
    import json
    (tmp_path / "key.json").write_text(json.dumps(TWO_PARTS), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(HEADER + "s1,Q1,a,0.5\ns1,Q1,b,0.98\n", encoding="utf-8")
    (tmp_path / "ov.csv").write_text(lines, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                       "--overrides", str(tmp_path / "ov.csv"), "--out", str(out / "graded.csv")])
    return result, out


def test_two_overrides_deciding_one_answer_differently_are_refused(tmp_path):
    """F7: a person's two decisions on one answer: neither is picked, both lines named."""
    result, out = _overridden(tmp_path, "student_id,question_id,part,score\ns1,Q1,a,1\ns1,q01,(a),0\n")
    assert result.exit_code == 2, result.output
    assert "ov.csv: lines 2 and 3 decide s1 Q1 (a) differently (score 1, then score 0)" in result.output
    assert not out.exists()


def test_two_overrides_giving_the_same_marks_or_for_two_answers_are_still_used(tmp_path):
    same, _ = _overridden(tmp_path, "student_id,question_id,part,score,comment\ns1,Q1,a,1,ok\ns1,Q1,a,1,fine\n")
    assert same.exit_code == 0 and "line 3 decides s1 Q1 (a) again (line 2 gave the same marks" in same.output
    answered = "student_id,question_id,part,answer,score\ns1,Q1,a,0.4,0\ns1,Q1,a,0.5,1\n"   # an answer changed since
    result, out = _overridden(tmp_path, answered)
    assert result.exit_code == 0, result.output
    assert "s1,Q1,a,0.5,correct,2" in (out / "graded.csv").read_text(encoding="utf-8-sig")


def test_an_override_naming_a_part_no_question_has_is_refused(tmp_path):
    """F7: part 'z' on a paper of parts a and b is a typo: refused, its line and the parts named."""
    result, out = _overridden(tmp_path, "student_id,question_id,part,score\ns1,Q1,a,1\ns1,Q1,z,0.5\n")
    assert result.exit_code == 2, result.output
    assert "ov.csv: line 3: part 'z': no question of" in result.output and "(its parts: a, b)" in result.output
    assert not out.exists()


def test_an_override_for_an_unknown_student_is_still_a_warning(tmp_path):
    result, out = _overridden(tmp_path, "student_id,question_id,part,score\ns1,Q1,a,1\ns999,Q1,a,1\n")
    assert result.exit_code == 0 and "line 3: override for s999 Q1 (a) matches no answer" in result.output


def _grade_cli(tmp_path, *options, encoding_written="utf-8"):
    from click.testing import CliRunner
    from quizgen.cli import main
    import json
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(HEADER + "s1,Q1,a,0.98\n", encoding=encoding_written)
    return CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                     "--out", str(tmp_path / "out" / "graded.csv"), *options])


@pytest.mark.parametrize("name, said", [("", "--feedback '': the name is empty; expected a folder"),
                                        ("  ", "--feedback '  ': the name is empty; expected a folder"),
                                        ("-", "--feedback -: grade writes the feedback sheets into a folder, "
                                              "never to standard output")])
def test_an_empty_feedback_folder_is_refused_as_out_is(tmp_path, monkeypatch, name, said):
    """F10: --feedback '' wrote no sheets without a word; '  ' and '-' made folders of those names."""
    monkeypatch.chdir(tmp_path)
    result = _grade_cli(tmp_path, "--feedback", name)
    assert result.exit_code == 2 and said in result.output and result.output.strip().count("\n") == 0
    assert not (tmp_path / "out").exists()
    if name.strip():
        assert not (tmp_path / name).exists()


@pytest.mark.parametrize("args, option", [
    (["generate", "--bank", "", "--seed", "3"], "--bank"), (["list", "--bank", " "], "--bank"),
    (["validate", "--bank", ""], "--bank"), (["grade", "answers.csv", "--key", ""], "--key"),
    (["grade", "answers.csv", "--overrides", ""], "--overrides"), (["grade", "answers.csv", "--roster", ""], "--roster"),
    (["grade", "answers.csv", "--policy", ""], "--policy")])
def test_an_empty_input_path_is_refused_naming_its_option(tmp_path, monkeypatch, args, option):
    """F11: '' was read as the working folder ('--bank' loaded its YAML files; '--key' said '.: cannot read')."""
    from click.testing import CliRunner
    from quizgen.cli import main
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.csv").write_text(HEADER + "s1,Q1,a,0.98\n", encoding="utf-8")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert f"'{option}'" in result.output and "the name is empty" in result.output
    assert result.output.strip().count("\n") == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["answers.csv"]


@pytest.mark.parametrize("encoding", ["utf-8", "cp1252"])
def test_utf16_with_its_mark_read_with_another_encoding_is_said_to_have_it(tmp_path, encoding):
    """F13: the refusal said "UTF-16 without a byte-order mark" of a file that has one."""
    result = _grade_cli(tmp_path, "--encoding", encoding, encoding_written="utf-16")   # with its mark
    assert result.exit_code == 2
    assert "without a byte-order mark" not in result.output
    assert "it is UTF-16, as its byte-order mark says: leave --encoding out" in result.output


def test_grade_refuses_a_bank_that_would_do_nothing_without_feedback(tmp_path):
    """F14: for an answers file, --bank serves only the feedback sheets' worked solutions."""
    (tmp_path / "bank").mkdir()
    result = _grade_cli(tmp_path, "--bank", str(tmp_path / "bank"))
    assert result.exit_code == 2 and result.output.strip().count("\n") == 0
    assert "--bank is for the feedback sheets' worked solutions" in result.output and "give --feedback DIR" in result.output
    assert not (tmp_path / "out").exists()
    fine = _grade_cli(tmp_path, "--bank", str(tmp_path / "bank"), "--feedback", str(tmp_path / "sheets"))
    assert fine.exit_code == 0, fine.output
