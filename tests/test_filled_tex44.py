"""Review 44e N4: a stem whose filled text spells a TeX command the bank's list lacks
(``\\{{ "href" }}{javascript:alert(1)}{click}`` fills to ``\\href{...}``) was refused by
validate, which renders LaTeX, yet generate's Markdown paper and export moodle wrote
it. The filled-text check now binds every format, so all three refuse it alike."""

from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[1] / "docs" / "examples" / "bert_bank" / "c11_attention.yaml"
LINE = "  One attention head of a BERT-style encoder has head size $d_k = {{ d }}$. For one\n"
REFUSAL = "stem: the filled text uses \\href: a bank's text may use only the TeX commands"


@pytest.fixture
def bank(tmp_path) -> Path:
    """The example C11 template with a link spelled through Jinja2 in its stem."""
    source = EXAMPLE.read_text(encoding="utf-8")
    assert LINE in source
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / EXAMPLE.name).write_text(source.replace(LINE, '  \\{{ "href" }}{javascript:alert(1)}{click}\n' + LINE),
                                       encoding="utf-8")
    return folder


@pytest.mark.parametrize("command", [("generate", "--out", "paper"), ("generate", "--format", "tex", "--out", "tex"),
                                     ("export", "moodle", "--out", "q.xml")])
def test_every_output_refuses_what_validate_refuses(invoke, tmp_path, bank, command):
    *verb, _, out = command
    result = invoke(*verb, "--bank", bank, "--classes", "C11", "--seed", "1", "--out", tmp_path / out)
    assert result.exit_code == 2, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"quizgen: error: {bank / EXAMPLE.name}:") and REFUSAL in line
    assert not (tmp_path / out).exists()
    check = invoke("validate", bank, "--samples", "1")
    assert check.exit_code == 1 and REFUSAL in check.output
