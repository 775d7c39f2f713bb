"""Course-scale features: --jobs gives the same files as one process, progress
bars show only on a terminal, and the grader's one-pass superseding keeps every
row and total right. (Speed itself is measured in benchmarks/, not here.)"""

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quizgen.background import resolve_jobs
from quizgen.errors import QuizgenError, SamplingError, UsageError
from quizgen.grading.run import grade
from quizgen.ui import progress_bar
from quizgen.generation.workers import ordered_map
from quizgen.key.model import Key


def files_of(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.slow
def test_jobs_do_not_change_a_single_byte(invoke, tmp_path):
    """Three papers of 70 questions are three chunks: with 2 and 3 jobs they are
    made in worker processes, and the files are those of one process."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ada\ns2,Bo\n", encoding="utf-8")
    for jobs in (1, 2, 3):
        if jobs > 1:     # the same paper keeps its secret (and so its codes) from the key it replaces
            (tmp_path / f"j{jobs}").mkdir()
            (tmp_path / f"j{jobs}" / "key.json").write_bytes((tmp_path / "j1" / "key.json").read_bytes())
        result = invoke("generate", "--seed", 4, "--count", 7, "--students", roster, "--jobs", jobs,
                        "--out", tmp_path / f"j{jobs}")
        assert result.exit_code == 0, result.output
    one = files_of(tmp_path / "j1")
    assert one == files_of(tmp_path / "j2") == files_of(tmp_path / "j3")
    key = Key.from_json(json.loads(one["key.json"])).to_json(compact=False)
    assert len(key["questions"]) == 7 * len({q["class"] for q in key["questions"]})
    assert set(key["students"]) == {"s1", "s2"}


@pytest.mark.slow
def test_jobs_default_to_one_per_cpu(invoke, tmp_path, monkeypatch):
    from quizgen.generation import make, run

    used = []

    def recording_make_quiz(*args, **kwargs):
        used.append(kwargs["jobs"])
        return make.make_quiz(*args, **kwargs)

    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    monkeypatch.setattr(run, "make_quiz", recording_make_quiz)
    assert invoke("generate", "--seed", 1, "--out", tmp_path).exit_code == 0
    assert used == [3]


def test_jobs_zero_means_one_per_cpu_and_negative_is_refused(invoke, tmp_path):
    assert resolve_jobs(0) >= 1
    with pytest.raises(UsageError):
        resolve_jobs(-1)
    result = invoke("generate", "--jobs", -3, "--out", tmp_path)
    assert result.exit_code == 2
    assert "--jobs must be 0" in result.stderr


@pytest.mark.slow
def test_ordered_map_keeps_input_order_across_processes():
    chunks = [[i] * (5 - i % 5) for i in range(23)]
    assert list(ordered_map(sum, chunks, jobs=2)) == [sum(c) for c in chunks]


def started_at(chunk):
    """When a worker took ``chunk`` (a clock every process shares), after a short nap."""
    start = time.monotonic()
    time.sleep(0.05)
    return chunk, start


@pytest.mark.slow
def test_ordered_map_hands_out_chunks_in_the_order_given_and_yields_in_input_order():
    chunks = [[i] for i in range(6)]
    results = list(ordered_map(started_at, chunks, jobs=2, order=[5, 4, 3, 2, 1, 0]))
    assert [chunk for chunk, _ in results] == chunks
    starts = [start for _, start in results]
    assert starts[5] < starts[1] and starts[4] < starts[0]


def test_class_paper_runs_go_to_the_workers_costliest_first():
    from quizgen.bank.loader import load_bank
    from quizgen.generation.make import PlanItem, _runs_chunked, costliest_first

    templates = load_bank()
    plan = [PlanItem(f"Q{k}", i, f"1/{t.id}/{k}") for i, t in enumerate(templates) for k in range(300)]
    order = costliest_first(_runs_chunked(plan, 300), templates)
    assert sorted(order) == list(range(len(templates)))
    classes = [templates[i].cls for i in order]
    assert classes[0] == "C9" and set(classes[-2:]) == {"C5", "C3"}   # C3 and C5 weigh the same since C3's log-2 trap
    assert costliest_first([[PlanItem("Q1", 0, "a")], [PlanItem("Q2", 0, "b")]], templates) == [0, 1]


def failing(chunk):
    if chunk == [3]:
        raise SamplingError("template t: no parameters passed in 500 tries")
    return chunk


def dying(chunk):
    if chunk == [3]:
        os._exit(3)
    return chunk


@pytest.mark.slow
def test_a_worker_error_reaches_the_caller_as_itself():
    with pytest.raises(SamplingError, match="no parameters passed"):
        list(ordered_map(failing, [[i] for i in range(8)], jobs=2))


@pytest.mark.slow
def test_a_worker_that_dies_is_an_error_not_a_hang():
    with pytest.raises(QuizgenError, match="worker process stopped"):
        list(ordered_map(dying, [[i] for i in range(8)], jobs=2))


def _children(pid: int) -> list:
    return [c for task in Path(f"/proc/{pid}/task").iterdir()
            for c in (task / "children").read_text().split()]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc to see the workers start")
def test_ctrl_c_while_workers_run_prints_one_aborted_and_writes_nothing(tmp_path):
    """Ctrl-C reaches the whole process group: the workers leave it to the main
    process, which stops the pool and says 'Aborted!' once, with no traceback."""
    out = tmp_path / "quiz"
    run = subprocess.Popen([sys.executable, "-m", "quizgen", "generate", "--count", "1000", "--seed", "1",
                            "--jobs", "2", "--out", str(out)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # even under `pytest &`
    deadline = time.monotonic() + 60
    while not _children(run.pid) and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)
    stdout, stderr = run.communicate(timeout=60)
    assert (run.returncode, stderr.strip()) == (1, "Aborted!")
    assert not out.exists()


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_shows_on_a_terminal_only(monkeypatch):
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress_bar(True, 10, "Grading") as bar:
        bar.update(10)
    assert "Grading" in terminal.getvalue()
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    with progress_bar(True, 10, "Grading") as bar:
        bar.update(10)
    assert piped.getvalue() == ""


@pytest.mark.slow
def test_cli_runs_stay_quiet_when_stderr_is_not_a_terminal(invoke, tmp_path):
    result = invoke("generate", "--seed", 1, "--count", 2, "--out", tmp_path)
    assert "Generating" not in result.stderr      # only the one warning of templates out of variants
    assert all(line.startswith("quizgen: warning: not enough distinct variants")
               for line in result.stderr.splitlines()) and len(result.stderr.splitlines()) <= 1


@pytest.fixture
def key_folder(invoke, tmp_path):
    invoke("generate", "--seed", 8, "--classes", "C1", "--out", tmp_path)
    return tmp_path


def write_answers(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        writer.writerows(rows)


def graded_rows(path):
    with open(path, newline="", encoding="utf-8-sig") as handle:
        return list(csv.DictReader(handle))


def test_superseded_rows_are_rewritten_and_taken_out_of_the_totals(key_folder):
    key = Key.from_json(json.loads((key_folder / "key.json").read_text(encoding="utf-8")))
    part = key.questions[0].parts[1].to_json()
    trap = part["traps"][0]
    answers = key_folder / "answers.csv"
    write_answers(answers, [
        ["s1", "Q1", "b", f"{trap['value']:.4g}"],       # a trap, superseded below
        ["s2", "Q1", "b", "oops"],
        ["s1", "Q1", "b", part["answer"]],
        ["s2", "Q1", "b", part["answer"]],
        ["s2", "Q1", "b", "=A1+1"],                       # the last word counts (a formula of a cell: invalid)
    ])
    result = grade(answers, out=key_folder / "graded.csv")
    rows = graded_rows(key_folder / "graded.csv")
    assert [r["status"] for r in rows] == ["superseded", "superseded", "correct", "superseded", "invalid"]
    assert rows[0]["misconception"] == "" and rows[0]["score"] == "0"
    assert rows[4]["answer"] == "'=A1+1"
    assert result.counts["superseded"] == 3 and result.counts["correct"] == 1 and result.counts["invalid"] == 1
    totals = {t.student_id: t for t in result.students}
    assert totals["s1"].score == pytest.approx(part["points"]) and totals["s1"].misconceptions == {}
    assert totals["s2"].score == 0
    stats = next(q for q in result.questions if q.part == "b")
    assert stats.counts["correct"] == 1 and stats.misconceptions == []


def test_rows_needing_quotes_are_written_as_csv_writer_would(key_folder):
    answers = key_folder / "answers.csv"
    write_answers(answers, [["s,1", "Q1", "a", 'say "hi"\nthere'], ["s2", "Q1", "a", "-log(0, 0)"]])
    grade(answers, out=key_folder / "graded.csv")
    rows = graded_rows(key_folder / "graded.csv")
    assert rows[0]["student_id"] == "s,1" and rows[0]["answer"] == 'say "hi"\nthere'
    assert rows[1]["answer"] == "'-log(0, 0)" and rows[1]["status"] == "invalid"


class Unpicklable(Exception):
    def __reduce__(self):
        raise TypeError("cannot pickle")


def raising_unpicklable(chunk):
    raise Unpicklable("the file handle went away")


@pytest.mark.slow
def test_an_error_that_cannot_travel_between_processes_keeps_its_message():
    """A bug's error, not a QuizgenError: it arrives as an internal error with its traceback
    (review 49b F5), not as the one line a user's bad input gets."""
    from quizgen.generation.workers import WorkerBug

    with pytest.raises(WorkerBug, match=r"(?s)^internal error in a worker process.*in raising_unpicklable.*"
                                        r"Unpicklable: the file handle went away"):
        list(ordered_map(raising_unpicklable, [[1], [2]], jobs=2))
