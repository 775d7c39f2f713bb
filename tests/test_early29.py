"""The sample before the pass (grading/belong_early.py) counts whole students
only, spread over many parts, so that a file sorted by question (one part in
each window) is left to the check after the pass; and the key.json files near
a weak class's answers are searched once a run, not before and after the pass."""

import csv
from pathlib import Path

import pytest

from grading_support import quizzes_and_class
from quizgen.grading import belong, belong_early


ROWS = 3_000   # about 60 KB: "big" once EARLY_BYTES is lowered below it
FAR = "98765.4"   # far from every value of the workload's papers


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """quiz1 (seed 1), quiz2 (seed 2) and ``class.csv``: a class's answers to quiz1's paper, by student."""
    return quizzes_and_class(tmp_path_factory.mktemp("early29"), ROWS, "class.csv")


@pytest.fixture
def big(monkeypatch):
    """Files of ROWS rows are sampled."""
    monkeypatch.setattr(belong_early, "EARLY_BYTES", 16 << 10)


def read_rows(path: Path) -> tuple:
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    return rows[0], rows[1:]


def write_rows(path: Path, header: list, rows: list) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([header, *rows])


def sorted_by_question(folder: Path, path: Path) -> None:
    """``class.csv`` sorted by part, the parts under 8 windows spread evenly over
    the file (the sample before this fix) answered far by every student: a
    third of the parts hard, the rest as the class answered them."""
    header, rows = read_rows(folder / "class.csv")
    order = list(dict.fromkeys((row[1], row[2]) for row in rows))
    rows.sort(key=lambda row: order.index((row[1], row[2])))
    write_rows(path, header, rows)
    data = path.read_bytes()
    lines = [data.count(b"\n", 0, k * len(data) // 8) for k in range(8)]   # header: line 0
    hard = {(rows[line][1], rows[line][2]) for line in lines}
    assert 6 <= len(hard) <= 9 < len(order) // 2
    write_rows(path, header, [row[:3] + [FAR] if (row[1], row[2]) in hard else row for row in rows])


def graded_sampled(invoke, monkeypatch, folder: Path) -> tuple:
    """Grade ``folder``'s answers.csv with its quiz1/key.json (exit 0): the result
    and the samples belong_early graded before the pass."""
    monkeypatch.chdir(folder)
    taken = []
    original = belong_early.graded_sample
    monkeypatch.setattr(belong_early, "graded_sample", lambda *a: taken.append(original(*a)) or taken[-1])
    result = invoke("grade", "answers.csv", "--key", "quiz1/key.json", "--out", "out/graded.csv")
    assert result.exit_code == 0, result.output
    return result, taken


@pytest.mark.slow
def test_a_file_sorted_by_question_answered_for_this_key_is_graded(folder, invoke, monkeypatch, big, tmp_path):
    """Each window of a file sorted by question holds one part: the sample says
    nothing of the others, so the check after the pass decides (it grades)."""
    (tmp_path / "quiz1").mkdir()
    (tmp_path / "quiz1" / "key.json").write_bytes((folder / "quiz1" / "key.json").read_bytes())
    sorted_by_question(folder, tmp_path / "answers.csv")
    result, taken = graded_sampled(invoke, monkeypatch, tmp_path)
    assert taken and taken[0].numeric == 0   # not one whole student in the sample
    assert "near a value" not in result.output and "match, within tolerance" not in result.output


@pytest.mark.slow
def test_a_file_sorted_by_question_alone_has_no_whole_student_in_the_sample(folder, invoke, monkeypatch, big,
                                                                           tmp_path):
    """Sorted by question, each student's parts of it together: runs of 2-5 rows, one question's."""
    monkeypatch.setattr(belong_early, "WINDOW_BYTES", 1 << 10)   # fewer of the class's 111 students in each
    (tmp_path / "quiz1").mkdir()
    (tmp_path / "quiz1" / "key.json").write_bytes((folder / "quiz1" / "key.json").read_bytes())
    header, rows = read_rows(folder / "class.csv")
    order = list(dict.fromkeys(row[1] for row in rows))
    write_rows(tmp_path / "answers.csv", header, sorted(rows, key=lambda row: order.index(row[1])))
    result, taken = graded_sampled(invoke, monkeypatch, tmp_path)
    assert taken and taken[0].numeric == 0


def test_whole_students_are_runs_of_two_rows_inside_a_window_seen_nowhere_else():
    runs = [[["a", 3], ["b", 27], ["c", 27], ["d", 5]],
            [["e", 2], ["f", 1], [None, 4], ["g", 2], ["c", 1], ["h", 9]],
            [["x", 1], ["y", 1], ["z", 1]]]
    assert belong_early.whole_students(runs) == ["b", "g"]
    assert belong_early.whole_students(runs, 6) == ["b"]


def test_the_sample_must_hold_enough_students_and_parts(folder):
    from quizgen.grading.key_index import KeyIndex
    from quizgen.key.load import load_key_file

    index = KeyIndex(load_key_file(folder / "quiz1" / "key.json"), False, None, "key.json")
    sample = belong.Sample.__new__(belong.Sample)
    sample.far = sample.matched = 0
    students, parts = [f"S{n}" for n in range(40)], [(s["question_id"], s["part"]) for s in index.slots]
    sample.answers = [(s, q, p, 1.0) for s in students for q, p in parts]
    sample.numeric = len(sample.answers)
    assert belong_early.spread(sample, index)
    sample.answers = [(s, q, p, 1.0) for s in students for q, p in parts[:belong_early.EARLY_PARTS - 1]]
    assert not belong_early.spread(sample, index)
    sample.answers = [(s, q, p, 1.0) for s in students[:belong_early.EARLY_STUDENTS - 1] for q, p in parts]
    assert not belong_early.spread(sample, index)


def slipped(folder: Path, path: Path) -> None:
    """``class.csv`` with every plain number 15% off: a weak class (few match,
    few far) that another key near it (quiz2) does not fit."""
    header, rows = read_rows(folder / "class.csv")
    for row in rows:
        try:
            row[3] = f"{float(row[3]) * 1.15:.4g}"
        except ValueError:
            pass
    write_rows(path, header, rows)


@pytest.mark.slow
def test_a_weak_class_searches_the_keys_near_it_once_a_run(folder, invoke, monkeypatch, big, tmp_path):
    for name in ("quiz1", "quiz2"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "key.json").write_bytes((folder / name / "key.json").read_bytes())
    slipped(folder, tmp_path / "answers.csv")
    monkeypatch.chdir(tmp_path)
    read, taken = [], []
    share_in, original = belong._share_in, belong_early.graded_sample
    monkeypatch.setattr(belong, "_share_in", lambda path, answers: read.append(path.parent.name)
                        or share_in(path, answers))
    monkeypatch.setattr(belong_early, "graded_sample", lambda *a: taken.append(original(*a)) or taken[-1])
    result = invoke("grade", "answers.csv", "--key", "quiz1/key.json", "--out", "out/graded.csv")
    assert result.exit_code == 0, result.output
    assert "a weak class, or answers written for another seed or key?" in result.output
    assert read == ["quiz2"]
    assert belong_early.spread(taken[0], _Slots()) and belong.few_match(
        taken[0].matched, taken[0].numeric)   # the sample before the pass searched
    again = invoke("grade", "answers.csv", "--key", "quiz1/key.json", "--out", "again/graded.csv")
    assert again.exit_code == 0 and read == ["quiz2", "quiz2"]   # a new run searches again


class _Slots:
    """A key of many parts: ``spread`` asks for EARLY_PARTS of them."""
    slots = range(1000)
