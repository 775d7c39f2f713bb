"""An override is kept to the answer it was made for: with an ``answer``
column, a changed answer (a resubmission) is held for review, never silently
given the old decision; without one, an override of a part answered more than
once is warned about (rev-instructor31)."""

import csv
import json

from click.testing import CliRunner

from quizgen.cli import main


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 4,
                      "parts": [_part("a", 0.8699), _part("b", 3.0)]}]}


def _grade(tmp_path, answers: str, overrides: str):
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(answers, encoding="utf-8")
    (tmp_path / "overrides.csv").write_text(overrides, encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                       "--overrides", str(tmp_path / "overrides.csv"), "--out", f"{tmp_path}/out/"])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["question_id"] == "Q1" and row["part"] == "a"]
    return " ".join(result.output.split()), rows


RESUBMITTED = ("student_id,question_id,part,answer\n"
               "s1,Q1,a,\n"          # blank on the first submission: the marker gave full marks for working
               "s1,Q1,b,3.0\n"
               "s2,Q1,a,0.5\n"       # answered once
               "s1,Q1,a,0.5\n")      # s1 resubmitted later: a wrong answer


def test_an_override_made_for_a_blank_is_not_given_to_a_new_wrong_answer(tmp_path):
    output, rows = _grade(tmp_path, RESUBMITTED, 'student_id,question_id,part,points,comment,answer\n'
                                                 's1,Q1,a,2,working shown on paper,\n'
                                                 's2,Q1,a,1,method right," 0,5 "\n')   # its answer, written otherwise
    graded, kept = rows[-1], rows[-2]
    assert (graded["answer"], graded["status"], graded["score"], graded["note"]) == ("0.5", "needs_review", "0", "")
    assert graded["reason"] == ("overrides.csv line 2 decided this part for the answer (blank), not this one: "
                                "a person must decide it again")
    assert ("warning: overrides.csv: line 2: s1 Q1 (a) was decided for the answer (blank), but the answer graded "
            "now is '0.5': the override is not applied and the part is needs_review") in output
    assert (kept["student_id"], kept["status"], kept["score"], kept["note"]) == ("s2", "partial", "1", "override")
    assert "line 3" not in output


def test_without_an_answer_column_an_override_of_a_part_answered_twice_is_warned_of(tmp_path):
    output, rows = _grade(tmp_path, RESUBMITTED + "s1,Q1,b,3.0\n",
                          "student_id,question_id,part,points\ns1,Q1,a,2\ns2,Q1,a,1\ns1,Q1,b,2\n")
    assert (rows[-1]["status"], rows[-1]["score"], rows[-1]["note"]) == ("correct", "2", "override")
    assert ("warning: overrides.csv: line 2: s1 Q1 (a) was answered more than once in the answers file, (blank) "
            "and then '0.5', and the override is applied to the answer graded now; if it was decided for the "
            "earlier answer, check it") in output
    assert "line 3" not in output and "line 4" not in output   # s2 answered once; s1 (b) twice alike


RESUBMITTED_ALIKE = RESUBMITTED + "s1,Q1,b, 3.0\n"   # the same answer again: no warning


def test_an_override_of_a_part_answered_again_alike_is_not_warned_of(tmp_path):
    output, _ = _grade(tmp_path, RESUBMITTED_ALIKE, "student_id,question_id,part,points\ns1,Q1,b,2\ns1,Q1,a,2\n")
    assert "line 2" not in output and "warning: overrides.csv: line 3: s1 Q1 (a) was answered more" in output


def test_a_share_of_1_that_gives_a_wrong_answer_full_marks_on_a_2_point_part_is_warned_of(tmp_path):
    answers = "student_id,question_id,part,answer\ns1,Q1,a,0.5\ns1,Q1,b,3.0\ns2,Q1,a,0.5\ns3,Q1,a,0.5\n"
    output, rows = _grade(tmp_path, answers, "student_id,question_id,part,score\ns1,Q1,a,1\n"
                                             "s2,Q1,a,100%\ns3,Q1,a,0.5\n")
    assert (rows[0]["status"], rows[0]["score"]) == ("correct", "2")
    assert ("warning: overrides.csv: line 2: s1 Q1 (a) was incorrect and is now correct with all 2 of its points "
            "(score 1 is read as a share of the part's marks: 1 is all of them; if 1 point was meant, head the "
            "column points, or write the share 0.5)") in output
    assert "line 3" not in output and "line 4" not in output   # 100% is a share; 0.5 is no full marks


def test_an_override_whose_answer_a_spreadsheet_wrote_as_another_spelling_of_the_number_is_applied(tmp_path):
    answers = "student_id,question_id,part,answer\ns1,Q1,a,0.50\ns2,Q1,a,0.001\ns3,Q1,a,0.25\n"
    output, rows = _grade(tmp_path, answers, "student_id,question_id,part,points,answer\n"
                                             "s1,Q1,a,1,0.5\ns2,Q1,a,1,1E-03\ns3,Q1,a,1,1/4\n")
    assert [(row["answer"], row["status"], row["score"], row["note"]) for row in rows] == [
        ("0.50", "partial", "1", "override"), ("0.001", "partial", "1", "override"),
        ("0.25", "partial", "1", "override")]
    assert "was decided for the answer" not in output
