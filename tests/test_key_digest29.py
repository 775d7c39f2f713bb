"""key.json's digest of its parts' exact forms and values (key/exact_check.py):
a key read back as generate or ``Key.to_json`` wrote it values no exact form
(the check cost 0.3 s on a 2,000-student key); an edited value is still caught."""

from __future__ import annotations

import json

import pytest

from quizgen.errors import InputFileError
from quizgen.key import model
from quizgen.key.exact_check import DIGEST_FIELD


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """key.json of a per-student paper for two students, as generate writes it."""
    from click.testing import CliRunner
    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("digest")
    (folder / "r.csv").write_text("student_id,name\ns1,A\ns2,B\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["generate", "--seed", "4", "--students", str(folder / "r.csv"),
                                       "--out", str(folder / "gen")])
    assert result.exit_code == 0, result.output
    return json.loads((folder / "gen" / "key.json").read_text(encoding="utf-8"))


@pytest.fixture
def valued(monkeypatch):
    """The parts whose exact form read_key valued, one list per read."""
    seen = []
    original = model.check_values
    monkeypatch.setattr(model, "check_values", lambda located: seen.append(list(located)) or original(seen[-1]))
    return seen


@pytest.mark.slow
def test_a_key_as_generate_wrote_it_values_no_exact_form(written, valued):
    key = model.read_key(written)
    assert valued == [] and len(key.papers) == 2
    for compact in (True, False):
        assert DIGEST_FIELD in key.to_json(compact)
        model.read_key(key.to_json(compact))
    assert valued == []


def test_an_edited_value_or_a_key_without_the_digest_has_every_part_valued(written, valued):
    edited = json.loads(json.dumps(written))
    part = edited["students"]["s2"]["questions"][1]["parts"][0]
    part["value"] = part["value"] * 1.5
    with pytest.raises(InputFileError, match=r"students\.s2\.questions\[1\]\.parts\[0\]\.value: .* is not the value "
                                             r"of its exact form"):
        model.read_key(edited)
    del written[DIGEST_FIELD]
    model.read_key(written)
    assert len(valued) == 2 and len(valued[1]) == sum(len(q["parts"]) for q in written["questions"]) + \
        sum(len(q["parts"]) for p in written["students"].values() for q in p["questions"])
