"""After grading: the absent-but-not-marked rule defined once (lms/papers.py
``unmarked_absent``), grade's --force split into --force-key and
--replace-outputs, and ``quizgen review``'s ready-to-fill overrides file."""

import csv
import io
import json
import shutil
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.grading import gradebook_warnings, run
from quizgen.lms import papers

WIDE = "student_id,name,Q1a,Q1b\n"


@pytest.fixture(scope="module")
def c1_key(tmp_path_factory):
    """The key.json of seed 1's C1 paper (one question, two parts of 2 points: 0.7157 and 0.33454)."""
    folder = tmp_path_factory.mktemp("instr32")
    made = CliRunner().invoke(main, ["generate", "--seed", "1", "--classes", "C1", "--out", str(folder / "quiz")])
    assert made.exit_code == 0, made.output
    return folder / "quiz" / "key.json"


@pytest.fixture
def course(tmp_path, c1_key, monkeypatch):
    """The working folder: quiz/key.json and two sections' answers.csv of one name."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "quiz").mkdir()
    shutil.copy(c1_key, tmp_path / "quiz" / "key.json")
    for section, rows in (("section1", "s001,Ada,0.716,0.335\ns002,Bob,0.5,0.3\n"),
                          ("section2", "s101,Cy,0.716,0.335\ns102,Di,0.716,0.1\n")):
        (tmp_path / section).mkdir()
        (tmp_path / section / "answers.csv").write_text(WIDE + rows, encoding="utf-8")
    return tmp_path


def one_line(result) -> str:
    return " ".join(result.output.split())


def rows_of(path) -> list:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def test_who_gave_no_answer_and_was_not_marked_zero_is_one_definition_in_order():
    result = SimpleNamespace(absent=["s3", "s1", "s2"], zero_marked=["s1"])
    assert papers.unmarked_absent(result) == ["s3", "s2"]
    assert gradebook_warnings.unmarked_absent is papers.unmarked_absent is run.unmarked_absent
    assert not hasattr(gradebook_warnings, "_unmarked_absent")


# ---------------------------------------------------------------- --force split in two

def test_another_answers_files_outputs_are_replaced_by_replace_outputs_not_by_force_key(course, invoke):
    args = ("--key", "quiz/key.json", "--out", "results/")
    assert invoke("grade", "section1/answers.csv", *args).exit_code == 0
    refused = invoke("grade", "section2/answers.csv", *args)
    assert refused.exit_code == 2
    assert one_line(refused).endswith("or pass --replace-outputs to replace them")
    assert invoke("grade", "section2/answers.csv", *args, "--force-key").exit_code == 2   # not its business
    replaced = invoke("grade", "section2/answers.csv", *args, "--replace-outputs")
    assert replaced.exit_code == 0, replaced.output
    assert ("which an earlier run made from section1/answers.csv (key quiz/key.json), as --replace-outputs asks"
            in one_line(replaced))
    assert {row[0] for row in rows_of(course / "results" / "answers-graded.csv")[1:]} == {"s101", "s102"}
    forced = invoke("grade", "section1/answers.csv", *args, "--force")   # the older option: still both
    assert forced.exit_code == 0 and "as --force asks" in one_line(forced)


def test_answers_for_another_key_are_let_through_by_force_key_not_by_replace_outputs(course, invoke):
    wrong = "".join(f"s{n:03},N{n},0.{n + 11},{n + 17}.5\n" for n in range(12))
    (course / "wrong.csv").write_text(WIDE + wrong, encoding="utf-8")
    refused = invoke("grade", "wrong.csv", "--key", "quiz/key.json")
    assert refused.exit_code == 2 and not (course / "wrong-graded.csv").exists()
    assert "pass --force-key to grade them" in one_line(refused) and "--force " not in one_line(refused)
    assert invoke("grade", "wrong.csv", "--key", "quiz/key.json", "--replace-outputs").exit_code == 2
    graded = invoke("grade", "wrong.csv", "--key", "quiz/key.json", "--force-key")
    assert graded.exit_code == 0, graded.output
    assert "graded anyway, as --force-key asks" in one_line(graded)
    assert len(rows_of(course / "wrong-graded.csv")) == 1 + 24
