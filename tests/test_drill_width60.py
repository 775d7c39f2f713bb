"""The drill wraps its text to the terminal's width (at most 80 columns), never mid-word: in a narrow
terminal (a phone, a split pane) lines used to be 80 long and the terminal broke them mid-word. A pipe
or file still gets 80 columns, so saved output is the same wherever it is made."""

import io
import os

import pytest

from quizgen.drill import terminal
from test_drill_tty import in_terminal

pytest.importorskip("pty")

KEPT_WHOLE = ("Class  ", "C1     ", "- try: ")   # the score table's rows and a command to copy keep their lines


@pytest.mark.slow
def test_a_30_column_terminal_gets_lines_of_30_columns(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    args = ["drill", "--seed", "1", "--no-save", "--classes", "C1", "--count", "1"]
    shown, code = in_terminal(args, [b"0.716\r", b"h\r", b"0.5\r"], {**env, "TERM": "dumb"}, size=(40, 30))
    assert code == 0 and "Worked solution" in shown
    lines = shown.replace("\r", "").splitlines()
    long = [line for line in lines if len(line) > 30 and not line.startswith(KEPT_WHOLE)]
    assert long == [], long
    assert "Question 1 (C1): Masked-token" in lines and "loss: a confident, correct" in lines, lines


def test_a_pipe_gets_80_columns_and_a_terminal_at_most_80(monkeypatch):
    assert terminal.columns(io.StringIO()) == 80

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    for given, used in ((30, 30), (200, 80), (5, terminal.NARROWEST)):
        monkeypatch.setenv("COLUMNS", str(given))
        assert terminal.columns(Terminal()) == used
