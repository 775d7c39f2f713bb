"""A big answers file graded against the wrong key stops before the pass
(grading/belong_early.py): a sample of rows spread over the file is graded
first and the check after the pass is applied to it. The answers that do
belong are graded exactly as before, and ``--force`` samples nothing."""

import re
from pathlib import Path

import pytest

from grading_support import quizzes_and_class
from quizgen.grading import belong_early, run


ROWS = 3_000   # about 60 KB: "big" once EARLY_BYTES is lowered below it


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A folder with two class keys, quiz1 (seed 1) and quiz2 (seed 2), and
    ``answers.csv``: a class's answers to quiz1's paper."""
    return quizzes_and_class(tmp_path_factory.mktemp("wrongkey"), ROWS, "answers.csv")


@pytest.fixture
def big(monkeypatch):
    """The sample taken for files of ROWS rows: windows of 3 KB."""
    monkeypatch.setattr(belong_early, "EARLY_BYTES", 16 << 10)
    monkeypatch.setattr(belong_early, "WINDOW_BYTES", 3 << 10)


def no_pass(*args, **kwargs):
    raise AssertionError("the pass over the rows ran")


@pytest.mark.slow
def test_a_wrong_key_for_a_big_file_stops_before_the_pass_naming_the_right_key(folder, invoke, monkeypatch, big):
    monkeypatch.chdir(folder)
    monkeypatch.setattr(run, "grade_file", no_pass)
    result = invoke("grade", "answers.csv", "--key", "quiz2/key.json", "--out", "out/graded.csv")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "a value quiz2/key.json knows" in lines[0]
    assert "grade them with --key quiz1/key.json, or pass --force" in lines[0]
    assert not (folder / "out").exists()


def test_the_sample_is_windows_of_whole_lines_spread_over_the_file(folder, big):
    from quizgen.grading.answers_file import open_answers

    source = open_answers(folder / "answers.csv")
    windows = belong_early.sample_windows(source)
    data = (folder / "answers.csv").read_bytes()
    assert len(windows) == belong_early.WINDOWS and windows[0][0] == 0
    assert windows[-1][0] > len(data) * (belong_early.WINDOWS - 1) // belong_early.WINDOWS
    for start, end in windows:
        assert (start == 0 or data[start - 1:start] == b"\n") and data[end - 1:end] == b"\n"
    assert all(end < after for (_, end), (after, _) in zip(windows, windows[1:]))


def test_a_file_under_early_bytes_is_not_sampled(folder):
    from quizgen.grading.answers_file import open_answers

    assert (folder / "answers.csv").stat().st_size < belong_early.EARLY_BYTES
    assert belong_early.sample_windows(open_answers(folder / "answers.csv")) == []


def graded_texts(folder: Path, invoke, out: str, *args) -> tuple:
    result = invoke("grade", "answers.csv", *args, "--out", f"{out}/graded.csv")
    texts = {path.name: path.read_bytes() for path in sorted((folder / out).iterdir())}
    return result.exit_code, result.output, texts


@pytest.mark.slow
def test_the_right_key_grades_the_same_with_the_sample_taken_and_without(folder, invoke, monkeypatch):
    monkeypatch.chdir(folder)
    taken = []
    original = belong_early.graded_sample
    monkeypatch.setattr(belong_early, "graded_sample", lambda *a: taken.append(1) or original(*a))
    before = graded_texts(folder, invoke, "plain", "--key", "quiz1/key.json")
    assert not taken
    monkeypatch.setattr(belong_early, "EARLY_BYTES", 16 << 10)
    monkeypatch.setattr(belong_early, "WINDOW_BYTES", 3 << 10)
    after = graded_texts(folder, invoke, "sampled", "--key", "quiz1/key.json")
    assert taken and before[0] == after[0] == 0
    assert before[1].replace("plain/", "sampled/") == after[1]
    assert before[2] == after[2]


@pytest.mark.slow
def test_force_samples_nothing_and_warns_after_the_pass(folder, invoke, monkeypatch, big):
    monkeypatch.chdir(folder)
    monkeypatch.setattr(belong_early, "graded_sample", no_pass)
    result = invoke("grade", "answers.csv", "--key", "quiz2/key.json", "--out", "forced/graded.csv", "--force")
    assert result.exit_code == 0, result.output
    assert "of a value quiz1/key.json knows: graded anyway, as --force asks" in result.output


@pytest.mark.slow
def test_about_half_far_and_no_better_key_near_is_left_to_the_check_after_the_pass(folder, invoke, monkeypatch, big,
                                                                                     tmp_path):
    """Another seed's answers with no key near them that fits: about half lie
    far from every value quiz2 knows, the far rule's edge; the sample (a few
    hundred answers) must leave that to the whole file's check after the pass."""
    (tmp_path / "quiz2").mkdir()
    (tmp_path / "quiz2" / "key.json").write_bytes((folder / "quiz2" / "key.json").read_bytes())
    (tmp_path / "answers.csv").write_bytes((folder / "answers.csv").read_bytes())
    monkeypatch.chdir(tmp_path)
    taken, passes = [], []
    original, grade_file = belong_early.graded_sample, run.grade_file
    monkeypatch.setattr(belong_early, "graded_sample", lambda *a: taken.append(original(*a)) or taken[-1])
    monkeypatch.setattr(run, "grade_file", lambda *a, **k: passes.append(1) or grade_file(*a, **k))
    result = invoke("grade", "answers.csv", "--key", "quiz2/key.json", "--out", "out/graded.csv")
    sample = taken[0]
    assert sample.numeric >= belong_early.EARLY_LEAST and 0.4 < sample.far / sample.numeric <= belong_early.EARLY_FAR
    assert passes and result.exit_code == 2
    # about half: the made-up answers shift with the bank's word lists and traps (a longer C9 accept list:
    # 49%; round 54's traps in C2, C7, C8 and C9: 47%)
    assert re.search(r"numeric answers \((4[5-9]|5[0-5])%\) are near a value quiz2/key\.json knows", result.output)


