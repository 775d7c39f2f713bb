"""Grading a plain answers file imports neither the bank, its YAML reader
nor the sampler: they cost about 40 ms of every grade's start (docs/performance.md),
and only an LMS export's key (quizgen.lms.exportkey reads its seed labels
back through them) or the feedback sheets' worked solutions need them."""

import pytest
import json
import subprocess
import sys

CODE = """
import sys
from quizgen.cli import main
try:
    main(["grade", sys.argv[1], "--key", sys.argv[2], "--out", sys.argv[3], "--no-html"])
except SystemExit:
    pass
loaded = sorted(m for m in ("quizgen.bank.loader", "quizgen.generation.sampling", "quizgen.generation.make", "yaml")
                if m in sys.modules)
print("loaded:", ",".join(loaded) or "none")
"""


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [
    {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}]}


@pytest.mark.slow
def test_grading_a_plain_file_loads_no_bank_sampler_or_yaml(tmp_path):
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", CODE, str(answers), str(tmp_path / "key.json"), str(tmp_path / "out/")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "loaded: none", run.stdout
