"""`quizgen validate` and `quizgen export moodle/canvas` take --jobs, as generate and grade do
(default 0: one per CPU), spreading their templates over worker processes with generate's
own helper (generation/workers.ordered_map); what they print and write is byte for byte the
same for any number of jobs."""

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation import workers

EXAMPLES = "docs/examples/bert_bank"


def _run(*args) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def pooled(monkeypatch):
    """The ``jobs`` each call of ordered_map was given, its work done as before."""
    calls, real = [], workers.ordered_map

    def spy(func, chunks, jobs, *args, **kwargs):
        calls.append((jobs, len(chunks)))
        return real(func, chunks, jobs, *args, **kwargs)
    monkeypatch.setattr("quizgen.validation.run.ordered_map", spy)
    monkeypatch.setattr("quizgen.lms.variants.ordered_map", spy)
    return calls


@pytest.mark.parametrize("command", [["validate"], ["export", "moodle"], ["export", "canvas"]])
def test_the_option_has_generate_and_grades_default(command):
    help_text = " ".join(_run(*command, "--help").split())
    assert "--jobs INTEGER Processes to use (default 0: one per CPU); the output is the same for any number." \
        in help_text, help_text
    found = main.get_command(None, command[0])
    found = found.get_command(None, command[1]) if len(command) > 1 else found
    jobs = next(p for p in found.params if p.name == "jobs")
    assert jobs.default == 0 == next(p for p in main.get_command(None, "generate").params if p.name == "jobs").default


def test_a_negative_number_is_refused_in_one_line(tmp_path):
    result = CliRunner().invoke(main, ["export", "moodle", "--classes", "C1", "--jobs", "-3",
                                       "--out", str(tmp_path / "q.xml")])
    assert result.exit_code == 2 and "--jobs must be 0 (one per CPU) or more, got -3" in result.output
    assert not list(tmp_path.iterdir())


@pytest.mark.slow
def test_validate_prints_the_same_for_one_job_and_two(pooled):
    one = _run("validate", EXAMPLES, "--samples", "2", "--jobs", "1")
    two = _run("validate", EXAMPLES, "--samples", "2", "--jobs", "2")
    assert one == two and one.count("\nok C1") + one.startswith("ok C1") == 3, one
    assert pooled == [(1, 3), (2, 3)]


@pytest.mark.slow
@pytest.mark.parametrize("lms, name", [("moodle", "questions.xml"), ("canvas", "quiz.zip")])
def test_export_writes_the_same_bytes_for_one_job_and_two(tmp_path, pooled, lms, name):
    """The second export into the same folder keeps the first one's key (same seed: same secret),
    so the two files and the two keys can be compared byte for byte."""
    args = ["export", lms, "--classes", "C1,C7", "--count", "2", "--seed", "48613092775301"]
    said = _run(*args, "--jobs", "1", "--out", str(tmp_path / name))
    files = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert len(files) == 2 and name in files, files.keys()   # the export and its key file
    assert _run(*args, "--jobs", "2", "--out", str(tmp_path / name)) == said
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == files
    assert pooled == [(1, 2), (2, 2)]
