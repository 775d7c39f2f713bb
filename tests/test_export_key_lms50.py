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
