"""Outputs only to regular files, reports never in /dev, temporary files gone
after SIGTERM or SIGINT, and a full disk reported in one line with nothing
half-written (issue 14)."""

import errno
import json
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from interrupt_support import run_interrupted
from quizgen import files
from quizgen.errors import QuizgenError

PART = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "answer": "0.408",
        "abs_tolerance": 0.0005, "misconceptions": []}
KEY = {"questions": [{"id": "Q1", "parts": [PART]}]}
QUIZGEN = [sys.executable, "-m", "quizgen"]


def ctrl_c_as_at_a_terminal():
    """In the child: Ctrl-C as a terminal delivers it, even when pytest itself was
    started in the background (which leaves SIGINT ignored, and children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    rows = "".join(f"s{i},Q1,a,0.{i % 1000:03d}\n" for i in range(50))
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    return tmp_path


def one_error_line(result):
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("quizgen: error: "), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_out_naming_a_fifo_is_refused_and_left_alone(folder, invoke):
    fifo = folder / "graded.csv"
    os.mkfifo(fifo)
    result = invoke("grade", folder / "answers.csv", "--out", fifo)
    assert result.exit_code == 2
    assert "is a FIFO" in one_error_line(result)
    assert os.path.exists(fifo) and not fifo.is_file()
    assert not list(folder.glob(".quizgen-*"))


def test_a_report_path_that_is_a_folder_is_refused(folder, invoke):
    (folder / "out").mkdir()
    (folder / "out" / "g-report.md").mkdir()
    result = invoke("grade", folder / "answers.csv", "--out", folder / "out" / "g.csv")
    assert result.exit_code == 2
    assert "g-report.md: is a folder" in one_error_line(result)
    assert not (folder / "out" / "g.csv").exists()


def test_atomic_writes_refuse_a_device(tmp_path):
    # a copy of /dev/null's device node in tmp_path: the real one is never put at risk
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("creating a device node needs root")
    with pytest.raises(QuizgenError, match="is a device") as caught:
        files.write_file(device, "text")
    assert caught.value.exit_code == 2
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert os.listdir(tmp_path) == ["null"]


@pytest.mark.slow
def test_answers_from_a_pipe_write_their_reports_in_the_working_folder(folder):
    answers = (folder / "answers.csv").read_bytes()
    work, scratch = folder / "work", folder / "tmp"
    work.mkdir()
    scratch.mkdir()   # its own temporary folder: other tests' pipe copies live in /tmp until their process exits
    done = subprocess.run(QUIZGEN + ["grade", "/dev/stdin", "--key", str(folder / "key.json"), "--force"], input=answers,
                          cwd=work, capture_output=True, timeout=60, env={**os.environ, "TMPDIR": str(scratch)})
    assert done.returncode == 0, done.stderr
    assert (work / "stdin-graded.csv").is_file() and (work / "stdin-graded-report.md").is_file()
    rows = (work / "stdin-graded.csv").read_text(encoding="utf-8-sig").splitlines()
    assert len(rows) == 51      # every piped row graded, though the pipe was read once
    assert not os.listdir(scratch)   # the pipe's copy removed at exit


def _wait_for_temp(process, folder, limit=60.0):
    """Wait until ``process`` has a .quizgen-*.tmp file in ``folder``; True if it did."""
    end = time.monotonic() + limit
    while time.monotonic() < end and process.poll() is None:
        if list(folder.glob(".quizgen-*.tmp")):
            return True
        time.sleep(0.005)
    return False


@pytest.mark.slow
@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 1)])
def test_a_signal_during_grade_removes_its_temporary_files(tmp_path, signum, code):
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    with open(tmp_path / "answers.csv", "w", encoding="utf-8") as handle:
        handle.write("student_id,question_id,part,answer\n")
        handle.writelines(f"s{i},Q1,a,{i}.5e-3 * 2\n" for i in range(600_000))
    out = tmp_path / "out"
    out.mkdir()
    # --force: these made-up answers lie far from the key's values, and without it the
    # sample before the pass (grading/belong_early.py) stops grade before any file is written
    process = subprocess.Popen(QUIZGEN + ["grade", str(tmp_path / "answers.csv"), "--out", str(out / "g.csv"), "--force"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=ctrl_c_as_at_a_terminal)
    assert _wait_for_temp(process, out), "grade ended before it wrote a temporary file"
    time.sleep(0.2)
    process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    assert process.returncode == code
    assert b"Traceback" not in err
    assert os.listdir(out) == []


@pytest.mark.slow
def test_sigterm_during_generate_removes_its_temporary_files(tmp_path):
    out = tmp_path / "quiz"
    process = subprocess.Popen(QUIZGEN + ["generate", "--count", "400", "--seed", "1", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    end = time.monotonic() + 120
    while process.poll() is None and not out.is_dir() and time.monotonic() < end:
        time.sleep(0.005)
    assert _wait_for_temp(process, out), "generate ended before it wrote a temporary file"
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM
    assert b"Traceback" not in err
    assert not list(out.glob(".quizgen-*")) and not (out / "key.json").exists()


class FullDisk:
    """A file whose writes fail with ENOSPC once ``room`` characters are written."""

    def __init__(self, handle, room=2000):
        self.handle, self.room = handle, room

    def write(self, text):
        self.room -= len(text)
        if self.room < 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.handle.write(text)

    def writelines(self, pieces):
        for piece in pieces:
            self.write(piece)

    def __getattr__(self, name):
        return getattr(self.handle, name)


@pytest.fixture
def full_disk(monkeypatch):
    real_open, real_fdopen = open, os.fdopen
    monkeypatch.setattr(files, "open", lambda *a, **k: FullDisk(real_open(*a, **k)), raising=False)
    monkeypatch.setattr(files.os, "fdopen", lambda *a, **k: FullDisk(real_fdopen(*a, **k)))


def test_a_full_disk_while_grading_is_one_line_and_replaces_nothing(folder, invoke, full_disk):
    (folder / "answers-graded.csv").write_text("the old results\n")
    for i in range(200):
        with open(folder / "answers.csv", "a") as handle:
            handle.write(f"t{i},Q1,a,0.408\n")
    result = invoke("grade", folder / "answers.csv")
    assert result.exit_code == 1
    assert "No space left on device" in one_error_line(result) or "no space left" in result.stderr
    assert (folder / "answers-graded.csv").read_text() == "the old results\n"
    assert sorted(p.name for p in folder.iterdir()) == ["answers-graded.csv", "answers.csv", "key.json"]


@pytest.mark.parametrize("fmt", ["md", pytest.param("tex", marks=pytest.mark.slow)])
def test_a_full_disk_while_generating_is_one_line_and_writes_nothing(tmp_path, invoke, full_disk, fmt):
    result = invoke("generate", "--count", "2", "--seed", "1", "--format", fmt, "--out", tmp_path / "quiz")
    assert result.exit_code == 1
    assert "no space left on the device" in one_error_line(result)
    assert not (tmp_path / "quiz").exists()   # the folder the run made is removed with its temporary files


def test_ctrl_c_while_outputs_are_renamed_is_acted_on_after_all_of_them(tmp_path):
    """Held, not lost: the renames all happen, then KeyboardInterrupt (rev-hostile15
    saw graded.csv new and the other outputs old after a Ctrl-C at that moment);
    Python's SIGINT handler is back afterwards. Sent in a process of its own (interrupt_support.py)."""
    script = ("from quizgen import files\nreal_replace, renamed = os.replace, []\n"
              "def replace_and_interrupt(source, target):\n"
              "    real_replace(source, target)\n    renamed.append(target)\n"
              "    if len(renamed) == 1:\n        os.kill(os.getpid(), signal.SIGINT)\n"
              "os.replace = replace_and_interrupt\n"
              "try:\n    files.write_files(sys.argv[1], {'a.csv': '1\\n', 'b.csv': '2\\n', 'c.md': '3\\n'})\n"
              "except KeyboardInterrupt:\n    print('interrupted', len(renamed))\n"
              "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n")
    result = run_interrupted(script, tmp_path)
    assert (result.returncode, result.stdout.split()) == (0, ["interrupted", "3", "True"]), result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv", "b.csv", "c.md"]


