"""Session 21 (marking21): a trap worked from the student's own wrong (a)
is worded from their own answers, not the key's; one ranking of the nearest
known ids for an unknown one, in its rows and in the summary; and feedback
a student reading graded.csv found wrong or confusing."""

import csv
import io
import json

import quizgen


# ---------------------------------------------------------------- one ranking of the nearest ids

def _paper(name):
    q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 2,
          "parts": [{"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
                     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}
    return {"name": name, "seed": name, "questions": [q1]}, q1


def test_an_unknown_ids_row_and_the_summary_name_the_same_ids_first(tmp_path):
    """s10x is one edit from s101 (who answered) and s102 (who did not): the
    summary named s102 first, the row's feedback s101 (roster order)."""
    key = {"questions": [_paper("class")[1]], "students": {sid: _paper(sid)[0] for sid in ("s101", "s102")}}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns101,Q1,a,0.5\ns10x,Q1,a,0.5\n",
                                          encoding="utf-8")
    result = quizgen.grade(tmp_path / "answers.csv")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig"))))
    hint = "did you mean s102 or s101?"
    assert rows[1]["feedback"] == hint, rows[1]
    assert any(f"s10x ({hint})" in note for note in result.roster_notes), result.roster_notes
