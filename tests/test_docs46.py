"""docs/templates.md says what the code does (review 46): a trap's ``name`` is carried by
key.json and named by grade (F8), and a figure's ``shown`` labels the answer's loss beside
a p whose -ln rounds to it, not the working's last line (F9)."""

import json
from pathlib import Path

from quizgen.bank.loader import load_bank
from quizgen.generation.figure_words import named_point
from quizgen.generation.figures import point_label
from quizgen.generation.quiz import seed_label
from quizgen.generation.sampling import sample_instance

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_trap_name_row_says_key_json_carries_it(invoke, tmp_path):
    out = tmp_path / "q"
    assert invoke("generate", "--seed", "1", "--classes", "C3", "--count", "1", "--out", out).exit_code == 0
    key = json.loads((out / "key.json").read_text(encoding="utf-8"))
    names = [trap.get("name") for template in key["templates"].values() for part in template["parts"]
             for trap in part.get("traps", ())]
    assert "log base 10 instead of ln" in names
    templates = (DOCS / "templates.md").read_text(encoding="utf-8")
    assert "do not carry it" not in templates and "written in key.json beside the trap's code" in templates


def test_the_figure_row_gives_the_label_the_figure_prints():
    """C2 of --seed 1: the label the docs quote is one the figure prints, and the working's pair is not."""
    template = next(t for t in load_bank(()) if t.cls == "C2")
    labels = [point_label(named_point(sample_instance(template, seed_label(1, template.id, k)))) for k in range(40)]
    assert ["p = 0.017468", "\u2212ln p = 4.0474"] in labels
    row = (DOCS / "templates.md").read_text(encoding="utf-8")
    assert r"the label reads $p = 0.017468$, $-\ln p = 4.0474$" in row
    assert r"$p = 0.01747$, $-\ln p = 4.0473$" not in row
