"""Answers graded against the wrong key (keyfind23): per-student papers'
answers graded against the class paper found in ./quiz/ (paper codes, and the
match rule of grading/belong.py for a key of the same templates), real
classes never stopped (the workload's weakest students too), and an output
that cannot be created named."""

import csv
import importlib.util
import os
import random
from pathlib import Path

import pytest

from quizgen.grading import belong, run
from quizgen.key.load import load_key_file

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("workload23", ROOT / "benchmarks" / "workload.py")
workload = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(workload)


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    """``(folder, quiz/key.json, papers/key.json)``: the reviewer's class paper
    (seed 1) and ten students' own papers (seed 8), one folder."""
    from click.testing import CliRunner

    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("keyfind")
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"s{i:03d},Student {i}\n" for i in range(10)),
                                       encoding="utf-8")
    for args in (["--seed", "1", "--out", folder / "quiz"],
                 ["--students", folder / "roster.csv", "--seed", "8", "--out", folder / "papers"]):
        made = CliRunner().invoke(main, ["generate", *map(str, args)], catch_exceptions=False)
        assert made.exit_code == 0, made.output
    return folder, folder / "quiz" / "key.json", folder / "papers" / "key.json"


def own_answers(key_path: Path, path: Path, codes: bool, seed: int = 1, skill=None, trap=None) -> Path:
    """Each student of ``key_path`` answering their own paper (the class paper
    for ten students s000.. when the key has none) as the workload's students
    do (their own figures, traps, expressions), with the paper code when ``codes``."""
    key = load_key_file(key_path)
    by_student = key.codes_by_student()
    rng = random.Random(seed)
    papers = [(p.student_id, p.questions) for p in key.papers] or [(f"s{i:03d}", key.questions) for i in range(10)]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(workload.HEADER + ["paper"] * codes)
        for student_id, questions in papers:
            student = workload.Student(rng)
            student.skill = student.skill if skill is None else skill
            student.trap_rate = student.trap_rate if trap is None else trap
            code = by_student.get(student_id, by_student.get(""))
            for question in questions:
                for part in question.parts:
                    writer.writerow([student_id, question.id, part.letter, student.answer(part)] + [code] * codes)
    return path


def error_line(result) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    return lines[0]


@pytest.mark.slow
def test_own_papers_answers_with_codes_against_the_class_key_in_quiz_stop_naming_both_keys(keys, invoke, monkeypatch):
    """The reviewer's case: answers to papers/'s own papers, no --key: quiz/key.json was used, exit 0, all
    needs_review; now one line names the key used and the key.json that printed the codes."""
    folder, _, _ = keys
    monkeypatch.chdir(folder)
    own_answers(Path("papers/key.json"), folder / "answers.csv", codes=True)
    line = error_line(invoke("grade", "answers.csv", "--out", "other/"))
    assert line.startswith("quizgen: error: answers.csv: its paper column carries 10 different paper codes")
    assert "quiz/key.json (found: no --key given) has no per-student papers" in line
    assert "--key papers/key.json" in line and "--force" in line
    assert not (folder / "other").exists()
    forced = invoke("grade", "answers.csv", "--out", "other/", "--force")
    assert forced.exit_code == 0 and "warning: answers.csv: its paper column carries" in forced.output
    assert invoke("grade", "answers.csv", "--key", "papers/key.json", "--out", "right/").exit_code == 0


@pytest.mark.slow
def test_class_paper_answers_against_a_per_student_key_stop_naming_the_class_key(keys, invoke, monkeypatch):
    """The other way round: the class paper's code on every row, graded against the per-student key."""
    folder, _, _ = keys
    monkeypatch.chdir(folder)
    own_answers(Path("quiz/key.json"), folder / "class.csv", codes=True)
    line = error_line(invoke("grade", "class.csv", "--key", "papers/key.json", "--out", "other2/"))
    assert "carries one class paper's code" in line and "on 10 students' rows" in line
    assert "papers/key.json is the key of per-student papers" in line and "--key quiz/key.json" in line


