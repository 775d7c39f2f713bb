"""``{{ rounding_rule }}``: the one sentence of the rounding rule that template
text prints. On paper and in Moodle it promises that an answer rounded to fewer
figures is marked rounded too early; in Canvas, whose download cannot show the
figures typed (0.630 arrives as 0.63), it does not. A user bank gets the same."""

import pytest
import re
import zipfile
from pathlib import Path

from quizgen.lms.canvas import CANVAS_ROUNDING_RULE
from quizgen.text.render import ROUNDING_RULE
from tests.paper_support import split_at_first_question

USER_C11 = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()
STEM_LINE = "and samples at temperature $\\tau = {{ tau }}$."
PROMISE = "an answer rounded to fewer is marked as rounded too early"
SENTENCE = "Give answers to 3 significant figures ({{ rounding_rule }})."


def _bank(tmp_path) -> Path:
    """A user bank whose one template's stem ends with the shared rounding rule."""
    assert STEM_LINE in USER_C11
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(USER_C11.replace(STEM_LINE, f"{STEM_LINE} {SENTENCE}"), encoding="utf-8")
    return folder


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.slow
def test_the_shared_rule_promises_on_paper_and_moodle_but_not_on_canvas(invoke, tmp_path):
    bank = _bank(tmp_path)
    assert PROMISE in ROUNDING_RULE and PROMISE not in CANVAS_ROUNDING_RULE
    for fmt in ("md", "tex"):
        assert invoke("generate", "--bank", bank, "--classes", "C11", "--seed", "3", "--format", fmt,
                      "--no-solutions", "--out", tmp_path / fmt).exit_code == 0
        stem = split_at_first_question(_flat((tmp_path / fmt / f"problems.{fmt}").read_text()))[1]
        assert f"3 significant figures ({ROUNDING_RULE})." in stem
    assert invoke("export", "moodle", "--bank", bank, "--classes", "C11", "--seed", "3", "--count", "2",
                  "--out", tmp_path / "q.xml").exit_code == 0
    assert _flat((tmp_path / "q.xml").read_text()).count(f"3 significant figures ({ROUNDING_RULE}).") == 2
    assert invoke("export", "canvas", "--bank", bank, "--classes", "C11", "--seed", "3", "--count", "2",
                  "--out", tmp_path / "canvas.zip").exit_code == 0
    with zipfile.ZipFile(tmp_path / "canvas.zip") as package:
        canvas = _flat(" ".join(package.read(n).decode() for n in package.namelist() if n.endswith(".xml")))
    assert "rounding_rule" not in canvas and PROMISE not in canvas
    assert canvas.count("3 significant figures (more figures are accepted).") >= 2


@pytest.mark.slow
def test_the_bank_checks_know_the_shared_rule(invoke, tmp_path):
    """validate accepts the name (a misspelling is still an undefined name)."""
    bank = _bank(tmp_path)
    result = invoke("validate", bank / "c11.yaml", "--samples", "5")
    assert result.exit_code == 0, result.stdout + result.stderr
    (bank / "c11.yaml").write_text((bank / "c11.yaml").read_text().replace("rounding_rule", "rounding_rules"))
    result = invoke("validate", bank / "c11.yaml", "--samples", "5")
    assert "undefined name 'rounding_rules' in the text (did you mean 'rounding_rule'?)" in result.stdout + result.stderr
