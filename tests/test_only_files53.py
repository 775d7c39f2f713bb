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
