"""lms23: every file a grade run writes is one commit, the answers and key
built from an LMS download too (a run failing later leaves the earlier ones as
they were and no folder it made); a failed run leaves no folder it created for
--out and --feedback; docs/lms.md says truly how Moodle and quizgen read a
decimal comma in a Moodle download."""

import csv
import io
import re
from pathlib import Path

import pytest

from run_support import flaky_replace, run_in as invoke
from lms_support import moodle_download
from quizgen.lms.exportkey import load_export_key, with_codes
from quizgen.lms.variants import slots as make_slots

pytest.importorskip("lxml.etree")
DOCS = Path(__file__).resolve().parent.parent / "docs" / "lms.md"
BAD_OVERRIDES = "student_id,question_id,part,points\ns000,Q1,a,abc\n"   # refused after the LMS files are built


def listing(folder: Path) -> dict:
    """Every file and folder under ``folder``: {relative path: bytes, or None for a folder}."""
    return {p.relative_to(folder): (None if p.is_dir() else p.read_bytes()) for p in folder.rglob("*")}


def download(folder: Path, typed=None, classes: str = "C1") -> Path:
    """A Moodle Responses download of `export moodle --classes C1 --count 2 --seed 5`
    in ``folder`` (questions.xml, questions-key.json beside it); ``typed(part, student)``
    the answers (default: the right one to 4 figures)."""
    result = invoke(folder, "export", "moodle", "--classes", classes, "--count", 2, "--seed", 5,
                    "--out", "questions.xml")
    assert result.exit_code == 0, result.output
    secret = load_export_key(folder / "questions-key.json")["secret"]
    slots = with_codes(make_slots(classes, count=2, seed=5), secret)
    typed = typed or (lambda part, student: part.words[0] if part.is_word else f"{part.value:.4g}")
    moodle_download(folder / "responses.csv", (folder / "questions.xml").read_text(encoding="utf-8"), slots, 3, typed)
    return folder / "responses.csv"


# 1. the answers and key built from an LMS download are in the run's commit


@pytest.mark.slow
def test_a_failed_lms_grade_leaves_the_earlier_built_files_as_they_were(tmp_path):
    """They were rewritten before the overrides were read, and stayed rewritten when those stopped the run."""
    download(tmp_path)
    assert invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json").exit_code == 0
    text = (tmp_path / "responses.csv").read_text(encoding="utf-8")
    (tmp_path / "responses.csv").write_text(text.replace("s001", "s101"), encoding="utf-8")
    (tmp_path / "ov.csv").write_text(BAD_OVERRIDES, encoding="utf-8")
    before = listing(tmp_path)
    result = invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json", "--overrides", "ov.csv")
    assert result.exit_code == 2 and "ov.csv: line 2" in result.output, result.output
    assert listing(tmp_path) == before
    first = (tmp_path / "responses-answers.csv").read_bytes()
    assert invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json").exit_code == 0
    assert (tmp_path / "responses-answers.csv").read_bytes() == first.replace(b"s001", b"s101")   # a run that stands
    assert not list(tmp_path.rglob(".quizgen-*"))   # no kept copy left once it stands


@pytest.mark.slow
def test_a_failed_lms_grade_leaves_no_folder_it_made_for_the_built_files(tmp_path):
    download(tmp_path)
    (tmp_path / "ov.csv").write_text(BAD_OVERRIDES, encoding="utf-8")
    before = listing(tmp_path)
    result = invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json", "--overrides", "ov.csv",
                    "--out", "new/")
    assert result.exit_code == 2, result.output
    assert listing(tmp_path) == before   # no new/, empty or not


@pytest.mark.slow
def test_an_lms_grade_whose_report_cannot_be_put_in_place_puts_everything_back(tmp_path, monkeypatch):
    """A rename failing at the end (an --out that cannot be written) puts back the built files too."""
    download(tmp_path)
    args = ("grade", "responses.csv", "--key", "questions-key.json", "--feedback", "sheets", "--out", "res/")
    assert invoke(tmp_path, *args).exit_code == 0
    text = (tmp_path / "responses.csv").read_text(encoding="utf-8")
    (tmp_path / "responses.csv").write_text(text.replace("s001", "s101"), encoding="utf-8")
    before = listing(tmp_path)
    failed = flaky_replace(monkeypatch, "-report.md")
    result = invoke(tmp_path, *args)
    assert failed and result.exit_code == 1, result.output
    assert listing(tmp_path) == before


