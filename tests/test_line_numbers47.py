"""A mistake inside a multi-line text is told at its own line, not at the text's key
(review 46a F6): an unclosed $, a refused TeX command and a number that gives an answer away."""

import pytest

from bank_support import SOFTMAX, bank_with

MATHS = "  $p = \\mathrm{softmax}(z)$."
LEAK = "  The target of the true class is {{ qt | sig(3) }}."


@pytest.mark.parametrize("old, new, said", [
    (MATHS, "  $p = \\mathrm{softmax}(z).", "stem: a $ opens maths that its paragraph does not close"),
    (MATHS, MATHS + " \\input{/etc/passwd}", "stem: text uses \\input: quizgen refuses"),
    (MATHS, MATHS + "\n" + LEAK,
     "stem: the problem text gives an answer away: text '0.800'"),
], ids=["unclosed dollar", "refused command", "leaked number"])
def test_a_mistake_in_the_stem_is_told_at_its_line(tmp_path, invoke, old, new, said):
    bank = bank_with(tmp_path, SOFTMAX, (old, new))
    lines = (bank / "c14.yaml").read_text(encoding="utf-8").splitlines()
    line = lines.index(new.splitlines()[-1]) + 1   # the line the mistake is on
    assert lines.index("stem: |") + 1 < line - 1
    result = invoke("validate", bank, "--samples", 0)
    assert result.exit_code == 1
    assert f"c14.yaml:{line}: {said}" in result.output, result.output


def test_generate_tells_an_unclosed_dollar_at_its_line(tmp_path, invoke):
    bank = bank_with(tmp_path, SOFTMAX, (MATHS, "  $p = \\mathrm{softmax}(z)."))
    line = (bank / "c14.yaml").read_text(encoding="utf-8").splitlines().index("  $p = \\mathrm{softmax}(z).") + 1
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code != 0
    assert f"c14.yaml:{line}: stem: a $ opens maths" in result.output, result.output
