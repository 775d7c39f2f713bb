"""Reading a user bank's file (review of a newcomer's journey): values YAML
accepts but no template can use, duplicate keys, deep nesting, and files that
are not files. Each gives one line naming the file (and line), exit 2 from
generate and drill, and a listed problem from validate, never a traceback or
a hang."""

import os
from pathlib import Path

import pytest

from quizgen.bank.yamlfile import MAX_FILE_BYTES, odd_scalar, safe_load

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()


def _bank(tmp_path, old, new) -> Path:
    assert old in BASE
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(BASE.replace(old, new, 1), encoding="utf-8")
    return folder


def _refused(invoke, folder, tmp_path, words, line=None):
    """generate and drill exit 2 with one line naming the file (and line); validate lists it."""
    where = f"{folder / 'c11.yaml'}:{line}: " if line else f"{folder / 'c11.yaml'}: "
    for args in (["generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out"],
                 ["drill", "--bank", folder, "--classes", "C11", "--seed", 1, "--no-save"]):
        result = invoke(*args, input="")
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 2, result.output
        assert len(lines) == 1 and lines[0].startswith("quizgen: error: " + where), lines
        assert words in lines[0] and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()
    result = invoke("validate", folder, "--samples", 2)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert any(row.startswith(where) and words in row for row in result.output.splitlines()), result.output


@pytest.mark.parametrize("old, new, line, words", [
    ("  tau: {choice: [0.5, 2]}", "  tau: {choice: [.nan, 2]}", 9, "params.tau.choice.0: expected a finite number"),
    ("  tau: {choice: [0.5, 2]}", "  tau: {choice: [0.5, .inf]}", 9, "params.tau.choice.1: expected a finite number"),
    ("  expect: {p: 0.506}", "  expect: {p: -.inf}", 50, "canonical.expect.p: expected a finite number"),
    ('title: "Softmax with a temperature"', 'title: "Soft\\u0000max"', 3, "the control character U+0000"),
    ('"Divide every logit', '"\\eDivide every logit', 31, "the control character U+001B"),
    # half of a UTF-16 pair passed validate, then generate and export failed writing it (an empty folder left)
    ('title: "Softmax with a temperature"', 'title: "Soft\\uD800max"', 3, "a lone surrogate U+D800"),
    ("points: 2\n", "points: 2\npoints: 3\n", 5, "duplicate key 'points' (first given on line 4)"),
    ("  V: {integer: [3, 4]}\n", "  V: {integer: [3, 4]}\n  V: {integer: [5, 6]}\n", 8,
     "duplicate key 'V' (first given on line 7)"),
    # the tolerance rule key.json's reader accepts (grade refused the key generate wrote; validate crashed)
    ("    tolerance: {sigfigs: 3}", "    tolerance: {sigfigs: 100000}", 26,
     "parts.0.tolerance.sigfigs: sigfigs must be a whole number from 1 to 15"),
    ("    tolerance: {sigfigs: 3}", "    tolerance: {sigfigs: 2.5}", 26, "sigfigs must be a whole number from 1 to 15"),
    ("    tolerance: {sigfigs: 3}", "    tolerance: {atol: 0}", 26, "parts.0.tolerance.atol: a tolerance must be a number above 0"),
    ("    tolerance: {sigfigs: 3}", "    tolerance: {sigfigs: 3, rtol: 0.01}", 26, "give sigfigs, or rtol/atol, not both"),
], ids=["nan_choice", "inf_choice", "inf_expect", "nul_title", "escape_feedback", "surrogate_title",
        "duplicate_top", "duplicate_param", "sigfigs_huge", "sigfigs_fraction", "atol_zero", "sigfigs_and_rtol"])
@pytest.mark.slow
def test_a_value_no_template_can_use_is_one_line_with_its_line(invoke, tmp_path, old, new, line, words):
    _refused(invoke, _bank(tmp_path, old, new), tmp_path, words, line)


