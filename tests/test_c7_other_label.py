"""C7's part on the other label keeps the score s (rev43a F2).

The part asking for the loss under the label the pair does not have used to
say "if B had been a random sentence" (or "if B had really followed A"): a
different B gives a different h_[CLS] and so a different s, so the question
could be read as having no answer. It now asks for the loss of the same
score with only the label changed. Seed 1 draws y = 0, seed 3 y = 1."""

import re

import pytest

SAME_S = "with the score $s$ left as it is (only the label changes)?"


def _asks(invoke, tmp_path, seed) -> dict:
    """{letter: the part's question} of C7 on the paper of ``seed``."""
    assert invoke("generate", "--classes", "C7", "--seed", seed, "--no-solutions",
                  "--out", tmp_path / str(seed)).exit_code == 0
    text = (tmp_path / str(seed) / "problems.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\*\*\((\w)\)\*\* (.*?) \*\[", text, re.M))


@pytest.mark.parametrize("seed, label, own, other", [(1, "$y = 0$: B was drawn at random", "c", "b"),
                                                     (3, "$y = 1$: B really follows A", "b", "c")])
def test_the_other_label_keeps_the_score(invoke, tmp_path, seed, label, own, other):
    asks = _asks(invoke, tmp_path, seed)
    assert label in (tmp_path / str(seed) / "problems.md").read_text(encoding="utf-8")
    assert asks[own].endswith(", the loss of this pair?")
    assert asks[other].endswith(SAME_S)
    assert not any("B had" in ask for ask in asks.values())