@pytest.mark.slow
def test_own_papers_answers_without_codes_against_the_class_key_are_stopped_by_the_match_rule(keys, invoke,
                                                                                               monkeypatch):
    """No paper column: the same templates put about half the answers within 25% of the class paper's
    values, so the far rule let them through; almost none match within tolerance."""
    folder, _, _ = keys
    monkeypatch.chdir(folder)
    own_answers(Path("papers/key.json"), folder / "nocode.csv", codes=False)
    line = error_line(invoke("grade", "nocode.csv", "--out", "other3/"))
    assert "of a sample of numeric answers lie within tolerance of a value quiz/key.json (found: no --key given)" \
        in line
    assert "of a value papers/key.json knows: grade them with --key papers/key.json" in line
    assert not (folder / "other3").exists()
    assert invoke("grade", "nocode.csv", "--key", "papers/key.json", "--out", "right3/").exit_code == 0


def match_rate(answers: Path, key: Path) -> float:
    """The share of sampled numeric answers (ECF aside) matched, as check_belong counts them."""
    seen = {}

    def capture(index, students, grid, *args, **kwargs):
        sample = belong.Sample(index, students, grid)
        seen["rate"] = sample.matched / sample.numeric
        return ""

    original, run.check_belong = run.check_belong, capture
    try:
        run.grade(answers, key=key, out=answers.parent / (answers.stem + "-rate/"), force=True, jobs=1)
    finally:
        run.check_belong = original
    return seen["rate"]


@pytest.mark.parametrize("skill, trap", [(None, None), (0.35, 0.05)])
@pytest.mark.slow
def test_real_classes_even_the_weakest_match_at_least_twice_the_threshold(keys, tmp_path, skill, trap):
    """The workload's class (benchmarks/workload.py) and a class of its weakest students (skill 0.35,
    traps 5%), per-student and class papers: at least twice MATCH_LEAST, never stopped."""
    _, quiz, papers = keys
    for key in (quiz, papers):
        answers = own_answers(key, tmp_path / f"{key.parent.name}.csv", codes=True, skill=skill, trap=trap)
        assert match_rate(answers, key) >= 2 * belong.MATCH_LEAST
        assert run.grade(answers, key=key, out=f"{tmp_path / key.parent.name}/", jobs=1).warnings == []


@pytest.mark.slow
def test_another_key_of_the_same_templates_matches_well_under_the_threshold(keys, tmp_path):
    """Own papers' answers against the class key, and the class's against another seed's key."""
    _, quiz, papers = keys
    answers = own_answers(papers, tmp_path / "own.csv", codes=False)
    assert match_rate(answers, quiz) <= belong.MATCH_LEAST / 1.5
    assert match_rate(own_answers(quiz, tmp_path / "class.csv", codes=False), papers) <= belong.MATCH_LEAST / 1.5


def test_the_match_rule_waits_for_enough_answers():
    assert not belong.few_match(0, belong.MATCH_SAMPLE - 1)
    assert belong.few_match(0, belong.MATCH_SAMPLE)


def weak_answers(key_path: Path, path: Path, right: float, seed: int = 5) -> Path:
    """Twenty students answering their class paper as a weak class does
    (rev-marking23): half the parts blank, ``right`` of the rest right to 4
    figures, the others slips 10-60% off the answer."""
    key = load_key_file(key_path)
    rng = random.Random(seed)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        for n in range(20):
            for question in key.questions:
                for part in question.parts:
                    if part.kind == "word" or rng.random() < 0.5:
                        continue
                    value = part.value if rng.random() < right else part.value * rng.choice((-1, 1)) * rng.uniform(
                        0.1, 0.6) + part.value
                    writer.writerow([f"w{n:02d}", question.id, part.letter, f"{value:.4g}"])
    return path


