"""Review 58a F9: a progress path or --bank folder holding a control character was written raw to the
terminal (an escape sequence ran, a line break split the line). Paths are shown with such characters
as ``?``, and the suggested commands quote them in bash's ``$'...'``, which pastes back as the path."""

import shutil
import subprocess

import pytest

from quizgen.wording import shell_word

from test_drill_hints import drill

NAMES = ["\x1b[31mred.json", "a\nb.json", "it's\\here\x7f.json", "r\udce9s.json", "plain name.json", "tab\there"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("name", NAMES)
def test_a_shell_word_pastes_back_as_the_same_name(name):
    word = shell_word(name)
    assert word.isprintable()
    said = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, check=True).stdout
    assert said == name.encode("utf-8", "surrogateescape")


def test_the_drill_writes_no_control_character_of_a_path(tmp_path):
    state, bank = tmp_path / "\x1b[31mred\n.json", tmp_path / "bank\x1b[2J"
    bank.mkdir()
    output, _ = drill("0.5\nq\n", classes="C1", seed=1, state=str(state), banks=(str(bank),))
    assert "\x1b" not in output and "red\n" not in output, output
    flat = " ".join(output.split())
    assert f"New progress file: {tmp_path}/?[31mred?.json" in flat and "Progress saved to" in flat
    assert f"--state {shell_word(state)}" in flat and f"--bank {shell_word(bank)}" in flat
