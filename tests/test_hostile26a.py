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


DEEP_STEMS = {
    "parentheses": "{{ " + "(" * 100 + "T" + ")" * 100 + " }}",
    "if_blocks": "{% if T %}" * 250 + "x" + "{% endif %}" * 250,
}
"""Stem lines nested beyond what Jinja2's recursive parser can read."""

COMPILE_DEEP_STEMS = {
    "if_blocks": "{% if T %}" * 110 + "x" + "{% endif %}" * 110,
    "for_loops": "{% for a in l %}" * 25 + "x" + "{% endfor %}" * 25,
}
"""Stem lines Jinja2 parses, but whose Python code Python refuses to compile."""


def _deep_bank(tmp_path, line: str) -> Path:
    bank = tmp_path / "bank"
    bank.mkdir()
    text = PERPLEXITY.read_text(encoding="utf-8")
    marker = "  A language model is scored"
    assert marker in text
    (bank / "c13.yaml").write_text(text.replace(marker, f"  {line}\n{marker}", 1), encoding="utf-8")
    return bank


def _commands(bank: Path, tmp_path: Path):
    return {"list": ("list", "--bank", bank),
            "generate": ("generate", "--bank", bank, "--seed", "1", "--out", tmp_path / "out"),
            "export": ("export", "moodle", "--bank", bank, "--out", tmp_path / "quiz.xml"),
            "drill": ("drill", "--bank", bank, "--classes", "C13", "--seed", "1", "--no-save")}


@pytest.mark.parametrize("kind", sorted(DEEP_STEMS))
@pytest.mark.parametrize("command", ["list", "generate", "export", "drill", "validate"])
def test_deeply_nested_text_is_one_line_error(tmp_path, invoke, kind, command):
    """Jinja2's parser recursed past Python's stack: a RecursionError traceback."""
    bank = _deep_bank(tmp_path, DEEP_STEMS[kind])
    args = ("validate", bank) if command == "validate" else _commands(bank, tmp_path)[command]
    result = invoke(*args, input="q\n")
    assert result.exit_code == (1 if command == "validate" else 2)
    assert "c13.yaml:33: stem: template text nested too deeply" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "quiz.xml").exists()


@pytest.mark.parametrize("kind", sorted(COMPILE_DEEP_STEMS))
@pytest.mark.parametrize("command", ["generate", "export", "drill"])
def test_text_python_cannot_compile_is_one_line_error(tmp_path, invoke, kind, command):
    """Python's compile refused the generated code (SyntaxError): a traceback."""
    bank = _deep_bank(tmp_path, COMPILE_DEEP_STEMS[kind])
    result = invoke(*_commands(bank, tmp_path)[command], input="q\n")
    assert result.exit_code == 2, result.output
    assert "c13.yaml:33: stem: template text exceeds a limit: nesting of blocks" in result.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "quiz.xml").exists()
