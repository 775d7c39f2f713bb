"""ids21 (instructor review): a student id typed as a classmate's real id was
graded as the classmate's resubmission without a word, and an id with a
letter O for a zero got three suggestions where one look-alike fits."""

import csv
import io
import json

from click.testing import CliRunner

from quizgen.cli import main


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 4,
                      "parts": [part("a", 0.5), part("b", 3.0)]}]}
MOODLE = "Surname,First name,Email address,Student ID,Completed,Q1a,Q1b\n"


def grade(tmp_path, answers: str, roster: str, name="answers.csv"):
    """``quizgen grade`` of ``answers`` with ``--roster``: (its output, graded.csv's rows)."""
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    (tmp_path / name).write_text(answers, encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / name), "--key", str(tmp_path / "key.json"),
                                       "--roster", str(tmp_path / "roster.csv"), "--force"])
    assert result.exit_code == 0, result.output
    graded = tmp_path / name.replace(".csv", "-graded.csv")
    return result.output, list(csv.DictReader(io.StringIO(graded.read_text(encoding="utf-8-sig"))))


def roster(names=None):
    names = names or {}
    return "student_id,name\n" + "".join(f"{n:07d},{names.get(n, f'Stu {n}')}\n" for n in range(1, 80))


def notes(output: str) -> list:
    return [line for line in output.splitlines() if line.startswith("Note: ")]


def test_a_classmates_id_on_a_second_row_is_named_not_called_a_resubmission(tmp_path):
    """0000070 on s6's row (really 0000007) and on s69's: the note names the id,
    both emails and names with their lines, and whose row it probably is."""
    answers = MOODLE + ("Six,Sam,s6@uni.edu,0000070,2024-05-01 10:00,0.5,3\n"
                        "Sixtynine,Sue,s69@uni.edu,0000070,2024-05-01 10:05,0.4,2\n")
    output, rows = grade(tmp_path, answers, roster({7: "Sam Six", 70: "Sue Sixtynine"}))
    clash = [line for line in notes(output) if "name different people" in line]
    assert clash == ["Note: 1 student id(s) are on rows that name different people (another email or name), yet "
                     "each was graded as one student (for each part the last row's answer counts, the earlier are "
                     "superseded): correct the id on the wrong rows in the answers file and grade again: 0000070 on "
                     "line 2 (s6@uni.edu, Sam Six) and line 3 (s69@uni.edu, Sue Sixtynine); line 2 is probably "
                     "0000007's, who gave no answer"], output
    assert "more than once" not in output   # not one student's resubmission
    assert [r["status"] for r in rows] == ["superseded", "superseded", "incorrect", "incorrect"]   # grading as before


def test_without_names_on_the_roster_the_absent_students_nearest_the_id_are_offered(tmp_path):
    answers = MOODLE + ("Six,Sam,s6@uni.edu,0000070,,0.5,3\n"
                        "Sixtynine,Sue,s69@uni.edu,0000070,,0.4,2\n")
    output, _ = grade(tmp_path, answers, "student_id\n0000007\n0000070\n0000001\n")
    assert output.count("0000070 on line 2 (s6@uni.edu, Sam Six) and line 3 (s69@uni.edu, Sue Sixtynine); one of "
                        "them may be that of a student who gave no answer: 0000007 or 0000001") == 1, output


def test_one_students_resubmission_is_still_one(tmp_path):
    """The same email twice (another spelling of the name aside), or a row
    with neither email nor name: one student answering again, as before."""
    answers = MOODLE + ("Six,Sam,s6@uni.edu,0000007,,0.5,3\n"
                        "six,SAM ,S6@uni.edu,0000007,,0.4,2\n"
                        ",,,0000007,,0.5,3\n")
    output, _ = grade(tmp_path, answers, roster())
    assert "name different people" not in output
    assert "1 student(s) answered a part more than once" in output


def test_long_form_with_a_name_column_follows_the_same_rule(tmp_path):
    answers = ("student_id,name,question_id,part,answer\n"
               "0000070,Sam Six,Q1,a,0.5\n0000070,Sam Six,Q1,b,3\n"
               "0000070,Sue Sixtynine,Q1,a,0.4\n")
    output, _ = grade(tmp_path, answers, roster({7: "Sam Six", 70: "Sue Sixtynine"}))
    assert ("0000070 on line 2 (Sam Six) and line 4 (Sue Sixtynine); line 2 is probably 0000007's, who gave no "
            "answer") in output, output
    assert "more than once" not in output


def test_an_id_with_a_letter_o_for_a_zero_gets_its_one_look_alike_and_what_to_do(tmp_path):
    """O000027 got 'did you mean 0000027 or 0000007 or 0000020?'."""
    answers = MOODLE + "Two,Tom,t@uni.edu,O000027,,0.5,3\n"
    output, _ = grade(tmp_path, answers, roster())
    assert ("1 graded student id(s) are not on the roster: O000027 (did you mean 0000027? O and 0 look alike: "
            "correct the id in the answers file and grade again)") in output, output


def test_two_look_alikes_are_both_offered_as_before(tmp_path):
    answers = "student_id,question_id,part,answer\nSI2,Q1,a,0.5\n"
    output, _ = grade(tmp_path, answers, "student_id\ns12\n512\nx12\n")
    assert "SI2 (did you mean s12 or 512?)" in output, output


def test_the_sheet_of_an_id_two_people_used_says_so_not_you_answered_twice(tmp_path):
    """Its feedback sheet said "You answered Q1 (a) and Q1 (b) more than once",
    to a student whose id a classmate had typed."""
    answers = MOODLE + ("Six,Sam,s6@uni.edu,0000070,2024-05-01 10:00,0.5,3\n"
                        "Sixtynine,Sue,s69@uni.edu,0000070,2024-05-01 10:05,0.4,2\n"
                        "Eight,Sal,s8@uni.edu,0000008,2024-05-01 10:00,0.5,3\n"
                        "Eight,Sal,s8@uni.edu,0000008,2024-05-01 10:09,0.5,3.0\n")
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(answers, encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                       "--force", "--feedback", str(tmp_path / "sheets")])
    assert result.exit_code == 0, result.output
    shared = (tmp_path / "sheets" / "0000070.md").read_text(encoding="utf-8")
    assert "## Answers under your student id" in shared and "more than one person" in shared
    assert "more than once" not in shared
    resubmitted = (tmp_path / "sheets" / "0000008.md").read_text(encoding="utf-8")
    assert "more than once" in resubmitted and "more than one person" not in resubmitted
