"""Distinct variants of a template, and questions of a paper sharing an answer."""

from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation import distinct
from quizgen.generation.distinct import RUN_OUTS, distinct_instances
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.variants import Answer, answers_of, count_variants, same_variant, telling_parts, template_variants
from variant_support import PaperQuestion, shared_answers

EXAMPLE_BANK = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank"


def _numeric(part, value, width=0.0005):
    return Answer(part, value, width)


def test_answers_within_tolerance_are_one_variant():
    a = (_numeric("a", 0.5344), Answer("b", None, word="undefined"))
    b = (_numeric("a", 0.5347), Answer("b", None, word="undefined"))
    c = (_numeric("a", 0.5360), Answer("b", None, word="undefined"))
    d = (_numeric("a", 0.5344), Answer("b", None, word="zero"))
    assert same_variant(a, b) and not same_variant(a, c) and not same_variant(a, d)
    assert count_variants([a, b, c, d, a]) == 3


def test_shifted_logits_are_the_same_variant():
    """Seed 303, two C1 questions: logits differing by a constant shift (0, 2, -1 and
    4, 2, 1: the same numbers plus 2, in another order) give one variant."""
    template = next(t for t in load_bank(()) if t.cls == "C1")
    drawn = [sample_instance(template, seed_label(303, template.id, k)) for k in range(2)]   # before redrawing
    first, second = (answers_of(inst) for inst in drawn)
    assert drawn[0].params["z"] != drawn[1].params["z"]
    assert same_variant(first, second)
    questions = [Question(f"Q{k + 1}", inst) for k, inst in enumerate(drawn)]
    pairs = shared_answers([PaperQuestion(q.id, answers_of(q.instance)) for q in questions])
    assert pairs == [("Q1", "a", "Q2", "a"), ("Q1", "b", "Q2", "b")]


@pytest.mark.slow
def test_every_template_of_the_bank_reaches_100_variants():
    """Issue 13: C3 (10), C5 (1), C6 (8) and C7 (55) had too few; their grids were widened."""
    counts = {t.cls: template_variants(t, draws=200) for t in load_bank(())}
    assert {cls: c.distinct for cls, c in counts.items() if c.few} == {}


def test_shared_answers_across_parts():
    q1 = PaperQuestion("Q1", (_numeric("a", 0.25), _numeric("b", 1.3863)))
    q2 = PaperQuestion("Q2", (_numeric("a", 1.3860),))
    q3 = PaperQuestion("Q3", (_numeric("a", 0.9),))
    assert shared_answers([q1, q2, q3]) == [("Q1", "b", "Q2", "a")]


# ------------------------------------------------------------------ distinct questions on one paper

FEW_VALUED = {"C5": {0, 3}, "C10": {0}}   # C5's empty sum: one value, BERT's count: two; C10's count: three
PAPER_COUNT = 20   # within every shipped template's variants: the earliest run-out over seeds 1-5 is at 28 (C11)


def shipped_templates():
    return load_bank(()) + load_bank([EXAMPLE_BANK], include_builtin=False)


def varying_parts(template) -> list:
    """The numeric parts whose answer takes many values, known from the bank itself."""
    numeric = [i for i, a in enumerate(answers_of(sample_instance(template, "parts"))) if a.value is not None]
    return [i for i in numeric if i not in FEW_VALUED.get(template.cls, set())]


@pytest.mark.slow
def test_only_parts_with_many_values_tell_questions_apart():
    assert {t.cls: sorted(telling_parts(t)) for t in shipped_templates()} == \
        {t.cls: varying_parts(t) for t in shipped_templates()}


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow)])
def test_no_two_questions_of_a_paper_share_an_answer_of_a_varying_part(seed):
    """Every shipped template, twenty questions on one paper: no answer of a
    part that takes many values repeats, any part against any part."""
    for template in shipped_templates():
        labels = [seed_label(seed, template.id, k) for k in range(PAPER_COUNT)]
        instances, ran_out = distinct_instances(template, labels)
        varying = varying_parts(template)
        questions = [PaperQuestion(inst.seed_label, tuple(answers_of(inst)[i] for i in varying)) for inst in instances]
        assert not ran_out and shared_answers(questions) == [], template.cls


@pytest.mark.slow
def test_a_question_that_runs_out_does_not_stop_the_checks_of_later_ones(bank):
    """Seed 16, 80 C6 questions: the 77th finds no free variant in its redraws
    and repeats an earlier answer; the three after it are still kept apart
    (they were once kept as first drawn, and repeated). Re-pinned (math27) when
    C6 stopped drawing answers its stem prints: seed 5's 45 no longer run out;
    and (math-left28) when it stopped drawing its heading's 5 points: seed 3's
    80 no longer run out; and (paper43) when a paper's C6 questions took different sources while
    some were left (distinct_on_paper): seed 16's first run-out moved from the 67th to the 77th."""
    template = next(t for t in bank if t.cls == "C6")
    instances, ran_out = distinct_instances(template, [seed_label(16, template.id, k) for k in range(80)])
    questions = [PaperQuestion(f"Q{k + 1}", answers_of(inst)) for k, inst in enumerate(instances)]
    assert ran_out and {later for _, _, later, _ in shared_answers(questions)} == {"Q77"}


@pytest.mark.slow
def test_checks_stop_once_run_outs_show_the_variants_used_up(bank, monkeypatch):
    """With only C10's count of predicted positions compared (three sentence
    lengths, three values), the 4th, 5th and 6th questions each run out after
    12 redraws; after RUN_OUTS of them the variants are taken as used up, and
    the 7th is kept as first drawn without a redraw."""
    template = next(t for t in bank if t.cls == "C10")
    drawn = []
    monkeypatch.setattr(distinct, "telling_parts", lambda t: frozenset({0}))
    monkeypatch.setattr(distinct, "sample_instance",
                        lambda t, label, **kw: drawn.append(label) or sample_instance(t, label, **kw))
    labels = [seed_label(1, template.id, k) for k in range(7)]
    instances, ran_out = distinct_instances(template, labels)
    assert ran_out and RUN_OUTS == 3
    assert all(f"{labels[k]}/redraw12" in drawn for k in (3, 4, 5))
    assert f"{labels[6]}/redraw1" not in drawn and instances[6].seed_label == labels[6]
