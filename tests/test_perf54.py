"""The fifty-fourth round's cuts to generate's work (docs/performance.md): each
does less work for the same questions, so each test holds the new path to the old."""

from pathlib import Path

import pytest

from quizgen.bank.budget import DrawLedger
from quizgen.bank.loader import load_bank
from quizgen.generation import variants
from quizgen.generation.plan import plan_for
from quizgen.generation.sampling import sample_instance
from quizgen.generation.variants import (PROBE_DRAWS, PROBES, TELLING_VALUES, answers_of, few_valued,
                                         probe_label)

EXAMPLE_BANK = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank"


def shipped_templates():
    return load_bank(()) + load_bank([EXAMPLE_BANK], include_builtin=False)


def _telling_by_every_probe(template) -> frozenset:
    """The telling parts as the forty-eighth round worked them out: every probe draw, unless
    every part that varies at all has shown TELLING_VALUES answers."""
    constant, seen, ledger = plan_for(template).constant_answers, {}, DrawLedger(template, PROBES)
    for k in range(PROBE_DRAWS):
        for i, answer in enumerate(answers_of(sample_instance(template, probe_label(template, k), ledger=ledger))):
            values = seen.setdefault(i, [])
            if (answer.value is not None and i not in constant and len(values) < TELLING_VALUES
                    and not any(answer.agrees(value) for value in values)):
                values.append(answer)
        if all(len(values) >= TELLING_VALUES for values in seen.values() if values):
            break
    return frozenset(i for i, values in seen.items() if len(values) >= TELLING_VALUES)


def test_few_valued_parts_are_known_from_the_template():
    """C5's empty sum (one value) and BERT's count (from 13 sentences), C10's count (6 sentences)."""
    assert {t.cls: sorted(few_valued(t)) for t in shipped_templates() if few_valued(t)} == {"C5": [0, 3], "C10": [0]}


def test_the_probe_stops_once_the_parts_that_can_tell_have(monkeypatch):
    """C10's count of predictions takes three values: the probe once drew all 200 draws waiting for it."""
    c10 = next(t for t in load_bank(()) if t.cls == "C10")
    labels = []
    monkeypatch.setattr(variants, "probe_label", lambda t, k, seed="variants": labels.append(k) or
                        f"{seed}/{t.id}/{k}")
    assert variants._well_spread(c10) == frozenset({1})
    assert len(labels) < PROBE_DRAWS / 4


@pytest.mark.slow
def test_the_telling_parts_are_those_every_probe_draw_finds():
    for template in shipped_templates():
        assert variants._well_spread(template) == _telling_by_every_probe(template), template.cls
