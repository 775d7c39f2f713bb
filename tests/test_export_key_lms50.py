"""An export key whose ``lms`` names no LMS quizgen exports to is refused as an edited key,
as its other fields are (review 50a F9: ``lms: "blackboard"`` was accepted without a word)."""

import json

from tests.lms_support import exported_download


def test_an_export_key_naming_another_lms_is_refused(invoke, tmp_path):
    exported_download(invoke, tmp_path, "C1", 1, 2)
    key = tmp_path / "questions-key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    assert data["lms"] == "moodle"
    data["lms"] = "blackboard"
    key.write_text(json.dumps(data), encoding="utf-8")
    run = invoke("grade", tmp_path / "responses.csv", "--key", key, "--out", tmp_path / "g")
    assert run.exit_code == 2
    assert run.stderr == (f"quizgen: error: {key}: lms: expected moodle or canvas, as export writes it, found "
                          "\"blackboard\"; the export key was edited\n")
    assert not (tmp_path / "g").exists()


def test_an_export_key_whose_classes_export_never_writes_is_refused(invoke, tmp_path):
    """``classes`` is checked on reading as the other fields are (review 50 left it unread): export writes
    --classes as given, which it checked, so 'all' or class names; anything else is an edited key."""
    exported_download(invoke, tmp_path, "C1", 1, 2)
    key = tmp_path / "questions-key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    assert data["classes"] == "C1"
    for found, shown in [(7, "7"), (["C1"], '["C1"]'), ("C1;C7", '"C1;C7"'), ("", '""'), ("blackboard", '"blackboard"'),
                         ("C1,all", '"C1,all"'), ("C1\u202e", '"C1\\u202e"')]:
        key.write_text(json.dumps({**data, "classes": found}), encoding="utf-8")
        run = invoke("grade", tmp_path / "responses.csv", "--key", key, "--out", tmp_path / "g")
        assert run.exit_code == 2, found
        assert run.stderr == (f"quizgen: error: {key}: classes: expected 'all' or class names such as C1,C7, as export "
                              f"writes it, found {shown}; the export key was edited\n")
        assert not (tmp_path / "g").exists()


def test_an_export_key_naming_its_classes_as_typed_grades(invoke, tmp_path):
    exported_download(invoke, tmp_path, "C1", 1, 2)
    key = tmp_path / "questions-key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    for written in ["c1, C7", " ALL ", None]:
        key.write_text(json.dumps({**data, "classes": written}), encoding="utf-8")
        run = invoke("grade", tmp_path / "responses.csv", "--key", key, "--out", tmp_path / f"g{len(str(written))}")
        assert run.exit_code == 0, run.output