@pytest.mark.slow
def test_ctrl_c_while_feedback_sheets_are_made_leaves_every_earlier_output(folder, monkeypatch):
    """The sheets are made before anything is committed: stopping there keeps
    the earlier run's graded.csv beside the earlier run's sheets (rev-hostile15)."""
    import quizgen
    from quizgen.grading import feedback_pdf
    from quizgen.grading.outputs import GradeOutputs

    outputs = GradeOutputs(feedback=folder / "fb")
    quizgen.grade(folder / "answers.csv", outputs=outputs, force=True)
    before = {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    (folder / "answers.csv").write_text((folder / "answers.csv").read_text().replace("0.001", "0.408"))

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(feedback_pdf, "make_sheets", interrupted)
    with pytest.raises(KeyboardInterrupt):
        quizgen.grade(folder / "answers.csv", outputs=outputs, force=True)
    after = {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.name != "answers.csv"}
    assert after == {name: data for name, data in before.items() if name != "answers.csv"}


def test_a_nul_byte_from_the_answers_never_reaches_an_output(folder):
    """Many CSV readers stop at NUL: it is written as U+FFFD (rev-hostile15)."""
    import quizgen

    text = (folder / "answers.csv").read_text(encoding="utf-8")
    (folder / "answers.csv").write_text(text.replace("s1,Q1,a,0.001", "s\x001,Q1,a,0.4\x0008"), encoding="utf-8")
    quizgen.grade(folder / "answers.csv", force=True)
    outputs = [p for p in folder.iterdir() if p.name.startswith("answers-graded")]
    assert len(outputs) >= 4
    for path in outputs:
        data = path.read_bytes()
        assert b"\x00" not in data, path.name
    assert "s\ufffd1" in (folder / "answers-graded.csv").read_text(encoding="utf-8-sig")


@pytest.mark.slow
def test_ctrl_c_at_the_renames_of_an_lms_grade_keeps_its_built_key_beside_the_grades(tmp_path):
    """The held Ctrl-C was raised inside the LMS input's clean-up, which then
    deleted the built key the graded files came from (rev-code15b). Sent in a
    process of its own (interrupt_support.py)."""
    import shutil

    data = os.path.join(os.path.dirname(__file__), "data", "lms", "canvas_student_analysis.csv")
    shutil.copy(data, tmp_path / "analysis.csv")
    script = ("import quizgen\nreal_replace, calls = os.replace, []\n"
              "def replace_and_interrupt(source, target):\n"
              "    real_replace(source, target)\n    calls.append(target)\n"
              "    if len(calls) == 3:   # the first rename of the graded outputs\n"
              "        os.kill(os.getpid(), signal.SIGINT)\n"
              "os.replace = replace_and_interrupt\n"
              "try:\n    quizgen.grade(sys.argv[1])\n"
              "except KeyboardInterrupt:\n    print('interrupted')\n")
    result = run_interrupted(script, tmp_path / "analysis.csv")
    assert (result.returncode, result.stdout.split()) == (0, ["interrupted"]), result.stderr
    names = {p.name for p in tmp_path.iterdir()}
    assert {"analysis-answers.csv", "analysis-key.json", "analysis-graded.csv"} <= names, names


@pytest.mark.slow
def test_a_sigterm_held_over_the_renames_still_ends_a_process_with_the_default_handler(tmp_path):
    """Library use, no quizgen handlers: the held SIGTERM was forgotten and the process ran on (rev-code15b)."""
    script = ("import os, signal, sys\nfrom quizgen import files\nreal = os.replace\n"
              "def replace(a, b):\n    real(a, b)\n    os.kill(os.getpid(), signal.SIGTERM)\n"
              "os.replace = replace\nfiles.write_files(sys.argv[1], {'a.txt': '1', 'b.txt': '2'})\n"
              "print('still running')\n")
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == -signal.SIGTERM and "still running" not in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]


@pytest.mark.slow
def test_a_hangup_the_process_was_started_ignoring_stays_ignored(tmp_path):
    """``nohup quizgen ...`` must outlive its terminal: quizgen's handler replaced
    the inherited SIG_IGN, and a hangup stopped the run with exit 129 (rev-code15b)."""
    script = ("import os, signal\nfrom quizgen import files\nfiles.install_signal_cleanup()\n"
              "os.kill(os.getpid(), signal.SIGHUP)\nprint('survived')\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    assert result.returncode == 0 and result.stdout.strip() == "survived", result
