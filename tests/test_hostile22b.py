"""rev-hostile22b: three tracebacks made one line or a warning: a YAML number
tag on text (`!!int abc`), a working folder removed under the shell, and an
earlier paper's file that `generate --force` cannot remove."""

import os
from pathlib import Path

import pytest

import quizgen
from quizgen.grading.key_index import key_candidates
from quizgen.safe_yaml import safe_load


@pytest.mark.parametrize("text, said", [("x: !!int abc\n", "'abc' is tagged as an integer"),
                                        ('x: !!int ""\n', "'' is tagged as an integer"),
                                        ("x: !!float abc\n", "'abc' is tagged as a number"),
                                        ('x: !!float ""\n', "'' is tagged as a number")])
def test_a_number_tag_on_text_is_a_yaml_error_naming_its_line(text, said):
    import yaml
    with pytest.raises(yaml.YAMLError, match=said) as caught:
        safe_load(text)
    assert caught.value.problem_mark.line == 0


def test_grade_without_a_working_folder_looks_beside_the_answers_only(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    here = os.getcwd()
    os.chdir(gone)
    try:
        gone.rmdir()
        assert key_candidates(tmp_path / "a.csv") == [tmp_path / "key.json"]
    finally:
        os.chdir(here)


@pytest.mark.slow
def test_generate_force_warns_of_an_earlier_file_it_cannot_remove(tmp_path, monkeypatch):
    quizgen.generate(tmp_path / "q", seed=1, classes="C1", fmt="md")
    assert (tmp_path / "q" / "solutions.md").exists()
    real = Path.unlink

    def unlink(self, *args, **kwargs):
        if self.name == "solutions.md":
            raise PermissionError(13, "Permission denied")
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Path, "unlink", unlink)
    quiz = quizgen.generate(tmp_path / "q", seed=2, classes="C1", fmt="md", solutions=False, force=True)
    assert any("could not remove" in w and "solutions.md" in w and "remove it by hand" in w for w in quiz.warnings)


@pytest.mark.parametrize("answer", ["0.5 = 0.5 = " + "9" * 320, "1 ≈ 1" + "0" * 320])
@pytest.mark.parametrize("whole", [False, True])
def test_a_chain_ending_in_a_number_too_long_for_a_float_goes_to_a_person(answer, whole):
    """rev-final22: `1 ≈ 1000...0` (321 digits) read as infinity agreed with everything, then its
    reading (out of range: no value) was compared: a TypeError that stopped a whole class's grade."""
    from quizgen.marking.forms import read_number

    reading = read_number(answer, False, False, whole)
    assert (reading.status, reading.value) == ("needs_review", None)
    assert reading.reason.startswith("a number and a different value beside it")


@pytest.mark.slow
def test_grade_survives_a_chain_too_long_for_a_float(tmp_path):
    quizgen.generate(tmp_path / "q", seed=1, classes="C1", fmt="md")
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,Q1a,Q1b\ns1,0.7157,0.3345\ns2,1 ≈ 1" + "0" * 320 + ",0.3345\n", encoding="utf-8")
    quizgen.grade(answers, key=tmp_path / "q" / "key.json")
    text = (tmp_path / "a-graded.csv").read_text(encoding="utf-8-sig")
    assert ",needs_review," in text and text.count("\n") == 5   # the header and four answers
