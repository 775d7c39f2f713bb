"""A correct number written with an everyday note (``0.769 (3 s.f.)``,
``0.769.``, ``0.7685...``, ``p̂ = 0.769``, ``0.769 ✓``) is read as that number
and marked by the usual rules: a reviewer found each one graded ``invalid``,
0 marks. A hedge of two numbers stays for a person to read. The summary names
the invalid answers as it names those needing review."""

import json

import pytest

from quizgen.marking.forms import INVALID, NUMBER, REVIEW, read_number
from test_grade_review import _graded
from test_grade_roster import Q1, grade, right_answers, write


@pytest.fixture(scope="module")
def c7_key(tmp_path_factory):
    """``quizgen generate --classes C7 --worked-examples``: Q1 (a) p̂ = 0.76852, (c) 1.4633."""
    from click.testing import CliRunner

    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("c7")
    result = CliRunner().invoke(main, ["generate", "--classes", "C7", "--worked-examples", "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return folder / "key.json"


READ_AS_WRITTEN = [
    ("a", "0.769 (3 s.f.)"), ("c", "1.4633 (4 d.p.)"), ("a", "0.769."), ("a", "0.7685..."), ("a", "0.7685…"),
    ("a", "p̂ = 0.769"), ("a", "x̄ = 0.769"), ("a", "0.769 ✓"), ("a", "0.769 ✔"), ("a", "0.769 (to 3sf)"),
    ("a", "0.769 (3 sf)"), ("c", "1.4633 (4dp)"), ("a", "0.769 (to 3 s.f.)"), ("a", "0.769 to 3 s.f."),
    ("a", "0.769 (3 significant figures)"), ("a", "0.769 (3 s.f.) ✓."), ("a", "L = 0.769 (3 s.f.)"),
]


def test_a_right_number_with_a_note_is_correct(invoke, tmp_path, c7_key):
    rows = [[f"s{n}", "Q1", part, text] for n, (part, text) in enumerate(READ_AS_WRITTEN)]
    graded = _graded(invoke, tmp_path, c7_key, rows)
    wrong = {text: graded[f"s{n}", "Q1", part]["status"] for n, (part, text) in enumerate(READ_AS_WRITTEN)
             if graded[f"s{n}", "Q1", part]["status"] != "correct"}
    assert wrong == {}


def test_the_number_a_note_follows_is_marked_by_the_usual_rules(invoke, tmp_path, c7_key):
    # 0.76852: "0.77 (3 s.f.)" shows 2 figures, "0.768..." is cut off, not rounded;
    # "0.231 (3 sf)" is the sigmoid-sign trap's value, a sentence's full stop does not hide it
    graded = _graded(invoke, tmp_path, c7_key, [
        ["s1", "Q1", "a", "0.77 (3 s.f.)"], ["s2", "Q1", "a", "0.768..."],
        ["s3", "Q1", "a", "0.231 (3 sf)"], ["s4", "Q1", "a", "0.231."]])
    assert [(graded[s, "Q1", "a"]["status"], graded[s, "Q1", "a"]["note"]) for s in ("s1", "s2")] == [
        ("imprecise", "rounded_too_early")] * 2
    assert "cut off instead of rounded" in graded["s2", "Q1", "a"]["feedback"]
    assert {graded[s, "Q1", "a"]["misconception"] for s in ("s3", "s4")} == {"sigmoid_sign_error"}


def test_two_numbers_or_a_second_opinion_are_not_read_as_one(invoke, tmp_path, c7_key):
    texts = ["0.769 (or 0.77)", "0.769 or 0.236", "0.76 to 0.77 (3 s.f.)", "0.769 (0.77 to 2 s.f.)",
             "0.77 or 0.769 (3 s.f.)"]
    graded = _graded(invoke, tmp_path, c7_key, [[f"s{n}", "Q1", "a", t] for n, t in enumerate(texts)])
    assert {graded[f"s{n}", "Q1", "a"]["status"] for n in range(len(texts))} == {"needs_review"}


@pytest.mark.parametrize("text", ["0.769..", "0.7685.....", "1/3...", "2...", "0.769 ✗", "✓",
                                  "(3 s.f.)", "0.769 (4 d.p.) (3 s.f.)"])
def test_what_is_not_clearly_a_number_stays_invalid(text):
    assert read_number(text).status == INVALID


def test_a_truncated_decimal_shows_the_figures_written():
    assert (read_number("0.7685...").value, read_number("0.7685...").figures) == (0.7685, 4)
    assert read_number("0,7685…", decimal_comma=True).figures == 4
    assert read_number("0.2014 nats (4 s.f.)").value == 0.2014
    assert read_number("0.412 bits (3 s.f.)").status == REVIEW   # bits stay for a person, note or not
    assert read_number("42.7%.").status == NUMBER


def test_the_summary_names_the_invalid_answers(tmp_path):
    rows = right_answers(["s001"]) + [["s002", "Q1", "a", "0.4.2"], ["s003", "Q1", "b", "x+"]]
    result = grade(write(tmp_path, {"questions": [Q1]}, rows), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert ("Note: 2 answer(s) could not be read (invalid, 0; the reason column says why): "
            "s002 Q1 (a), s003 Q1 (b)\n") in result.output


def test_the_invalid_note_counts_rows_it_cannot_name_apart(tmp_path):
    """An unquoted decimal comma makes a row of five cells, and a row may have no id:
    the note said ':  and 3 more' naming nobody."""
    (tmp_path / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0,5\n,Q1,b,1\n"
                                          "s2,Q1,a,0.4.2\n", encoding="utf-8")
    result = grade(tmp_path / "answers.csv", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert ("Note: 3 answer(s) could not be read (invalid, 0; the reason column says why): s2 Q1 (a); "
            "1 row(s) graded against no part (not read as a row, or an answer too long to read after one that stands): s1; 1 row(s) with no student id: line 3\n"
            ) in result.output
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0,5\n", encoding="utf-8")
    assert ("could not be read (invalid, 0; the reason column says why): 1 row(s) "
            "graded against no part (not read as a row, or an answer too long to read after one that stands): s1\n") in grade(tmp_path / "answers.csv", "--jobs", "1").output


def test_the_drill_reads_the_notes_as_grade_does():
    import io

    from quizgen.bank.loader import load_bank
    from quizgen.drill.session import run_drill
    from quizgen.generation.quiz import seed_label
    from quizgen.generation.sampling import sample_instance
    from quizgen.validation.marking import careful_student

    template = next(t for t in load_bank() if t.cls == "C7")
    inst = sample_instance(template, seed_label(1, template.id, 0))
    answers = careful_student(inst)
    notes = ["{} (3 s.f.)", "p̂ = {}.", "{} ✓"]
    text = "".join(notes[n % 3].format(answers[pv.part.name]) + "\n" for n, pv in enumerate(inst.parts)) + "q\n"
    result = run_drill(io.StringIO(text), io.StringIO(), io.StringIO(), classes="C7", seed=1, save=False)
    assert [p.status for p in result.parts] == ["correct"] * len(inst.parts)


@pytest.mark.parametrize("typed, status", [("０.７０", "imprecise"), ("٠.٧٠", "imprecise"), ("0.7\u200b0", "imprecise"),
                                           ("0.70\u200d", "imprecise"), ("０.７００", "correct"),
                                           ("\u200f0.700", "correct"), ("0.700 ✔\ufe0e", "correct")])
def test_digits_and_invisible_characters_are_read_as_they_look(typed, status):
    """Full-width or Arabic-Indic digits and zero-width characters showed 2 figures as 3
    (or none), so a 2-figure answer got full marks; a direction mark or a variation
    selector made a right answer invalid."""
    from quizgen.grading.part_checker import check_answer

    part = {"part": "a", "name": "a", "type": "numeric", "points": 1, "value": 0.6999, "answer": "0.6999",
            "tolerance": {"sigfigs": 3}, "misconceptions": []}
    assert check_answer(part, typed).status == status


@pytest.mark.parametrize("typed", ["0,700 oder 0,69", "0,769 ou 0,77", "0,769 o 0,77", "0,769 of 0,77"])
def test_a_hedge_in_a_decimal_comma_class_goes_to_a_person(typed):
    """A ; file's class writes its hedges in its own language: they were invalid (a silent 0)."""
    assert read_number(typed, decimal_comma=True).status == REVIEW


@pytest.mark.parametrize("typed, status", [("3.28 x 10^-5", "correct"), ("3.28x10^(-5)", "correct"),
                                           ("3.3 x 10^-5", "imprecise"), ("3.3*10^-5", "imprecise"),
                                           ("3.3 × 10^-5", "imprecise"), ("3.28*10^-5", "correct")])
def test_a_power_of_ten_written_with_x_reads_and_counts_the_decimals_figures(typed, status):
    """'3.28 x 10^-5' (the letter x) was invalid; '3.3*10^-5' showed no figures, so 2 were correct."""
    from quizgen.grading.part_checker import check_answer

    part = {"part": "a", "name": "a", "type": "numeric", "points": 1, "value": 3.2763e-5, "answer": "3.276e-05",
            "tolerance": {"sigfigs": 3}, "misconceptions": []}
    assert check_answer(part, typed).status == status
