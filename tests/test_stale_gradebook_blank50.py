"""A Moodle gradebook an earlier run wrote, saved again by a spreadsheet with a line of empty
cells, holds this run's grades still; a row with grades but no id is named as such, never
as ``()`` (review 50a F8)."""


def test_a_line_of_commas_is_no_student_and_an_empty_id_is_named(invoke, tmp_path, seed3_key):
    answers, out = tmp_path / "b.csv", tmp_path / "gm"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\ns002,Q1,a,0.7\n", encoding="utf-8")
    assert invoke("grade", answers, "--key", seed3_key, "--gradebook", "moodle", "--out", out).exit_code == 0
    moodle = out / "b-graded-gradebook-moodle.csv"
    with open(moodle, "a", encoding="utf-8", newline="") as handle:
        handle.write(",,\r\n")
    again = invoke("grade", answers, "--key", seed3_key, "--out", out)
    assert again.exit_code == 0
    assert ("Note: kept b-graded-gradebook-moodle.csv in " in again.stdout
            and "it holds the grades this run gives" in again.stdout)
    assert "warning" not in again.stderr
    with open(moodle, "a", encoding="utf-8", newline="") as handle:
        handle.write(",Ada Lovelace,3\r\n")
    third = invoke("grade", answers, "--key", seed3_key, "--out", out)
    assert "listing 1 student(s) this run does not grade (a row with no id), with grades" in third.stderr
    assert "()" not in third.stderr
