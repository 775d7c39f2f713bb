"""polish38 (2): a feedback sheet's file name kept only ASCII letters, so the
student "Zoë Hopper" got ``Zo_Hopper.md``. A letter with a plain ASCII form is
now written so (``Zoe_Hopper.md``); names stay unique and an ASCII id's name is
what it was."""

from quizgen.grading.feedback_names import safe_file_names


def test_letters_with_marks_or_a_plain_form_are_written_in_ascii():
    assert safe_file_names(["Zoë Hopper", "Müller", "Straße", "Łukasz Øster", "Ærø", "José"]) == [
        "Zoe_Hopper", "Muller", "Strasse", "Lukasz_Oster", "AEro", "Jose"]


def test_names_stay_unique_and_an_ascii_ids_name_is_unchanged():
    assert safe_file_names(["Zoë", "Zoe", "zoë"]) == ["Zoe-2", "Zoe", "zoe-3"]
    assert safe_file_names(["a/b", "A_B", "s001", "Zoe Hopper"]) == ["a_b-2", "A_B", "s001", "Zoe_Hopper"]
    assert safe_file_names(["李雷"]) == ["student"]   # no plain form: as before


def test_grade_names_the_sheet_after_the_students_letters(course, invoke):
    (course / "answers.csv").write_text("student_id,name,Q1a,Q1b\nZoë Hopper,Zoë,0.716,0.335\n", encoding="utf-8")
    result = invoke("grade", "answers.csv", "--key", "quiz/key.json", "--out", "graded.csv", "--feedback", "sheets")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (course / "sheets").iterdir() if p.suffix == ".md") == ["Zoe_Hopper.md"]