@pytest.mark.slow
def test_answers_far_from_every_value_and_no_key_near_stop_before_the_pass(folder, invoke, monkeypatch, big, tmp_path):
    """Every number ten times what quiz1 knows, and no other key near: the far rule, before the pass."""
    import csv

    (tmp_path / "quiz1").mkdir()
    (tmp_path / "quiz1" / "key.json").write_bytes((folder / "quiz1" / "key.json").read_bytes())
    with open(folder / "answers.csv", encoding="utf-8", newline="") as given, \
            open(tmp_path / "answers.csv", "w", encoding="utf-8", newline="") as made:
        writer = csv.writer(made)
        for cells in csv.reader(given):
            try:
                cells[3] = repr(10 * float(cells[3]) + 1)
            except ValueError:
                pass
            writer.writerow(cells)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(run, "grade_file", no_pass)
    result = invoke("grade", "answers.csv", "--key", "quiz1/key.json", "--out", "out/graded.csv")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "are near a value quiz1/key.json knows" in lines[0] and "no key.json near them fits them better" in lines[0]


def few_parts_answers(folder: Path, path: Path) -> Path:
    """The class's answers to Q1 and Q2 alone (under half the key's parts),
    then the first fifty students' answers to Q1 again (met in two parts of a
    file cut in two)."""
    lines = (folder / "answers.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines[1:] if line.split(",")[1] in ("Q1", "Q2")]
    again = [line for line in kept if line.split(",")[1] == "Q1" and int(line[1:7]) < 50]
    # one answer ECF surely re-marks, whatever the random class holds: (a) 0.5, then (b) -ln 0.5 (seed 1's Q1, C1)
    ecf = ["S999999,Q1,a,0.5\n", "S999999,Q1,b,0.693\n"]
    path.write_text(lines[0] + "".join(kept + again + ecf), encoding="utf-8")
    return path


@pytest.mark.slow
def test_ecf_looks_at_the_answered_parts_alone_with_the_same_result(folder):
    from quizgen.grading import ecf_pass
    from quizgen.grading.answer_pass import pass_rows
    from quizgen.grading.answers_file import open_answers
    from quizgen.grading.key_index import KeyIndex
    from quizgen.grading.matrix import AnswerGrid
    from quizgen.grading.students import Students
    from quizgen.grading.tally import Tally
    from quizgen.grading.writer import RowWriter
    from quizgen.key.load import load_key_file
    import io

    class Counted(list):
        reads = 0

        def __getitem__(self, k):
            Counted.reads += 1
            return list.__getitem__(self, k)

    answers = few_parts_answers(folder, folder / "few-ecf.csv")
    results = []
    for slots in (None, "answered"):
        index = KeyIndex(load_key_file(folder / "quiz1" / "key.json"), False, None, "key.json")
        students, grid, tally = Students(index), AnswerGrid(len(index.slots)), Tally(len(index.slots))
        pass_rows(open_answers(answers), index, students, grid, tally, RowWriter(io.StringIO(), ","))
        grid.outcomes, Counted.reads = Counted(grid.outcomes), 0
        chosen = ecf_pass.answered_slots(index) if slots else None
        patched = ecf_pass.carry_errors_forward(index, students, grid, slots=chosen)
        results.append(({row: outcome.cells for row, outcome in patched.items()}, Counted.reads, chosen))
    (everything, all_reads, _), (answered, answered_reads, chosen) = results
    assert chosen and len(chosen) < len(index.slots) / 2
    assert answered == everything and everything
    assert answered_reads < all_reads / 2


@pytest.mark.slow
def test_a_later_part_answering_few_of_the_keys_parts_sends_them_alone_and_grades_the_same(folder, tmp_path,
                                                                                          monkeypatch):
    import quizgen
    from quizgen.grading import file_slice, parallel

    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    answers = few_parts_answers(folder, tmp_path / "few.csv")
    sent = []   # what came back from each later part's process, before it is unpacked
    original = parallel.unpacked
    monkeypatch.setattr(parallel, "unpacked", lambda part, width: sent.append(part) or original(part, width))
    graded = {}
    for jobs in (1, 2, 3):
        result = quizgen.grade(answers, key=folder / "quiz1" / "key.json", out=tmp_path / f"j{jobs}" / "graded.csv",
                               jobs=jobs)
        graded[jobs] = (result.rows, result.counts, result.notes, result.warnings,
                        {p.name: p.read_bytes() for p in sorted((tmp_path / f"j{jobs}").iterdir())})
    assert len(sent) == 3 and all(part.columns is not None and len(part.columns) < 14 for part in sent)
    assert graded[1] == graded[2] == graded[3]
