"""The thirty-fourth round's serial stages of grade keep every output byte: the
early check's sampled answers are graded once (the pass takes their outcomes,
KeyIndex.sampled), the key's trap names are read once for both reports, and the
grade command leaves its objects to the operating system at exit
(collector.left_at_exit) rather than to the interpreter's last collection."""

from __future__ import annotations

import gc
import importlib.util
from pathlib import Path

import pytest

from quizgen.grading import answer_pass, belong_early, collector, file_slice, outputs, run

OUTPUTS = ("graded.csv", "graded-students.csv", "graded-questions.csv", "graded-items.csv", "graded-report.md",
           "graded-report.html")


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """Per-student papers (seed 11, C1) of 40 students and their answers, each student's own way."""
    folder = tmp_path_factory.mktemp("serial34")
    ids = [f"s{n:03d}" for n in range(40)]
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"{i},Student {i}\n" for i in ids),
                                       encoding="utf-8")
    from click.testing import CliRunner
    from quizgen.cli import main

    made = CliRunner().invoke(main, ["generate", "--seed", "11", "--classes", "C1", "--students",
                                     str(folder / "roster.csv"), "--out", str(folder / "quiz")])
    assert made.exit_code == 0, made.output
    spec = importlib.util.spec_from_file_location(
        "workload_support", Path(__file__).resolve().parent.parent / "benchmarks" / "workload.py")
    workload = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(workload)
    rows = workload.student_answers(folder / "quiz" / "key.json", folder / "answers.csv", seed=3)
    return folder, rows


def graded(invoke, folder: Path, out: Path, *options) -> dict:
    result = invoke("grade", folder / "answers.csv", "--key", folder / "quiz" / "key.json", "--out",
                    out / "graded.csv", *options)
    assert result.exit_code == 0, result.output
    return {name: (out / name).read_bytes() for name in OUTPUTS}


def test_the_early_sample_is_graded_once_and_the_outputs_are_the_same(papers, invoke, monkeypatch, tmp_path):
    folder, rows = papers
    alone = graded(invoke, folder, tmp_path / "alone", "--jobs", "1")   # too small a file: no sample
    monkeypatch.setattr(belong_early, "EARLY_BYTES", 1 << 10)   # now sampled, in 8 windows of 1 KiB
    monkeypatch.setattr(belong_early, "WINDOW_BYTES", 1 << 10)
    sampled, calls = [], []
    original_sample, original_verdict = belong_early.graded_sample, answer_pass.verdict_outcome
    monkeypatch.setattr(belong_early, "graded_sample",
                        lambda source, index, windows: sampled.append(index) or original_sample(source, index, windows))
    monkeypatch.setattr(answer_pass, "verdict_outcome", lambda *a: calls.append(a) or original_verdict(*a))
    assert graded(invoke, folder, tmp_path / "sampled", "--jobs", "1") == alone
    kept = len(sampled[0].sampled)
    assert kept > 20   # the sample's answers ...
    assert len(calls) == rows   # ... each graded once, in the sample or in the pass
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 4 << 10)   # and in several processes, as the parts cut it
    assert graded(invoke, folder, tmp_path / "parts", "--jobs", "3") == alone


def test_a_long_answer_is_never_taken_for_a_kept_one(papers):
    """A LongAnswer (cut short, a str subclass) that reads as an answer the sample kept is graded
    as too long, not handed the kept outcome."""
    from quizgen.grading.long_answer import LongAnswer
    from quizgen.grading.key_index import KeyIndex
    from quizgen.key.load import load_key_file
    from quizgen.key.status import Status

    folder, _ = papers
    index = KeyIndex(load_key_file(folder / "quiz" / "key.json"), False, None, "key")
    slot = next(n for n, checker in enumerate(index.papers[1].checkers) if checker is not None)
    kept = answer_pass._own_paper_outcome(index, 1, slot, "s000", "0.5", sample=True)
    assert index.sampled == {(1, slot, "0.5"): kept}
    long = answer_pass._own_paper_outcome(index, 1, slot, "s000", LongAnswer("0.5", "over 400 characters"))
    assert long is not kept and long.status is Status.INVALID
    assert answer_pass._own_paper_outcome(index, 1, slot, "s000", "0.5") is kept


def test_the_trap_names_are_read_once_for_both_reports(papers, invoke, monkeypatch, tmp_path):
    folder, _ = papers
    calls = []
    for module in (run, outputs):
        original = module.trap_names
        monkeypatch.setattr(module, "trap_names", lambda key, original=original: calls.append(key) or original(key))
    graded(invoke, folder, tmp_path / "out", "--jobs", "1")
    assert len(calls) == 1


def test_grade_leaves_its_objects_to_the_os_at_exit(papers, invoke, monkeypatch, tmp_path):
    """gc.freeze hooked at exit, once however many grades a process runs."""
    hooked = []

    class Hooks:
        @staticmethod
        def register(function):
            hooked.append(function)

        @staticmethod
        def unregister(function):
            while function in hooked:
                hooked.remove(function)

    monkeypatch.setattr(collector, "atexit", Hooks)
    folder, _ = papers
    graded(invoke, folder, tmp_path / "one", "--jobs", "1")
    graded(invoke, folder, tmp_path / "two", "--jobs", "1")
    assert hooked == [gc.freeze]
