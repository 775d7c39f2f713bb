"""A part awaiting a person because it rests on an earlier answer a person must
read keeps awaiting them once an override decides that earlier answer (ECF does
not follow an override), but no longer says the earlier answer "a person must
read": the reason and the student's sheet say the marker decided it (rev34b)."""

import csv

import pytest

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

ANSWERS = [["u02", "Q7", "a", "maybe 0.963"], ["u02", "Q7", "b", "0.0377"], ["u02", "Q7", "c", "3.29"]]


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("key34")
    generate(folder, seed=19)
    return folder / "key.json"


def _graded(folder, key, overrides: str = "") -> dict:
    folder.mkdir(exist_ok=True)
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *ANSWERS])
    options = []
    if overrides:
        (folder / "overrides.csv").write_text(overrides, encoding="utf-8")
        options = ["--overrides", str(folder / "overrides.csv")]
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(key),
                                       "--feedback", str(folder / "sheets"), *options])
    assert result.exit_code == 0, result.output
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {r["part"]: r for r in csv.DictReader(handle)}


def test_undecided_the_later_parts_wait_for_the_earlier_one(tmp_path, key):
    rows = _graded(tmp_path, key)
    assert rows["b"]["reason"] == "depends on (a), which a person must read: mark this part with it (on its own: incorrect)"
    assert "which your marker reads first" in (tmp_path / "sheets" / "u02.md").read_text(encoding="utf-8")


def test_once_decided_the_later_parts_say_the_marker_decided_it(tmp_path, key):
    rows = _graded(tmp_path, key, "student_id,question_id,part,share\nu02,Q7,a,1\n")
    assert rows["a"]["note"] == "override"
    for part, alone in (("b", "incorrect"), ("c", "incorrect, wrong_label_branch")):
        assert (rows[part]["status"], rows[part]["score"]) == ("needs_review", "0")
        assert rows[part]["reason"] == ("depends on (a), which the marker decided (overrides.csv): an override does "
                                        f"not re-mark the parts worked from it, so decide this one too (on its own: {alone})")
    sheet = (tmp_path / "sheets" / "u02.md").read_text(encoding="utf-8")
    assert "which your marker has now marked; your marker marks this part too" in sheet
    assert "which your marker reads first" not in sheet


def test_a_later_part_of_another_question_or_student_is_left_as_it_was(tmp_path, key):
    rows = _graded(tmp_path, key, "student_id,question_id,part,share\nu02,Q7,b,0\n")
    assert rows["c"]["reason"].startswith("depends on (a), which a person must read")
