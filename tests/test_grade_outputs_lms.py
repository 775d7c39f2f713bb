"""``quizgen grade`` on LMS exports (issue 15 "Done when"): export moodle ->
a Responses download built to Moodle's layout for those variants -> ``quizgen
grade`` -> the same verdicts as grading the same answers from a CSV against
the key ``quizgen generate`` writes for the same seed; and Canvas's student
analysis, and what the instructor is told when the export lacks something."""

import csv
import math
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from lms_support import export_labels, moodle_csv, moodle_download
from quizgen.cli import main
from quizgen.lms.exportkey import with_codes
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.variants import slots as make_slots

pytest.importorskip("lxml.etree")
DATA = Path(__file__).parent / "data" / "lms"
CLASSES, COUNT, SEED = "C1,C5,C7", 3, 5


def typed(part, student):
    """The answer, a trap's value, nothing, a wrong number or the answer as an
    expression that starts with a minus (words for word parts)."""
    if part.is_word:
        return part.words[0] if student % 2 else "no idea"
    trap = next((t for t in part.traps if t.value is not None), None)
    choices = [f"{part.value:.6g}", "", f"{part.value * 3 + 1:.6g}", f"-ln({math.exp(-part.value):.8g})"]
    if trap is not None:
        choices.append(f"{trap.value:.6g}")
    return choices[student % len(choices)]


