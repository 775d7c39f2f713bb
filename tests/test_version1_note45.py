"""A version-1 key still grades, but it holds no recipes, so nothing is marked
from a student's own earlier answers: grade says so in one note, in its
summary and at the top of report.md and the HTML page (rev45c F4), rather
than grading without error carried forward in silence."""

from __future__ import annotations

import csv
import dataclasses
import json
import shutil
from pathlib import Path

from quizgen.grading.run_settings import version_one_note
from quizgen.key.model import KeyPaper, read_key

DATA = Path(__file__).parent / "data" / "keys" / "version1.json"
# Q7 of the version-1 key: s = 0.3, (a) sigma(0.3) = 0.5744, (b) -ln(a) = 0.5544. s2 writes (a) 0.500 and
# then (b) -ln(0.500) = 0.693: right from their own (a), which a key with recipes marks ecf.
ANSWERS = "student_id,question,part,answer\ns1,Q7,a,0.5744\ns1,Q7,b,0.5544\ns2,Q7,a,0.500\ns2,Q7,b,0.693\n"
NOTE = ("version1.json is a version-1 key, which holds no recipes: no answer was marked by error carried forward "
        "or carried rounding; for them, generate the paper again (--seed 1, the same classes and count) into "
        "another folder and, if its key.csv gives the answers of the papers handed out, grade with its key.json")


def _graded(tmp_path, invoke, key: Path):
    (tmp_path / "answers.csv").write_text(ANSWERS, encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", key, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    return result


def test_a_version_1_key_grades_with_a_note_saying_what_it_cannot_mark(tmp_path, invoke):
    key = tmp_path / "version1.json"
    shutil.copy(DATA, key)
    result = _graded(tmp_path, invoke, key)
    assert f"Note: {NOTE}\n" in result.output   # the summary, once
    assert result.output.count("version-1 key") == 1
    with open(tmp_path / "out" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}
    assert rows["s2", "b"]["status"] == "incorrect" and rows["s2", "b"]["note"] == ""   # no ECF, as the note says
    assert rows["s1", "b"]["status"] == "correct"
    report = (tmp_path / "out" / "answers-graded-report.md").read_text(encoding="utf-8")
    assert f"(docs/grading.md). Note: {NOTE}.\n" in report   # under the title, after "Marked with"
    assert "version-1 key, which holds no recipes" in (tmp_path / "out" / "answers-graded-report.html").read_text(
        encoding="utf-8")


def test_a_key_with_recipes_has_no_such_note_and_carries_the_error_forward(tmp_path, invoke):
    made = invoke("generate", "--worked-examples", "--out", tmp_path / "quiz")
    assert made.exit_code == 0, made.output
    (tmp_path / "answers.csv").write_text("student_id,question,part,answer\ns2,Q7,a,0.232\ns2,Q7,b,1.46\n",
                                          encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / "key.json",
                    "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "version-1" not in result.output
    assert "version-1" not in (tmp_path / "out" / "answers-graded-report.md").read_text(encoding="utf-8")
    with open(tmp_path / "out" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["part"]: r for r in csv.DictReader(handle)}
    assert (rows["b"]["status"], rows["b"]["note"]) == ("correct", "ecf")   # reference's Q7: -ln(0.232) = 1.46


def test_the_advice_for_students_papers_names_the_roster_and_quotes_the_seed():
    key = read_key(json.loads(DATA.read_text(encoding="utf-8")))
    key = dataclasses.replace(key, seed="spring exam; rm", papers=(KeyPaper("s1"),))
    note = version_one_note(key, "v1s.json")
    assert "(--seed 'spring exam; rm', --students and the same roster, the same classes and count)" in note
