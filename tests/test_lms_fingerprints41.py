"""An export key fingerprints each variant's answers, and grading a download
refuses a variant that no longer comes out with them (a bank or quizgen changed
since the export would mark students against numbers they were never given);
an older export key with no fingerprints grades as before."""

import json
import shutil
from pathlib import Path

import pytest
from lms_support import export_labels, exported_download, moodle_csv

from quizgen.bank.loader import builtin_bank_dir
from quizgen.lms.exportkey import variant_labels
from quizgen.lms.fingerprints import expected_fingerprints, parts_fingerprint
from quizgen.lms.variants import key_questions


def _graded(invoke, folder: Path):
    return invoke("grade", folder / "responses.csv", "--key", folder / "questions-key.json",
                  "--out", folder / "out" / "graded.csv")


def test_the_export_key_holds_one_digest_per_variant_of_its_answers(tmp_path, invoke):
    exported_download(invoke, tmp_path, "C1,C7", 3, 2)
    data = json.loads((tmp_path / "questions-key.json").read_text(encoding="utf-8"))
    assert set(data["answers"]) == set(data["templates"])
    labels = variant_labels(data, data["templates"])   # 42/{t}/{k}, or its redraw where one was made (paper43: C1's scenes)
    assert sorted(label.split("/redraw")[0] for label in labels.values()) == sorted(
        f"42/{t}/{k}" for t in data["templates"] for k in range(3))
    expected = expected_fingerprints(data, labels)
    assert len(expected) == 6 and all(len(d) == 8 for d in expected.values())
    for (template, k), label in labels.items():   # what grade draws again is what export fingerprinted
        question = key_questions([("Q1", template, label)])[0]
        assert parts_fingerprint(question.parts) == expected[label]
    assert len(set(expected.values())) == 6


@pytest.mark.slow
def test_a_download_of_the_variants_exported_grades(tmp_path, invoke):
    exported_download(invoke, tmp_path, "C1,C7", 2, 3)
    result = _graded(invoke, tmp_path)
    assert result.exit_code == 0, result.output
    assert "Graded" in result.output


@pytest.mark.slow
def test_a_variant_whose_answers_changed_since_the_export_is_refused_in_one_line(tmp_path, invoke):
    """As a bank template edited after the export: its variants drawn again carry other answers."""
    bank = tmp_path / "bank"
    bank.mkdir()
    template = (builtin_bank_dir() / "c7_nsp_head.yaml").read_text(encoding="utf-8")
    mine = template.replace("id: nsp-sigmoid-loss", "id: nsp-mine").replace("class: C7", "class: C17")
    (bank / "c17.yaml").write_text(mine, encoding="utf-8")
    assert invoke("export", "moodle", "--classes", "C17", "--count", 2, "--seed", 5, "--bank", bank,
                  "--out", tmp_path / "questions.xml").exit_code == 0
    code = next(code for (template, code), label in export_labels(tmp_path / "questions-key.json").items()
                if label == "5/nsp-mine/0")
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/6.00", "Question 1", "Response 1", "Right answer 1"]
    row = ["S", "Ada", "s001", "", "Finished", "", "", "", "3.00", f"NSP ... [quizgen:nsp-mine:{code}]",
           "part 1: 0.5; part 2: 0.7; part 3: 0.7", ""]
    (tmp_path / "responses.csv").write_text(moodle_csv(header, [row]), encoding="utf-8")
    assert _graded(invoke, tmp_path).exit_code == 0
    s_grid = "s: {decimal: [-4, 4, 0.05]}"
    assert s_grid in mine
    (bank / "c17.yaml").write_text(mine.replace(s_grid, "s: {decimal: [-2, 2, 0.05]}"), encoding="utf-8")
    shutil.rmtree(tmp_path / "out")
    result = _graded(invoke, tmp_path)
    assert result.exit_code == 2
    line = result.output.strip()
    assert line.startswith(f"quizgen: error: {tmp_path / 'responses.csv'}: the variant 5/nsp-mine/") and "\n" not in line
    assert "now comes out with other answers than when it was exported" in line
    assert line.endswith("grade with the quizgen version (and --bank) that exported the quiz")
    assert not (tmp_path / "out" / "graded.csv").exists()


@pytest.mark.slow
def test_an_export_key_from_before_fingerprints_grades_as_before(tmp_path, invoke):
    exported_download(invoke, tmp_path, "C7", 2, 2)
    fresh = _graded(invoke, tmp_path)
    key = tmp_path / "questions-key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    data["answers"] = {t: " ".join("A" * 8 for _ in range(2)) for t in data["answers"]}   # every digest wrong
    key.write_text(json.dumps(data), encoding="utf-8")
    shutil.rmtree(tmp_path / "out")
    refused = _graded(invoke, tmp_path)
    assert refused.exit_code == 2 and "now comes out with other answers" in refused.output
    del data["answers"]
    key.write_text(json.dumps(data), encoding="utf-8")
    older = _graded(invoke, tmp_path)
    assert older.exit_code == 0 and older.output == fresh.output.replace(str(tmp_path), str(tmp_path))


@pytest.mark.parametrize("answers", [["AAAAAAAA"], {"nsp-sigmoid-loss": 5}, "x"])
@pytest.mark.slow
def test_an_edited_answers_field_is_refused_in_one_line(tmp_path, invoke, answers):
    exported_download(invoke, tmp_path, "C7", 2, 1)
    key = tmp_path / "questions-key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    key.write_text(json.dumps({**data, "answers": answers}), encoding="utf-8")
    result = _graded(invoke, tmp_path)
    assert result.exit_code == 2
    assert result.output.strip() == (f"quizgen: error: {key}: answers: expected each template's variant digests as "
                                     "text, as export writes them; the export key was edited")
