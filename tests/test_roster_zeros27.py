"""Roster ids that are a key paper's id only by leading zeros (a roster saved
by Excel: ``123`` for ``00123``) are named in one note, as the answers' are."""

import json

from click.testing import CliRunner

from quizgen.cli import main


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [_part("a", 0.5), _part("b", 3.0)]}


def _grade(tmp_path, key_ids, roster_ids):
    students = {sid: {"name": f"N{sid}", "questions": [Q1]} for sid in key_ids}
    (tmp_path / "key.json").write_text(json.dumps({"questions": [Q1], "students": students}), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(f"student_id,question_id,part,answer\n{key_ids[0]},Q1,a,0.5\n",
                                          encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id\n" + "\n".join(roster_ids) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                       "--roster", str(tmp_path / "roster.csv"), "--out", f"{tmp_path / 'out'}/"])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split()), (tmp_path / "out" / "answers-graded-report.md").read_text(encoding="utf-8")


def test_roster_ids_without_their_zeros_are_named(tmp_path):
    output, report = _grade(tmp_path, ["00123", "00124", "s0125"], ["123", "124", "s0125"])
    line = ("2 roster id(s) matched a paper's id in key.json only by leading zeros, and are that student "
            "(check the roster): 123 as 00123, 124 as 00124")
    assert line in output and line in " ".join(report.split())
    assert "2 students on the roster gave no answer (missing, scored 0): 00124, s0125" in output


def test_many_are_named_first_then_counted(tmp_path):
    key_ids = [f"00{n}" for n in range(100, 108)]
    output, _ = _grade(tmp_path, key_ids, [sid[2:] for sid in key_ids[:7]] + key_ids[7:])
    assert ("7 roster id(s) matched a paper's id in key.json only by leading zeros, and are that student (check "
            "the roster): 100 as 00100, 101 as 00101, 102 as 00102, 103 as 00103, 104 as 00104 and 2 more") in output
    assert "107 as" not in output
