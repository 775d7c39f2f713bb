"""Review 42e F3: an older export's Moodle download, whose tags name their variants
by seed label (no code), graded with the export key of another seed gave no word
that the key was unrelated (its labels decide the numbers; the key only brought its
banks and templates along). Now it is refused in one line naming both seeds, or
graded with a warning under --force-key."""

from pathlib import Path

from lms_support import export_labels, exported_download


def _older_download(invoke, folder: Path) -> Path:
    """Seed 1's download with each tag's code written back as its seed label, as an
    export made before the codes wrote its tags; beside it seed 2's export and key."""
    for seed in (1, 2):
        (folder / f"s{seed}").mkdir()
        exported_download(invoke, folder / f"s{seed}", "C1,C7", 3, 4, seed=seed)
    text = (folder / "s1" / "responses.csv").read_text(encoding="utf-8")
    for (template, code), label in export_labels(folder / "s1" / "questions-key.json").items():
        text = text.replace(f"[quizgen:{template}:{code}]", f"[quizgen:{template}:{label}]")
    assert "[quizgen:nsp-sigmoid-loss:1/nsp-sigmoid-loss/" in text
    (folder / "old.csv").write_text(text, encoding="utf-8")
    return folder / "old.csv"


def test_seed_labels_of_another_seed_than_the_key_are_refused(invoke, tmp_path):
    old = _older_download(invoke, tmp_path)
    other = tmp_path / "s2" / "questions-key.json"
    refused = invoke("grade", old, "--key", other, "--out", tmp_path / "out" / "graded.csv")
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1, refused.output
    line = refused.output
    assert line.startswith("quizgen: error: old.csv: its questions name their variants by seed label, of seed 1 (1/")
    assert f"but --key {other} is the key of an export of seed 2, which drew none of them; grade it without --key" \
        in line and "pass --force-key" in line
    assert not (tmp_path / "out").exists()

    forced = invoke("grade", old, "--key", other, "--force-key", "--out", tmp_path / "forced" / "graded.csv")
    assert forced.exit_code == 0, forced.output
    assert "quizgen: warning: old.csv: its questions name their variants by seed label, of seed 1 (" in forced.output
    assert "which drew none of them: graded anyway, as --force-key asks" in forced.output

    for key in (("--key", tmp_path / "s1" / "questions-key.json"), ()):   # its own seed's key, or none: no word
        graded = invoke("grade", old, *key, "--out", tmp_path / f"own{len(key)}" / "graded.csv")
        assert graded.exit_code == 0 and "seed label" not in graded.output, graded.output


def test_an_export_key_without_its_seed_is_refused_in_one_line(invoke, tmp_path):
    """Review 44g F17: a key with its seed deleted, or null, stopped grade with a
    KeyError traceback (variant_labels, other_seed); it is refused naming the field."""
    import json

    old = _older_download(invoke, tmp_path)
    data = json.loads((tmp_path / "s2" / "questions-key.json").read_text(encoding="utf-8"))
    for name, seed in (("noseed", None), ("nullseed", "null"), ("boolseed", True)):
        edited = dict(data)
        if seed is None:
            edited.pop("seed")
        else:
            edited["seed"] = None if seed == "null" else seed
        key = tmp_path / f"{name}-key.json"
        key.write_text(json.dumps(edited), encoding="utf-8")
        for answers in (old, tmp_path / "s2" / "responses.csv"):
            result = invoke("grade", answers, "--key", key, "--out", tmp_path / name / "graded.csv")
            assert result.exit_code == 2, result.output
            assert result.output.strip() == (f"quizgen: error: {key}: seed: expected the export's seed, text or a whole "
                                             "number, as export writes it; the export key was edited")
