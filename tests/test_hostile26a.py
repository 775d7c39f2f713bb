"""Session 26 (hostile26a): hostile banks, export keys and output folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from run_support import cpu_seconds

EXAMPLE_BANK = Path(__file__).resolve().parents[1] / "docs" / "examples" / "bert_bank"
PERPLEXITY = EXAMPLE_BANK / "c13_perplexity.yaml"


def _bank_with(tmp_path, extra: str) -> Path:
    """A one-template bank: the example perplexity template plus ``extra`` lines."""
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c13.yaml").write_text(PERPLEXITY.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return bank


@pytest.mark.slow
def test_many_unknown_keys_are_reported_in_linear_time(tmp_path, invoke):
    """40,000 unknown top-level keys (half a megabyte) were located one by one,
    re-reading and re-scanning the file for each: minutes. Now seconds."""
    bank = _bank_with(tmp_path, "".join(f"x{i}: {i}\n" for i in range(40_000)))
    start = cpu_seconds()
    result = invoke("list", "--bank", bank)
    elapsed = cpu_seconds() - start
    assert result.exit_code == 2
    assert "c13.yaml:" in result.output and "unknown key 'x0'" in result.output
    assert "39999 more problems" in result.output
    assert elapsed < 60, f"took {elapsed:.1f} s"   # 252 s before; ~3 s alone, 20 s on a loaded machine


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
@pytest.mark.slow
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
@pytest.mark.slow
def test_text_python_cannot_compile_is_one_line_error(tmp_path, invoke, kind, command):
    """Python's compile refused the generated code (SyntaxError): a traceback."""
    bank = _deep_bank(tmp_path, COMPILE_DEEP_STEMS[kind])
    result = invoke(*_commands(bank, tmp_path)[command], input="q\n")
    assert result.exit_code == 2, result.output
    assert "c13.yaml:33: stem: template text exceeds a limit: nesting of blocks" in result.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "quiz.xml").exists()


C7 = "nsp-sigmoid-loss"


