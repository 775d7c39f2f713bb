"""Round 57 (review 57a): validate's warnings an author needs (F2: a trap no test can answer
with, left out at the canonical draw by the 2% gap)."""

from __future__ import annotations

from pathlib import Path

BASE = Path(__file__).parent / "data" / "round57" / "c41_temperature.yaml"
# A second trap, the logits' plain share, is 0.6667 beside the answer's 0.6792 at the canonical
# z = (2, -1), T = 4: 1.8% apart, so the canonical draw leaves it out; elsewhere it lies further off.
SHARE_TRAP = '''      - code: logits_as_shares
        name: "the logits' share taken as the probability"
        value: "z1 / (z1 - z2)"
        feedback: "Take the softmax of the logits, not their share."
solution:'''


def _bank(tmp_path: Path, *edits) -> Path:
    """A bank folder holding the round-57 template with each ``(old, new)`` of ``edits`` made."""
    text = BASE.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c41.yaml").write_text(text, encoding="utf-8")
    return bank


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