@pytest.mark.slow
@pytest.mark.parametrize("nest", ["[" * 5000 + "]" * 5000, "{a: " * 3000 + "1" + "}" * 3000])
def test_nesting_too_deep_to_read_is_one_line(invoke, tmp_path, nest):
    folder = _bank(tmp_path, "params:", f"junk: {nest}\nparams:")
    _refused(invoke, folder, tmp_path, "nested too deeply to read (more than 50 levels", line=6)


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(invoke, tmp_path):
    """generate stops at it (exit 2); validate lists it as the template's problem (exit 1)."""
    folder = _bank(tmp_path, "params:", "# " + "x" * MAX_FILE_BYTES + "\nparams:")
    message = f"{folder / 'c11.yaml'}: the file's size exceeds the limit of {MAX_FILE_BYTES:,} bytes " \
              "(see docs/authoring.md)"
    generated = invoke("generate", "--bank", folder, "--out", tmp_path / "out")
    assert generated.exit_code == 2 and generated.stderr.strip() == "quizgen: error: " + message
    validated = invoke("validate", folder)
    assert validated.exit_code == 1 and "Traceback" not in validated.output
    assert validated.stdout.strip() == message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("kind", ["fifo", "dev_zero"])
def test_a_template_that_is_not_a_regular_file_is_refused_without_reading(invoke, tmp_path, kind):
    """A FIFO would block the open and /dev/zero would fill memory."""
    folder = tmp_path / "bank"
    folder.mkdir()
    if kind == "fifo":
        os.mkfifo(folder / "c11.yaml")
    else:
        (folder / "c11.yaml").symlink_to("/dev/zero")
    _refused(invoke, folder, tmp_path, "cannot read: not a regular file")


def test_merge_keys_may_still_override_and_plain_yaml_reads_as_before():
    assert safe_load("base: &b {x: 1, y: 2}\nother: {<<: *b, y: 3}\n") == {
        "base": {"x": 1, "y": 2}, "other": {"x": 1, "y": 3}}
    assert safe_load("a: [1, 2.5, 'x']\nb: {c: null}\n") == {"a": [1, 2.5, "x"], "b": {"c": None}}
    assert safe_load("a: 5e-1") == {"a": "5e-1"}   # a template reads YAML 1.1 as before; the policy does not


def test_odd_scalar_finds_the_first_bad_value_and_passes_tabs_and_newlines():
    assert odd_scalar({"stem": "a\tb\nc\r\n", "x": [1, 2.5, {"y": "ok"}]}) is None
    assert odd_scalar({"a": {"b": [1, float("nan")]}})[0] == ("a", "b", 1)
    assert odd_scalar({"a": "\x7f"})[1].startswith("text holds the control character U+007F")
    assert odd_scalar({"a": ["ok", "x\udfff"]})[:2] == (("a", 1), "text holds a lone surrogate U+DFFF (half of a "
                                                             "character), which no file can hold")


@pytest.mark.slow
def test_the_shipped_bank_has_no_duplicate_keys_or_odd_values(bank):
    assert bank and all(odd_scalar(safe_load(Path(t.path).read_text())) is None for t in bank)


@pytest.mark.slow
def test_a_bank_folder_with_too_many_templates_is_refused_at_once(invoke, tmp_path, monkeypatch):
    """rev-hostile23b: a thousand templates validated for about 45 minutes with
    no sign of progress; a folder over MAX_TEMPLATES is one line, exit 2."""
    from quizgen.bank import loader

    monkeypatch.setattr(loader, "MAX_TEMPLATES", 10)   # the built-in bank's ten are within it
    folder = tmp_path / "bank"
    folder.mkdir()
    for n in range(11):
        (folder / f"t{n}.yaml").write_text(BASE.replace("id: ", f"id: t{n}-", 1), encoding="utf-8")
    for args in (["validate", "--bank", folder], ["generate", "--bank", folder, "--out", tmp_path / "out"]):
        result = invoke(*args)
        assert result.exit_code == 2, result.output
        assert f"{folder}: 11 template files: a bank folder holds at most 10" in result.output
    assert not (tmp_path / "out").exists()
    (folder / "t10.yaml").unlink()
    assert "ok C11 t0-" in invoke("validate", "--bank", folder, "--samples", 0).output


@pytest.mark.slow
def test_a_template_file_name_with_a_line_break_stays_on_its_report_line(invoke, tmp_path):
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "odd\nname.yaml").write_text(BASE, encoding="utf-8")
    lines = invoke("validate", "--bank", folder, "--samples", 2).output.splitlines()
    assert lines[0].startswith("ok C11 ") and lines[0].endswith("distinct variants in 2 draws") and "odd?name.yaml" in lines[0]
