"""pdf.md's figures for how many questions of a template fit on one paper
before generate warns of repeats were stale (C6's 38 was 79 since
distinct_on_paper, C12's 63 fell under "at least 67", C11's 27 counted the
question that ran out: round 52's review, F6). Each fewest figure pdf.md
gives is checked at the seed it was found at: that many fit, one more warns."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BANK = ROOT / "docs" / "examples" / "bert_bank"
FEWEST = {"C11": (22, 2), "C13": (30, 5), "C7": (42, 5), "C12": (63, 1)}   # class: (questions, the seed)
WARNING = "not enough distinct variants"


def test_pdf_md_states_these_figures():
    text = " ".join((ROOT / "docs" / "pdf.md").read_text(encoding="utf-8").split())
    said = re.search(r"over seeds 1 to 5 the fewest were (.*?), and at least 67 for every other template", text)
    assert said, "pdf.md's sentence on how many questions fit is gone"
    assert dict((c, int(n)) for n, c in re.findall(r"(\d+) \((C\d+)", said[1])) == \
        {c: n for c, (n, _) in FEWEST.items()}


@pytest.mark.slow
@pytest.mark.parametrize("cls", FEWEST)
def test_that_many_fit_and_one_more_warns(tmp_path, invoke, cls):
    count, seed = FEWEST[cls]
    for n, warned in ((count, False), (count + 1, True)):
        result = invoke("generate", "--bank", BANK, "--classes", cls, "--count", n, "--seed", seed,
                        "--no-solutions", "--jobs", 1, "--out", tmp_path / str(n))
        assert result.exit_code == 0, result.output
        assert (WARNING in result.output) is warned, (cls, n, result.output[-300:])
