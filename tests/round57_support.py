"""The round-57 tests' bank: tests/data/round57/c41_temperature.yaml, a small template
written for them, copied into a bank folder with some of its lines changed."""

from __future__ import annotations

from pathlib import Path

BASE = Path(__file__).parent / "data" / "round57" / "c41_temperature.yaml"


def round57_bank(tmp_path: Path, *edits) -> Path:
    """A bank folder holding the round-57 template with each ``(old, new)`` of ``edits`` made
    (the first place of ``old``, which must be there)."""
    text = BASE.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c41.yaml").write_text(text, encoding="utf-8")
    return bank
