"""benchmarks/stages.py, which docs/performance.md names for where one grade's
time goes: every stage it times must still exist where it says (it failed with
an AttributeError once a stage moved), and a run must print each stage the
grade passes through, wherever that stage is called from."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from stages import STAGES, stage_function  # noqa: E402
from workload import roster, student_answers  # noqa: E402

from quizgen.cli import main  # noqa: E402


@pytest.mark.parametrize("where", [where for where, _ in STAGES])
def test_each_stage_is_defined_in_the_module_it_names(where):
    module_name = where.split(":")[0]
    assert inspect.getmodule(stage_function(where)).__name__ == module_name


def test_a_run_prints_the_stages_of_a_per_student_grade(tmp_path):
    roster(tmp_path / "roster.csv", 6)
    made = CliRunner().invoke(main, ["generate", "--students", str(tmp_path / "roster.csv"), "--seed", "3",
                                     "--classes", "C1,C7", "--out", str(tmp_path / "gen")])
    assert made.exit_code == 0, made.output
    student_answers(tmp_path / "gen" / "key.json", tmp_path / "answers.csv")
    run = subprocess.run([sys.executable, str(BENCHMARKS / "stages.py"), str(tmp_path / "answers.csv"),
                          "--key", str(tmp_path / "gen" / "key.json"), "--out", str(tmp_path / "out" / "graded.csv")],
                         capture_output=True, text=True, timeout=120)
    labels = {line[7:51].strip() for line in run.stderr.splitlines() if line.startswith(("main ", "later "))}
    expected = {"key.json: JSON parse", "key.json: typed key", "key index", "pass over the rows",
                "tally: each part's counts", "tally: each student's counts", "totals and statistics",
                "students, questions, report.md"}
    assert expected <= labels, run.stderr
    assert (tmp_path / "out" / "graded.csv").exists()
