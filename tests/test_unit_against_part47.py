"""A built-in unit that no answer of the part has goes to a person (review 47b F3): a count in
nats, or a loss in tokens, was stripped and marked correct. The part's own units still read."""

import csv

import pytest

from quizgen.marking.units import unit_against_part


@pytest.mark.parametrize("text, whole, against", [
    ("2220 nats", True, True), ("3 nats per token", True, True), ("2220 tokens", True, False),
    ("12 masked positions", True, False), ("0.401 tokens", False, True), ("0.5 (positions)", False, True),
    ("0.401 nats", False, False), ("1.52 nats per token", False, False), ("1.52 nats/token", False, False),
    ("0.401 units", False, False), ("0.401", False, False),
])
def test_which_units_contradict_the_part(text, whole, against):
    assert bool(unit_against_part(text, whole)) is against


def test_grade_sends_a_contradicting_unit_to_a_person(invoke, tmp_path):
    """Seed 1's C1 (b) is a loss (0.3345) and C6 (a) a count of picked positions."""
    made = invoke("generate", "--seed", 1, "--classes", "C1,C6", "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    count_value = next(row for row in csv.DictReader((tmp_path / "q" / "key.csv").read_text(
        encoding="utf-8-sig").splitlines()) if row["question_id"] == "Q2" and row["part"] == "a")["answer"]
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       f"s1,Q1,b,0.3345 tokens\ns2,Q1,b,0.3345 nats\ns3,Q2,a,{count_value} nats\n"
                       f"s4,Q2,a,{count_value} positions\n", encoding="utf-8")
    graded = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "g.csv")
    assert graded.exit_code == 0, graded.output
    rows = {row["student_id"]: row for row in csv.DictReader((tmp_path / "g.csv").read_text(
        encoding="utf-8-sig").splitlines())}
    assert [rows[s]["status"] for s in ("s1", "s2", "s3", "s4")] == ["needs_review", "correct", "needs_review", "correct"]
    assert rows["s1"]["reason"] == "'tokens' names a count, and this part's answer is no count: a person reads it"
    assert rows["s3"]["reason"] == "this part asks for a count, and 'nats' is a loss's unit: a person reads it"
