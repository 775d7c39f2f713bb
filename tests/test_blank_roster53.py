"""Review 53d F6: the all-blank warning counted only the students kept after --roster was
applied, so a file whose blank rows are all of students the roster lacks (dropped.py takes
them out of the class) was not warned about. It counts the file's own students now."""

BLANK_WARNING = ("blank.csv: every answer in it is blank (empty, or words such as 'idk' read as no answer), so "
                 "its 2 students are all counted absent, scored 0, and no answer was marked")


def _graded(tmp_path, invoke, roster_ids: list, rows: str = "s1,,\ns2,idk,\n"):
    assert invoke("generate", "--seed", "2", "--classes", "C1", "--out", tmp_path / "q").exit_code == 0
    (tmp_path / "blank.csv").write_text("student_id,Q1a,Q1b\n" + rows, encoding="utf-8")
    (tmp_path / "r.csv").write_text("id\n" + "".join(f"{i}\n" for i in roster_ids), encoding="utf-8")
    result = invoke("grade", tmp_path / "blank.csv", "--key", tmp_path / "q" / "key.json", "--roster",
                    tmp_path / "r.csv", "--out", tmp_path / "g")
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_a_blank_file_of_students_off_the_roster_is_warned_about(tmp_path, invoke):
    assert f"quizgen: warning: {BLANK_WARNING}" in _graded(tmp_path, invoke, ["s9"])


def test_off_and_on_the_roster_alike(tmp_path, invoke):
    assert f"quizgen: warning: {BLANK_WARNING}" in _graded(tmp_path, invoke, ["s1", "s9"])


def test_one_answer_on_the_roster_is_no_blank_file(tmp_path, invoke):
    said = _graded(tmp_path, invoke, ["s1", "s9"], "s1,0.5,\ns2,,\n")
    assert "every answer in it is blank" not in said
