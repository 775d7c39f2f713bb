"""Session 26 (hostile26a): hostile banks, export keys and output folders."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

EXAMPLE_BANK = Path(__file__).resolve().parents[1] / "docs" / "examples" / "bert_bank"
PERPLEXITY = EXAMPLE_BANK / "c13_perplexity.yaml"


def _bank_with(tmp_path, extra: str) -> Path:
    """A one-template bank: the example perplexity template plus ``extra`` lines."""
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c13.yaml").write_text(PERPLEXITY.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return bank


def test_many_unknown_keys_are_reported_in_linear_time(tmp_path, invoke):
    """40,000 unknown top-level keys (half a megabyte) were located one by one,
    re-reading and re-scanning the file for each: minutes. Now seconds."""
    bank = _bank_with(tmp_path, "".join(f"x{i}: {i}\n" for i in range(40_000)))
    start = time.monotonic()
    result = invoke("list", "--bank", bank)
    elapsed = time.monotonic() - start
    assert result.exit_code == 2
    assert "c13.yaml:" in result.output and "unknown key 'x0'" in result.output
    assert "39999 more problems" in result.output
    assert elapsed < 20, f"took {elapsed:.1f} s"
