"""A policy's ``ecf_credit:`` mapping (review 45e F5): a name that is a near
miss of a template id or class on the paper (``c77`` for ``C77``) changes no
marks where the instructor meant it to, so grade warns with a did-you-mean;
other names not on the paper pass in silence (docs/marking.md: one policy serves
many papers). ``{C77: 0,5}``, which YAML's braces read as ``{C77: 0, 5: null}``,
is refused with the reason, not as a key the user never wrote."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.errors import InputFileError
from quizgen.marking.policy import parse_policy

C7 = Path(__file__).resolve().parent.parent / "question_bank" / "c7_nsp_head.yaml"
# seed 1: the key's (a) is 0.9721; (b) 0.105 is -ln 0.900, right from the student's wrong (a)
ANSWERS = "student_id,question_id,part,answer\ns1,Q1,a,0.900\ns1,Q1,b,0.105\n"


@pytest.fixture(scope="module")
def half_key(tmp_path_factory) -> Path:
    """key.json of seed 1's C77 question (C7 copied as id half-nsp) whose template sets ``ecf_credit: 0.5``."""
    folder = tmp_path_factory.mktemp("names")
    (folder / "ub").mkdir()
    text = C7.read_text(encoding="utf-8").replace("id: nsp-sigmoid-loss", "id: half-nsp")
    (folder / "ub" / "half.yaml").write_text(text.replace("class: C7\n", "class: C77\necf_credit: 0.5\n"),
                                             encoding="utf-8")
    made = CliRunner().invoke(main, ["generate", "--bank", str(folder / "ub"), "--classes", "C77", "--seed", "1",
                                     "--out", str(folder / "q")])
    assert made.exit_code == 0, made.output
    (folder / "answers.csv").write_text(ANSWERS, encoding="utf-8")
    return folder / "q" / "key.json"


def _grade(key: Path, policy: str, name: str) -> tuple:
    """(grade's output on one line, (b)'s score) with a policy file holding ``policy``."""
    path = key.parent.parent / f"{name}.yaml"
    path.write_text(policy, encoding="utf-8")
    out = key.parent.parent / name
    result = CliRunner().invoke(main, ["grade", str(key.parent.parent / "answers.csv"), "--key", str(key),
                                       "--policy", str(path), "--out", str(out / "graded.csv")])
    assert result.exit_code == 0, result.output
    with open(out / "graded.csv", encoding="utf-8-sig", newline="") as handle:
        scores = {row["part"]: float(row["score"]) for row in csv.DictReader(handle)}
    return " ".join(result.output.split()), scores["b"]


@pytest.mark.parametrize("policy, name, near, line", [
    ("ecf_credit: {c77: 0}\n", "c77", "C77", 1),                 # case only
    ("ecf_credit:\n  half-nps: 0\n", "half-nps", "half-nsp", 2),  # a slip in the id, on its own line
])
def test_a_near_miss_is_a_warning(half_key, policy, name, near, line):
    said, score = _grade(half_key, policy, name)
    assert (f"warning: {half_key.parent.parent / name}.yaml:{line}: ecf_credit.{name}: no template on this paper "
            f"has that id or class (did you mean '{near}'?), so it sets the ECF credit of none of its questions") in said
    assert score == 1.0   # half of (b)'s 2 points: the template's own credit, the policy's 0 never applied


@pytest.mark.parametrize("policy", [
    "ecf_credit: {C1: 0, C12: 0.5}\n",   # templates of other papers
    "ecf_credit: {C7: 0, C77: 0.25}\n",  # C7 is near C77, but C77 is named too: not a slip for it
])
def test_other_names_pass_in_silence(half_key, policy):
    said, _ = _grade(half_key, policy, f"quiet{len(policy)}")
    assert "ecf_credit." not in said and "warning" not in said


@pytest.mark.parametrize("flow, entry, read", [
    ("{C77: 0,5}", "5", "C77: 0,5 was read as C77: 0 and 5"),
    ("{C1: 1, C77: 0,25}", "25", "C77: 0,25 was read as C77: 0 and 25"),
])
def test_a_decimal_comma_in_braces_is_explained(flow, entry, read):
    with pytest.raises(InputFileError) as raised:
        parse_policy(f"imprecise_credit: 0\necf_credit: {flow}\n", "p.yaml")
    assert str(raised.value) == (f"p.yaml:2: ecf_credit.{entry}: no value: in {{ }} a comma parts two entries, so "
                                 f"{read}; put a decimal comma in quotes (C77: '0,5') or write one entry a line")


def test_a_quoted_decimal_comma_in_braces_is_read():
    assert parse_policy("ecf_credit: {C77: '0,5'}\n").template_ecf == {"C77": 0.5}