@pytest.mark.parametrize("right", [0.15, 0.35])
@pytest.mark.slow
def test_a_weak_class_is_graded_with_a_warning_not_stopped_though_other_keys_lie_near(keys, invoke, monkeypatch,
                                                                                      right):
    """rev-marking23: a real class with few right answers (a pre-test, slips) was
    stopped as "another key's"; papers/key.json beside it matches no better, so
    grade warns and grades."""
    folder, _, _ = keys
    monkeypatch.chdir(folder)
    weak_answers(Path("quiz/key.json"), folder / f"weak{right}.csv", right)
    result = invoke("grade", f"weak{right}.csv", "--key", "quiz/key.json", "--out", f"weak{right}/")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if "a weak class, or answers written for another" in line]
    assert len(warned) == 1 and warned[0].startswith(f"quizgen: warning: weak{right}.csv: only ")
    assert (folder / f"weak{right}" / f"weak{right}-graded.csv").exists()


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
def test_an_output_that_cannot_be_created_is_named_with_why(tmp_path, invoke, three_question_folder):
    answers = three_question_folder / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\n", encoding="utf-8")
    result = invoke("grade", answers, "--out", "/proc/x.csv")
    line = result.output.strip()
    assert result.exit_code != 0 and "\n" not in line
    assert "/proc: is a system folder (/dev, /proc, /sys), where quizgen writes no file: choose another output path" in line


@pytest.mark.slow
def test_a_class_far_from_the_key_is_told_no_key_nearby_fits_better(keys, invoke, monkeypatch, tmp_path):
    """rev-user23b: a very weak class (80% of answers 1.3-2.5 times the key's)
    was stopped with "key.json files found: papers/key.json", which fits them
    no better: the line now says none near them does, and --force grades them."""
    folder, _, _ = keys
    monkeypatch.chdir(folder)
    key = load_key_file(Path("quiz/key.json"))
    rng = random.Random(7)
    with open("far.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        for n in range(20):
            for question in key.questions:
                for part in question.parts:
                    if part.kind != "word":
                        value = part.value * (1 if rng.random() < 0.2 else rng.uniform(1.3, 2.5))
                        writer.writerow([f"f{n:02d}", question.id, part.letter, f"{value:.4g}"])
    line = error_line(invoke("grade", "far.csv", "--key", "quiz/key.json", "--out", "far/"))
    assert "no key.json near them fits them better" in line and "papers/key.json" not in line
    assert invoke("grade", "far.csv", "--key", "quiz/key.json", "--out", "far/", "--force").exit_code == 0


def test_the_keys_one_folder_down_are_the_first_thirty_that_have_one_and_the_rest_are_not_looked_at(tmp_path,
                                                                                                     monkeypatch):
    """rev-last23: every subfolder was checked for a key.json even after the
    thirty looked at were found; folders with no key take no place."""
    for n in range(80):
        (tmp_path / f"d{n:02}").mkdir()
        if n % 2:
            (tmp_path / f"d{n:02}" / "key.json").write_text("{}")
    (tmp_path / "plain-file").write_text("x")
    looked = []
    monkeypatch.setattr(belong, "_is_file", lambda path: looked.append(path) or path.exists())
    found = belong._one_down(tmp_path)
    assert [path.parent.name for path in found] == [f"d{n:02}" for n in range(1, 60, 2)]
    assert len(looked) == 60   # d00 to d59: stops at the thirtieth key, not at d79


@pytest.mark.slow
def test_a_small_class_far_from_the_key_is_told_of_the_nearby_key_that_fits(invoke, tmp_path, monkeypatch):
    """rev-docs24: a few students' exact seed-19 answers graded with the seed-1
    key were told "no key.json near them fits them better" where right/key.json
    (seed 19) fits them all: the better key was only looked for with 60 answers."""
    for seed, folder in ((19, "right"), (1, "wrong")):
        assert invoke("generate", "--seed", seed, "--out", tmp_path / folder).exit_code == 0
    key = load_key_file(tmp_path / "right" / "key.json")
    rows = [[f"s{n}", question.id, part.letter, repr(part.value)] for n in range(2) for question in key.questions
            for part in question.parts if part.kind != "word" and part.value is not None]
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([workload.HEADER] + rows)
    assert 10 <= len(rows) < belong.MATCH_SAMPLE
    monkeypatch.chdir(tmp_path)
    line = error_line(invoke("grade", "answers.csv", "--key", Path("wrong") / "key.json"))
    assert f"grade them with --key {Path('right') / 'key.json'}" in line, line
    assert "no key.json near them fits them better" not in line
