"""Session 29, left29c: direction controls refused in a bank's text and in
filled text, key.json read in UTF-16/UTF-32 by generate's look at an earlier
output, and the notes naming a few students through wording.named_few."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

BANK = Path(__file__).resolve().parent.parent / "question_bank" / "c10_causal_lm.yaml"
WHY = "which can make a paper read differently from what it says"
STEM_LINE = BANK.read_text(encoding="utf-8").splitlines().index("stem: |") + 1
"""The line of c10's ``stem:`` key, which the messages name."""


def _bank_with(tmp_path, before: str, after: str) -> Path:
    """A folder holding c10 with ``before`` in its stem replaced by ``after``."""
    text = BANK.read_text(encoding="utf-8")
    assert before in text
    folder = tmp_path / "bank"
    folder.mkdir()
    text = text.replace("id: causal-lm-next-token-loss", "id: causal-lm-copy", 1)   # no built-in id's clash
    (folder / "t.yaml").write_text(text.replace(before, after, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize("char", ["\u202a", "\u202e", "\u2066", "\u2069"])
@pytest.mark.slow
def test_validate_refuses_a_literal_direction_control(invoke, tmp_path, char):
    folder = _bank_with(tmp_path, "A GPT-style", "A " + char + "GPT-style")
    result = invoke("validate", str(folder))
    assert result.exit_code == 1, result.output
    assert f"t.yaml:{STEM_LINE}: stem: text holds the direction control U+{ord(char):04X}, {WHY}\n" in result.output


@pytest.mark.slow
def test_validate_keeps_lrm_and_rlm(invoke, tmp_path):
    """LRM and RLM only mark a direction, as right-to-left text needs."""
    folder = _bank_with(tmp_path, "A GPT-style", "A \u200e\u200fGPT-style")
    result = invoke("validate", str(folder))
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_validate_refuses_a_jinja_escape_printing_a_direction_control(invoke, tmp_path):
    folder = _bank_with(tmp_path, "A GPT-style", "A {{ '\\u202e' }}GPT-style")
    result = invoke("validate", str(folder))
    assert result.exit_code == 1, result.output
    assert f"t.yaml:{STEM_LINE}: stem: the filled text holds the direction control U+202E, {WHY}" in result.output


@pytest.mark.parametrize("fmt", ["md", "tex", "text"])
@pytest.mark.parametrize("escape, code", [("\\u202e", "U+202E"), ("\\u202d", "U+202D"), ("\\u2067", "U+2067")])
def test_a_jinja_escape_cannot_print_a_direction_control(fmt, escape, code):
    from quizgen.errors import TemplateError
    from quizgen.text.render import render_many, render_string

    source = "A {{ '" + escape + "' }} model"
    with pytest.raises(TemplateError, match=re.escape(f"the filled text holds the direction control {code}, {WHY}")):
        render_string(source, {}, fmt)
    with pytest.raises(TemplateError, match=re.escape(f"the direction control {code}")):
        render_many(["plain", source], {}, fmt)


def test_filled_text_keeps_lrm_and_rlm():
    from quizgen.text.render import render_string

    assert render_string("{{ 'a\\u200eb\\u200fc' }}", {}, "text") == "a\u200eb\u200fc"


def test_no_shipped_bank_or_fixture_holds_a_direction_control():
    root = BANK.parent.parent
    found = [str(p) for top in ("question_bank", "templates", "tests") if (root / top).exists()
             for p in (root / top).rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml", ".j2", ".tex", ".md")
             and re.search("[\u202a-\u202e\u2066-\u2069]", p.read_text(encoding="utf-8", errors="replace"))]
    assert found == []


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-be", "utf-8-sig"])
def test_read_json_reads_a_key_saved_with_a_byte_order_mark(tmp_path, encoding):
    from quizgen.files import read_json

    path = tmp_path / "key.json"
    path.write_bytes((("\ufeff" if encoding.endswith("-be") else "") + '{"a": "\u00e9", "b": [1]}').encode(encoding))
    assert read_json(path) == {"a": "\u00e9", "b": [1]}


def test_read_json_without_a_mark_is_utf8_only(tmp_path):
    from quizgen.files import read_json

    path = tmp_path / "key.json"
    path.write_bytes('{"a": 1}'.encode("utf-16-le"))
    assert read_json(path) is None


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_generate_again_over_a_key_saved_as_utf16_keeps_its_secret(invoke, tmp_path, monkeypatch, encoding):
    """The paper made again over its own key, saved again by an editor in UTF-16:
    before, generate called that key unreadable and refused (exit 2)."""
    import json

    monkeypatch.chdir(tmp_path)
    args = ("generate", "--classes", "C1", "--count", "1", "--seed", "s", "--out", "o")
    assert invoke(*args).exit_code == 0
    key = tmp_path / "o" / "key.json"
    secret = json.loads(key.read_text(encoding="utf-8"))["secret"]
    key.write_bytes(key.read_text(encoding="utf-8").encode(encoding))
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert json.loads(key.read_text(encoding="utf-8"))["secret"] == secret


_ONE_HELPER = ("students", "timestamps", "run", "no_id", "gradebook_warnings", "attempt_choice")
_HINTED = {("gradebook_warnings", "off_roster_warning")}
"""Calls that slice by hand because each shown id costs a search (the nearest
roster id): naming only the first few keeps that to a few searches."""


def _hand_sliced(module: str) -> list:
    """``(function, line)`` of each named_first call in grading/``module``.py
    whose first argument slices a list itself (``x[:limit]``), as wording.named_few does."""
    import ast

    tree = ast.parse((BANK.parent.parent / "quizgen" / "grading" / f"{module}.py").read_text(encoding="utf-8"))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        for call in ast.walk(function):
            if (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "named_first" and call.args
                    and any(isinstance(node, ast.Slice) for node in ast.walk(call.args[0]))
                    and (module, function.name) not in _HINTED):
                found.append((function.name, call.lineno))
    return found


@pytest.mark.parametrize("module", _ONE_HELPER)
def test_grading_names_a_few_through_the_one_helper(module):
    """The notes naming a few students call wording.named_few, not named_first(x[:limit], len(x))."""
    assert _hand_sliced(module) == []


def test_attempt_note_names_five_then_how_many_more():
    from quizgen.grading.attempt_choice import attempt_note

    chosen = {f"s{n}": 1 for n in range(7)}
    note = attempt_note("d.csv", chosen, "last", 7)
    assert "7 student(s) had more than one attempt (s0, s1, s2, s3, s4 and 2 more)" in note[0]
    assert "(s0, s1)" in attempt_note("d.csv", {"s0": 1, "s1": 2}, "last", 2)[0]


def test_resubmission_names_ten_then_how_many_more():
    from quizgen.grading.timestamps import resubmission_lines

    ids = [f"s{n}" for n in range(12)]
    line = resubmission_lines(ids, dict.fromkeys(range(12), 1), ["student_id", "answer"])[0]
    assert ": " + ", ".join(ids[:10]) + " and 2 more" in line, line