def graded(path):
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("coded", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["seed-label-tags", "coded-tags"])
def test_moodle_responses_grade_as_the_same_answers_from_a_csv(tmp_path, coded):
    """An older export (tags hold seed labels) grades alone; today's (tags hold
    codes) grades with the export's key file: both as the plain CSV does."""
    slots = make_slots(CLASSES, count=COUNT, seed=SEED)
    key_args = ()
    if coded:
        assert invoke("export", "moodle", "--classes", CLASSES, "--count", COUNT, "--seed", SEED,
                      "--out", tmp_path / "questions.xml").exit_code == 0
        xml = (tmp_path / "questions.xml").read_text(encoding="utf-8")
        assert f"/{slots[0].template}/" not in " ".join(re.findall(r"\[quizgen:[^]]*\]", xml))
        key_args = ("--key", tmp_path / "questions-key.json")
        secret = json.loads((tmp_path / "questions-key.json").read_text(encoding="utf-8"))["secret"]
        slots = with_codes(slots, secret)   # the ID numbers name the variants by code, as the tags do
    else:
        xml = moodle_xml(slots)
    made = moodle_download(tmp_path / "responses.csv", xml, slots, 7, typed)
    result = invoke("grade", tmp_path / "responses.csv", "--gradebook", "moodle", *key_args)
    assert result.exit_code == 0, result.output
    for name in ("answers.csv", "key.json", "graded.csv", "graded-report.html", "graded-items.csv",
                 "graded-gradebook-moodle.csv"):
        assert (tmp_path / f"responses-{name}").is_file(), name
    lms = {(r["student_id"], r["question_id"], r["part"]): r for r in graded(tmp_path / "responses-graded.csv")}
    # the answers file it wrote (its cells guarded: '-ln(...)) grades the same again, as lms.md says
    assert invoke("grade", tmp_path / "responses-answers.csv", "--key", tmp_path / "responses-key.json",
                  "--out", tmp_path / "again" / "graded.csv").exit_code == 0
    again = {(r["student_id"], r["question_id"], r["part"]): r["status"] for r in graded(tmp_path / "again" / "graded.csv")}
    assert again == {k: r["status"] for k, r in lms.items()}
    assert any(r["answer"].startswith("'-ln(") and r["status"] == "correct" for r in lms.values())

    # the same answers, as a plain CSV against generate's key (every variant a question of its own)
    quiz = tmp_path / "quiz"
    assert invoke("generate", "--classes", CLASSES, "--count", COUNT, "--seed", SEED, "--out", quiz).exit_code == 0
    key = csv.DictReader(io.StringIO((quiz / "key.csv").read_text(encoding="utf-8-sig")))
    by_seed = {}
    for row in key:
        by_seed.setdefault((row["template"], row["part"]), []).append(row["question_id"])
    with open(quiz / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        for student, _, _, variant, part, answer in made:
            k = int(variant.id.rsplit("/", 1)[1])
            writer.writerow([student, by_seed[(variant.template, part.letter)][k], part.letter, answer])
    assert invoke("grade", quiz / "answers.csv").exit_code == 0
    plain = {(r["student_id"], r["question_id"], r["part"]): r for r in graded(quiz / "answers-graded.csv")}

    compared = 0
    for student, _, slot, variant, part, answer in made:
        k = int(variant.id.rsplit("/", 1)[1])
        want = plain[(student, by_seed[(variant.template, part.letter)][k], part.letter)]
        got = lms.get((student, f"Q{slot}", part.letter))
        if not answer:
            assert want["status"] == "blank" and (got is None or got["status"] == "blank")
            continue
        assert (got["status"], got["score"], got["misconception"]) == \
            (want["status"], want["score"], want["misconception"]), (student, variant.id, part.letter)
        compared += 1
    assert compared > 40
    assert {r["status"] for r in lms.values()} >= {"correct", "incorrect"}
    assert any(r["misconception"] for r in lms.values())


@pytest.mark.slow
def test_canvas_student_analysis_is_graded_with_its_class_report(tmp_path):
    shutil.copy(DATA / "canvas_student_analysis.csv", tmp_path / "analysis.csv")
    result = invoke("grade", tmp_path / "analysis.csv")
    assert result.exit_code == 0, result.output
    rows = graded(tmp_path / "analysis-graded.csv")
    assert {r["student_id"] for r in rows} == {"s001", "502"}
    assert (tmp_path / "analysis-graded-report.html").is_file()


def test_a_download_without_question_text_says_what_to_tick(tmp_path):
    path = tmp_path / "responses.csv"
    path.write_text(moodle_csv(["Last name", "First name", "ID number", "Response 1"], [["A", "B", "s1", "1"]]),
                    encoding="utf-8")
    result = invoke("grade", path)
    assert result.exit_code == 2
    assert "tick 'question text'" in result.output and len(result.output.strip().splitlines()) == 1


def test_an_lms_export_with_a_key_that_is_not_an_export_key_is_refused(tmp_path):
    shutil.copy(DATA / "canvas_student_analysis.csv", tmp_path / "analysis.csv")
    (tmp_path / "key.json").write_text('{"format": "quizgen-key", "version": 2}', encoding="utf-8")
    result = invoke("grade", tmp_path / "analysis.csv", "--key", tmp_path / "key.json")
    assert result.exit_code == 2 and "not the key file of 'quizgen export'" in result.output
    assert len(result.output.strip().splitlines()) == 1


def _coded_analysis(tmp_path, out="quiz.zip"):
    """The Canvas sample analysis as a quiz exported today would give it: each
    tag's seed label replaced by its code under the key of ``export canvas``."""
    assert invoke("export", "canvas", "--classes", "C4,C8", "--count", 2, "--seed", 1,
                  "--out", tmp_path / out).exit_code == 0
    codes = {label: code for (_, code), label in export_labels(tmp_path / out.replace(".zip", "-key.json")).items()}
    text = (DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8")
    coded = re.sub(r"(\[quizgen:[^:]+:)([^:\]]+)", lambda m: m.group(1) + codes[m.group(2)], text)
    assert coded != text and "1/mlm" not in coded
    (tmp_path / "coded.csv").write_text(coded, encoding="utf-8")
    return tmp_path / "coded.csv"


@pytest.mark.slow
def test_canvas_coded_tags_grade_with_the_key_as_the_seed_label_tags_do(tmp_path):
    coded = _coded_analysis(tmp_path)
    shutil.copy(DATA / "canvas_student_analysis.csv", tmp_path / "analysis.csv")
    assert invoke("grade", tmp_path / "analysis.csv").exit_code == 0
    result = invoke("grade", coded, "--key", tmp_path / "quiz-key.json")
    assert result.exit_code == 0, result.output
    verdicts = [{k: r[k] for k in ("student_id", "question_id", "part", "status", "score", "misconception")}
                for r in graded(tmp_path / "coded-graded.csv")]
    assert verdicts == [{k: r[k] for k in verdicts[0]} for r in graded(tmp_path / "analysis-graded.csv")]
    assert {v["status"] for v in verdicts} >= {"correct"}


@pytest.mark.slow
def test_coded_tags_without_the_key_stop_in_one_line_naming_the_key_file(tmp_path, monkeypatch):
    coded = _coded_analysis(tmp_path)
    (tmp_path / "kept").mkdir()
    (tmp_path / "quiz-key.json").rename(tmp_path / "kept" / "quiz-key.json")   # beside it, it is found (round 39)
    monkeypatch.chdir(tmp_path)
    result = invoke("grade", coded)
    assert result.exit_code == 2 and "--key" in result.output and "quiz-key.json" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not list(tmp_path.glob("coded-*"))


@pytest.mark.slow
def test_the_key_of_another_export_stops_in_one_line(tmp_path):
    coded = _coded_analysis(tmp_path)
    assert invoke("export", "canvas", "--classes", "C4,C8", "--count", 2, "--seed", 1,
                  "--out", tmp_path / "other.zip").exit_code == 0   # same seed, another secret
    result = invoke("grade", coded, "--key", tmp_path / "other-key.json")
    assert result.exit_code == 2 and "is not one of the export key" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_key_file_the_grading_would_overwrite_is_refused(tmp_path):
    coded = _coded_analysis(tmp_path, out="coded.zip")   # its key is coded-key.json, as grading names its own
    result = invoke("grade", coded, "--key", tmp_path / "coded-key.json")
    assert result.exit_code == 2 and "would overwrite the export's key file" in result.output
    assert export_labels(tmp_path / "coded-key.json")


@pytest.mark.slow
def test_an_export_key_given_for_a_plain_csv_says_which_key_each_needs(tmp_path):
    """A plain answers CSV graded with the export's key: one line naming the
    CSV as not the LMS's download, and saying it needs generate's key.json."""
    assert invoke("export", "moodle", "--count", 1, "--seed", 4, "--out", tmp_path / "q.xml").exit_code == 0
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(tmp_path / "q-key.json")])
    assert result.exit_code == 2
    assert "a.csv: not a Moodle quiz 'Responses' report download (" in result.stderr
    assert "which --key q-key.json (the key of a Moodle export) grades" in result.stderr
    assert "needs the key.json that quizgen generate wrote" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("lms, out, suffix", [("moodle", "q.zip", ".xml"), ("canvas", "q.xml", ".zip"),
                                              ("moodle", ".xml", ".xml"), ("moodle", "a\nb.zip", ".xml")])
