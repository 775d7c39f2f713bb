"""A piece of text ending in ``{`` renders as it would alone (review 44e F7).
YAML ends a plain scalar at `` #``, so ``feedback: Bad { #1}`` is the text
``Bad {``: valid Jinja2 on its own, but the batched render joined it to the
next ``{% endwith %}`` as ``{{%`` and failed with "unexpected '%'", naming
no key and no line."""

from pathlib import Path

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()
FEEDBACK = '        feedback: "Divide every logit by $\\\\tau = {{ tau }}$ before exponentiating."'


def bank(tmp_path, brace: str = "\\{") -> Path:
    """The user-bank template whose first trap's feedback is ``Divide by tau \\{`` (YAML drops `` #1}``):
    an escaped brace, a character, since round 57 refuses a ``{`` that no ``}`` closes when the bank
    loads (review 57a F3); the text still ends in ``{``, which the batched render must keep apart."""
    assert FEEDBACK in BASE
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(BASE.replace(FEEDBACK, f"        feedback: Divide by tau {brace} #1}}"))
    return folder


def test_validate_and_generate_read_a_text_ending_in_a_brace(invoke, tmp_path):
    folder = bank(tmp_path)
    checked = invoke("validate", folder, "--samples", 3)
    assert checked.exit_code == 0, checked.output
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    key = (tmp_path / "out" / "key.json").read_text()
    assert '"Divide by tau {"' in key and "tau \\\\{" not in key   # the key's words are plain: the escape shows its brace


def test_a_text_ending_in_a_brace_no_brace_closes_is_refused_at_its_line(invoke, tmp_path):
    """The review's own text, ``Divide by tau {``: its brace pairs with none, refused in one line (review 57a F3)."""
    folder = bank(tmp_path, "{")
    checked = invoke("validate", folder, "--samples", 3)
    assert checked.exit_code == 1, checked.output
    assert "c11.yaml:31: parts.0.traps.0.feedback: has braces { } that do not pair up" in checked.output
