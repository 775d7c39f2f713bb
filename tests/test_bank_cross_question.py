"""No question on a full paper gives away what another question asks (session 16).

C9 (b) asks whether BERT predicts from left to right; C10 calling BERT's
probabilities "words on both sides" answered it on the same paper. The mean
over M is a convention, not a secret: every question that computes L_MLM (C4,
C5, C9) states it, as the reference's Ex 4 does, so none depends on another
hiding it (C5 had stopped printing it and asked for an ill-defined "BERT's
definition"). Each test reads the problem paper `quizgen generate` writes for
several seeds, every class on it."""

import re

import pytest
from click.testing import CliRunner

from quizgen.cli import main

SEEDS = (1, 2, 7, 1234, 2024)
QUESTION = re.compile(r"^## Q\d+\. .*\([\d.]+ points?, (C\d+)\)$", re.M)
PART = re.compile(r"^\*\*\(([a-z])\)\*\* (.*?) \*\[[\d.]+\]\*$", re.M)

# What each asked concept looks like when a text states it, and the part that asks it.
MEAN_OVER_M = [
    r"\\frac\{1\}\{\|M\|\}", r"1\s*/\s*\|M\|", r"divid\w* (the sum )?by \$?\|M\|",
    r"(mean|average)\w* (of the per-position losses )?over (the )?(\$?M\b|masked)",
    r"(mean|average) (masked|MLM|masked-LM)",
]
BOTH_SIDES = [
    r"both sides", r"both directions", r"bidirectional", r"every other word visible",
    r"all at once", r"simultaneous", r"in parallel", r"words? (on|to) (the|its) right",
]
# C9 (b) is asked one of two ways (bank20): the claim's order, or its opposite, BERT's
# own; the second way states "both sides" as what it asks about, in its own part only.
ASKED = {
    "both sides": (BOTH_SIDES, ("C9", r"from left to right|all the masked tokens at once")),
}
C9_DOUBLES = re.compile(r"would \$L_\{\\text\{MLM\}\}\$ as defined above (double|stay the same)\?")


def _questions(text: str):
    """(class, stem, {part letter: ask}) for each question of a problem paper in Markdown."""
    heads = list(QUESTION.finditer(text))
    for head, after in zip(heads, heads[1:] + [None]):
        body = text[head.end():after.start() if after else len(text)]
        first = PART.search(body)
        stem = body[:first.start()] if first else body
        yield head.group(1), " ".join(stem.split()), {m.group(1): m.group(2) for m in PART.finditer(body)}


def _stated(patterns, text: str) -> list[str]:
    return [m.group(0) for p in patterns for m in [re.search(p, text, re.I)] if m]


def give_aways(paper: str) -> list[str]:
    """Each place where a stem, or an ask other than the one asking it, states an asked concept."""
    found = []
    for cls, stem, asks in _questions(paper):
        for concept, (patterns, (owner, asked_by)) in ASKED.items():
            texts = [("stem", stem)] + [(f"({k})", a) for k, a in asks.items()
                                         if not (cls == owner and re.search(asked_by, a))]
            found += [f"{cls} {where} states {concept}: {hit!r}"
                      for where, text in texts for hit in _stated(patterns, text)]
    return found


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    runner, out = CliRunner(), {}
    for seed in SEEDS:
        folder = tmp_path_factory.mktemp(f"paper{seed}")
        result = runner.invoke(main, ["generate", "--seed", str(seed), "--no-solutions", "--out", str(folder)],
                               catch_exceptions=False)
        assert result.exit_code == 0, result.output
        out[seed] = (folder / "problems.md").read_text(encoding="utf-8")
    return out


@pytest.mark.slow
def test_every_paper_has_all_ten_classes_and_the_asking_parts(papers):
    for paper in papers.values():
        questions = list(_questions(paper))
        assert sorted(cls for cls, _, _ in questions) == sorted(f"C{k}" for k in range(1, 11))
        c9 = next(asks for cls, _, asks in questions if cls == "C9")
        assert any(C9_DOUBLES.search(a) for a in c9.values())
        assert any(re.search(ASKED["both sides"][1][1], a) for a in c9.values())


@pytest.mark.parametrize("seed", SEEDS)
def test_no_stem_or_ask_states_what_another_question_asks(papers, seed):
    assert give_aways(papers[seed]) == []


@pytest.mark.parametrize("seed", SEEDS)
def test_every_question_computing_the_masked_lm_loss_states_its_mean(papers, seed):
    for cls, stem, asks in _questions(papers[seed]):
        if cls in ("C4", "C5", "C9"):
            text = " ".join([stem, *asks.values()])
            assert _stated(MEAN_OVER_M, text), (cls, text)


@pytest.mark.parametrize("leak, concept", [
    ("a BERT-style model's probability (words on both sides)", "both sides"),
    ("each was masked on its own, with every other word visible", "both sides"),
])
def test_the_check_catches_the_old_wordings(papers, leak, concept):
    """The wordings C5 and C10 printed before are caught in any other question's stem."""
    paper = papers[SEEDS[0]]
    c5_head = next(head for head in QUESTION.finditer(paper) if head.group(1) == "C5")
    doctored = paper[:c5_head.end()] + "\n\n" + leak + "\n" + paper[c5_head.end():]
    assert any(f"C5 stem states {concept}" in found for found in give_aways(doctored))
