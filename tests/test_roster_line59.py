"""generate --students refusing an id too long for key.json's question seeds
names the roster and the id's line, as every other roster error does, and says
whether --seed was given (a fresh seed was shown as --seed '9223372036854775808')."""

from __future__ import annotations

LONG = "x" * 150


def _roster(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(f"student_id,name\ns1,A\n\ns2,B\n{LONG},C\n", encoding="utf-8")
    return roster


def test_a_long_id_names_the_roster_and_its_line(invoke, tmp_path):
    roster = _roster(tmp_path)
    result = invoke("generate", "--students", roster, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"quizgen: error: {roster}: line 5: student id '{'x' * 40}'... (150 characters) is too long with --seed left "
        "out (a fresh seed has up to 19 digits): key.json keeps question seeds of at most 200 characters, which "
        "leaves 143 for a student id with this seed"]
    assert not (tmp_path / "out").exists()


def test_with_a_seed_given_it_is_named(invoke, tmp_path):
    roster = _roster(tmp_path)
    seed = "s" * 40
    result = invoke("generate", "--students", roster, "--seed", seed, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(f"quizgen: error: {roster}: line 5: student id ")
    assert f"is too long with --seed '{seed}': key.json keeps" in result.stderr
