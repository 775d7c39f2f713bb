"""Per-student papers and LMS exports from a short seed are warned of (review 47a F3): with the
seed (and their own id) a student who has quizgen (the drill's users do) makes their paper and its
solutions, or the export with every variant's answer."""

import pytest


@pytest.fixture
def roster(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("student_id,name\ns001,Ada Lovelace\ns002,Alan Turing\n", encoding="utf-8")
    return path


def test_a_short_seed_for_per_student_papers_is_warned_of(invoke, tmp_path, roster):
    result = invoke("generate", "--seed", 42, "--students", roster, "--classes", "C6", "--out", tmp_path / "p")
    assert result.exit_code == 0, result.output
    assert "quizgen: warning: --seed 42 is short enough to guess" in result.stderr
    assert "leave --seed out" in result.stderr


@pytest.mark.parametrize("options", [("--seed", "exam-2026-spring-k7"), ("--seed", 2 ** 62), ()])
def test_a_long_or_fresh_seed_or_a_class_paper_is_not(invoke, tmp_path, roster, options):
    result = invoke("generate", *options, "--students", roster, "--classes", "C6", "--out", tmp_path / "p")
    assert result.exit_code == 0, result.output
    assert "short enough to guess" not in result.stderr
    class_paper = invoke("generate", "--seed", 42, "--classes", "C6", "--out", tmp_path / "c")
    assert class_paper.exit_code == 0 and "short enough to guess" not in class_paper.stderr


def test_the_student_s_own_paper_is_what_the_seed_and_id_make(invoke, tmp_path, roster):
    """Why the warning: a roster of the student alone makes the same solutions (the name line apart)."""
    mine = tmp_path / "me.csv"
    mine.write_text("student_id,name\ns002,Alan Turing\n", encoding="utf-8")
    for folder, students in (("all", roster), ("me", mine)):
        made = invoke("generate", "--seed", 9, "--students", students, "--split", "--classes", "C6,C7",
                      "--out", tmp_path / folder)
        assert made.exit_code == 0, made.output
    body = [(tmp_path / f / "solutions-s002.md").read_text(encoding="utf-8").split("\n## ", 1)[1] for f in ("all", "me")]
    assert body[0] == body[1]


@pytest.mark.parametrize("lms, name", [("moodle", "q.xml"), ("canvas", "q.zip")])
def test_an_export_from_a_short_seed_is_warned_of(invoke, tmp_path, lms, name):
    short = invoke("export", lms, "--classes", "C1", "--count", 2, "--seed", 42, "--out", tmp_path / "a" / name)
    assert short.exit_code == 0, short.output
    assert "quizgen: warning: --seed 42 is short enough to guess" in short.stderr
    assert "this export, every variant's answer with it" in short.stderr and "kept in its key file" in short.stderr
    fresh = invoke("export", lms, "--classes", "C1", "--count", 2, "--out", tmp_path / "b" / name)
    assert fresh.exit_code == 0 and "short enough to guess" not in fresh.stderr
