"""Review 45f F6: the mixed-seed warning of an LMS download counts the rows that
name this export's variant codes under the export key's seed, as the rows naming
its seed labels are; a download of the key's coded rows and another seed's labels
was told the key's share too small, or (no label of the key's seed) nothing at all."""

import csv
import io
from pathlib import Path

import pytest

from lms_support import export_labels, exported_download


def _download(invoke, folder: Path, seed: int, labelled: bool) -> list:
    """Seed ``seed``'s Moodle download of 4 students (C1 and C7, 3 variants each), its
    tags naming codes or (``labelled``) seed labels as an export before the codes: its rows, header first."""
    (folder / f"s{seed}").mkdir(exist_ok=True)
    exported_download(invoke, folder / f"s{seed}", "C1,C7", 3, 4, seed=seed)
    text = (folder / f"s{seed}" / "responses.csv").read_text(encoding="utf-8")
    for (template, code), label in export_labels(folder / f"s{seed}" / "questions-key.json").items():
        text = text.replace(f"[quizgen:{template}:{code}]", f"[quizgen:{template}:{label}]") if labelled else text
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("labelled_own, own", [(0, 3), (2, 3)])
def test_coded_rows_count_as_the_keys_seed(invoke, tmp_path, labelled_own, own):
    coded, labelled, other = (_download(invoke, tmp_path, 1, False), _download(invoke, tmp_path, 1, True),
                              _download(invoke, tmp_path, 2, True))
    # students 1-3 of seed 1 (the first labelled_own of them named by seed label, the rest by code), the 4th of seed 2
    rows = [coded[0], *labelled[1:1 + labelled_own], *coded[1 + labelled_own:4], other[4]]
    with open(tmp_path / "mixed.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    key = tmp_path / "s1" / "questions-key.json"
    graded = invoke("grade", tmp_path / "mixed.csv", "--key", key, "--out", tmp_path / f"g{labelled_own}" / "g.csv")
    assert graded.exit_code == 0, graded.output
    said = [line for line in graded.output.splitlines() if "more than one export" in line]
    assert said == [f"quizgen: warning: mixed.csv: its questions name their variants by code and by seed label of "
                    f"more than one export: seed 1 (--key {key}'s) on {own} rows, seed 2 on 1 row; each label draws "
                    "its own numbers, but with this key's banks and templates: check that the other export was made "
                    "from the same bank"], graded.output


def test_coded_rows_alone_are_graded_without_a_word(invoke, tmp_path):
    _download(invoke, tmp_path, 1, False)
    graded = invoke("grade", tmp_path / "s1" / "responses.csv", "--key", tmp_path / "s1" / "questions-key.json",
                    "--out", tmp_path / "g" / "g.csv")
    assert graded.exit_code == 0 and "more than one export" not in graded.output, graded.output
