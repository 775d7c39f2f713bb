"""``quizgen list`` keeps its title column for a long id (review 46, F18): an id of 29
characters ran into its title with one space while the built-in rows stood aligned."""

from quizgen.bank.loader import builtin_bank_dir

LONG_ID = "label-smoothing-cross-entropy-of-a-head"   # 39 characters


def test_a_long_id_widens_the_id_column(invoke, tmp_path):
    source = (builtin_bank_dir() / "c3_uniform_logits.yaml").read_text(encoding="utf-8")
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "c14.yaml").write_text(
        source.replace("id: mlm-uniform-logits", f"id: {LONG_ID}").replace("class: C3", "class: C14"), encoding="utf-8")
    result = invoke("list", "--bank", tmp_path / "bank")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    mine = next(line for line in lines if LONG_ID in line)
    assert mine.index(LONG_ID) + len(LONG_ID) + 2 == mine.index("Masked-token loss")
    title = mine.index("Masked-token loss")
    assert all(line[title - 2:title] == "  " and line[title] != " " for line in lines), lines[:3]   # one title column
