"""An export samples each variant once: a slot's run drew its instances (distinct_instances, redraws
and all) and then drew each again by its seed label to render it, about half of the export's time.
The variants rendered from the run's own instances are those drawn again, field for field."""

import pytest

from quizgen.lms import variants


def test_a_slot_renders_the_instances_its_run_drew(monkeypatch, templates_by_class):
    def drawn_again(*args, **kwargs):
        raise AssertionError("an export variant sampled a second time")

    monkeypatch.setattr(variants, "sample_instance", drawn_again)
    made = variants.slots("C1,C8", count=3, seed=5, jobs=1)
    assert [len(slot.variants) for slot in made] == [3, 3]


@pytest.mark.parametrize("cls", ["C1", "C8"])
def test_they_are_the_variants_drawn_again(templates_by_class, cls):
    slot, = variants.slots(cls, count=3, seed=5, jobs=1)
    assert slot.variants == tuple(variants.variant(templates_by_class[cls], v.id) for v in slot.variants)
