"""An override credits a part the student has no answer row for (they sat
the quiz on paper, their submission was lost), when the answers or --roster
know the student and the part is on their paper: graded.csv gains
a row after the input's, marked as made by the override, and the totals,
reports and feedback sheet count it. An override for anyone else still
matches nothing."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

HEADER = "student_id,name,question_id,part,answer\n"


@pytest.fixture(scope="module")
def quizzes(tmp_path_factory):
    """A class C7 quiz and a per-student one (s01, s02), with a roster of s01..s03."""
    folder = tmp_path_factory.mktemp("made")
    (folder / "roster.csv").write_text("student_id,name\ns01,Ann\ns02,Bob\ns03,Cy\n", encoding="utf-8")
    generate(folder / "class", classes="C7", count=1, seed=5)
    (folder / "two.csv").write_text("student_id,name\ns01,Ann\ns02,Bob\n", encoding="utf-8")
    generate(folder / "own", classes="C7", count=1, seed=5, students=folder / "two.csv")
    return folder


def run(folder, key, answers, overrides, *options):
    """grade with the CLI; (exit code, output, graded rows, students rows)."""
    (folder / "answers.csv").write_text(HEADER + answers, encoding="utf-8")
    (folder / "ov.csv").write_text("student_id,question_id,part,score,comment\n" + overrides, encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(folder / key / "key.json"),
                                       "--overrides", str(folder / "ov.csv"), *options])

    def read(name):
        with open(folder / name, encoding="utf-8-sig", newline="") as handle:
            return list(csv.DictReader(handle))
    return result.exit_code, result.output, read("answers-graded.csv"), read("answers-graded-students.csv")


@pytest.mark.slow
def test_a_roster_student_with_no_answers_is_credited_by_a_made_row(quizzes):
    code, output, graded, students = run(quizzes, "class", "s01,Ann,Q1,a,0.5\n",
                                         "s03,Q1,a,1,sat it on paper\n", "--roster", str(quizzes / "roster.csv"))
    assert code == 0, output
    assert "matches no answer" not in output
    made = graded[-1]
    assert [made[c] for c in ("student_id", "name", "question_id", "part", "answer", "status", "feedback", "note")] \
        == ["s03", "Cy", "Q1", "a", "", "correct", "sat it on paper", "override"]
    assert made["reason"] == "no answer row: made by ov.csv line 2"
    assert len(graded) == 2 and ("Graded 1 answer (and 1 row made by overrides) from 2 students and 1 on the roster "
                                 "who gave none, counted absent") in output   # the status counts include the made row
    assert ("Note: 1 row(s) added after the graded answers for overrides of parts with no answer row "
            "(reason 'no answer row: made by ov.csv line N')") in " ".join(output.split())
    s03 = next(s for s in students if s["student_id"] == "s03")
    assert float(s03["score"]) == float(made["score"]) > 0
    assert s03["correct"] == "1"


def test_a_part_left_out_of_a_submission_is_credited_and_later_overrides_keep_the_mark(quizzes):
    code, output, graded, _ = run(quizzes, "class", "s01,Ann,Q1,a,0.5\n",
                                  "s01,Q1,b,25%,lost page\ns01,Q1,b,25%,second look\n")   # other marks: refused
    assert code == 0, output
    made = [r for r in graded if r["part"] == "b"]
    assert len(made) == 1 and made[0]["answer"] == ""
    assert (made[0]["status"], made[0]["feedback"], made[0]["note"]) == ("partial", "second look", "override")
    assert made[0]["reason"] == "no answer row: made by ov.csv line 3"
    assert float(made[0]["score"]) > 0


@pytest.mark.parametrize("key, overrides, options", [
    ("class", "s09,Q1,a,1,\n", ["--roster", "roster.csv"]),      # not on the roster
    ("class", "s03,Q1,a,1,\n", []),                               # no roster: nobody knows s03
])
@pytest.mark.slow
def test_an_override_for_anyone_else_still_matches_nothing(quizzes, key, overrides, options):
    options = [str(quizzes / o) if o.endswith(".csv") else o for o in options]
    code, output, graded, _ = run(quizzes, key, "s01,Ann,Q1,a,0.5\n", overrides, *options)
    assert code == 0, output
    assert "matches no answer" in output
    assert len(graded) == 1


def test_an_override_naming_a_part_the_key_lacks_is_refused(quizzes):
    """No part (d) on the paper: a typo, refused naming its line (review 54b F7), no longer a warning."""
    (quizzes / "answers.csv").write_text(HEADER + "s01,Ann,Q1,a,0.5\n", encoding="utf-8")
    (quizzes / "ov.csv").write_text("student_id,question_id,part,score,comment\ns01,Q1,d,1,\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(quizzes / "answers.csv"), "--key", str(quizzes / "class" / "key.json"),
                                       "--overrides", str(quizzes / "ov.csv"), "--out", str(quizzes / "typo" / "g.csv")])
    assert result.exit_code == 2 and "ov.csv: line 2: part 'd': no question of key.json has such a part" in result.output
    assert not (quizzes / "typo").exists()


def test_an_override_for_an_id_with_no_paper_in_the_per_student_key_says_so(quizzes):
    code, output, graded, _ = run(quizzes, "own", "s01,Ann,Q1,a,0.5\n", "s03,Q1,a,1,\n")
    assert code == 0, output
    assert ("ov.csv: line 2: s03 has no paper in key.json (did you mean s02 or s01?), so the override for Q1 (a) "
            "cannot grade it; correct the id") in " ".join(output.split())
    assert len(graded) == 1


@pytest.mark.slow
def test_a_per_student_paper_is_credited_and_its_sheet_says_so(quizzes):
    code, output, graded, _ = run(quizzes, "own", "s01,Ann,Q1,a,0.5\n", "s02,Q1,c,1,handed in on paper\n",
                                  "--feedback", str(quizzes / "sheets"), "--roster", str(quizzes / "two.csv"))
    assert code == 0, output
    assert (graded[-1]["student_id"], graded[-1]["part"], graded[-1]["status"]) == ("s02", "c", "correct")
    sheet = (quizzes / "sheets" / "s02.md").read_text(encoding="utf-8")
    assert "| c | - | correct |" in sheet
    assert "your marker's decision: handed in on paper" in sheet
    assert "ov.csv" not in sheet and "line 2" not in sheet   # the instructor's bookkeeping stays in graded.csv
    assert graded[-1]["reason"] == "no answer row: made by ov.csv line 2"


@pytest.mark.slow
def test_a_file_graded_in_parts_makes_the_same_rows(quizzes, monkeypatch):
    from quizgen.grading import file_slice

    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    answers = "".join(f"s{n:02d},,Q1,a,0.5\n" for n in range(1, 40))
    overrides = "s40,Q1,a,1,paper\ns05,Q1,b,50%,lost\n"
    ids = "".join(f"s{n:02d},\n" for n in range(1, 41))
    (quizzes / "forty.csv").write_text("student_id,name\n" + ids, encoding="utf-8")
    one = run(quizzes, "class", answers, overrides, "--roster", str(quizzes / "forty.csv"))
    two = run(quizzes, "class", answers, overrides, "--roster", str(quizzes / "forty.csv"), "--jobs", "2")
    assert one[0] == two[0] == 0
    assert one[2:] == two[2:]
    assert [r["reason"] for r in two[2][-2:]] == [f"no answer row: made by ov.csv line {n}" for n in (2, 3)]


@pytest.mark.slow
def test_an_overrides_file_without_a_part_column_names_the_part_in_the_question(quizzes):
    """Email Address, Question, Score, Comment with Q1b: read as the answers file
    would read Q1b (it was refused for lacking a part column)."""
    folder = quizzes
    (folder / "answers.csv").write_text(HEADER + "s01,Ann,Q1,b,0.1\n", encoding="utf-8")
    (folder / "ov2.csv").write_text("Student,Question,Score,Comment\ns01,Q1b,1,method right\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(folder / "class" / "key.json"),
                                       "--overrides", str(folder / "ov2.csv")])
    assert result.exit_code == 0, result.output
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        (row,) = [r for r in csv.DictReader(handle) if r["part"] == "b"]
    assert (row["status"], row["note"], row["feedback"]) == ("correct", "override", "method right")
