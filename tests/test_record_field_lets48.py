"""A part worked from a record's field through a let (review 48b F3): C10's count of predicted
positions written `n: "len(scene.words) - 1"`. A key keeps each question's numbers, not its
records, so grade refused the key generate wrote ("reads parameter 'scene' ... an object"), and
validate blamed the careful 3-figure student instead. Both now stop at the part, saying to make
the let a `value:` parameter, and generate writes nothing."""

import pytest

from quizgen.bank.loader import builtin_bank_dir

MESSAGE = ("parts.0.answer: part 'targets' is worked from scene.words through the let 'with_tags', a field of the record "
           "'scene', which a key does not keep (grade would refuse the key): make it a parameter, "
           '`with_tags: {value: "len(scene.words) + 1"}` under params (docs/authoring.md)')


@pytest.fixture
def bank(tmp_path):
    source = (builtin_bank_dir() / "c10_causal_lm.yaml").read_text(encoding="utf-8")
    assert '  with_tags: "T + 1"\n' in source   # (a)'s count since review 51c F10, (b)'s n worked from it
    source = source.replace('  with_tags: "T + 1"\n', '  with_tags: "len(scene.words) + 1"\n', 1)
    source = source.replace("id: causal-lm-next-token-loss", "id: counted").replace("class: C10", "class: C14")
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c14.yaml").write_text(source, encoding="utf-8")
    return folder


def test_validate_names_the_let_and_the_fix(bank, invoke):
    result = invoke("validate", "--bank", bank, "--samples", 5)
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if MESSAGE in line]
    assert len(lines) == 1 and lines[0].startswith(f"{bank / 'c14.yaml'}:")
    assert "carried rounding does not reach" not in result.output


def test_generate_stops_before_writing_a_key_grade_refuses(bank, invoke, tmp_path):
    out = tmp_path / "out"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--count", 2, "--out", out)
    assert result.exit_code == 2
    assert MESSAGE in result.output and "Traceback" not in result.output
    assert not (out / "key.json").exists()


def test_the_shipped_c10_with_its_parameter_still_generates(invoke, tmp_path):
    result = invoke("generate", "--classes", "C10", "--count", 2, "--out", tmp_path / "c10")
    assert result.exit_code == 0 and (tmp_path / "c10" / "key.json").exists()
