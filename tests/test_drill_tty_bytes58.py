"""Review 58a F2: at a terminal under a UTF-8 locale, GNU readline dropped a byte that is not UTF-8
(a Latin-1 terminal's ``×``, 0xD7) and the rest of the line was marked: ``7.16×10^-1`` as
``7.1610^-1``, a miss. The byte now reaches the drill, which asks again as it does for a pipe."""

import os
from types import SimpleNamespace

import pytest

from quizgen.drill import terminal
from test_drill_tty import in_terminal

pytest.importorskip("pty")


@pytest.mark.slow
def test_a_byte_that_is_not_utf8_typed_at_a_terminal_is_asked_again_not_marked(tmp_path):
    pytest.importorskip("readline")
    env = {**os.environ, "LC_ALL": "C.UTF-8", "TERM": "dumb"}
    args = ["drill", "--seed", "1", "--classes", "C1", "--no-save", "--count", "1"]
    shown, code = in_terminal(args, [b"7.16\xd710^-1\r", b"q\r"], env)
    assert code == 0 and "Traceback" not in shown
    assert "holds a byte that is not UTF-8" in shown and "Incorrect" not in shown, shown


class FakeReadline:
    def __init__(self, version, doc="GNU readline"):
        self._READLINE_LIBRARY_VERSION, self.__doc__, self.bound = version, doc, []

    def parse_and_bind(self, line):
        self.bound.append(line)


def test_line_editing_is_kept_only_where_readline_keeps_every_byte():
    new = FakeReadline("8.2")
    assert terminal.keeps_bytes(new, "utf-8") and new.bound == [*terminal.EIGHT_BIT, "set byte-oriented on"]
    old = FakeReadline("8.0")
    assert not terminal.keeps_bytes(old, "utf-8")   # it would drop the byte: plain read
    assert old.bound == list(terminal.EIGHT_BIT)
    assert terminal.keeps_bytes(FakeReadline("7.0"), "latin-1")   # a one-byte locale: bytes read as they come
    assert terminal.keeps_bytes(SimpleNamespace(__doc__="... using libedit readline.", _READLINE_LIBRARY_VERSION="2.11"),
                                "utf-8")
