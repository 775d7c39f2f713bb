"""A figure's ``name`` and ``axis`` read the draw's values like any other text (review
46, F3): a let that no other text read was left out of the names the texts read, and
validate stopped with "figure.axis: ... 'words_n' is undefined"."""

from quizgen.bank.loader import builtin_bank_dir


def _bank(folder, figure: str):
    """C3's template under a class of its own, its figure ``figure``, and a let ``words_n`` only the figure reads."""
    source = (builtin_bank_dir() / "c3_uniform_logits.yaml").read_text(encoding="utf-8")
    source = source.replace("id: mlm-uniform-logits", "id: uniform-figure").replace("class: C3", "class: C14")
    source = source.replace('let:\n  p: "1 / V"', 'let:\n  words_n: "V"\n  p: "1 / V"', 1)
    lines = [line if not line.startswith("figure:") else figure for line in source.splitlines()]
    folder.mkdir()
    (folder / "c14.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_the_axis_reads_a_let_no_other_text_reads(invoke, tmp_path):
    bank = _bank(tmp_path / "bank", 'figure: {p: p, axis: "the probability of each of {{ words_n }} words"}')
    result = invoke("validate", bank, "--samples", "3")
    assert result.exit_code == 0, result.output
    out = tmp_path / "md"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "1", "--count", "1", "--out", out)
    assert result.exit_code == 0, result.output
    key = (out / "key.json").read_text(encoding="utf-8")
    size = key.split('"V":', 1)[1].split(",", 1)[0].strip()
    assert f"the probability of each of {size} words" in (out / "solutions.md").read_text(encoding="utf-8")


def test_the_name_reads_a_let_no_other_text_reads(invoke, tmp_path):
    bank = _bank(tmp_path / "bank", r'figure: {p: p, name: "p_{ {{- words_n -}} }"}')
    result = invoke("validate", bank, "--samples", "3")
    assert result.exit_code == 0, result.output
