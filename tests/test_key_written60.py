"""The key writes a part's answer to the figures its own tolerance asks, so that
the answer key.csv and the worked solutions print is graded correct (a part of
``sigfigs: 6`` was written 0.4860, which grade marked imprecise)."""

from fractions import Fraction

import pytest

from quizgen.bank.loader import build_template, read_yaml
from quizgen.key.compact import written_answer
from test_authoring_minimum57 import minimum_template


@pytest.mark.parametrize("value, kind, decimals, tolerance, written", [
    (Fraction(52, 107), "numeric", 4, {"sigfigs": 6}, "0.485981"),   # was 0.4860, imprecise at 6 figures
    (Fraction(52, 107), "numeric", 4, {"sigfigs": 3}, "0.4860"),     # the default: 4 figures, as before
    (Fraction(52, 107), "numeric", 4, {}, "0.4860"),
    (Fraction(123456, 1000), "numeric", 4, {"sigfigs": 7}, "123.4560"),
    (Fraction(52, 107), "numeric", 4, {"rtol": 1e-6}, "0.485981"),   # places until inside the window
    (Fraction(52, 107), "numeric", 4, {"atol": 0.0005}, "0.4860"),
    (Fraction(7), "integer", 4, {"sigfigs": 6}, "7"),
])
def test_the_key_writes_the_answer_to_the_figures_its_tolerance_asks(value, kind, decimals, tolerance, written):
    assert written_answer(value, kind, decimals, tolerance) == written


def test_a_part_asking_six_figures_is_keyed_and_graded_at_six(tmp_path):
    from quizgen.generation.quiz import Question
    from quizgen.generation.sampling import sample_instance
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry

    text = minimum_template().replace("    answer: p\n", "    answer: p\n    tolerance: {sigfigs: 6}\n")
    path = tmp_path / "c50.yaml"
    path.write_text(text.replace("to 3 significant figures", "to 6 significant figures"), encoding="utf-8")
    inst = sample_instance(build_template(read_yaml(path), path), "t/1", [])
    (part,) = inst.parts
    assert len(part.written.replace("0.", "", 1)) == 6, part.written
    checker = question_checkers(key_entry(Question("Q1", inst)))[part.letter]
    assert checker(part.written).status == "correct"
