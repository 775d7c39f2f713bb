"""README's set-up section, as a first-time user follows it: the test command says it runs the slow tests too
and how long, with the quick command beside it, and shell completion is named with a command that works."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
SET_UP = README.split("## Set-up")[1].split("\n## ")[0]


def test_the_set_up_gives_the_full_runs_time_and_the_quick_command_beside_it():
    flat = " ".join(SET_UP.split())
    assert "the slow ones too, as CI does (pytest took 28 minutes" in flat
    assert '```bash python -m pytest -m "not slow" ```' in flat


@pytest.mark.slow
def test_the_completion_command_the_readme_gives_completes_commands_and_options():
    command = re.search(r'`eval "\$\((_QUIZGEN_COMPLETE)=(bash_source) quizgen\)"`', SET_UP)
    assert command, SET_UP
    quizgen = [sys.executable, "-m", "quizgen"]
    source = subprocess.run(quizgen, env={**os.environ, command[1]: command[2]}, capture_output=True, text=True,
                            timeout=60)
    assert "complete -o nosort -F _quizgen_completion quizgen" in source.stdout, source.stderr
    words = {**os.environ, "_QUIZGEN_COMPLETE": "bash_complete", "COMP_WORDS": "quizgen export canvas --c",
             "COMP_CWORD": "3"}
    said = subprocess.run(quizgen, env=words, capture_output=True, text=True, timeout=60).stdout.split()
    assert said == ["plain,--classes", "plain,--count"], said
