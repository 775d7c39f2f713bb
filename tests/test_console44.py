"""Review 44g F3: on a console whose code page lacks U+202F (a German or French
Windows, output redirected to a file: cp1252), a decimal-comma grade printed its
warnings' counts as ``1\\u202f200`` and then stopped with a UnicodeEncodeError
traceback at the summary, after the outputs were written. Such text is now shown
as near as the console allows: ``1 200``."""

import os
import subprocess
import sys
from pathlib import Path

from quizgen.ui import CONSOLE_ERRORS

ROOT = Path(__file__).resolve().parent.parent


def test_a_decimal_comma_grade_on_a_cp1252_console(tmp_path, c1_key):
    """The key is seed 1's C1 paper (fixtures_course.py): a whole paper proved nothing more here."""
    rows = ["student_id;question_id;part;answer", *[f"s{i};Q99;a;0,5" for i in range(1200)],
            *[f"s{i};Q1;a;0,716" for i in range(40)]]
    (tmp_path / "comma.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "cp1252", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "quizgen", "grade", "comma.csv", "--key", str(c1_key),
                          "--out", "out/", "--force-key"], cwd=tmp_path, env=env, capture_output=True, timeout=300)
    assert run.returncode == 0, run.stderr.decode("cp1252")
    said = (run.stdout + run.stderr).decode("cp1252")
    assert "Traceback" not in said and "\\u202f" not in said
    assert "1 200 of 1 240 answer rows" in said and "Graded 1 240 answers" in said


def test_the_console_fallback_keeps_what_it_can():
    text = "1\u202f200 \u2248 0,5 \u00e9"
    assert text.encode("ascii", errors=CONSOLE_ERRORS) == b"1 200 ? 0,5 ?"
    assert text.encode("cp1252", errors=CONSOLE_ERRORS) == "1 200 ? 0,5 \u00e9".encode("cp1252")
