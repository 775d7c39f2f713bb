"""Slips a reviewer met on the seed-7 class paper that the bank named no trap
for: C4 and C9 dividing the summed masked-LM loss by the sequence length T the
stem states (``mean_over_sequence_length``), and C5 (c) giving the chance that
at least one token is masked for the chance that none is (``at_least_one_masked``)."""

import pytest

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import check_answer
from quizgen.key.entries import key_entry
from quizgen.key.load import load_key_file
from quizgen.maths.exact import to_float
from quizgen.maths.numbers import significant
from quizgen.maths.tolerance import overlapping_pair

DRAWS = 25


def _class_paper_parts(invoke, tmp_path) -> dict:
    """{(class, part name): key part} of `quizgen generate --seed 7 --count 1`."""
    result = invoke("generate", "--seed", "7", "--count", "1", "--out", tmp_path / "q7")
    assert result.exit_code == 0, result.output
    key = load_key_file(tmp_path / "q7" / "key.json")
    return {(q.cls, part.name): part for q in key.questions for part in q.parts}


def _named(part, text: str, code: str) -> bool:
    """True when ``text`` for ``part`` is marked incorrect and named as ``code``."""
    verdict = check_answer(part, text)
    return (verdict.status, verdict.misconception) == ("incorrect", code)


@pytest.mark.slow
def test_the_reviewers_answers_on_the_seed_7_paper_are_named(invoke, tmp_path):
    parts = _class_paper_parts(invoke, tmp_path)
    assert _named(parts["C4", "lmlm"], "0.106", "mean_over_sequence_length")      # 2.1109 / 20
    assert _named(parts["C9", "total"], "0.3415", "mean_over_sequence_length")    # 6.7359 / 23 + 0.04859
    assert _named(parts["C5", "none_chosen"], "0.848", "at_least_one_masked")     # 1 - 0.79^8
    feedback = check_answer(parts["C4", "lmlm"], "0.106").feedback
    assert "T is the length of the whole sequence" in feedback and "divide by their number |M|, not by T" in feedback


def _draw_values(template, name: str, wrong, draws: int = DRAWS):
    """(key part ``name``, the slip's value) of ``draws`` draws of ``template``."""
    for k in range(draws):
        instance = sample_instance(template, f"divisor/{k}")
        part = next(p for p in key_entry(Question("Q1", instance)).parts if p.name == name)
        yield part, wrong({key: to_float(value) for key, value in instance.env.items()
                           if not isinstance(value, (bool, list, tuple, dict, str))})


def test_c4_the_sum_over_t_is_named_in_every_draw(templates_by_class):
    for part, value in _draw_values(templates_by_class["C4"], "lmlm", lambda e: e["total"] / e["bert_len"]):
        assert _named(part, significant(value, 4), "mean_over_sequence_length"), value


@pytest.mark.slow
def test_c9_the_sum_over_t_plus_the_nsp_loss_is_named_where_it_stands_apart(templates_by_class):
    """Named in every draw where 3 significant figures tell it from the part's
    other values; left out only where they cannot (a large L_NSP added to both,
    mostly the slip of dividing by n), rather than the draw thrown away."""
    slip, seen = (lambda e: e["total_mlm"] / e["bert_len"] + e["lnsp"]), set()
    for part, value in _draw_values(templates_by_class["C9"], "total", slip, draws=150):
        mine = [trap.code for trap in part.traps].index("mean_over_sequence_length")
        others = [part.value, *(v for j, v in enumerate(part.trap_values) if j != mine and v is not None)]
        apart = all(overlapping_pair([value, other], part.tolerance) is None for other in others)
        assert (part.trap_values[mine] is not None) == apart, value
        if apart:
            assert _named(part, significant(value, 4), "mean_over_sequence_length"), value
        seen.add(apart)
    assert seen == {True, False}


def test_c5_the_chance_of_at_least_one_mask_is_named_in_every_draw(templates_by_class):
    slip = lambda e: 1 - (1 - e["r"]) ** e["n"]
    for part, value in _draw_values(templates_by_class["C5"], "none_chosen", slip):
        assert _named(part, significant(value, 4), "at_least_one_masked"), value
