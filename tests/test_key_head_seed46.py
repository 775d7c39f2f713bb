"""An earlier key.json that names no seed (edited by hand, or not quizgen's):
its head's seed is absent (None), not the text "None", so ``generate --seed None``
is not taken for its paper, and the refusal says the key has no seed rather than
"seed None"."""

import json

import pytest

from quizgen.key.head import KeyHead


@pytest.fixture
def seedless(tmp_path, invoke):
    """A folder holding seed 5's C1 paper whose key.json has had its seed removed."""
    assert invoke("generate", "--classes", "C1", "--seed", "5", "--out", tmp_path / "q").exit_code == 0
    data = json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))
    del data["seed"]
    (tmp_path / "q" / "key.json").write_text(json.dumps(data), encoding="utf-8")
    return tmp_path / "q"


def test_a_key_without_a_seed_has_no_seed():
    assert KeyHead.from_json({}).seed is None and KeyHead().seed is None
    assert KeyHead.from_json({"seed": 42}).seed == "42"


@pytest.mark.parametrize("seed, this_run", [(["--seed", "6"], "where this run's is 6"),
                                            (["--seed", "None"], "where this run's is None"),
                                            ([], "where this run draws a fresh one")])
def test_the_refusal_says_the_key_names_no_seed(seedless, invoke, seed, this_run):
    result = invoke("generate", "--classes", "C1", *seed, "--out", seedless)
    assert result.exit_code == 2
    assert result.stderr == (f"quizgen: error: {seedless / 'key.json'} is the key of another paper (no seed in it, "
                             f"{this_run}), which may already be handed out; choose another --out folder, or pass "
                             "--force to replace that paper\n")
