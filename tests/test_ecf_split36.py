"""Error carried forward after a pass made in parts (grading/ecf_split.py):
the questions are shared out between processes once every part is merged,
each question's parts in one group, and the result is what one pass gives."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quizgen
from grading_support import quizzes_and_class
from quizgen.grading import ecf_split, file_slice
from quizgen.grading.ecf_split import question_groups
from property_sizes import many_copy, quick

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (not on Windows)")


def index_of(questions: list) -> SimpleNamespace:
    """A stand-in KeyIndex whose slot n belongs to question ``questions[n]``."""
    return SimpleNamespace(slots=[{"question_id": q, "part": "a"} for q in questions])


MANY = settings(max_examples=200, deadline=None)
SHARES = given(st.lists(st.integers(0, 9), min_size=1, max_size=40), st.integers(1, 4), st.data())


@quick(MANY)
@SHARES
def test_groups_share_out_whole_questions_about_equally(questions, parts, data):
    index = index_of([f"Q{q}" for q in questions])
    answered = data.draw(st.sets(st.integers(0, len(questions) - 1)) | st.none())
    groups = question_groups(index, answered, parts)
    wanted = set(range(len(questions))) if answered is None else answered
    assert set().union(*groups) == wanted and sum(map(len, groups)) == len(wanted)   # a partition
    owner = {slot: n for n, group in enumerate(groups) for slot in group}
    for slot in wanted:   # a question's answered slots all in one group
        assert all(owner[other] == owner[slot] for other in wanted if questions[other] == questions[slot])
    largest = max((sum(1 for s in wanted if questions[s] == q) for q in set(questions)), default=0)
    assert len(groups) <= parts and (not groups or max(map(len, groups)) - min(map(len, groups)) <= largest)
    assert question_groups(index, answered, parts) == groups   # the same on every run


test_groups_share_out_whole_questions_about_equally_many = many_copy(
    test_groups_share_out_whole_questions_about_equally, SHARES, MANY)


def test_groups_are_balanced_by_slots_not_by_question_count():
    """Q1 of four parts, then four one-part questions: two groups of four slots, not Q1 with two more."""
    index = index_of(["Q1"] * 4 + ["Q2", "Q3", "Q4", "Q5"])
    assert question_groups(index, None, 2) == [frozenset({0, 1, 2, 3}), frozenset({4, 5, 6, 7})]


@pytest.fixture(scope="module")
def class_files(tmp_path_factory):
    made = quizzes_and_class(tmp_path_factory.mktemp("split"), 20000, "answers.csv")
    return made / "answers.csv", made / "quiz1" / "key.json"


def graded(answers, key, jobs: int, folder) -> dict:
    quizgen.grade(answers, key=key, out=folder / "graded.csv", jobs=jobs, force=True)
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@needs_fork
@pytest.mark.slow
@pytest.mark.parametrize("jobs", [2, 3])
def test_questions_shared_out_give_one_pass_bytes(class_files, tmp_path, monkeypatch, jobs):
    """A class's answers (benchmarks/workload.py: traps, ECF, rounding) cut
    into parts: ECF made in ``jobs`` processes, a group of questions each,
    writes what one pass writes; every group handed to another process
    re-marked some part, not only the main process's."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    answers, key = class_files
    one = graded(answers, key, 1, tmp_path / "one")
    assert one["graded.csv"].count(b",ecf\r\n") >= 20
    seen = []
    real = ecf_split.remarked_cells

    def remarked(index, students, grid, slots):
        found = real(index, students, grid, slots)
        seen.append({index.slots[cell % grid.width]["question_id"] for cell in found})
        return found
    monkeypatch.setattr(ecf_split, "remarked_cells", remarked)
    monkeypatch.setattr(ecf_split, "Background", lambda func, *args: _Inline(func, *args))
    assert graded(answers, key, jobs, tmp_path / "parts") == one
    assert len(seen) == jobs - 1 and all(seen)   # every forked group re-marked some question


class _Inline:
    """Background run in this process, so the test sees what the group re-marked (the same result)."""

    def __init__(self, func, *args):
        self.func, self.args = func, args

    def __enter__(self):
        return self

    def __exit__(self, *_):
        return False

    def result(self):
        return self.func(*self.args)


@needs_fork
@pytest.mark.slow
def test_forked_groups_give_one_pass_bytes(class_files, tmp_path, monkeypatch):
    """The same with the groups really forked (the grid's new outcomes come back by pickle)."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    answers, key = class_files
    assert graded(answers, key, 2, tmp_path / "two") == graded(answers, key, 1, tmp_path / "one")


@needs_fork
@pytest.mark.slow
def test_per_student_papers_are_re_marked_where_they_were_graded(tmp_path, monkeypatch):
    """With per-student papers each part re-marks its own students (their
    part checkers were made there): the questions are not shared out, which
    would make every later student's checkers again in the main process."""
    from test_grade_parallel import ecf_rows, graded_files, write_rows

    from quizgen.grading import parallel

    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    _, rows, key = ecf_rows(60)
    answers = write_rows(tmp_path / "answers.csv", rows)
    one = graded_files(answers, key, 1, tmp_path / "one")

    def refused(*_):
        raise AssertionError("questions shared out for per-student papers")
    monkeypatch.setattr(parallel, "carry_forward_in_parts", refused)
    assert graded_files(answers, key, 2, tmp_path / "two") == one
    assert one["files"]["graded.csv"].count(b",ecf\r\n") >= 20


@needs_fork
@pytest.mark.slow
def test_a_class_paper_is_re_marked_once_every_part_is_in(class_files, tmp_path, monkeypatch):
    """On a class paper no part re-marks its own students: ECF is made once, after the merge."""
    from quizgen.grading import parallel

    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    calls, real = [], parallel.carry_forward_in_parts
    monkeypatch.setattr(parallel, "carry_forward_in_parts", lambda *args: calls.append(args) or real(*args))
    monkeypatch.setattr(parallel, "carry_errors_forward", lambda *args, **kwargs: pytest.fail("a part re-marked"))
    answers, key = class_files
    graded(answers, key, 2, tmp_path / "two")
    assert len(calls) == 1
