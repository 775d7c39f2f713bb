"""After grading: the absent-but-not-marked rule defined once (lms/papers.py
``unmarked_absent``), grade's --force split into --force-key and
--replace-outputs, and ``quizgen review``'s ready-to-fill overrides file."""

import csv
import io
from types import SimpleNamespace

from fixtures_course import WIDE
from test_instr31 import one_line, rows_of

from quizgen.grading import gradebook_warnings, run
from quizgen.lms import papers


def test_who_gave_no_answer_and_was_not_marked_zero_is_one_definition_in_order():
    result = SimpleNamespace(absent=["s3", "s1", "s2"], zero_marked=["s1"])
    assert papers.unmarked_absent(result) == ["s3", "s2"]
    assert gradebook_warnings.unmarked_absent is papers.unmarked_absent is run.unmarked_absent
    assert not hasattr(gradebook_warnings, "_unmarked_absent")


# ---------------------------------------------------------------- --force split in two

def test_another_answers_files_outputs_are_replaced_by_replace_outputs_not_by_force_key(course, invoke):
    args = ("--key", "quiz/key.json", "--out", "results/")
    assert invoke("grade", "section1/answers.csv", *args).exit_code == 0
    refused = invoke("grade", "section2/answers.csv", *args)
    assert refused.exit_code == 2
    assert one_line(refused).endswith("or pass --replace-outputs to replace them")
    assert invoke("grade", "section2/answers.csv", *args, "--force-key").exit_code == 2   # not its business
    replaced = invoke("grade", "section2/answers.csv", *args, "--replace-outputs")
    assert replaced.exit_code == 0, replaced.output
    assert ("which an earlier run made from section1/answers.csv (key quiz/key.json), as --replace-outputs asks"
            in one_line(replaced))
    assert {row[0] for row in rows_of(course / "results" / "answers-graded.csv")[1:]} == {"s101", "s102"}
    forced = invoke("grade", "section1/answers.csv", *args, "--force")   # the older option: still both
    assert forced.exit_code == 0 and "as --force asks" in one_line(forced)


def test_answers_for_another_key_are_let_through_by_force_key_not_by_replace_outputs(course, invoke):
    wrong = "".join(f"s{n:03},N{n},0.{n + 11},{n + 17}.5\n" for n in range(12))
    (course / "wrong.csv").write_text(WIDE + wrong, encoding="utf-8")
    refused = invoke("grade", "wrong.csv", "--key", "quiz/key.json")
    assert refused.exit_code == 2 and not (course / "wrong-graded.csv").exists()
    assert "pass --force-key to grade them" in one_line(refused) and "--force " not in one_line(refused)
    assert invoke("grade", "wrong.csv", "--key", "quiz/key.json", "--replace-outputs").exit_code == 2
    graded = invoke("grade", "wrong.csv", "--key", "quiz/key.json", "--force-key")
    assert graded.exit_code == 0, graded.output
    assert "graded anyway, as --force-key asks" in one_line(graded)
    assert len(rows_of(course / "wrong-graded.csv")) == 1 + 24


# ---------------------------------------------------------------- quizgen review: the overrides file to fill in

LONG = "student_id,name,question_id,part,answer\n"
CLASS = ("s001,Ada,Q1,a,maybe 0.716\n"      # needs_review: said with doubt
         "s001,Ada,Q1,b,-ln(0.716)?\n"      # needs_review, and a formula's first character: guarded
         "s002,Bob,Q1,a,0.72\n"             # imprecise: right to 2 figures
         "s002,Bob,Q1,b,0.335\n"
         "s003,Cy,Q1,a,0.7157\n"
         "s003,Cy,Q1,b,I think 0.33\n")      # needs_review


