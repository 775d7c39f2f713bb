"""The nats-versus-bits slip: a loss worked with log base 2 instead of ln is the
misconception ``log2_instead_of_ln``, with its own feedback, on every part that
has the log-10 trap (the maths reviewer's seed-1 answers, in grade and in the
drill, and a property over many draws of every such class)."""

import csv
import math
from pathlib import Path

import pytest
import yaml

from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import check_answer
from quizgen.maths.exact import to_float
from quizgen.key.entries import key_part
from quizgen.validation.marking import careful_student
from tests.paper_support import mark_paper

LOG2 = "log2_instead_of_ln"
LOG10 = "log10_instead_of_ln"
BITS = "Log base 2 gives the loss in bits; the paper asks for natural logarithms (base e), which give it in nats"   # review 58b F5
CLASSES = ["C1", "C2", "C3", "C4", "C7", "C8", "C9", "C10"]   # the classes with the log-10 trap
SEEDS = 60
BANK_DIR = Path(__file__).resolve().parent.parent / "question_bank"


def sig(x: float, figures: int) -> str:
    """``x`` to ``figures`` significant figures, as a student writes it."""
    return f"{float(f'{x:.{figures}g}'):.{figures}g}" if x else "0"


def test_every_part_with_the_log10_trap_has_the_log2_trap_next_to_it(templates_by_class):
    for cls, template in templates_by_class.items():
        for part in template.parts:
            codes = [trap.code for trap in part.traps]
            assert (LOG10 in codes) == (LOG2 in codes), (cls, part.name, codes)
            if LOG10 in codes:
                assert codes.index(LOG2) == codes.index(LOG10) + 1, (cls, part.name)
    with_log2 = sorted(cls for cls, t in templates_by_class.items()
                       if any(trap.code == LOG2 for part in t.parts for trap in part.traps))
    assert with_log2 == sorted(CLASSES)


@pytest.mark.slow
def test_the_log2_trap_is_the_log10_trap_in_base_2():
    """In each template's YAML, its value is the log-10 one's expression with the base changed."""
    found = 0
    for path in sorted(BANK_DIR.glob("*.yaml")):
        for part in yaml.safe_load(path.read_text(encoding="utf-8"))["parts"]:
            traps = {trap["code"]: trap for trap in part.get("traps", [])}
            if LOG10 in traps:
                assert traps[LOG2]["value"] == traps[LOG10]["value"].replace("log10(", "log2("), (path.name, part["name"])
                assert traps[LOG2]["name"] == "log base 2 instead of ln"
                assert traps[LOG2]["feedback"].startswith(BITS)
                found += 1
    assert found == len(CLASSES) + 1   # C7 has it on two parts


