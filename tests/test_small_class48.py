"""Review 48a: a small class graded against another seed's key (F4) and the
summary of a Moodle or Canvas download graded directly (F7)."""

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from lms_support import exported_download, export_labels, moodle_csv
from quizgen.cli import main
from quizgen.key.load import load_key_file

# Seed 1's answers to parts whose seed-42 answer (or a trap's) lies within 25% of
# them but outside tolerance: near seed 42's values, none of them matching.
PARTS = ("Q1a", "Q3b", "Q4a", "Q8a", "Q9a", "Q10b")
TOO_FEW = "too few answers to check they were written for this key"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def seed_one_answers(folder: Path, key: Path, students: int = 4) -> Path:
    """A Google-Forms-like wide file: ``students`` answering ``PARTS`` with seed 1's
    key's values to 4 figures, the other parts blank."""
    parts = {f"{q.id}{p.letter}": p for q in load_key_file(key).questions for p in q.parts}
    header = ["Timestamp", "Email Address", "Your name", *PARTS]
    rows = [[f"2026/03/03 10:0{n}:00", f"s{n:03d}@uni.edu", f"Student {n}",
             *(f"{parts[label].value:.4g}" for label in PARTS)] for n in range(students)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "answers.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    return folder / "answers.csv"


@pytest.fixture(scope="module")
def seeds(tmp_path_factory):
    """``(folder, seed 1's folder, seed 42's folder)``, each written by generate."""
    folder = tmp_path_factory.mktemp("seeds")
    for seed in (1, 42):
        assert invoke("generate", "--seed", seed, "--out", folder / f"seed{seed}").exit_code == 0
    return folder, folder / "seed1", folder / "seed42"


def test_a_small_class_of_another_seed_is_stopped_when_its_key_lies_near(seeds, tmp_path, monkeypatch):
    """4 students' seed-1 answers (24, under the 60 the match rule needs, none far)
    against seed 42's key passed without a word; the seed-1 key one folder down
    from the answers fits them all, so grade now stops naming it."""
    folder, one, forty_two = seeds
    answers = seed_one_answers(tmp_path / "class", one / "key.json")
    (tmp_path / "class" / "quiz").mkdir()
    (tmp_path / "class" / "quiz" / "key.json").write_bytes((one / "key.json").read_bytes())
    monkeypatch.chdir(tmp_path / "class")
    result = invoke("grade", answers.name, "--key", forty_two / "key.json", "--out", "other/")
    assert result.exit_code == 2, result.output
    assert f"grade them with --key {Path('quiz') / 'key.json'}" in result.output, result.output
    assert not (tmp_path / "class" / "other").exists()
    assert invoke("grade", answers.name, "--key", Path("quiz") / "key.json", "--out", "right/").exit_code == 0


def test_too_few_answers_to_check_the_key_is_said_in_the_summary_and_report(seeds, tmp_path, monkeypatch):
    """With no key near the answers to compare, the class is graded, and the summary,
    report.md and the HTML page say that the check could not run on its 24 numeric answers."""
    folder, one, forty_two = seeds
    answers = seed_one_answers(tmp_path / "alone", one / "key.json")
    monkeypatch.chdir(tmp_path / "alone")
    result = invoke("grade", answers.name, "--key", forty_two / "key.json", "--out", "other/")
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if TOO_FEW in line]
    assert len(said) == 1 and said[0].startswith("Note: "), result.output
    assert f"({forty_two / 'key.json'}): 24 numeric answers beside ecf answers, right counts and words, where the " \
           "check needs 60" in said[0]
    report = (tmp_path / "alone" / "other" / "answers-graded-report.md").read_text(encoding="utf-8")
    assert TOO_FEW in report
    page = (tmp_path / "alone" / "other" / "answers-graded-report.html").read_text(encoding="utf-8")
    assert f'<p id="key-check"><strong>Note: {TOO_FEW}' in page   # the page said nothing (review 48)


def test_a_class_big_enough_for_the_check_gets_no_such_note(seeds, tmp_path, monkeypatch):
    """12 students of the same answers (72 numeric answers, at their own key): checked, no note."""
    folder, one, _ = seeds
    answers = seed_one_answers(tmp_path / "big", one / "key.json", students=12)
    monkeypatch.chdir(tmp_path / "big")
    result = invoke("grade", answers.name, "--key", one / "key.json", "--out", "out/")
    assert result.exit_code == 0, result.output
    assert "too few answers" not in result.output
    assert 'id="key-check"' not in (tmp_path / "big" / "out" / "answers-graded-report.html").read_text(encoding="utf-8")


def test_a_moodle_download_saved_again_is_described_as_the_download(tmp_path):
    """A Moodle Responses download saved again by a spreadsheet (';', cp1252, a ü): the
    summary said "long form, ';'-separated, utf-8", the long file quizgen built from it."""
    rows = exported_download(lambda *a: invoke(*a), tmp_path, "C1,C7", 3, 3)
    rows[1][0] = "Türing"
    text = io.StringIO()
    csv.writer(text, delimiter=";").writerows(rows)
    (tmp_path / "responses.csv").write_bytes(text.getvalue().encode("cp1252"))
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.endswith("(a Moodle Responses download, ';'-separated, cp1252)."), first
    report, = tmp_path.rglob("*report.md")   # it named the long file alone (review 49a F5)
    assert report.read_text(encoding="utf-8").splitlines()[2].startswith(
        "Answers: responses.csv (a Moodle Responses download, ';'-separated, cp1252; graded as responses-answers.csv)")


def test_a_canvas_student_analysis_is_described_as_the_download(tmp_path):
    """A Canvas Student Analysis (',', UTF-8): named as such, not as the long file built from it."""
    assert invoke("export", "canvas", "--classes", "C1", "--count", 2, "--seed", 42,
                  "--out", tmp_path / "quiz.zip").exit_code == 0
    template, code = min(export_labels(tmp_path / "quiz-key.json"))
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt",
              f"9101: a question [quizgen:{template}:{code}:a]", "2.0",
              "n correct", "n incorrect", "score"]
    body = [["S 1", "501", "s001", "A", "77", "SEC-A", "2026-11-30 15:43:20 UTC", "1", "0.0006", "0.0", "0", "1",
             "0.0"]]
    (tmp_path / "analysis.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    result = invoke("grade", tmp_path / "analysis.csv", "--key", tmp_path / "quiz-key.json")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.endswith("(a Canvas Student Analysis download, ','-separated, utf-8)."), first


def test_a_paper_of_counts_all_right_says_what_the_zero_counts(tmp_path, monkeypatch):
    """A counts-only paper (C6) answered right by 100 students said "too few answers (0)" of
    1,000 answers (review 49a F4): the note now says the 0 leaves out right counts and words."""
    assert invoke("generate", "--seed", 5, "--classes", "C6", "--count", 2, "--out", tmp_path / "q6").exit_code == 0
    key = load_key_file(tmp_path / "q6" / "key.json")
    rows = ["student_id,question_id,part,answer"]
    for question in key.questions:
        for n in range(100):
            rows += [f"s{n:03},{question.id},{part.letter},{part.answer}" for part in question.parts]
    (tmp_path / "a.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = invoke("grade", "a.csv", "--key", Path("q6") / "key.json", "--out", "g/")
    assert result.exit_code == 0, result.output
    assert "Class: mean 100.0%" in result.output, result.output
    assert ": 0 numeric answers beside ecf answers, right counts and words, where the check needs 60;" in result.output
    assert "too few answers (0)" not in result.output