def test_an_export_named_as_another_format_is_refused(tmp_path, lms, out, suffix):
    """Moodle XML written into q.zip would confuse whoever uploads it: one line, nothing written."""
    result = CliRunner().invoke(main, ["export", lms, "--count", "1", "--seed", "4", "--out", str(tmp_path / out)])
    assert result.exit_code == 2 and f"give it a name ending in {suffix}, such as " in result.stderr
    assert result.stderr.count("\n") == 1 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("others", ["coded", "altered"])
@pytest.mark.slow
def test_an_unknown_variant_code_names_the_row_and_the_student(tmp_path, others):
    """One question's tag altered to an unknown code stopped naming neither row
    nor student; with every code unknown (another export's key) the advice is the key."""
    assert invoke("export", "moodle", "--classes", "C1", "--count", 2, "--seed", SEED,
                  "--out", tmp_path / "questions.xml").exit_code == 0
    secret = json.loads((tmp_path / "questions-key.json").read_text(encoding="utf-8"))["secret"]
    slots = with_codes(make_slots("C1", count=2, seed=SEED), secret)
    moodle_download(tmp_path / "resp.csv", (tmp_path / "questions.xml").read_text(encoding="utf-8"), slots, 3, typed)
    rows = list(csv.reader(io.StringIO((tmp_path / "resp.csv").read_text(encoding="utf-8"))))
    for row in rows[1:] if others == "altered" else rows[3:]:
        row[rows[0].index("Question 1")] = re.sub(r"(\[quizgen:[^:]+:)[^\]]+", r"\1ZZZZZZZZ",
                                                  row[rows[0].index("Question 1")])
    (tmp_path / "resp.csv").write_text(moodle_csv(rows[0], rows[1:]), encoding="utf-8")
    result = invoke("grade", tmp_path / "resp.csv", "--key", tmp_path / "questions-key.json")
    first = 3 if others == "coded" else 1
    advice = ("the key knows the export's other codes: was this question's [quizgen:...] tag edited in the LMS?"
              if others == "coded" else "pass the key file of the export this quiz was imported from")
    assert result.exit_code == 2 and result.output.strip().splitlines() == [
        f"quizgen: error: resp.csv: row {first} after the header (student s{first - 1:03d}, Test S{first - 1}): "
        f"variant ZZZZZZZZ of mlm-confident-correct is not one of the export key {tmp_path / 'questions-key.json'}'s; "
        f"{advice}"]


@pytest.mark.slow
def test_a_canvas_download_is_graded_on_the_value_alone_as_canvas_rewrites_the_figures(tmp_path):
    """Canvas stores a typed number to 4 decimals without trailing zeros
    (0.0750 becomes 0.075): its figures are not the student's, so a Canvas
    download's key says so and grade judges the value alone (rev-lms15)."""
    from quizgen.grading.part_checker import PartChecker
    from quizgen.key.model import KeyPart

    shutil.copy(DATA / "canvas_student_analysis.csv", tmp_path / "analysis.csv")
    assert invoke("grade", tmp_path / "analysis.csv").exit_code == 0
    assert json.loads((tmp_path / "analysis-key.json").read_text(encoding="utf-8"))["answers_rounded_by"] == "canvas"
    part = KeyPart.from_json({"part": "a", "type": "numeric", "points": 1.0, "value": 0.07505, "answer": "0.07505",
                              "misconceptions": []})
    assert PartChecker(part)("0.075").status.value == "imprecise"
    assert PartChecker(part, figures_shown=False)("0.075").status.value == "correct"
    assert PartChecker(part, figures_shown=False)("0.074").status.value == "incorrect"