# 2. a failed run leaves no folder it created, even one that held sheets for a moment


@pytest.mark.parametrize("answers, key", [("responses-answers.csv", "responses-key.json"),
                                         ("responses.csv", "questions-key.json")], ids=["plain", "lms"])
@pytest.mark.slow
def test_a_failed_grade_leaves_no_folder_it_made_for_out_and_feedback(tmp_path, monkeypatch, answers, key):
    """--out new/g.csv --feedback new/fb: the sheets were put in place in new/fb, then g.csv's rename
    failed; the roll-back removed the sheets and new/fb, but new/ (not empty when the streamed
    outputs gave up on it) stayed. The same for an answers file and an LMS download."""
    download(tmp_path)
    if answers == "responses-answers.csv":   # the answers and key an earlier LMS grade built
        assert invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json").exit_code == 0
    before = listing(tmp_path)
    failed = flaky_replace(monkeypatch, "g.csv")
    result = invoke(tmp_path, "grade", answers, "--key", key, "--out", "new/g.csv", "--feedback", "new/fb")
    assert failed and result.exit_code == 1, result.output
    assert listing(tmp_path) == before


# 3. a decimal comma in a Moodle download: what the docs say is what quizgen does


@pytest.mark.slow
def test_the_docs_say_how_quizgen_and_moodle_read_a_comma_and_quizgen_does_so(tmp_path):
    """docs/lms.md said an English Moodle reads 0,814 as 814; its numerical questions read one comma
    and no point as a decimal comma (qtype_numerical_answer_processor::apply_units), as quizgen
    does; they differ on a count typed with a thousands comma (1,950: Moodle 1.95, quizgen 1950)."""
    def typed(part, student):
        if part.is_word:
            return part.words[0]
        if part.value >= 1000 and float(part.value).is_integer():
            return f"{part.value:,.0f}"   # 1,950
        return f"{part.value:.4g}".replace(".", ",")   # 0,9148
    download(tmp_path, typed, "C1,C6")
    result = invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO((tmp_path / "responses-graded.csv").read_text(encoding="utf-8-sig"))))
    decimal = [r for r in rows if re.fullmatch(r"-?\d+,\d+", r["answer"]) and r["question_id"] == "Q1"]
    thousands = [r for r in rows if re.fullmatch(r"\d,\d{3}", r["answer"]) and r["question_id"] == "Q2"]
    assert decimal and thousands
    assert {r["status"] for r in decimal + thousands} == {"correct"}
    docs = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "`0,814` as 814" not in docs
    assert "grades `0,814` as 0.814" in docs and "apply_units" in docs
    assert "`1,950` as 1.95" in docs and "quizgen reads it as 1950" in docs


@pytest.mark.slow
def test_a_ctrl_c_while_an_lms_download_is_graded_leaves_the_earlier_built_files(tmp_path, monkeypatch):
    import quizgen.grading.run as run

    download(tmp_path)
    assert invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json").exit_code == 0
    text = (tmp_path / "responses.csv").read_text(encoding="utf-8")
    (tmp_path / "responses.csv").write_text(text.replace("s001", "s101"), encoding="utf-8")
    before = listing(tmp_path)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(run, "grade_file", interrupted)   # Ctrl-C in the middle of the grading
    result = invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json")
    assert result.exit_code != 0
    assert listing(tmp_path) == before


@pytest.mark.slow
def test_the_summary_names_the_answers_and_key_built_from_a_download(tmp_path):
    """rev-user23b: grading a Moodle download wrote responses-answers.csv and
    responses-key.json beside it, and the summary's "Wrote" lines left them out."""
    download(tmp_path)
    result = invoke(tmp_path, "grade", "responses.csv", "--key", "questions-key.json")
    assert result.exit_code == 0, result.output
    assert "Wrote responses-answers.csv and responses-key.json (the answers and key read from the download) in " \
        in result.output
