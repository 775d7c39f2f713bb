"""Two author mistakes whose first message pointed away from the cause (a
reviewer writing new classes met both): a wrong answer that equals one of
its traps, and lets that read each other in a cycle. Each bank is written
here and checked through ``quizgen validate --bank``."""

import pytest
from pathlib import Path

C20 = (Path(__file__).parent / "data" / "author" / "c20_temperature.yaml").read_text()
ANSWER = '    answer: "exp(z[t] / tau) / sum(exp(z / tau))"'


def _bank(tmp_path, old: str, new: str) -> tuple:
    """A bank holding the C20 template with ``old`` replaced by ``new``: the folder and the file."""
    assert old in C20
    bank = tmp_path / "bank"
    bank.mkdir()
    path = bank / "c20.yaml"
    path.write_text(C20.replace(old, new))
    return bank, path


def _line(path, start: str) -> int:
    return next(n for n, row in enumerate(path.read_text().splitlines(), 1) if row.startswith(start))


def _problems(result) -> list:
    return [row for row in result.output.splitlines() if not row.startswith(("quizgen: error", "built-in bank"))]


@pytest.mark.slow
def test_a_wrong_answer_equal_to_a_trap_is_reported_first_at_its_canonical_number(tmp_path, invoke):
    """The answer forgets the temperature, so it equals the trap temperature_ignored in every
    draw: the trap's rejection is real, but the canonical number 0.5065 shows the answer is wrong."""
    bank, path = _bank(tmp_path, ANSWER, '    answer: "exp(z[t]) / sum(exp(z))"')
    result = invoke("validate", "--bank", bank, "--samples", "20")
    assert result.exit_code == 1
    problems = _problems(result)
    assert problems[0] == (
        f"{path}:{_line(path, '  expect:')}: canonical.expect.top: states 0.5065 but the canonical instance "
        "gives 0.665241 (exactly exp(2)/(exp(2) + E + 1)); the part's tolerance allows 0.664741 to 0.665741; "
        f"if 0.5065 is right, the part's answer is wrong (parts.0.answer, line {_line(path, ANSWER[:11])})")
    assert "parts.0.traps.0: no draw passed" in problems[1] and len(problems) == 2


def test_lets_in_a_cycle_are_named_as_one_not_told_to_move(tmp_path, invoke):
    bank, path = _bank(tmp_path, '  t: "argmax(z)"\n', '  t: "argmax(z) + 0 * w"\n  w: "t * 2"\n')
    result = invoke("validate", "--bank", bank, "--samples", "0")
    t, w = _line(path, "  t:"), _line(path, "  w:")
    assert result.exit_code == 1
    assert _problems(result) == [
        f"{path}:{t}: let.t: the lets t -> w -> t refer to each other in a cycle: 't' (line {t}) reads 'w' "
        f"(line {w}), which reads 't'; no order of the lets can work them out, so write one of them from the "
        "parameters and the other lets"]


def test_a_let_that_reads_itself_is_told_so(tmp_path, invoke):
    bank, path = _bank(tmp_path, '  zmax: "max(z)"', '  zmax: "max(z) + 0 * zmax"')
    result = invoke("validate", "--bank", bank, "--samples", "0")
    assert _problems(result) == [f"{path}:{_line(path, '  zmax:')}: let.zmax: the let 'zmax' reads itself: "
                                 "write it from the parameters and the lets above it"]
