"""fix58t: export (Moodle, Canvas) and drill draw as generate does, so they warn as generate does
(review 57a F4) of an expression of the user's own bank that failed on some of their draws:
one line on stderr, in generate's words, at the expression's line."""

from __future__ import annotations

import pytest

from tests.round57_support import round57_bank as _bank
from test_round57_draws import DIVIDES, _warnings

# A let undefined where T = 2 (one value of T's ten), so a drill's few draws meet it too.
OFTEN = ('  diff: "z1 - z2"\n', '  diff: "z1 - z2"\n  boom: "1 / (T - 2)"\n')
WORDS = "draws made for these papers were thrown away because this expression failed (division by zero)"


@pytest.mark.parametrize("lms, out", [("moodle", "q.xml"), ("canvas", "q.zip")])
def test_export_warns_once_of_an_expression_that_failed_on_its_draws(invoke, tmp_path, lms, out):
    bank = _bank(tmp_path, DIVIDES)
    result = invoke("export", lms, "--bank", bank, "--classes", "C41", "--count", 60, "--seed", "round57-fix57v-seed",
                    "--out", tmp_path / out)
    _warned_once(result, bank)


def _warned_once(result, bank) -> None:
    """The run succeeded and warned once, at let.boom's line, in generate's words."""
    assert result.exit_code == 0, result.output
    said = [w for w in _warnings(result) if "thrown away" in w]
    assert len(said) == 1, result.stderr
    assert said[0].startswith(f"quizgen: warning: {bank / 'c41.yaml'}:17: let.boom: "), said
    assert WORDS in said[0], said


def test_export_says_nothing_when_no_draw_failed(invoke, tmp_path):
    result = invoke("export", "moodle", "--bank", _bank(tmp_path), "--classes", "C41", "--count", 3, "--seed", 5,
                    "--out", tmp_path / "q.xml")
    assert result.exit_code == 0 and not [w for w in _warnings(result) if "thrown away" in w], result.output


def test_drill_warns_once_of_an_expression_that_failed_on_its_draws(invoke, tmp_path):
    bank = _bank(tmp_path, OFTEN)
    result = invoke("drill", "--bank", bank, "--classes", "C41", "--seed", "fix58t-drill", "--count", 30, "--no-save",
                    input="s\n" * 200)
    _warned_once(result, bank)


def test_drill_says_nothing_when_no_draw_failed(invoke, tmp_path):
    result = invoke("drill", "--bank", _bank(tmp_path), "--classes", "C41", "--seed", 5, "--count", 2, "--no-save",
                    input="s\n" * 20)
    assert result.exit_code == 0 and not [w for w in _warnings(result) if "thrown away" in w], result.output
