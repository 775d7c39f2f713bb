"""Review 46a F14: remaking a user bank's paper without --bank said to give the run's --seed,
--classes, --count and --students, and following that, "unknown class C14": neither named --bank."""

from bank_support import bank_with


def test_only_without_the_papers_bank_names_the_template_and_bank(tmp_path, invoke):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\n", encoding="utf-8")
    out = tmp_path / "papers"
    made = invoke("generate", "--bank", bank_with(tmp_path), "--classes", "C14", "--seed", 11, "--students", roster,
                  "--split", "--out", out)
    assert made.exit_code == 0, made.output
    again = invoke("generate", "--seed", 11, "--students", roster, "--split", "--only", "s2", "--out", out)
    assert again.exit_code != 0
    assert "key.json is the key of a paper made with template label-smoothing-cross-entropy, which no loaded " \
           "bank holds; add --bank with the folder of the bank that paper was made from" in again.output


def test_an_unknown_class_with_only_the_shipped_bank_points_at_bank(tmp_path, invoke):
    alone = invoke("generate", "--classes", "C14", "--seed", 1, "--out", tmp_path / "a")
    assert alone.exit_code != 0
    assert "unknown class C14 (a class of a bank of your own needs --bank and its folder)" in alone.output
    mine = invoke("generate", "--bank", bank_with(tmp_path), "--classes", "C99", "--seed", 1, "--out", tmp_path / "b")
    assert "unknown class C99; choose from" in mine.output   # a bank was given: no such hint


def test_the_bank_hint_reads_a_class_as_classes_does(tmp_path, invoke):
    """Review 46c F9: `c14` (lower case, as --classes reads c1) and `C14,bogus` had no hint."""
    for classes in ("c14", "C14,bogus"):
        result = invoke("generate", "--classes", classes, "--seed", 1, "--out", tmp_path / "a")
        assert "(a class of a bank of your own needs --bank and its folder)" in result.output, result.output