@pytest.fixture(scope="module")
def seed1(tmp_path_factory):
    """The folder of ``quizgen generate --seed 1``."""
    from click.testing import CliRunner

    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("seed1")
    result = CliRunner().invoke(main, ["generate", "--seed", "1", "--out", str(folder / "s1")])
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.slow
def test_seed1_answers_worked_in_bits_are_named_by_grade(seed1, invoke):
    """Q3 (b) 14.8 = log2 28996 and Q1 (b) 0.4826 = -log2 0.7157 were a bare
    `incorrect`; 0.1453 = -log10 0.7157 stays the log-10 slip."""
    answers = seed1 / "answers.csv"
    rows = [("s1", "Q3", "b", "14.8"), ("s2", "Q1", "b", "0.4826"), ("s3", "Q1", "b", "0.1453"),
            ("s4", "Q1", "a", "0.716"), ("s4", "Q1", "b", "0.483")]
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    (seed1 / "out").mkdir()
    result = invoke("grade", str(answers), "--key", str(seed1 / "s1" / "key.json"), "--out", str(seed1 / "out"))
    assert result.exit_code == 0, result.output
    with open(seed1 / "out" / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        graded = {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}
    for key, code in ((("s1", "Q3", "b"), LOG2), (("s2", "Q1", "b"), LOG2), (("s3", "Q1", "b"), LOG10),
                      (("s4", "Q1", "b"), LOG2)):
        assert (graded[key]["status"], graded[key]["misconception"]) == ("incorrect", code), graded[key]
    assert graded["s1", "Q3", "b"]["feedback"].startswith(BITS)
    assert graded["s2", "Q1", "b"]["feedback"].startswith(BITS)
    assert graded["s4", "Q1", "a"]["status"] == "correct"


def test_seed1_drill_names_the_bits_slip(invoke, tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(tmp_path / "progress.json"))
    result = invoke("drill", "--seed", "1", "--classes", "C1", "--no-save", input="0.7157\n0.4826\nq\n")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert f'Your answer matches the misconception "log base 2 instead of ln": {BITS}' in flat


def _log2_cases(templates_by_class):
    """``(cls, instance, part value, trap value)`` of every log-2 trap in SEEDS draws of each class."""
    for cls in CLASSES:
        for k in range(SEEDS):
            inst = sample_instance(templates_by_class[cls], f"log2/{cls}/{k}")
            for pv in inst.parts:
                for trap in pv.traps:
                    if trap.code == LOG2 and trap.value is not None:   # C9: left out where it meets another value
                        yield cls, inst, pv, trap


@pytest.mark.slow
def test_the_log2_value_is_named_over_many_draws(templates_by_class):
    """Over SEEDS draws of each class, the trap's value written to 3 or 4
    significant figures is `incorrect` with the bits misconception and its
    feedback, and the key's answer is still correct."""
    found = 0
    for cls, inst, pv, trap in _log2_cases(templates_by_class):
        record = key_part(pv, inst, 2.0)
        value = float(to_float(trap.value))
        for figures in (3, 4):
            verdict = check_answer(record, sig(value, figures))
            assert (verdict.status, verdict.misconception) == ("incorrect", LOG2), (cls, inst.seed_label, verdict)
            assert verdict.feedback.startswith(BITS), verdict
        assert check_answer(record, record.answer).status == "correct", (cls, inst.seed_label)
        found += 1
    # C7 has it on two parts; C9 leaves it out of the few draws where it would meet another of (a)'s values
    assert SEEDS * len(CLASSES) < found <= SEEDS * (len(CLASSES) + 1)


@pytest.mark.slow
def test_one_slip_in_bits_is_named_once_on_the_whole_paper(templates_by_class):
    """A careful student but for the loss worked in bits: that part alone is
    wrong, named once; a student with a wrong (a) who takes log 2 of it is named
    the bits slip from their own (a) (marked from your (a)), not marked ECF-correct."""
    for cls in ("C1", "C2", "C8"):
        for k in range(10):
            inst = sample_instance(templates_by_class[cls], f"log2-paper/{cls}/{k}")
            p = to_float(inst.parts[0].value)
            careful = careful_student(inst, 4)
            marked = mark_paper(inst, {**careful, "loss": sig(-math.log2(p), 4)})
            named = {name: v.misconception for name, v in marked.items() if v.misconception}
            assert named == {"loss": LOG2}, (cls, k, marked)
            assert all(v.status == "correct" for name, v in marked.items() if name != "loss"), marked
            slip = sig(p * 0.9, 4)   # a wrong (a), then log 2 of it
            marked = mark_paper(inst, {**careful, "p": slip, "loss": sig(-math.log2(float(slip)), 4)})
            assert (marked["loss"].status, marked["loss"].misconception) == ("incorrect", LOG2), (cls, k, marked)
            # C8's draw 8: 0.9 p is 0.1, p (0.1112) rounded to 1 figure, marked at (a) alone (round 35)
            there = "; (a)'s early rounding is marked at (a) only" * (marked["p"].status == "imprecise")
            assert marked["loss"].feedback.startswith(f"marked from your (a) = {slip}{there}: {BITS}"), marked["loss"]
