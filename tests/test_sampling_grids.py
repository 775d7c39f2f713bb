"""Decimal grids: a grid with plain-number bounds is worked out once per
template; one whose bounds name another parameter follows that parameter; a
very long grid is drawn from without being listed."""

import pytest
from fractions import Fraction
from pathlib import Path

import yaml

from quizgen.bank.loader import load_template
from quizgen.generation.plan import GRID_CACHE_LIMIT
from quizgen.generation.sampling import sample_instance

USER_TEMPLATE = Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml"


def template_with_params(tmp_path, params: dict):
    data = yaml.safe_load(USER_TEMPLATE.read_text(encoding="utf-8"))
    data["params"].update(params)
    path = tmp_path / "grid.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return load_template(path)


@pytest.mark.slow
def test_a_grid_whose_bound_names_a_parameter_follows_it(tmp_path):
    template = template_with_params(tmp_path, {"top": {"integer": [1, 3]},
                                               "x": {"decimal": {"min": 0, "max": "top", "step": 0.5}}})
    draws = [sample_instance(template, f"g/{k}").params for k in range(200)]
    assert all(0 <= p["x"] <= p["top"] and (p["x"] * 2).denominator == 1 for p in draws)
    assert {p["top"] for p in draws if p["x"] > 2} == {3}
    assert max(p["x"] for p in draws if p["top"] == 1) == 1


@pytest.mark.slow
def test_a_long_grid_is_drawn_from_without_being_listed(tmp_path):
    step = Fraction(1, 10 * GRID_CACHE_LIMIT)
    template = template_with_params(tmp_path, {"x": {"decimal": {"min": 0, "max": 1, "step": str(step)}},
                                               "w": {"vector": {"size": 3, "min": 0, "max": 1,
                                                                "step": str(step), "distinct": True}}})
    draws = [sample_instance(template, f"long/{k}").params for k in range(50)]
    assert all(0 <= p["x"] <= 1 and (p["x"] / step).denominator == 1 for p in draws)
    assert len({p["x"] for p in draws}) > 40
    assert all(len(set(p["w"])) == 3 for p in draws)


@pytest.mark.slow
def test_sampling_leaves_the_template_as_loaded(tmp_path):
    """The sampler keeps what it works out once per template (grids, choice
    options, the order of lets and constraints) in its own plan, not in the model."""
    template = template_with_params(tmp_path, {"x": {"decimal": {"min": 0, "max": 1, "step": 0.25}},
                                               "pick": {"choice": [1, 2, 3]}})
    fields = dict(vars(template))
    settings = [dict(param.compiled) for param in template.params]
    draws = [sample_instance(template, f"plain/{k}").params for k in range(20)]
    assert {p["pick"] for p in draws} <= {1, 2, 3} and all(p["x"] in (0, 0.25, 0.5, 0.75, 1) for p in draws)
    assert dict(vars(template)) == fields
    assert [dict(param.compiled) for param in template.params] == settings
