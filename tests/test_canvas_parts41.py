"""`export canvas` says when a template of several parts is exported with more
than one variant: Canvas draws each part's variant on its own, so a student's
parts mostly come from different variants and no error is carried forward
(review 41b F5: the README promised one variant a student, and only lms.md told)."""

import pytest

WARNING = "Canvas draws each part's variant on its own, so with --count {count} a student's parts of a template"


@pytest.mark.parametrize("classes, count, said", [("C7", 3, True), ("C1,C4,C7", 2, True), ("C7", 1, False),
                                                  ("C4", 5, False)])
def test_a_canvas_export_of_several_parts_drawn_apart_is_told(tmp_path, invoke, classes, count, said):
    result = invoke("export", "canvas", "--classes", classes, "--count", count, "--seed", 1,
                    "--out", tmp_path / "quiz.zip")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if WARNING.format(count=count) in line]
    assert len(lines) == said
    if said:
        assert lines[0].startswith("quizgen: warning: quiz.zip: ") and "mlm-mean-over-masked" not in lines[0]
        assert "nsp-sigmoid-loss" in lines[0] and lines[0].endswith("or to Canvas with --count 1 (docs/lms.md)")


def test_moodle_gives_one_variant_a_question_and_says_nothing_of_it(tmp_path, invoke):
    result = invoke("export", "moodle", "--classes", "C7", "--count", 3, "--seed", 1, "--out", tmp_path / "q.xml")
    assert result.exit_code == 0 and "draws each part's variant" not in result.stderr
