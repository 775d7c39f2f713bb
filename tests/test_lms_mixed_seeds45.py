"""Review 44g F20: a seed-label download of mixed seeds (two exports' questions
in one quiz, or a key that shares one variant's seed) was graded without a word
once any row named the key's seed. Now a warning names the seeds and how many
download rows name each; with none of the key's seed it is still refused
(tests/test_lms_other_seed44.py)."""

import csv
import io
from pathlib import Path

from lms_support import export_labels, exported_download


def _labelled(invoke, folder: Path, seed: int) -> list:
    """Seed ``seed``'s Moodle download of 4 students, each tag's code written back as
    its seed label (an export made before the codes): its rows, header first."""
    (folder / f"s{seed}").mkdir()
    exported_download(invoke, folder / f"s{seed}", "C1,C7", 3, 4, seed=seed)
    text = (folder / f"s{seed}" / "responses.csv").read_text(encoding="utf-8")
    for (template, code), label in export_labels(folder / f"s{seed}" / "questions-key.json").items():
        text = text.replace(f"[quizgen:{template}:{code}]", f"[quizgen:{template}:{label}]")
    return list(csv.reader(io.StringIO(text)))


def test_seed_labels_of_two_seeds_are_warned_of_with_their_rows(invoke, tmp_path):
    one, two = _labelled(invoke, tmp_path, 1), _labelled(invoke, tmp_path, 2)
    with open(tmp_path / "mixed.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([one[0], *one[1:4], two[4]])   # three students of seed 1, the fourth of seed 2
    for seed, own, other, rows in ((1, 3, 2, 1), (2, 1, 1, 3)):
        key = tmp_path / f"s{seed}" / "questions-key.json"
        graded = invoke("grade", tmp_path / "mixed.csv", "--key", key, "--out", tmp_path / f"g{seed}" / "graded.csv")
        assert graded.exit_code == 0, graded.output
        said = [line for line in graded.output.splitlines() if "more than one export" in line]
        assert said == [f"quizgen: warning: mixed.csv: its questions name their variants by seed label of more than "
                        f"one export: seed {seed} (--key {key}'s) on {own} row{'s' * (own > 1)}, seed {other} on "
                        f"{rows} row{'s' * (rows > 1)}; each label draws its own numbers, but with this key's banks "
                        "and templates: check that the other export was made from the same bank"], graded.output


def test_one_seed_of_labels_is_graded_without_a_word(invoke, tmp_path):
    one = _labelled(invoke, tmp_path, 1)
    with open(tmp_path / "old.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(one)
    graded = invoke("grade", tmp_path / "old.csv", "--key", tmp_path / "s1" / "questions-key.json",
                    "--out", tmp_path / "g" / "graded.csv")
    assert graded.exit_code == 0 and "seed label" not in graded.output, graded.output
