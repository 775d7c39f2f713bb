"""quizgen.background: a function computed in a forked child gives what it
gives in the caller, errors included; a child that dies is replaced by the
caller's own computation; none is left behind; and grade's output is the same
for any --jobs."""

from __future__ import annotations

import csv
import os

import pytest

import quizgen.grading.class_files as class_files
import quizgen.grading.run as run
from quizgen.background import Background
from quizgen.errors import InputFileError

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (not on Windows)")


def _pid_and_sum(numbers):
    return os.getpid(), sum(numbers)


def _fails(message):
    raise InputFileError(message)


def _dies_unless_in(parent_pid):
    if os.getpid() != parent_pid:
        os._exit(3)   # the child dies without a result
    return "computed in the caller"


def _unpicklable():
    pid = os.getpid()
    return lambda: ("made in", pid)


def test_the_value_comes_from_a_child_process():
    with Background(_pid_and_sum, range(10)) as job:
        pid, total = job.result()
    assert total == 45
    assert pid != os.getpid()


def test_one_job_computes_in_the_caller():
    with Background(_pid_and_sum, [1, 2], parallel=False) as job:
        assert job.pid is None
        assert job.result() == (os.getpid(), 3)


def test_an_error_in_the_child_is_raised_in_the_caller_as_itself():
    with Background(_fails, "row 7: no answer column") as job:
        with pytest.raises(InputFileError, match="row 7: no answer column"):
            job.result()


def test_a_child_that_dies_is_replaced_by_the_callers_computation():
    with Background(_dies_unless_in, os.getpid()) as job:
        assert job.result() == "computed in the caller"


def test_a_result_that_cannot_be_pickled_is_computed_again_in_the_caller():
    with Background(_unpicklable) as job:
        assert job.pid is not None and job.pid != os.getpid()   # a child was started
        made = job.result()
        assert made() == ("made in", os.getpid())   # the lambda the caller made itself, not the child's


def test_closing_without_asking_stops_and_reaps_the_child():
    job = Background(_pid_and_sum, range(10 ** 8))   # long enough to be running still
    pid = job.pid
    job.close()
    assert job.pid is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)   # reaped already: no zombie left


def test_the_value_is_given_without_waiting_for_the_child_to_end_and_close_reaps_it():
    """A child's value is used at once; its process, freeing its memory, is reaped by close()."""
    job = Background(_pid_and_sum, range(10))
    pid = job.pid
    assert job.result()[1] == 45
    assert job.pid == pid   # not waited for by result()
    job.close()
    assert job.pid is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)   # reaped: no zombie left


def _thirty_students_answers(invoke, tmp_path):
    """A 30-student answers file to a two-question paper, and the paper's key.json."""
    invoke("generate", "--seed", 5, "--classes", "C1,C2", "--count", 2, "--out", tmp_path / "paper")
    with open(tmp_path / "paper" / "key.csv", newline="", encoding="utf-8") as handle:
        key = list(csv.DictReader(handle))
    rows = []
    for n in range(30):
        for part in key:
            answer = part["answer"] if (n + len(rows)) % 3 else "0.5"
            rows.append([f"s{n:02d}", part["question_id"], part["part"], answer])
    rows.append(["s01", key[0]["question_id"], key[0]["part"], "0.1"])   # supersedes an earlier answer
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    return tmp_path / "answers.csv", tmp_path / "paper" / "key.json"


def _forks_asked(monkeypatch) -> list:
    """Record, for each Background grade starts, whether it was asked to fork."""
    asked = []

    def recording(func, *args, parallel=True):
        asked.append(parallel)
        return Background(func, *args, parallel=parallel)
    monkeypatch.setattr(run, "Background", recording)
    return asked


@pytest.mark.slow
def test_a_small_class_has_its_report_computed_without_a_process(invoke, tmp_path, monkeypatch):
    """30 students on an eight-part paper are far below REPORT_PROCESS_CELLS:
    forking would cost more than the report, so even with two jobs it is
    computed in place; at the threshold it gets its process."""
    answers, key = _thirty_students_answers(invoke, tmp_path)
    asked = _forks_asked(monkeypatch)
    result = invoke("grade", answers, "--key", key, "--out", tmp_path / "out" / "graded.csv", "--jobs", 2)
    assert result.exit_code == 0, result.output
    assert asked == [False]
    monkeypatch.setattr(class_files, "REPORT_PROCESS_CELLS", 30 * 8)
    invoke("grade", answers, "--key", key, "--out", tmp_path / "out" / "graded.csv", "--jobs", 2)
    assert asked == [False, True]


@pytest.mark.slow
def test_grade_writes_the_same_bytes_with_one_job_or_two(invoke, tmp_path, monkeypatch):
    """With two jobs the item analysis is computed in a child process while the
    totals are written: every output file is byte for byte that of one job."""
    answers, key = _thirty_students_answers(invoke, tmp_path)
    monkeypatch.setattr(class_files, "REPORT_PROCESS_CELLS", 0)   # the class is small: fork all the same
    asked = _forks_asked(monkeypatch)
    outputs = {}
    for jobs in (1, 2):
        result = invoke("grade", answers, "--key", key,
                        "--out", tmp_path / f"jobs{jobs}" / "answers-graded.csv", "--jobs", jobs)
        assert result.exit_code == 0, result.output
        outputs[jobs] = {p.name: p.read_bytes() for p in sorted((tmp_path / f"jobs{jobs}").iterdir())}
    assert asked == [False, True]
    assert outputs[1] == outputs[2]
    assert {"answers-graded-items.csv", "answers-graded-report.html"} <= outputs[2].keys()
    assert outputs[2]["answers-graded-items.csv"].startswith("\ufefflevel,".encode("utf-8"))   # the child's BOM too
    assert b"Item analysis" in outputs[2]["answers-graded-report.md"]


@pytest.mark.slow
def test_per_student_papers_have_their_report_computed_without_a_process(invoke, tmp_path, monkeypatch):
    """Per-student papers' report reads every paper's parts: forked, it and the main process
    would each copy most of the other's memory, so it is made in the main process however
    big the class (a class paper of that size is forked), with every output that of one job."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\n" + "".join(f"s{n:02d},Student {n}\n" for n in range(6)), encoding="utf-8")
    assert invoke("generate", "--seed", 5, "--classes", "C1,C2", "--students", roster,
                  "--out", tmp_path / "papers").exit_code == 0
    with open(tmp_path / "papers" / "key.csv", newline="", encoding="utf-8") as handle:
        key = list(csv.DictReader(handle))
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"]] + [
            [part["student_id"], part["question_id"], part["part"], part["answer"] if n % 3 else "0.5"]
            for n, part in enumerate(key)])
    monkeypatch.setattr(class_files, "REPORT_PROCESS_CELLS", 0)   # a class paper would be forked
    asked = _forks_asked(monkeypatch)
    outputs = {}
    for jobs in (1, 2):
        result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "papers" / "key.json",
                        "--out", tmp_path / f"jobs{jobs}" / "answers-graded.csv", "--jobs", jobs)
        assert result.exit_code == 0, result.output
        outputs[jobs] = {p.name: p.read_bytes() for p in sorted((tmp_path / f"jobs{jobs}").iterdir())}
    assert asked == [False, False]
    assert outputs[1] == outputs[2]
    assert b"Item analysis" in outputs[2]["answers-graded-report.md"]
