"""Round 40's wording: C10's forecast works its bounds out from the stem's own
probabilities (the most and least confident p, and -ln of each as the working
rounds a loss), not the losses step 2 has not yet worked out; a one-point
question or paper says "1 point"; the summary groups its counts by thousands."""

from __future__ import annotations

import math
import re
from pathlib import Path

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
        # and [EOS]'s, in the prose, a prediction too since review 52b F1
        stem_p += [float(p) for p in re.findall(r"gives \[EOS\] the probability ([0-9.]+)\.", question)]
        found = FORECAST.search(question)
        assert found is not None, question
        top, top_loss, bottom, bottom_loss = map(float, found.groups())
        assert (top, bottom) == (max(stem_p), min(stem_p))
        assert top_loss == _loss_shown(top) and bottom_loss == _loss_shown(bottom)
        steps = question.split("**Forecast.**")[1].split("\n1. ")[0]
        assert "run from" not in steps


def test_a_one_point_paper_says_1_point_not_1_points(invoke, tmp_path):
    bank = tmp_path / "bank"
    bank.mkdir()
    source = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text(encoding="utf-8")
    assert source.count("\npoints: 2\n") == 1
    (bank / "c11.yaml").write_text(source.replace("\npoints: 2\n", "\npoints: 1\n"), encoding="utf-8")
    result = invoke("generate", "--bank", bank, "--classes", "C11", "--seed", "3", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    heading = [line for line in (tmp_path / "q" / "problems.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("## Q1.")]
    assert len(heading) == 1 and heading[0].endswith("(1 point, C11)"), heading
    assert "1 question, 1 point in total;" in (tmp_path / "q" / "problems.md").read_text(encoding="utf-8")
    result = invoke("generate", "--bank", bank, "--classes", "C11", "--seed", "3", "--format", "tex",
                    "--out", tmp_path / "t")
    assert result.exit_code == 0, result.output
    problems = (tmp_path / "t" / "problems.tex").read_text(encoding="utf-8")
    assert "worth 1 point in total;" in problems and "End of paper: 1 question, 1 point.}" in problems
    assert "1 question, 1 point.\\par}" in (tmp_path / "t" / "solutions.tex").read_text(encoding="utf-8")


def test_counts_in_the_summarys_look_at_line_are_grouped_by_thousands(invoke, tmp_path):
    result = invoke("generate", "--seed", "3", "--classes", "C1", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    rows = "".join(f"s{i},Q1,a,I think it is about a half or so\n" for i in range(1012))
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "g" / "graded.csv",
                    "--force-key")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "need a person" in line)
    assert line.startswith("Note: 1,012 answer(s) need a person") and line.endswith("s9 Q1 (a) and 1,002 more"), line


def test_a_stem_asks_for_figures_in_decimal_answers_where_some_part_is_a_count_or_a_word(templates_by_class):
    """C8's predicted class and C9's yes/no are words, C10's count of predictions a whole
    number: "give answers to 3 significant figures" would cover them too."""
    checked = 0
    for cls, template in templates_by_class.items():
        stem = " ".join(template.stem.split())
        if "significant figures" not in stem.split("(")[0] and "to 3 significant figures" not in stem:
            continue
        checked += 1
        others = any(part.kind in ("integer", "word") for part in template.parts)
        assert ("ive decimal answers to 3 significant figures" in stem) == others, cls
        assert ("ive answers to 3 significant figures" in stem) == (not others), cls
    assert checked == 9   # every class but C6, whose answers are all whole numbers
