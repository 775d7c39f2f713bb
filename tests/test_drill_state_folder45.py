"""Review 44g F6: ``drill --state newdir/`` made a file ``newdir``, and
``--state answers.csv/`` used the file answers.csv: Path drops a trailing
separator, which says "a folder". The progress file is a file (docs/drill.md,
``drill --help``), so a name ending in ``/`` is refused in one line, exit 2,
before anything is read or made."""

import pytest

DRILL = ("drill", "--seed", "1", "--classes", "C1")
RECORD = b'{"format": "quizgen-progress", "version": 2, "clock": 0, "sessions": 0, "classes": {}}\n'


def _line(state: str) -> str:
    return (f"quizgen: error: progress file {state} ends in '/', so it names a folder, not a file; pass the file "
            f"itself with --state FILE (one in that folder: --state {state}progress.json), or --no-save")


@pytest.mark.parametrize("stats", [False, True])
@pytest.mark.parametrize("existing", [None, RECORD])
def test_a_state_ending_in_a_slash_is_refused(invoke, tmp_path, monkeypatch, stats, existing):
    monkeypatch.chdir(tmp_path)
    if existing is not None:
        (tmp_path / "answers.csv").write_bytes(existing)
    state = "answers.csv/"
    result = invoke(*(("drill", "--stats") if stats else DRILL), "--state", state, input="0.5\nq\n")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [_line(state)]
    assert sorted(p.name for p in tmp_path.iterdir()) == (["answers.csv"] if existing else [])
    if existing:
        assert (tmp_path / "answers.csv").read_bytes() == existing


def test_the_environment_variable_is_held_to_the_same_rule(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("QUIZGEN_PROGRESS", "newdir/")
    result = invoke(*DRILL, input="0.5\nq\n")
    assert result.exit_code == 2 and result.stderr.strip() == _line("newdir/")
    assert list(tmp_path.iterdir()) == []


def test_a_practice_run_reads_no_state_and_is_not_refused(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke(*DRILL, "--state", "newdir/", "--no-save", input="q\n")
    assert result.exit_code == 0 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("state", ["nd/.", "nd/..", "nd/sub/.."])
def test_a_state_ending_in_a_dot_folder_is_refused(invoke, tmp_path, monkeypatch, state):
    # review 45f F2: nd/. made a progress file named nd, nd/.. a folder nd holding a lock file
    monkeypatch.chdir(tmp_path)
    result = invoke(*DRILL, "--state", state, input="0.5\nq\n")
    assert result.exit_code == 2 and "so it names a folder, not a file" in result.stderr
    assert list(tmp_path.iterdir()) == []
