"""ECF credit 0 with imprecise_credit above 0 (review 45e F15): an answer right
from the student's own wrong earlier answer but rounded too early earns both
credits multiplied, so nothing; its feedback says so ("which earns no marks in
this course"), as part marks are told ("which earns 25% ..."), whether the 0 is
the template's or the policy's. A bank's ``ecf_credit: -0.0`` is stored as 0.0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from tests.grading_support import graded_by_cli

C7 = Path(__file__).resolve().parent.parent / "question_bank" / "c7_nsp_head.yaml"
NONE = ", which earns no marks in this course"


def _key(folder: Path, setting: str) -> Path:
    """key.json of seed 1's C77 question (C7 copied as id half-nsp, seed 1's (a) 0.9721) with ``setting`` added."""
    (folder / "ub").mkdir(parents=True)
    text = C7.read_text(encoding="utf-8").replace("id: nsp-sigmoid-loss", "id: half-nsp")
    (folder / "ub" / "zero.yaml").write_text(text.replace("class: C7\n", f"class: C77\n{setting}\n"), encoding="utf-8")
    made = CliRunner().invoke(main, ["generate", "--bank", str(folder / "ub"), "--classes", "C77", "--seed", "1",
                                     "--out", str(folder / "q")])
    assert made.exit_code == 0, made.output
    return folder / "q" / "key.json"


@pytest.mark.parametrize("setting, policy, share", [
    ("ecf_credit: 0", "imprecise_credit: 0.5\n", NONE),            # the template's 0
    ("ecf_credit: -0.0", "imprecise_credit: 0.5\n", NONE),
    ("", "ecf_credit: 0\nimprecise_credit: 0.5\n", NONE),          # the policy's 0
    ("ecf_credit: 0.5", "imprecise_credit: 0.5\n", ", which earns 25% of the marks in this course"),
    ("ecf_credit: 0", "", ""),   # imprecise_credit 0: no part marks for any imprecise answer, none said
])
def test_an_imprecise_ecf_answer_says_what_it_earns(tmp_path, setting, policy, share):
    key = _key(tmp_path, setting)
    (tmp_path / "p.yaml").write_text(policy or "{}\n", encoding="utf-8")
    # seed 1's (a) is 0.9721; from (a) 0.900, (b) is -ln 0.900 = 0.10536: 0.11 is that to 2 figures of 3
    rows = graded_by_cli(tmp_path, key, [("s1", "Q1", "a", "0.900"), ("s1", "Q1", "b", "0.11")],
                         "--policy", tmp_path / "p.yaml")
    row = rows[("s1", "Q1", "b")]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early")
    assert float(row["score"]) == (0.5 if "25%" in share else 0.0)   # 2 points x 0.5 x 0.5
    assert row["feedback"].endswith("from the exact (a), expected 0.0283)" + share), row["feedback"]


def test_a_wrong_answer_carried_on_rounded_short_says_it_too(tmp_path):
    # seed 24's Q1 (C1) p = 0.7392: (a) 0.751 is wrong, and -ln(0.75) works (b) from it rounded to 2 figures
    made = CliRunner().invoke(main, ["generate", "--classes", "C1,C6,C7,C8", "--seed", "24",
                                     "--out", str(tmp_path / "q")])
    assert made.exit_code == 0, made.output
    (tmp_path / "p.yaml").write_text("ecf_credit: 0\nimprecise_credit: 0.25\n", encoding="utf-8")
    rows = graded_by_cli(tmp_path, tmp_path / "q" / "key.json", [("c9", "Q1", "a", "0.751"),
                                                                 ("c9", "Q1", "b", "-ln(0.75)")],
                         "--policy", tmp_path / "p.yaml")
    row = rows[("c9", "Q1", "b")]
    assert (row["status"], row["note"], float(row["score"])) == ("imprecise", "rounded_too_early", 0.0)
    assert row["feedback"].startswith("marked from your (a) = 0.751: your answer is what the working gives")
    assert row["feedback"].endswith(NONE)


def test_minus_zero_is_stored_as_zero(tmp_path):
    data = json.loads(_key(tmp_path, "ecf_credit: -0.0").read_text(encoding="utf-8"))
    assert json.dumps(data["templates"]["half-nsp"]["ecf_credit"]) == "0.0"
