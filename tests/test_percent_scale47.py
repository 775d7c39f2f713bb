"""A number a hundred times off, the answer on a share's scale where a percentage is asked
or the reverse, is told what was asked (review 46a F19), where it was a bare incorrect."""

import csv
import json

import pytest

from bank_support import DATA, SOFTMAX

ASK = 'ask: "What probability does the model give the true class?"'
SHARE = ('answer: "exp(z[t]) / sum(exp(z))"\n    range: [0, 1]')


def _bank(folder, percent_answer: bool, percent_ask: bool):
    """The label-smoothing template, (a) asking per cent or not, its answer a share or in per cent."""
    text = (DATA / SOFTMAX).read_text(encoding="utf-8")
    assert ASK in text and SHARE in text
    if percent_ask:
        text = text.replace(ASK, ASK[:-2] + ', in %?"')
    if percent_answer:
        text = text.replace(SHARE, 'answer: "100 * exp(z[t]) / sum(exp(z))"\n    range: [0, 100]')
        text = text.replace("p_true: 0.665", "p_true: 66.5").replace('value: "z[t] / sum(z)"', 'value: "100 * z[t] / sum(z)"')
        text = text.replace('answer: "0.666"', 'answer: "66.6"').replace('answer: "0.667"', 'answer: "66.7"')
    folder.mkdir(parents=True)
    (folder / "c14.yaml").write_text(text, encoding="utf-8")
    return folder


def _graded(invoke, tmp_path, bank, answers):
    """{answer: (status, feedback, reason)} of (a), each answer a function of (a)'s key value."""
    out = tmp_path / "papers"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "3", "--count", "1", "--out", out)
    assert result.exit_code == 0, result.output
    key = json.loads((out / "key.json").read_text(encoding="utf-8"))
    value = key["questions"][0]["parts"][0]["value"]
    written = [make(value) for make in answers]
    sheet = tmp_path / "answers.csv"
    sheet.write_text("student_id,Q1a\n" + "".join(f"s{i},{a}\n" for i, a in enumerate(written)), encoding="utf-8")
    result = invoke("grade", sheet, "--key", out / "key.json", "--out", tmp_path / "graded.csv")
    assert result.exit_code == 0, result.output
    rows = csv.DictReader((tmp_path / "graded.csv").open(encoding="utf-8-sig"))
    return value, {r["answer"]: (r["status"], r["feedback"], r["reason"]) for r in rows if r["answer"]}


SCALE_SLIPS = [
    (False, lambda v: f"{100 * v:.3g}", lambda v: f"{100 * v:.3g}%",
     lambda v: (f"this part asks for a probability or share, a number from 0 to 1, and {100 * v:.3g} is that in "
                f"per cent: as a share it is {v:.3g} ({100 * v:.3g}% with the sign)")),
    (True, lambda v: f"{v / 100:.3g}", lambda v: f"{v:.3g}",
     lambda v: (f"this part asks for a percentage, and {v / 100:.3g} is that as a share (a number from 0 to 1): "
                f"in per cent it is {v:.3g}")),
]


@pytest.mark.parametrize("percent, wrong, right, said", SCALE_SLIPS, ids=["per cent for a share", "share for per cent"])
def test_an_answer_on_the_other_scale_is_told_what_was_asked(invoke, tmp_path, percent, wrong, right, said):
    """23.3 for a probability of 0.233, or 0.0184 for 1.84%: incorrect, with what was asked."""
    bank = _bank(tmp_path / "bank", percent_answer=percent, percent_ask=percent)
    value, got = _graded(invoke, tmp_path, bank, [wrong, right])
    assert got[wrong(value)] == ("incorrect", said(value), "")
    assert got[right(value)][0] == "correct"


def test_per_cent_on_a_percentage_part_whose_key_is_a_share_goes_to_a_person(invoke, tmp_path):
    bank = _bank(tmp_path / "bank", percent_answer=False, percent_ask=True)
    value, got = _graded(invoke, tmp_path, bank, [lambda v: f"{100 * v:.3g}%", lambda v: "0.9999"])
    status, feedback, reason = got[f"{100 * value:.3g}%"]
    assert status == "needs_review" and not feedback
    assert reason.startswith(f"{100 * value:.3g} per cent is this part's answer, but its key holds that as a share")
    assert got["0.9999"][:2] == ("incorrect", "")   # nothing on either scale: a bare incorrect, as before
