"""An output name that is a symbolic link: a link to a device, FIFO or folder
is refused as the thing itself is (``--out /dev/stdout`` once replaced the
system's link by a file), a link to a regular file is replaced and its target
left alone, and no output ever takes a device's 0o666 mode."""

import os
import stat

import pytest

from quizgen import files
from quizgen.errors import QuizgenError


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
    assert "sys: is a system folder (/dev, /proc), where quizgen writes no file" in one_error_line(result)
