"""Review 46a F12/F2: a softmax written from the parameters (`exp(z[t]) / sum(exp(z))`,
no let naming the sum) had no rounding step at its sum, so a student who carried 3
significant figures, as the worked solution lays the work out, was marked imprecise or
incorrect on about a third of the draws, and validate (whose careful student follows the
same steps) passed the template. Each `sum`/`mean` in an answer, with the list it adds up,
is now a step whether or not a let names it."""

import csv
import json
import math
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

from bank_support import bank_with
from quizgen.bank.loader import load_bank
from quizgen.marking.recipes import part_paths, recipe_text

def _three_figures(x: float) -> Decimal:
    """``x`` to 3 significant figures, a half away from zero, as the paper rounds."""
    d = Decimal(repr(x))
    return d.quantize(Decimal(1).scaleb(d.adjusted() - 2), rounding=ROUND_HALF_UP)


def test_a_sum_and_the_list_it_adds_are_steps_without_a_let(tmp_path):
    template = next(t for t in load_bank([bank_with(tmp_path)]) if t.cls == "C14")
    paths = part_paths(template)
    assert {recipe_text(node) for _, node in paths["p_true"].intermediates} == {"sum(exp(z))", "exp(z)"}
    loss_steps = {recipe_text(node) for _, node in paths["loss"].intermediates}
    assert {"sum(log(exp(z)/sum(exp(z))))", "log(exp(z)/sum(exp(z)))", "exp(z)/sum(exp(z))"} <= loss_steps


def test_validate_passes_the_template_whose_test_carries_three_figures(tmp_path, invoke):
    """The template's test `0.667` (e^z to 3 figures, their sum 18.33 as 18.3, 12.2 / 18.3) was imprecise.
    Its tests only: some of its draws print a logit that reads as a loss (the reviewer's template)."""
    result = invoke("validate", bank_with(tmp_path), "--samples", 0)
    assert result.exit_code == 0, result.output
    assert "3 tests passed" in result.output, result.output


def test_a_student_carrying_three_figures_through_the_softmax_is_correct_on_every_draw(tmp_path, invoke):
    """40 draws; before, 13 of these answers were marked imprecise or incorrect."""
    made = invoke("generate", "--bank", bank_with(tmp_path), "--classes", "C14", "--seed", 3, "--count", 40,
                  "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    lines = ["student_id,question_id,part,answer"]
    for question in json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))["questions"]:
        z, t = [float(v) for v in question["params"]["z"]], int(question["params"]["t"])
        powers = [float(_three_figures(math.exp(v))) for v in z]
        total = float(_three_figures(sum(powers)))
        lines.append(f"s1,{question['id']},a,{_three_figures(powers[t] / total)}")
    (tmp_path / "answers.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    graded = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "g/")
    assert graded.exit_code == 0, graded.output
    with open(tmp_path / "g" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 40
    assert [(r["question_id"], r["answer"], r["status"]) for r in rows if r["status"] != "correct"] == []


EXAMPLE = Path(__file__).parents[1] / "docs" / "examples" / "bert_bank" / "c13_perplexity.yaml"


@pytest.mark.slow   # validate samples 200 draws of the template
def test_a_part_asking_four_figures_passes_validate(tmp_path, invoke):
    """Review 46a F5: the documented `tolerance: {sigfigs: 4}` could never pass: validate's student
    who rounds every step reported 3 figures (12.4 for a part asking 4) and was marked imprecise."""
    text = EXAMPLE.read_text(encoding="utf-8")
    for old, new in (('  - {part: perplexity, answer: "3.40", status: correct}',
                      '  - {part: perplexity, answer: "3.404", status: correct}'),
                     ('  - {part: perplexity, answer: "3.40 perplexity", status: correct}',
                      '  - {part: perplexity, answer: "3.404 perplexity", status: correct}'),
                     ('  - {part: perplexity, answer: "3.4", status: imprecise}',
                      '  - {part: perplexity, answer: "3.40", status: imprecise}'),
                     # the part's name before the number (review 52d F7's tests)
                     ('  - {part: perplexity, answer: "perplexity = 3.40", status: correct}',
                      '  - {part: perplexity, answer: "perplexity = 3.404", status: correct}'),
                     ('  - {part: perplexity, answer: "perplexity: 3.40", status: correct}',
                      '  - {part: perplexity, answer: "perplexity: 3.404", status: correct}'),
                     # the ask says the figures its tolerance marks (validate holds the two together)
                     ('mean loss per token in nats?"', 'mean loss per token in nats? Give it to 4 significant figures."')):
        assert old in text
        text = text.replace(old, new)
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.strip() == "- name: perplexity")
    decimals = next(i for i in range(at, len(lines)) if lines[i].strip().startswith("decimals:"))
    lines.insert(decimals + 1, "    tolerance: {sigfigs: 4}\n")
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c13.yaml").write_text("".join(lines), encoding="utf-8")
    result = invoke("validate", bank)
    assert result.exit_code == 0, result.output
    assert "18 tests passed" in result.output, result.output   # 13, and review 52d F7's five
