"""At a terminal under the C or POSIX locale, GNU readline read each byte of 0x80 or more as a Meta key, an
editing command: U+2212 minus typed (as phones, PDFs and copy-paste give it) was eaten and ``−0.335`` marked
as a right ``0.335``. Every byte now reaches the drill, which reads the line as a pipe's."""

import os

import pytest

from test_drill_tty import in_terminal

pytest.importorskip("pty")


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["C", "POSIX"])
def test_a_unicode_minus_typed_under_the_c_locale_is_read_as_a_minus(tmp_path, locale):
    pytest.importorskip("readline")
    env = {**os.environ, "LC_ALL": locale, "LANG": locale, "TERM": "dumb"}
    args = ["drill", "--seed", "1", "--classes", "C1", "--no-save", "--count", "1"]
    shown, code = in_terminal(args, ["0.716\r".encode(), "\u22120.335\r".encode()], env)
    assert code == 0 and "Traceback" not in shown
    part_b = shown[shown.index("(b) What is"):]
    assert "\u22120.335" in part_b and "Correct: 0.33454" not in part_b, part_b
    assert "Incorrect: the answer is 0.33454" in part_b and 'misconception "missing minus sign"' in part_b
