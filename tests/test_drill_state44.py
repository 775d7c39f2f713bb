"""Review 44e F8: ``drill --state`` followed a symbolic link and moved the file it
pointed to aside (/etc/passwd became /etc/passwd.bad), and any file that was not a
record (a mistyped ``--state notes.txt``) was renamed to ``.bad`` and replaced by
JSON. Now a link is refused, never followed, and a file without quizgen's marker
stops the drill in one line, left byte for byte as it was with nothing made beside
it; only a damaged record of ours, or an empty file, is still moved aside (tests/test_drill.py)."""

import pytest

DRILL = ("drill", "--seed", "1", "--classes", "C1")


def _listing(folder) -> dict:
    """Every entry of ``folder``: its name, and its bytes or link target."""
    return {p.name: (str(p.readlink()) if p.is_symlink() else p.read_bytes()) for p in folder.iterdir()}


def _refused(invoke, stats: bool, state, error: str) -> None:
    """Run a drill (or --stats) on ``state``: it stops with exit 2 and the one line ``error``."""
    result = invoke(*(("drill", "--stats") if stats else DRILL), "--state", state, input="0.5\nq\n")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"quizgen: error: {error}"]


@pytest.mark.parametrize("content", [b"my precious notes\n", b"{not json", b'{"some": "other tool"}', b"[1, 2]",
                                     b"student_id,answer\n\xff\xfe,1\n"])
@pytest.mark.parametrize("stats", [False, True])
def test_a_file_that_is_not_a_record_is_refused_and_left_alone(invoke, tmp_path, content, stats):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(content)
    before = _listing(tmp_path)
    _refused(invoke, stats, notes, f'{notes} is not a quizgen progress file (it has no "format": '
                                   '"quizgen-progress"), so it is left as it is; pass another --state FILE, or --no-save')
    assert _listing(tmp_path) == before   # no notes.txt.bad, no notes.txt.lock, the notes as they were


@pytest.mark.parametrize("content", [b"", b" \r\n\n", b"\xef\xbb\xbf"])
def test_an_empty_file_is_moved_aside_as_a_cut_short_record_is_saying_it_is_empty(invoke, tmp_path, content):
    """An empty (or blank) file holds nothing of anyone's, and a save cut short by a crash can leave one (the
    record is replaced by a rename, not synced): it was refused as no record of ours, where a record cut
    short is moved aside and a fresh one started. Now it is treated as the cut-short record is, and said empty."""
    state = tmp_path / "p.json"
    state.write_bytes(content)
    result = invoke(*DRILL, "--count", "1", "--state", state, input="0.5\ns\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state} is empty; moved it to p.json.bad and started a fresh record"]
    assert (tmp_path / "p.json.bad").read_bytes() == content
    assert b'"format": "quizgen-progress"' in state.read_bytes()   # the session's record, saved in its place


@pytest.mark.parametrize("content", [b"", b" \r\n\n"])
def test_stats_on_an_empty_file_says_it_is_empty_and_leaves_it(invoke, tmp_path, content):
    state = tmp_path / "p.json"
    state.write_bytes(content)
    result = invoke("drill", "--stats", "--state", state)
    assert result.exit_code == 0
    assert result.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state} is empty; left as it is (a drill would move it aside)"]
    assert _listing(tmp_path) == {"p.json": content}


@pytest.mark.parametrize("stats", [False, True])
@pytest.mark.parametrize("target_text", [b"root:x:0:0:root:/root:/bin/bash\n", None])
def test_a_symbolic_link_is_refused_and_neither_it_nor_its_target_changes(invoke, tmp_path, stats, target_text):
    """The link points out of the work folder, at a file (a stand-in for /etc/passwd) or
    at nothing; the drill stops before reading, locking, renaming or writing anything."""
    work, elsewhere = tmp_path / "work", tmp_path / "etc"
    work.mkdir(), elsewhere.mkdir()
    target = elsewhere / "passwd"
    if target_text is not None:
        target.write_bytes(target_text)
    link = work / "prog3.json"
    link.symlink_to(target)
    before = _listing(work), _listing(elsewhere)
    _refused(invoke, stats, link, f"progress file {link} is a symbolic link, and quizgen does not follow one for "
                                  "its record (it would move or replace the file the link points to); pass the file "
                                  "itself with --state FILE, or --no-save")
    assert (_listing(work), _listing(elsewhere)) == before


def test_the_default_progress_file_as_a_link_is_refused_too(invoke, tmp_path, monkeypatch):
    target = tmp_path / "synced.txt"
    target.write_text("not mine\n")
    link = tmp_path / "progress.json"
    link.symlink_to(target)
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(link))
    result = invoke(*DRILL, input="q\n")
    assert result.exit_code == 2 and "is a symbolic link" in result.stderr
    assert target.read_text() == "not mine\n" and link.is_symlink()


def test_the_record_itself_still_works_and_a_linked_lock_is_not_followed(invoke, tmp_path):
    """A lock file replaced by a link to a file that does not exist: the drill neither
    creates that file nor fails; the record is saved as usual."""
    state, lock, far = tmp_path / "p.json", tmp_path / "p.json.lock", tmp_path / "far" / "made"
    (tmp_path / "far").mkdir()
    lock.symlink_to(far)
    for sessions in (1, 2):
        result = invoke(*DRILL, "--state", state, input="0.5\nq\n")
        assert result.exit_code == 0 and result.stderr == ""
        assert f'"sessions": {sessions},' in state.read_text()
    assert not far.exists() and lock.is_symlink()
