"""Review 46c F13: `generate --only` refusing a user bank's paper remade without --bank said
"--only remakes papers of the paper in only/p, and its key.json names inj, in no bank loaded";
now one plain line says which key, which template no loaded bank holds, and what to add.
Its neighbour for another paper's key read the same way ("papers of the paper")."""

import shutil

from bank_support import bank_with


def _paper(tmp_path, invoke, *bank):
    """A user bank's per-student papers (two students, seed 11) in ``tmp_path/papers``."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\n", encoding="utf-8")
    out = tmp_path / "papers"
    made = invoke("generate", *bank, "--seed", 11, "--students", roster, "--split", "--out", out)
    assert made.exit_code == 0, made.output
    return roster, out


def test_a_user_banks_paper_remade_without_bank_says_what_to_add(tmp_path, invoke):
    roster, out = _paper(tmp_path, invoke, "--bank", bank_with(tmp_path), "--classes", "C14")
    again = invoke("generate", "--seed", 11, "--students", roster, "--split", "--only", "s2", "--out", out)
    assert again.exit_code == 2
    assert again.stderr == (f"quizgen: error: --only: {out / 'key.json'} is the key of a paper made with template "
                            "label-smoothing-cross-entropy, which no loaded bank holds; add --bank with the folder of "
                            "the bank that paper was made from (and that run's --seed, --classes, --count and "
                            "--students)\n")


def test_two_templates_no_bank_holds_are_both_named(tmp_path, invoke):
    bank = bank_with(tmp_path)
    text = (bank / "c14.yaml").read_text(encoding="utf-8")
    (bank / "c15.yaml").write_text(text.replace("id: label-smoothing-cross-entropy", "id: smoothing-again")
                                   .replace("class: C14", "class: C15"), encoding="utf-8")
    roster, out = _paper(tmp_path, invoke, "--bank", bank, "--classes", "C14,C15")
    shutil.rmtree(bank)
    again = invoke("generate", "--seed", 11, "--students", roster, "--split", "--only", "s2", "--out", out)
    assert "made with templates label-smoothing-cross-entropy and smoothing-again, which no loaded bank holds" \
        in again.stderr


def test_another_papers_key_names_the_difference_plainly(tmp_path, invoke):
    roster, out = _paper(tmp_path, invoke, "--classes", "C1")
    again = invoke("generate", "--classes", "C1", "--seed", 12, "--students", roster, "--split", "--only", "s2",
                   "--out", out)
    assert again.exit_code == 2
    assert again.stderr == (f"quizgen: error: --only: {out / 'key.json'} is the key of another paper (seed 11, "
                            "where this run's is 12); give the --seed, --classes, --count and --students of the "
                            "run that made it\n")
