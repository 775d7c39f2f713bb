"""C10's forecast works its bounds out from the stem's own probabilities: the
most and least confident p, and -ln of each as the working rounds a loss,
not the losses step 2 has not yet worked out."""

from __future__ import annotations

import math
import re

import pytest

FORECAST = re.compile(r"The most confident\nprediction, \$p = ([0-9.]+)\$, costs the least, \$-\\ln \1 = ([0-9.]+)\$, and the\n"
                      r"least confident, \$p = ([0-9.]+)\$, the most, \$-\\ln \3 = ([0-9.]+)\$")


def _loss_shown(p: float) -> float:
    """-ln p as the working writes a loss: 4 decimals, or 4 significant figures below 0.1."""
    loss = -math.log(p)
    return round(loss, 4) if loss >= 0.1 else float(f"{loss:.4g}")


@pytest.mark.parametrize("seed", ["1", "2", "7"])
def test_c10_forecast_bounds_come_from_the_stems_largest_and_smallest_p(invoke, tmp_path, seed):
    result = invoke("generate", "--seed", seed, "--classes", "C10", "--count", "3", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    text = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    questions = text.split("\n## Q")[1:]
    assert len(questions) == 3
    for question in questions:
        stem_p = [float(p) for p in re.findall(r"causal \$p = ([0-9.]+)\$", question)]
        found = FORECAST.search(question)
        assert found is not None, question
        top, top_loss, bottom, bottom_loss = map(float, found.groups())
        assert (top, bottom) == (max(stem_p), min(stem_p))
        assert top_loss == _loss_shown(top) and bottom_loss == _loss_shown(bottom)
        steps = question.split("**Forecast.**")[1].split("\n1. ")[0]
        assert "run from" not in steps