def filled(path, shares: dict, delimiter=",") -> None:
    """Write the ``shares`` ({(student, part): share}) into the review file at ``path``, as a spreadsheet would."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig")), delimiter=delimiter))
    share = rows[0].index("share")
    for row in rows[1:]:
        row[share] = shares.get((row[0], row[3]), "")
    text = io.StringIO()
    csv.writer(text, delimiter=delimiter).writerows(rows)
    path.write_text("\ufeff" + text.getvalue(), encoding="utf-8")


def test_review_lists_who_needs_a_person_and_the_filled_file_decides_them(course, invoke):
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    review = invoke("review", "answers-graded.csv", "--also", "imprecise")
    assert review.exit_code == 0, review.output
    assert "answers-graded-review.csv: 4 answer(s) to decide (3 needs_review, 1 imprecise)" in one_line(review)
    rows = rows_of(course / "answers-graded-review.csv")
    assert rows[0] == ["student_id", "name", "question_id", "part", "answer", "graded_status", "grader_reason",
                       "expected", "share", "status", "comment"]
    assert [row[:6] for row in rows[1:]] == [
        ["s001", "Ada", "Q1", "a", "maybe 0.716", "needs_review"],      # one part's answers together
        ["s001", "Ada", "Q1", "b", "'-ln(0.716)?", "needs_review"],     # formula-guarded
        ["s003", "Cy", "Q1", "b", "I think 0.33", "needs_review"],
        ["s002", "Bob", "Q1", "a", "0.72", "imprecise (rounded_too_early)"]]
    assert rows[1][6].startswith("said with doubt") and rows[1][7] == "0.7157" and rows[4][6].startswith("rounded")
    assert all(row[8:] == ["", "", ""] for row in rows[1:])
    # the marker fills in two shares, full marks and half, and leaves the other two for later
    filled(course / "answers-graded-review.csv", {("s001", "a"): "1", ("s003", "b"): "50%"})
    again = invoke("grade", "answers.csv", "--overrides", "answers-graded-review.csv")
    assert again.exit_code == 0, again.output
    assert "warning" not in again.output   # share 1 on a 2-point part is full marks, said plainly: no "1 point meant?"
    assert ("2 line(s) of answers-graded-review.csv give no mark yet, so they decide nothing and their answers stay "
            "as graded (line(s) 3, 5)") in one_line(again)
    graded = {(row[0], row[3]): row[5:7] for row in rows_of(course / "answers-graded.csv")[1:]}
    assert graded == {("s001", "a"): ["correct", "2"], ("s001", "b"): ["needs_review", "0"],
                      ("s002", "a"): ["imprecise", "0"], ("s002", "b"): ["correct", "2"],
                      ("s003", "a"): ["correct", "2"], ("s003", "b"): ["partial", "1"]}


def test_review_of_a_decimal_comma_class_keeps_its_separator_and_reads_its_shares(course, invoke):
    (course / "answers.csv").write_text("student_id;question_id;part;answer\ns1;Q1;a;0,7157\ns1;Q1;b;vielleicht "
                                        "0,335?\n", encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    assert invoke("review", "answers-graded.csv", "--out", "decide/").exit_code == 0
    written = course / "decide" / "answers-graded-review.csv"
    rows = list(csv.reader(io.StringIO(written.read_text(encoding="utf-8-sig")), delimiter=";"))
    assert rows[1][:5] + rows[1][7:] == ["s1", "", "Q1", "b", "vielleicht 0,335?", "0,33454", "", "", ""]
    filled(written, {("s1", "b"): "0,5"}, delimiter=";")
    again = invoke("grade", "answers.csv", "--overrides", written)
    assert again.exit_code == 0 and "warning" not in again.output, again.output
    graded = list(csv.reader(io.StringIO((course / "answers-graded.csv").read_text(encoding="utf-8-sig")),
                             delimiter=";"))
    assert graded[2][4:6] == ["partial", "1"]


def test_review_never_replaces_a_file_and_refuses_what_grade_did_not_write(course, invoke):
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    (course / "mine.csv").write_text("student_id,question_id,part,share\ns001,Q1,a,1\n", encoding="utf-8")
    kept = invoke("review", "answers-graded.csv", "--out", "mine.csv")
    assert kept.exit_code == 2 and kept.output.count("\n") == 1
    assert ("mine.csv exists already and is no review file quizgen review wrote (no answer column among "
            "student_id, question_id, part, share): it is never replaced") in kept.output
    assert (course / "mine.csv").read_text(encoding="utf-8").endswith("s001,Q1,a,1\n")
    wrong = invoke("review", "answers.csv")
    assert wrong.exit_code == 2 and wrong.output.count("\n") == 1
    assert wrong.output.startswith("quizgen: error: answers.csv: line 1: expected the header of a graded file")
    (course / "good.csv").write_text(LONG + "s001,Ada,Q1,a,0.7157\ns001,Ada,Q1,b,0.335\n", encoding="utf-8")
    assert invoke("grade", "good.csv").exit_code == 0
    none = invoke("review", "good-graded.csv")
    assert none.exit_code == 0 and "nothing to review, no file written" in none.output
    assert not (course / "good-graded-review.csv").exists()
