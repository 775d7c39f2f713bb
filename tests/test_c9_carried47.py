"""C9's next-sentence loss as the worked solution takes it (review 47a F1): the probability of
the true label, P(NotNext) = 1 - sigma(s) when y = 0, is written down and may be rounded before
its log. A student rounding every step to 3 figures (each loss, their mean, that probability,
its loss, the total) was marked imprecise at s = -3.0 (0.414 for 0.41586: "rounded to 2
significant figures"); the template's let names that probability, so it is a rounding step."""

import csv
import json
import math
from decimal import ROUND_HALF_UP, Decimal


def _figures3(value: float) -> Decimal:
    """``value`` to 3 significant figures, half away from zero as people round (1.50 keeps its 0)."""
    exact = Decimal(repr(value))
    return exact.quantize(Decimal(1).scaleb(exact.adjusted() - 2), rounding=ROUND_HALF_UP)


def _sig3(value: float) -> float:
    return float(_figures3(value))


def _three_figure_student(params: dict) -> str:
    """Every intermediate the working shows, rounded to 3 figures before the next step uses it."""
    losses = [_sig3(-math.log(p)) for p in params["p"]]
    mlm = _sig3(sum(losses) / len(losses))
    is_next = 1 / (1 + math.exp(-params["s"]))
    true_label = _sig3(is_next if params["y"] == 1 else 1 - is_next)
    return str(_figures3(mlm + _sig3(-math.log(true_label))))


def test_a_student_carrying_3_figures_through_the_working_is_marked_correct(invoke, tmp_path):
    made = invoke("generate", "--classes", "C9", "--seed", 3, "--count", 60, "--out", tmp_path / "p")
    assert made.exit_code == 0, made.output
    questions = json.loads((tmp_path / "p" / "key.json").read_text(encoding="utf-8"))["questions"]
    rows = [("s1", q["id"], "a", _three_figure_student(q["params"])) for q in questions]
    assert ("s1", "Q6", "a", "0.414") in rows   # the review's draw: p 0.3, 0.95, 0.95, 0.85; s = -3.0; y = 0
    answers = tmp_path / "answers.csv"
    with answers.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    graded = invoke("grade", answers, "--key", tmp_path / "p" / "key.json", "--out", tmp_path / "g.csv")
    assert graded.exit_code == 0, graded.output
    with (tmp_path / "g.csv").open(encoding="utf-8-sig") as handle:
        verdicts = list(csv.DictReader(handle))
    assert len(verdicts) == 60
    assert [row for row in verdicts if row["status"] != "correct"] == []
