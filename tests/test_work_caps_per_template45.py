"""Round 45: key/work_caps.py's recipe-work cap counts each template's recipe texts
once, where the key's templates are read (or generate builds them), in place of a
cache keyed by id(); each question is held to its own template's count, on the usual
(plain) reading and on the field-by-field one alike.

Seed 1's paper of C1, C3 and C4: Q1 mlm-confident-correct (recipes p, 1 + 2 steps, and
loss, 1 + 4 traps: 8 texts; 13 values), Q2 mlm-uniform-logits (p, 1; loss, 1 + 4 traps:
6 texts, since review 55a F2 wrote C3's log and sign traps over p; 4 values), Q3
mlm-mean-over-masked (lmlm, 1 + 1 step: 2 texts; 10 values). With the cap at 250 units:
Q1 takes (13 + 1) x 8 = 112; Q2 with 30 more values (34 + 1) x 6 = 210, within (at Q1's
8 texts it would be 280, past it); Q3 with 120 more (130 + 1) x 2 = 262, past it."""

import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.key import work_caps


@pytest.fixture(scope="module")
def paper(tmp_path_factory) -> dict:
    """Seed 1's key of C1, C3 and C4 as JSON data."""
    folder = tmp_path_factory.mktemp("c134")
    made = CliRunner().invoke(main, ["generate", "--seed", "1", "--classes", "C1,C3,C4", "--out", str(folder)])
    assert made.exit_code == 0, made.output
    return json.loads((folder / "key.json").read_text(encoding="utf-8"))


def _grade(invoke, tmp_path, monkeypatch, key: dict, pads: dict, whole: bool = False):
    """Grade one answer against ``key`` with ``pads[index]`` zeros added to that question's
    params (``whole``: Q3 also names its class, so it is read field by field), at a 250 cap."""
    key = json.loads(json.dumps(key))
    assert [q["template"] for q in key["questions"]] == ["mlm-confident-correct", "mlm-uniform-logits",
                                                         "mlm-mean-over-masked"]
    for index, count in pads.items():
        key["questions"][index]["params"]["pad"] = [0] * count
    if whole:
        key["questions"][2]["class"] = "C4"
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.7157\n", encoding="utf-8")
    monkeypatch.setattr(work_caps, "MAX_RECIPE_WORK", 250)
    return invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--out", tmp_path / "out/")


def test_each_question_is_held_to_its_own_templates_count(invoke, tmp_path, monkeypatch, paper):
    result = _grade(invoke, tmp_path, monkeypatch, paper, {1: 30})
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("whole", [False, True], ids=["plain", "field_by_field"])
def test_the_cap_fires_with_the_templates_count(invoke, tmp_path, monkeypatch, paper, whole):
    result = _grade(invoke, tmp_path, monkeypatch, paper, {1: 30, 2: 120}, whole)
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"quizgen: error: {tmp_path / 'key.json'}: questions[2].params: 130 values, "
                                     "each read by the template's 2 recipe texts: more than the 250 units of work "
                                     "a key may ask for (see docs/key.md, Limits)")
