"""The early check's sample (belong_early.py) grades a few windows of a big
class file before the pass; the pass takes the verdicts it made on the class
paper (answer_pass._verdict_caches) instead of grading those answers again,
with the same outputs as a run that samples nothing."""

import pytest

from grading_support import quizzes_and_class
from quizgen.grading import answer_pass, belong_early

ROWS = 3_000   # about 60 KB: "big" once EARLY_BYTES is lowered below it


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return quizzes_and_class(tmp_path_factory.mktemp("early37"), ROWS, "class.csv")


def graded(invoke, monkeypatch, folder, out: str, *extra) -> list:
    """Grade class.csv against quiz1 with --jobs 1: the (checker, answer) pairs
    the pass and the sample graded, in order."""
    marked = []
    original = answer_pass.verdict_outcome
    monkeypatch.setattr(answer_pass, "verdict_outcome",
                        lambda checker, answer: marked.append((id(checker), answer)) or original(checker, answer))
    result = invoke("grade", folder / "class.csv", "--key", folder / "quiz1" / "key.json", "--out",
                    folder / out / "graded.csv", "--jobs", "1", *extra)
    assert result.exit_code == 0, result.output
    return marked


def test_an_answer_the_sample_graded_is_not_graded_again_by_the_pass(folder, invoke, monkeypatch):
    monkeypatch.setattr(belong_early, "EARLY_BYTES", 16 << 10)
    sampled = []
    original = belong_early.graded_sample
    monkeypatch.setattr(belong_early, "graded_sample",
                        lambda *a: sampled.append(a) or original(*a))
    marked = graded(invoke, monkeypatch, folder, "early")
    assert sampled and len(marked) > 100   # the sample ran and graded answers
    assert len(marked) == len(set(marked))   # each answer to each part's checker graded once


def test_the_outputs_are_those_of_a_run_without_the_sample(folder, invoke, monkeypatch):
    monkeypatch.setattr(belong_early, "EARLY_BYTES", 16 << 10)
    with_sample = graded(invoke, monkeypatch, folder, "with")
    without = graded(invoke, monkeypatch, folder, "without", "--force-key")   # --force-key: nothing sampled
    assert {answer for _, answer in with_sample} == {answer for _, answer in without}   # checkers: each run's own
    for name in ("graded.csv", "graded-students.csv", "graded-questions.csv", "graded-items.csv"):
        assert (folder / "with" / name).read_bytes() == (folder / "without" / name).read_bytes(), name
