"""A user bank made for a test from a template in tests/data, with edits (round 46's tests share it)."""

from pathlib import Path

DATA = Path(__file__).parent / "data"
SOFTMAX = "softmax_from_params46.yaml"   # a label-smoothing question written from its parameters (review 46a)


def bank_with(folder: Path, name: str = SOFTMAX, *edits: tuple, file: str = "c14.yaml") -> Path:
    """``folder/bank`` holding tests/data's ``name`` as ``file``, each ``(old, new)`` of
    ``edits`` made in it (each ``old`` must be there, so an edit never silently misses)."""
    text = (DATA / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    bank = folder / "bank"
    bank.mkdir()
    (bank / file).write_text(text, encoding="utf-8")
    return bank
