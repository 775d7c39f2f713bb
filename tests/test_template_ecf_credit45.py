"""A template's own ECF credit (issue 12: "default full marks; --ecf-credit 0.5
or a template setting changes it"): the bank's ``ecf_credit:``, stored once per
template in key.json, scores a right later part worked from a wrong earlier
answer; the policy (for all, or by class or id) and --ecf-credit override it."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.errors import InputFileError
from quizgen.marking.policy import parse_policy

C7 = Path(__file__).resolve().parent.parent / "question_bank" / "c7_nsp_head.yaml"

# seed 1 draws s = 3.55, y = 1 for the copy (the key's p-hat 0.9721); a student who
# writes (a) 0.900 and works on from it: (b) -ln 0.900 = 0.105, (c) -ln(1 - 0.900) = 2.30
ANSWERS = "student_id,question_id,part,answer\ns1,Q1,a,0.900\ns1,Q1,b,0.105\ns1,Q1,c,2.30\n"


def _bank(folder: Path, setting: str) -> Path:
    """A user bank holding C7 copied as C77 (id half-nsp) with ``setting`` as its top-level line."""
    bank = folder / "ub"
    bank.mkdir()
    text = C7.read_text(encoding="utf-8").replace("id: nsp-sigmoid-loss", "id: half-nsp")
    (bank / "half.yaml").write_text(text.replace("class: C7\n", f"class: C77\n{setting}\n"), encoding="utf-8")
    return bank


@pytest.fixture(scope="module")
def half_key(tmp_path_factory) -> Path:
    """key.json of seed 1's C77 question, whose template sets ``ecf_credit: 0.5``."""
    folder = tmp_path_factory.mktemp("half")
    bank = _bank(folder, "ecf_credit: 0.5")
    made = CliRunner().invoke(main, ["generate", "--bank", str(bank), "--classes", "C77", "--seed", "1",
                                     "--out", str(folder / "q")])
    assert made.exit_code == 0, made.output
    (folder / "answers.csv").write_text(ANSWERS, encoding="utf-8")
    return folder / "q" / "key.json"


def _scores(key: Path, *options: str) -> dict:
    """{part: (status, score, note, feedback)} of grading ANSWERS against ``key`` with ``options``."""
    out = key.parent.parent / ("out-" + "-".join(Path(option).name for option in options))
    result = CliRunner().invoke(main, ["grade", str(key.parent.parent / "answers.csv"), "--key", str(key),
                                       "--out", str(out / "graded.csv"), *options])
    assert result.exit_code == 0, result.output
    with open(out / "graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {row["part"]: (row["status"], float(row["score"]), row["note"], row["feedback"])
                for row in csv.DictReader(handle)}


def test_the_key_stores_the_templates_credit_once(half_key):
    data = json.loads(half_key.read_text(encoding="utf-8"))
    assert data["templates"]["half-nsp"]["ecf_credit"] == 0.5
    assert "ecf_credit" not in json.dumps(data["questions"])


def test_the_templates_credit_scores_ecf(half_key):
    # (b) and (c) are worth 2 points each (6 points over three parts): half of 2 is 1
    scores = _scores(half_key)
    assert scores["a"][:2] == ("incorrect", 0.0)
    for part in "bc":
        status, score, note, feedback = scores[part]
        assert (status, score, note) == ("correct", 1.0, "ecf")
        assert feedback.endswith("which earns half of the marks in this course")


@pytest.mark.parametrize("policy, expected", [
    ("ecf_credit: 1\n", 2.0),                          # the policy's number beats the template's
    ("ecf_credit: {C77: 0.25}\n", 0.5),                # by class
    ("ecf_credit: {C77: 0.25, half-nsp: 0.75}\n", 1.5),  # the id beats the class
    ("ecf_credit: {C1: 0}\n", 1.0),                    # another template named: this one keeps its own
])
def test_the_policy_overrides_the_template(half_key, policy, expected):
    path = half_key.parent.parent / f"policy{expected}.yaml"
    path.write_text(policy, encoding="utf-8")
    assert [_scores(half_key, "--policy", str(path))[part][1] for part in "bc"] == [expected, expected]


def test_the_command_line_beats_policy_and_template(half_key):
    path = half_key.parent.parent / "by_id.yaml"
    path.write_text("ecf_credit: {half-nsp: 0}\n", encoding="utf-8")
    assert _scores(half_key, "--policy", str(path), "--ecf-credit", "75%")["b"][1] == 1.5


