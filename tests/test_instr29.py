"""Fixes from an instructor's review (instr29), one section each.

1. Answers none of whose ids has a paper in a per-student key (a form's
   ``Email address`` read as the id) stop grading in one line, exit 2, nothing
   written, with or without --roster, as a roster matching nobody does; ids on
   the roster with no paper (generate theirs) are graded as before.
"""

from __future__ import annotations

import json

import pytest


def paper(name):
    """A one-part paper of a per-student key (and the class paper's question)."""
    q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 2,
          "parts": [{"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
                     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}
    return {"name": name, "seed": name, "questions": [q1]}, q1


def own_papers(folder, ids=("s0001", "s0002", "s0003")):
    """key.json with a paper for each of ``ids``, and roster.csv listing them."""
    key = {"questions": [paper("class")[1]], "students": {sid: paper(f"N {sid}")[0] for sid in ids}}
    (folder / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"{sid},N {sid}\n" for sid in ids),
                                       encoding="utf-8")


# ---------------------------------------------------------------- 1. ids matching no paper

@pytest.mark.parametrize("with_roster", [False, True])
def test_answers_whose_ids_match_no_paper_stop_grading(tmp_path, invoke, with_roster):
    own_papers(tmp_path)
    (tmp_path / "em.csv").write_text("Email address,Q1a\n" + "".join(f"s000{n}@uni.edu,0.5\n" for n in (1, 2, 3)),
                                     encoding="utf-8")
    roster = ["--roster", tmp_path / "roster.csv"] if with_roster else []
    result = invoke("grade", tmp_path / "em.csv", "--feedback", tmp_path / "fb", "--out", tmp_path / "out", *roster)
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    if with_roster:   # the roster matches none of them: its line, as with a class paper
        assert ("roster.csv: ids read from column 'student_id' match none of em.csv's student ids (first: "
                "s0001@uni.edu)") in said, said
    else:             # the key's papers are the roster
        assert "em.csv: none of its student ids has a paper in key.json (first: s0001@uni.edu)" in said, said
    assert not (tmp_path / "out").exists() and not (tmp_path / "fb").exists()


def test_a_mistyped_id_near_a_paper_is_graded_and_hinted(tmp_path, invoke):
    own_papers(tmp_path, ids=("2300142",))
    (tmp_path / "a.csv").write_text("student_id,Q1a\n2300124,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv")
    assert result.exit_code == 0, result.output
    assert "2300124 (did you mean 2300142?)" in result.output
