"""An output name that is a symbolic link: a link to a device, FIFO or folder
is refused as the thing itself is (``--out /dev/stdout`` once replaced the
system's link by a file), a link to a regular file is replaced and its target
left alone, and no output ever takes a device's 0o666 mode. Nothing is written,
nor any folder made, at or under /dev (but /dev/shm, a memory disk), /proc or
/sys: the tests below only check names, or run a grade whose refusal comes
before any write into a path under /dev/null, where no folder can be made."""

import os
import stat

import pytest

from quizgen import files, locks
from quizgen.errors import QuizgenError, UsageError
from quizgen.out_option import is_system_folder


@pytest.fixture
def folder(one_answer_folder):
    """The key and answers of one right answer (conftest)."""
    return one_answer_folder


def one_error_line(result):
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("quizgen: error: "), result.stderr
    return lines[0]


def test_out_through_a_link_to_a_device_is_refused_and_the_link_kept(folder, invoke):
    (folder / "out.csv").symlink_to("/dev/null")
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", folder / "out.csv")
    assert result.exit_code == 2
    assert "out.csv: is a symbolic link to /dev/null, a device, not a regular file" in one_error_line(result)
    assert os.readlink(folder / "out.csv") == "/dev/null"
    assert sorted(os.listdir(folder)) == ["answers.csv", "key.json", "out.csv"]   # no report beside it


def test_a_report_name_linked_to_a_fifo_is_refused(folder, invoke):
    os.mkfifo(folder / "pipe")
    (folder / "g-report.md").symlink_to(folder / "pipe")
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", folder / "g.csv")
    assert result.exit_code == 2
    assert f"g-report.md: is a symbolic link to {folder / 'pipe'}, a FIFO (named pipe)" in one_error_line(result)
    assert (folder / "g-report.md").is_symlink() and not (folder / "g.csv").exists()


def test_a_link_to_a_folder_is_refused_as_an_output_file(tmp_path):
    (tmp_path / "dir").mkdir()
    (tmp_path / "out.xml").symlink_to("dir")
    with pytest.raises(QuizgenError, match=r"out\.xml: is a symbolic link to .*dir, a folder") as caught:
        files.write_file(tmp_path / "out.xml", "text")
    assert caught.value.exit_code == 2
    assert (tmp_path / "out.xml").is_symlink() and not os.listdir(tmp_path / "dir")


def test_export_through_a_link_to_a_device_is_refused(tmp_path, invoke):
    (tmp_path / "e.xml").symlink_to("/dev/null")
    result = invoke("export", "moodle", "--classes", "C1", "--count", "1", "--seed", "48613092775301",
                    "--out", tmp_path / "e.xml")
    assert result.exit_code == 2
    assert "e.xml: is a symbolic link to /dev/null, a device" in result.stderr
    assert os.readlink(tmp_path / "e.xml") == "/dev/null" and os.listdir(tmp_path) == ["e.xml"]


def test_a_link_to_a_regular_file_is_replaced_and_its_target_left_alone(tmp_path):
    (tmp_path / "target.csv").write_text("old", encoding="utf-8")
    os.chmod(tmp_path / "target.csv", 0o600)
    (tmp_path / "out.csv").symlink_to("target.csv")
    files.write_file(tmp_path / "out.csv", "new")
    assert not (tmp_path / "out.csv").is_symlink() and (tmp_path / "out.csv").read_text(encoding="utf-8") == "new"
    assert (tmp_path / "target.csv").read_text(encoding="utf-8") == "old"
    assert stat.S_IMODE(os.stat(tmp_path / "out.csv").st_mode) == 0o600   # the linked file's mode, as documented


def test_a_device_s_mode_is_never_given_to_an_output(tmp_path):
    temp = tmp_path / "temp"
    temp.write_text("x", encoding="utf-8")
    os.chmod(temp, 0o644)
    (tmp_path / "link").symlink_to("/dev/null")   # 0o666: everyone could write the output
    files.keep_mode(temp, tmp_path / "link")
    assert stat.S_IMODE(os.stat(temp).st_mode) == 0o644


def test_no_output_goes_into_dev_or_proc_even_through_a_link(folder, invoke):
    assert pytest.raises(QuizgenError, files.check_folder, "/dev").value.exit_code == 2   # --out /dev/stdout
    (folder / "sys").symlink_to("/proc/self")
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", folder / "sys" / "g.csv")
    assert result.exit_code == 2
    assert "sys: is a system folder (/dev, /proc, /sys), where quizgen writes no file" in one_error_line(result)


@pytest.mark.parametrize("path", ["/dev", "/dev/fd", "/dev/net/new", "/dev/pts", "/dev/cpu/new", "/dev/shm/../net",
                                  "/proc", "/proc/self/new", "/sys", "/sys/kernel/new"])
def test_every_path_at_or_under_dev_proc_or_sys_is_a_system_folder(path):
    assert is_system_folder(path)
    with pytest.raises(UsageError, match="is a system folder"):
        files.check_folder(path)   # a check of the name alone: nothing is made


@pytest.mark.parametrize("path", ["/dev/shm", "/dev/shm/new/deeper", "/devices", "/system", "/sys.d", "/tmp"])
def test_the_memory_disk_and_look_alike_names_are_no_system_folders(path):
    assert not is_system_folder(path)


def test_a_link_into_dev_is_followed_to_it(tmp_path):
    (tmp_path / "devices").symlink_to("/dev")
    (tmp_path / "memory").symlink_to("/dev/shm")
    assert is_system_folder(tmp_path / "devices" / "net" / "new")
    assert not is_system_folder(tmp_path / "memory" / "new")


def test_the_output_lock_refuses_a_system_folder_before_it_makes_one(monkeypatch):
    monkeypatch.setattr(locks, "make_folder", lambda folder: pytest.fail(f"{folder} would have been made"))
    with pytest.raises(UsageError, match="/dev/net/new: is a system folder"), \
            locks.writing_folder("/dev/net/new", "--out"):
        pytest.fail("the block ran")


def test_grade_into_a_new_folder_under_dev_through_a_link_is_refused_before_any_write(folder, invoke):
    (folder / "devices").symlink_to("/dev")
    out = folder / "devices" / "null" / "new" / "g.csv"   # under a device file: no folder can be made there
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", out)
    assert result.exit_code == 2
    assert one_error_line(result) == (f"quizgen: error: {out.parent}: is a system folder (/dev, /proc, /sys), where "
                                      "quizgen writes no file: choose another output path")
    assert sorted(os.listdir(folder)) == ["answers.csv", "devices", "key.json"]