def _moodle_export(tmp_path, invoke, *bank) -> tuple:
    """``export moodle --classes C7 --count 2 --seed 42`` and a one-student Moodle
    download of its first variant: (download, export key, its data)."""
    from lms_support import export_labels, moodle_csv

    result = invoke("export", "moodle", "--classes", "C7", "--count", 2, "--seed", 42, *bank,
                    "--out", tmp_path / "questions.xml")
    assert result.exit_code == 0, result.output
    key = tmp_path / "questions-key.json"
    code = {label: code for (_, code), label in export_labels(key).items()}[f"42/{C7}/0"]
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00", "Question 1", "Response 1", "Right answer 1"]
    body = [["S", "Test", "s001", "", "Finished", "", "", "", "5.00", f"NSP ... [quizgen:{C7}:{code}]",
             "part 1: 0.0198; part 2: 3.92; part 3: 0.0200", ""]]
    (tmp_path / "responses.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    return tmp_path / "responses.csv", key, json.loads(key.read_text(encoding="utf-8"))


@pytest.mark.parametrize("version, said", [
    (2, "version 2: written by a newer quizgen (this one reads version 1); upgrade quizgen"),
    (1.0, "version 1.0: expected 1, as export writes it; the export key was edited"),
    (None, "version null: expected 1, as export writes it; the export key was edited"),
    (True, "version true: expected 1, as export writes it; the export key was edited"),
    ("1", 'version "1": expected 1, as export writes it; the export key was edited')])
@pytest.mark.slow
def test_an_export_key_of_another_version_is_refused_in_one_line(tmp_path, invoke, version, said):
    """Round 41: the export key's version was never read, so a newer quizgen's key would be read as this one's."""
    download, key, data = _moodle_export(tmp_path, invoke)
    key.write_text(json.dumps({**data, "version": version}), encoding="utf-8")
    result = invoke("grade", download, "--key", key)
    assert result.exit_code == 2, result.output
    assert result.output.strip() == f"quizgen: error: {key}: {said}"


@pytest.mark.parametrize("banks", [[123], [["x"]], "abc", {"a": 1}, [""], None])
@pytest.mark.slow
def test_export_key_banks_not_a_list_of_paths_is_refused(tmp_path, invoke, banks):
    """``"banks": [123]`` was a TypeError traceback; ``"abc"`` was read letter by letter."""
    download, key, data = _moodle_export(tmp_path, invoke)
    key.write_text(json.dumps({**data, "banks": banks}), encoding="utf-8")
    result = invoke("grade", download, "--key", key)
    assert result.exit_code == 2, result.output
    assert result.output.strip() == (f"quizgen: error: {key}: banks: expected a list of folder paths, as export "
                                     "writes it; the export key was edited")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["questions-key.json", "questions.xml", "responses.csv"]


def test_export_key_bank_folder_missing_names_the_key(tmp_path, invoke):
    download, key, data = _moodle_export(tmp_path, invoke)
    key.write_text(json.dumps({**data, "banks": [str(tmp_path / "gone")]}), encoding="utf-8")
    result = invoke("grade", download, "--key", key)
    assert result.exit_code == 2, result.output
    assert result.output.strip().startswith(f"quizgen: error: {key}: banks: {tmp_path / 'gone'} is not a folder")


@pytest.mark.slow
def test_bank_folder_from_export_key_is_noted(tmp_path, invoke):
    """A key (untrusted) that names a bank folder had its templates loaded silently."""
    bank = tmp_path / "mybank"
    bank.mkdir()
    download, key, _ = _moodle_export(tmp_path, invoke, "--bank", bank)
    result = invoke("grade", download, "--key", key)
    assert result.exit_code == 0, result.output
    assert f"the bank folder(s) the export key names were loaded: {bank.resolve()}" in result.output
    result = invoke("grade", download, "--key", key, "--bank", bank, "--out", tmp_path / "again")
    assert result.exit_code == 0, result.output
    assert "export key names were loaded" not in result.output


ROSTER = "student_id,name\ns1,Ann Lee\ns2,Bo Chen\n"


@pytest.mark.parametrize("name, split, role", [("key.csv", False, "the answer key"),
                                               ("problems.md", False, "the paper's file"),
                                               ("problems-s1.md", True, "the paper's file")])
def test_generate_refuses_to_write_over_its_students_roster(tmp_path, invoke, name, split, role):
    """``generate --students g2/key.csv --out g2`` replaced the roster with the answer key."""
    out = tmp_path / "g2"
    out.mkdir()
    (out / name).write_text(ROSTER, encoding="utf-8")
    result = invoke("generate", "--classes", "C1", "--seed", 1, "--students", out / name, "--out", out,
                    *(["--split"] if split else []))
    assert result.exit_code == 2, result.output
    assert result.output.strip() == (f"quizgen: error: --out {out}: {role} {out / name} would overwrite the "
                                     "--students roster; keep the roster outside the paper's files, or choose "
                                     "another --out folder")
    assert [p.name for p in out.iterdir()] == [name]
    assert (out / name).read_text(encoding="utf-8") == ROSTER


def test_generate_refuses_a_roster_hard_linked_to_its_key(tmp_path, invoke):
    out = tmp_path / "g1"
    out.mkdir()
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    (out / "key.csv").hardlink_to(tmp_path / "roster.csv")
    result = invoke("generate", "--classes", "C1", "--seed", 1, "--students", tmp_path / "roster.csv", "--out", out)
    assert result.exit_code == 2, result.output
    assert f"the answer key {out / 'key.csv'} would overwrite the --students roster ({tmp_path / 'roster.csv'})" \
        in result.output
    assert (tmp_path / "roster.csv").read_text(encoding="utf-8") == ROSTER


@pytest.mark.slow
def test_generate_refuses_to_remove_its_roster_as_the_earlier_papers_file(tmp_path, invoke):
    """The same paper again, split: the roster saved as problems.md was the earlier paper's file, removed.
    Since review 52d F3 a key lists its paper's files, and the split paper's lists no problems.md: the
    roster is kept and the paper made again. A key written before that list is read by the names
    alone, so there the roster is still taken for the earlier paper's file, and refused."""
    import json

    out = tmp_path / "g1"
    out.mkdir()
    (out / "problems.md").write_text(ROSTER, encoding="utf-8")
    args = ("generate", "--classes", "C1", "--seed", 1, "--students", out / "problems.md", "--out", out, "--split")
    assert invoke(*args).exit_code == 0
    assert invoke(*args).exit_code == 0   # the key lists no problems.md: the roster is no file of the paper
    assert (out / "problems.md").read_text(encoding="utf-8") == ROSTER
    key = json.loads((out / "key.json").read_text(encoding="utf-8"))
    del key["files"]   # a key written before the list
    (out / "key.json").write_text(json.dumps(key), encoding="utf-8")
    before = sorted(p.name for p in out.iterdir())
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert f"{out / 'problems.md'}, a file of the earlier paper there, would be removed, and it is the " \
           "--students roster" in result.output
    assert sorted(p.name for p in out.iterdir()) == before
    assert (out / "problems.md").read_text(encoding="utf-8") == ROSTER
