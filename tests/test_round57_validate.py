"""Round 57 (review 57a): validate's warnings an author needs (F2: a trap no test can answer
with, left out at the canonical draw by the 2% gap)."""

from __future__ import annotations

from pathlib import Path

from tests.round57_support import round57_bank as _bank

# A second trap, the logits' plain share, is 0.6667 beside the answer's 0.6792 at the canonical
# z = (2, -1), T = 4: 1.8% apart, so the canonical draw leaves it out; elsewhere it lies further off.
SHARE_TRAP = '''      - code: logits_as_shares
        name: "the logits' share taken as the probability"
        value: "z1 / (z1 - z2)"
        feedback: "Take the softmax of the logits, not their share."
solution:'''


def _line_of(bank: Path, needle: str) -> int:
    return next(n for n, line in enumerate((bank / "c41.yaml").read_text().splitlines(), 1) if needle in line)


def test_a_trap_left_out_at_the_canonical_draw_is_warned_of(invoke, tmp_path):
    """Review 57a F2: no warning was printed, though no test can answer with such a trap."""
    bank = _bank(tmp_path, ("solution:", SHARE_TRAP))
    result = invoke("validate", bank, "--samples", "5")
    assert result.exit_code == 0, result.output
    line = _line_of(bank, "code: logits_as_shares")
    warned = [w for w in result.output.splitlines() if w.startswith(f"{bank / 'c41.yaml'}:{line}: ")]
    assert len(warned) == 1, result.output
    assert "parts.0.traps.1: warning: no test can answer with this trap" in warned[0]
    assert "its value, 0.6667, lies within 2% of the answer, 0.6792" in warned[0]
    assert "pick canonical parameters where the two lie further apart" in warned[0]


def test_a_test_at_the_left_out_value_answers_the_warning(invoke, tmp_path):
    """A test at the trap's value, graded as the canonical draw grades it, tells validate that the
    author knows (the shipped C1's 0.667): no warning then."""
    test = '  - {part: p1, answer: "0.667", status: incorrect}\n'
    bank = _bank(tmp_path, ("solution:", SHARE_TRAP), ("tests:\n", "tests:\n" + test))
    result = invoke("validate", bank, "--samples", "5")
    assert result.exit_code == 0 and "no test can answer" not in result.output, result.output


def test_a_trap_whose_when_is_false_at_the_canonical_draw_is_not_warned_of(invoke, tmp_path):
    """Its when is the author's own statement that the slip cannot be made there."""
    when = '        when: "T != 4"\n        feedback: "Divide'
    bank = _bank(tmp_path, ('        feedback: "Divide', when),
                 ('  - {part: p1, answer: "0.953", status: incorrect, misconception: temperature_ignored}\n', ""))
    result = invoke("validate", bank, "--samples", "5")
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def _problems(result) -> list:
    return [line for line in result.output.splitlines() if ".yaml:" in line]


def test_a_misspelt_traps_key_is_one_problem_with_the_tests_it_leaves_naming_no_trap(invoke, tmp_path):
    """Review 57a F7: `trapz:` gave its own line and one more for each test naming a trap of the part."""
    bank = _bank(tmp_path, ("    traps:\n", "    trapz:\n"))
    result = invoke("validate", bank, "--samples", "3")
    assert result.exit_code == 1, result.output
    test_line = _line_of(bank, "misconception: temperature_ignored")
    assert _problems(result) == [
        f"{bank / 'c41.yaml'}:{_line_of(bank, 'trapz:')}: parts.0.trapz: unknown key 'trapz' (did you mean "
        f"'traps'?); the test at line {test_line} names 'temperature_ignored', which no trap of the part has now"]


def test_a_misspelt_required_top_level_key_is_one_problem_at_the_misspelling(invoke, tmp_path):
    """Review 57a F7: `solutoin:` gave "missing required key 'solution'" at line 1 as well."""
    bank = _bank(tmp_path, ("\nsolution:\n", "\nsolutoin:\n"))
    result = invoke("validate", bank, "--samples", "3")
    assert result.exit_code == 1, result.output
    assert _problems(result) == [f"{bank / 'c41.yaml'}:{_line_of(bank, 'solutoin:')}: solutoin: unknown key "
                                 "'solutoin' (did you mean 'solution'?): 'solution' is required"]


def test_a_required_top_level_key_left_out_is_still_missing(invoke, tmp_path):
    bank = _bank(tmp_path, ("title: \"A softmax over two logits with a temperature\"\n", ""))
    result = invoke("validate", bank, "--samples", "3")
    assert result.exit_code == 1 and "missing required key 'title'" in result.output, result.output
