"""Review 54a, the fixes of fix54p: C10's worked solution counts in its own numbers, with no
symbol the stem never defines (F1)."""

import re

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.generation.views import question_view

BANK = {t.cls: t for t in load_bank(())}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _solution_text(view: dict) -> str:
    """Every text of a question's worked solution: forecast, steps and check."""
    steps = " ".join(step["title"] + " " + step["why"] + " " + step["work"] for step in view["steps"])
    return _flat(" ".join([view.get("forecast") or "", steps, view.get("verify") or ""]))


# F1: C10's step 1 said "$T + 2 = 8$ tokens" and "$T + 1 = 7$ predictions", a T its stem never
# defines, where C4, C5 and C9 on the same paper call T the tokens with [CLS] and [SEP] counted.

def test_c10_solution_counts_in_its_own_numbers():
    view = question_view(Question("Q1", canonical_instance(BANK["C10"])), "md")
    first = _flat(view["steps"][0]["work"])
    assert "$6 + 2 = 8$ tokens" in first and "$6 + 1 = 7$ predictions" in first, first


def test_c10_solution_names_no_t_its_stem_does_not_define():
    for label in ("canonical", "a", "b", "c", "d"):
        instance = (canonical_instance(BANK["C10"]) if label == "canonical"
                    else sample_instance(BANK["C10"], f"fix54p/{label}"))
        view = question_view(Question("Q1", instance), "md")
        assert not re.search(r"\$T\b|\bT [+-] ", view["stem"]), view["stem"]
        text = _solution_text(view)
        assert not re.search(r"\$T\b|\bT [+-] |\bT = ", text), text
