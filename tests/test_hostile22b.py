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
