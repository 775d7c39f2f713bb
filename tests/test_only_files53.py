"""Review 53d F1: the files `generate --only` writes are listed in the paper's key.json
(its `files`), so that the next full run of the same paper replaces them and a --force run
of another paper removes them, as it does every other file of the paper."""

import json


def _made(tmp_path, invoke, *extra):
    roster = tmp_path / "r.csv"
    roster.write_text("id,name\ns001,Ann\ns002,Bob\n", encoding="utf-8")
    out = tmp_path / "o1"
    made = invoke("generate", "--classes", "C1", "--seed", 5, "--students", roster, *extra, "--out", out)
    assert made.exit_code == 0, made.output
    return roster, out


def test_a_split_file_written_by_only_is_the_papers_own(tmp_path, invoke):
    roster, out = _made(tmp_path, invoke)
    only = invoke("generate", "--classes", "C1", "--seed", 5, "--students", roster, "--split", "--only", "s001",
                  "--out", out)
    assert only.exit_code == 0, only.output
    files = json.loads((out / "key.json").read_text(encoding="utf-8"))["files"]
    assert {"problems-s001.md", "solutions-s001.md", "problems.md", "key.json"} <= set(files)
    full = invoke("generate", "--classes", "C1", "--seed", 5, "--students", roster, "--split", "--out", out)
    assert full.exit_code == 0, full.stderr
    other = invoke("generate", "--classes", "C2", "--seed", 6, "--out", out, "--force")
    assert other.exit_code == 0, other.stderr
    assert not (out / "problems-s001.md").exists() and not (out / "solutions-s001.md").exists()


def test_the_key_is_unchanged_but_for_its_list(tmp_path, invoke):
    roster, out = _made(tmp_path, invoke, "--split")
    before = (out / "key.json").read_text(encoding="utf-8")
    assert invoke("generate", "--classes", "C1", "--seed", 5, "--students", roster, "--split", "--only", "s002",
                  "--out", out).exit_code == 0
    assert (out / "key.json").read_text(encoding="utf-8") == before   # already listed: nothing rewritten


def _only(invoke, roster, out, student):
    run = invoke("generate", "--classes", "C1", "--seed", 5, "--students", roster, "--split", "--only", student,
                 "--out", out)
    assert run.exit_code == 0, run.output
    return run.stdout.strip()


def test_the_summary_says_the_keys_file_list_was_updated(tmp_path, invoke):
    """Round 54: the summary no longer says key.json is unchanged when --only added its files to the list."""
    roster, out = _made(tmp_path, invoke)
    said = _only(invoke, roster, out, "s001")
    assert said.endswith("problems-s001.md, solutions-s001.md; key.json's list of the paper's files now names "
                         "them (the rest of key.json is unchanged), and the other students' papers are unchanged"), said


def test_the_summary_says_the_key_is_unchanged_when_it_lists_them_already(tmp_path, invoke):
    roster, out = _made(tmp_path, invoke, "--split")
    said = _only(invoke, roster, out, "s002")
    assert said.endswith("problems-s002.md, solutions-s002.md; key.json and the other students' papers are "
                         "unchanged"), said


def test_list_in_key_reports_whether_it_changed_the_key(tmp_path, invoke):
    from quizgen.generation.outdir import earlier_key, list_in_key

    _, out = _made(tmp_path, invoke)
    assert list_in_key(earlier_key(out), ["problems-s001.md"]) is True
    assert list_in_key(earlier_key(out), ["problems-s001.md", "problems.md"]) is False
