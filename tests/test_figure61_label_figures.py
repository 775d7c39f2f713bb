"""A solution figure's label gives p to the figures its -ln p needs to print the answer's loss
(C1 of --seed 7: p = 0.78914 beside (a)'s 0.7891, as -ln 0.7891 = 0.2369 and the loss is 0.2368).
Where that is more than the 4 significant figures an answer gives p, the caption says so in one
phrase, so that no reader takes the two for different values; the problem paper, whose figure has
no label, says nothing of it."""

import re

from quizgen.generation.figures import LossPoint, label_has_more_figures

NOTE_MD = r"*The label gives $p$ to as many figures as its $-\ln p$ needs.*"


def test_a_label_has_more_figures_only_when_its_loss_needs_them():
    assert label_has_more_figures(LossPoint(1 / 28996))              # 3.4488 x 10^-5 beside 3.449 x 10^-5
    assert label_has_more_figures(LossPoint(1 / 89))                 # 0.011236 beside 0.01124
    assert label_has_more_figures(LossPoint(0.0174683, shown=0.01747))   # C2: the working's 0.01747 gives 4.0473
    assert not label_has_more_figures(LossPoint(0.04528))
    assert not label_has_more_figures(LossPoint(0.5))


def test_the_solutions_caption_says_why_a_label_has_more_figures_and_the_problems_say_nothing(invoke, tmp_path):
    result = invoke("generate", "--seed", 7, "--classes", "C1,C2", "--count", 2, "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    solutions = (tmp_path / "solutions.md").read_text(encoding="utf-8")
    noted = {}
    for block in solutions.split("\n## ")[1:]:
        label = re.search(r"&#9679; p = ([0-9.]+)</text>", block).group(1)
        noted[block[:3]] = (label, NOTE_MD in block)
    assert noted == {"Q1.": ("0.78914", True), "Q2.": ("0.69474", True),
                     "Q3.": ("0.04528", False), "Q4.": ("0.007775", False)}
    assert "label gives" not in (tmp_path / "problems.md").read_text(encoding="utf-8")
    invoke("generate", "--seed", 7, "--classes", "C1", "--format", "tex", "--out", tmp_path / "tex")
    caption = (r"The loss $-\ln p$ against $p$; the label gives $p$ to as many figures as its $-\ln p$ needs.")
    assert caption in (tmp_path / "tex" / "solutions.tex").read_text(encoding="utf-8")
    assert "label gives" not in (tmp_path / "tex" / "problems.tex").read_text(encoding="utf-8")