def test_a_shipped_templates_key_has_no_ecf_credit(tmp_path):
    made = CliRunner().invoke(main, ["generate", "--classes", "C7", "--seed", "1", "--out", str(tmp_path / "q")])
    assert made.exit_code == 0, made.output
    assert "ecf_credit" not in (tmp_path / "q" / "key.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("setting", ["ecf_credit: 2", "ecf_credit: half", "ecf_credit: true"])
def test_a_bad_template_credit_is_refused_at_its_line(tmp_path, setting):
    bank = _bank(tmp_path, setting)
    result = CliRunner().invoke(main, ["generate", "--bank", str(bank), "--classes", "C77", "--seed", "1",
                                       "--out", str(tmp_path / "q")])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "half.yaml:3: ecf_credit: expected the share" in result.output and "a number from 0 to 1" in result.output
    assert not (tmp_path / "q").exists()


def test_a_class_and_an_id_set_differently_is_a_warning():
    policy = parse_policy("ecf_credit:\n  C7: 0.5\n  nsp-sigmoid-loss: 0.25\n", "p.yaml")
    assert policy.ecf_for("nsp-sigmoid-loss", "C7") == 0.25
    assert policy.check_overlaps({"nsp-sigmoid-loss": ("C7", ())}) == [
        "p.yaml: ecf_credit.C7 (0.5) and ecf_credit.nsp-sigmoid-loss (0.25) both set it for nsp-sigmoid-loss: "
        "0.25 is used"]


def test_a_bad_policy_credit_names_its_line():
    with pytest.raises(InputFileError) as raised:
        parse_policy("imprecise_credit: 0\necf_credit:\n  C7: 2\n", "p.yaml")
    assert str(raised.value).startswith("p.yaml:3: ecf_credit.C7: expected a number from 0 to 1")


def test_the_drill_scores_by_the_templates_credit(half_key):
    bank = half_key.parent.parent / "ub"
    result = CliRunner().invoke(main, ["drill", "--bank", str(bank), "--classes", "C77", "--seed", "1", "--count", "1",
                                       "--no-save"], input="0.900\n0.105\n2.30\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert said.count("Marked from your (a) = 0.900: correct given that value (error carried forward), "
                      "which earns half of the marks in this course.") == 2


def test_a_key_with_a_templates_credit_is_version_6(half_key):
    # an older quizgen (up to version 5) would ignore ecf_credit and give ECF full marks: it must refuse the key
    assert json.loads(half_key.read_text(encoding="utf-8"))["version"] == 6


def test_a_tiny_or_odd_template_credit_follows_the_share_rule(tmp_path):
    for setting, refused in [("ecf_credit: 0.000000001", True), ("ecf_credit: 50%", False), ("ecf_credit: 5e-1", False)]:
        folder = tmp_path / setting.split()[-1].replace("%", "pc")
        folder.mkdir()
        bank = _bank(folder, setting)
        result = CliRunner().invoke(main, ["generate", "--bank", str(bank), "--classes", "C77", "--seed", "1",
                                           "--out", str(folder / "q")])
        if refused:
            assert result.exit_code != 0 and "half.yaml:3: ecf_credit: expected the share" in result.output
            assert "0 or at least 0.0001" in result.output
        else:
            assert result.exit_code == 0, result.output
            key = json.loads((folder / "q" / "key.json").read_text(encoding="utf-8"))
            assert key["templates"]["half-nsp"]["ecf_credit"] == 0.5


def test_the_report_and_summary_name_the_keys_own_credit(half_key):
    out = half_key.parent.parent / "noted"
    result = CliRunner().invoke(main, ["grade", str(half_key.parent.parent / "answers.csv"), "--key", str(half_key),
                                       "--out", str(out / "graded.csv")])
    note = "ECF credit from the key's templates: half-nsp 0.5 (docs/marking.md)"
    assert note in " ".join(result.output.split())
    assert note in (out / "graded-report.md").read_text(encoding="utf-8")


def test_a_policy_that_decides_for_the_template_drops_the_note(half_key):
    path = half_key.parent.parent / "all.yaml"
    path.write_text("ecf_credit: {C77: 1}\n", encoding="utf-8")
    out = half_key.parent.parent / "unnoted"
    result = CliRunner().invoke(main, ["grade", str(half_key.parent.parent / "answers.csv"), "--key", str(half_key),
                                       "--policy", str(path), "--out", str(out / "graded.csv")])
    assert result.exit_code == 0 and "ECF credit from the key's templates" not in result.output


def test_the_class_and_id_warning_shows_in_grade(half_key):
    path = half_key.parent.parent / "both.yaml"
    path.write_text("ecf_credit: {half-nsp: 0.75, C77: 0.25}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(half_key.parent.parent / "answers.csv"), "--key", str(half_key),
                                       "--policy", str(path), "--out", str(half_key.parent.parent / "both")])
    assert "ecf_credit.C77 (0.25) and ecf_credit.half-nsp (0.75) both set it for half-nsp: 0.75 is used" in \
        " ".join(result.output.split())


def test_the_drill_quotes_a_typed_expression_as_typed_in_comma_mode(half_key):
    bank = half_key.parent.parent / "ub"
    result = CliRunner().invoke(main, ["drill", "--bank", str(bank), "--classes", "C77", "--seed", "1", "--count", "1",
                                       "--no-save", "--decimal-comma"], input="0.972\n-ln(0.972)\nq\n")
    said = " ".join(result.output.split())
    assert "(your -ln(0.972) is 0,0283995)" in said   # the drill's number takes the comma, the learner's text does not
