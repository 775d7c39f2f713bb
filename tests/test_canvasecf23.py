"""A Canvas download's parts that a student was given from ONE variant are
graded as that variant's one question, as a Moodle download's Cloze question
and the paper are: error carried forward from their own wrong (a), carried
rounding, a mistake named once. Before, each Canvas part was a question of its
own, so C7 v01 (p = 0.01984) answered 0.9802 / 0.02 / 3.92 got three
incorrect ((b) and (c) called wrong_label_branch) where the Moodle download
of the same mistakes gave (b) and (c) ECF. Parts drawn from different variants
(Canvas draws each part's variant apart) stay questions of their own."""

import pytest
import csv
import io
from pathlib import Path

from click.testing import CliRunner

from lms_support import export_labels, moodle_csv
from quizgen.cli import main
from quizgen.lms.papers import grading_inputs
from quizgen.lms.responses import ResponseRow

C7 = "nsp-sigmoid-loss"
V01 = f"42/{C7}/0"   # p = 0.01984, (b) -ln p = 3.92, (c) -ln(1 - p) = 0.02004
V02 = f"42/{C7}/1"
# (Moodle as typed, Canvas as it stores the same typing: 4 decimals, trailing zeros dropped)
MISTAKES = [(("0.980", "0.0202", "3.92"), ("0.98", "0.0202", "3.92")),        # sign error, then worked on
            (("0.98016", "0.02004", "3.920"), ("0.9802", "0.02", "3.92")),    # the reviewer's Canvas case
            (("0.980", "1.02", "3.92"), ("0.98", "1.02", "3.92")),            # sign error, a slip, then worked on
            (("0.0198", "0.0200", "3.92"), ("0.0198", "0.02", "3.92")),       # right (a), branches swapped
            (("0.0198", "3.92", "0.0200"), ("0.0198", "3.92", "0.02"))]       # all right


def invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def graded(path) -> dict:
    return {(r["student_id"], r["part"]): r for r in csv.DictReader(io.StringIO(Path(path).read_text(encoding="utf-8-sig")))}


def codes(key_file) -> dict:
    return {label: code for (_, code), label in export_labels(key_file).items()}


def moodle_download(tmp_path, answers: list) -> Path:
    """A Moodle Responses download of `export moodle --classes C7 --count 4 --seed 42`, each student given v01."""
    invoke("export", "moodle", "--classes", "C7", "--count", 4, "--seed", 42, "--out", tmp_path / "questions.xml")
    tag = f"[quizgen:{C7}:{codes(tmp_path / 'questions-key.json')[V01]}]"
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00", "Question 1", "Response 1", "Right answer 1"]
    body = [[f"S{n}", "Test", f"s{n:03d}", "", "Finished", "", "", "", "5.00", f"NSP ... {tag}",
             "; ".join(f"part {i}: {a}" for i, a in enumerate(typed, start=1)), ""] for n, typed in enumerate(answers)]
    (tmp_path / "responses.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    return tmp_path / "responses.csv"


def canvas_download(tmp_path, students: list) -> Path:
    """A Canvas student analysis of `export canvas --classes C7 --count 4 --seed 42`: each student a
    {part letter: (seed label of the variant given, answer)}."""
    invoke("export", "canvas", "--classes", "C7", "--count", 4, "--seed", 42, "--out", tmp_path / "quiz.zip")
    code = codes(tmp_path / "quiz-key.json")
    labels = sorted(code)
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt"]
    columns = [(letter, label) for letter in "abc" for label in labels]
    for n, (letter, label) in enumerate(columns):
        header += [f"{9100 + n}: NSP ... [quizgen:{C7}:{code[label]}:{letter}]", "2.0"]
    body = []
    for n, given in enumerate(students):
        row = [f"S {n}", str(500 + n), f"s{n:03d}", "A", "77", "SEC-A", "2026-11-30 15:43:20 UTC", "1"]
        for letter, label in columns:
            row += [given[letter][1], "0.0"] if given[letter][0] == label else ["", ""]
        body.append(row + ["0", "3", "0.0"])
    (tmp_path / "analysis.csv").write_text(moodle_csv(header + ["n correct", "n incorrect", "score"], body),
                                           encoding="utf-8")
    return tmp_path / "analysis.csv"


@pytest.mark.slow
def test_canvas_parts_of_one_variant_get_the_moodle_verdicts_ecf_included(tmp_path):
    """The same mistakes on C7 v01 graded from Moodle and from Canvas: the same
    status, misconception, note and points per part, and the same totals."""
    moodle = moodle_download(tmp_path, [m for m, _ in MISTAKES])
    canvas = canvas_download(tmp_path, [{letter: (V01, typed) for letter, typed in zip("abc", c)} for _, c in MISTAKES])
    invoke("grade", moodle, "--key", tmp_path / "questions-key.json", "--out", f"{tmp_path / 'm'}/")
    invoke("grade", canvas, "--key", tmp_path / "quiz-key.json", "--out", f"{tmp_path / 'c'}/")
    on_moodle, on_canvas = graded(tmp_path / "m" / "responses-graded.csv"), graded(tmp_path / "c" / "analysis-graded.csv")
    fields = ("status", "misconception", "note", "score")
    assert {k: [r[f] for f in fields] for k, r in on_canvas.items()} == \
        {k: [r[f] for f in fields] for k, r in on_moodle.items()}
    reviewer = [on_canvas[("s001", letter)] for letter in "abc"]
    assert [(r["status"], r["misconception"], r["note"]) for r in reviewer] == [
        ("incorrect", "sigmoid_sign_error", ""), ("correct", "", "ecf"), ("correct", "", "ecf")]
    assert "marked from your (a) = 0.9802" in reviewer[1]["feedback"]
    assert {r["question_id"] for r in on_canvas.values()} == {"Q1"}   # the paper's and Moodle's name
    totals = [{r["student_id"]: r["score"] for r in csv.DictReader(io.StringIO(
        (tmp_path / folder / name).read_text(encoding="utf-8-sig")))}
        for folder, name in (("m", "responses-graded-students.csv"), ("c", "analysis-graded-students.csv"))]
    assert totals[0] == totals[1] and totals[1]["s001"] == "4"


@pytest.mark.slow
def test_one_student_given_two_variants_keeps_the_export_questions_for_the_whole_class(tmp_path):
    """s001's (b) came from v02: nothing carries across variants, and the
    template's parts keep the export's group names for everyone (one name and
    one report row per part), so s000, given v01 throughout, gets no ECF here."""
    canvas = canvas_download(tmp_path, [{"a": (V01, "0.9802"), "b": (V01, "0.02"), "c": (V01, "3.92")},
                                        {"a": (V01, "0.9802"), "b": (V02, "0.02"), "c": (V01, "3.92")}])
    invoke("grade", canvas, "--key", tmp_path / "quiz-key.json", "--out", f"{tmp_path / 'c'}/")
    rows = graded(tmp_path / "c" / "analysis-graded.csv")
    assert [(rows[(s, x)]["question_id"], rows[(s, x)]["note"]) for s in ("s000", "s001") for x in "abc"] == [
        ("Q1a", ""), ("Q1b", ""), ("Q1c", "")] * 2
    items = (tmp_path / "c" / "analysis-graded-items.csv").read_text(encoding="utf-8-sig")
    assert "Q1a" in items and not any(line.startswith("Q1,") for line in items.splitlines())


@pytest.mark.slow
def test_students_each_given_their_own_single_variant_get_ecf(tmp_path):
    """Each student's parts from one variant, the two students' variants
    different: each is that variant's one question Q1, with ECF."""
    canvas = canvas_download(tmp_path, [{"a": (V01, "0.9802"), "b": (V01, "0.02"), "c": (V01, "3.92")},
                                        {"a": (V02, "0.5"), "b": (V02, "0.5"), "c": (V02, "0.5")}])
    invoke("grade", canvas, "--key", tmp_path / "quiz-key.json", "--out", f"{tmp_path / 'c'}/")
    rows = graded(tmp_path / "c" / "analysis-graded.csv")
    assert [(rows[("s000", x)]["question_id"], rows[("s000", x)]["note"]) for x in "abc"] == [
        ("Q1", ""), ("Q1", "ecf"), ("Q1", "ecf")]
    assert {rows[("s001", x)]["question_id"] for x in "abc"} == {"Q1"}


def _row(student, label, part, answer="1"):
    return ResponseRow(student, student.upper(), 1, None, C7, label, part, answer)


def _paper(key: dict, student: str) -> list:
    """A student's question records in built key data, a shared question (named by its place) looked up."""
    return [key["shared_questions"][q] if isinstance(q, int) else q for q in key["students"][student]["questions"]]


def test_the_built_key_holds_one_question_per_variant_given_whole():
    """While some student had parts of several variants, every student (s1,
    given (a) and (b) of v01) keeps the export's groups, and so does the class
    paper; when no one did, s1 has one question Q7 of parts (a), (b), and the
    class paper is the whole Q7."""
    order = ["mlm-confident-correct", "mlm-confident-wrong", "mlm-uniform-logits", "mlm-mean-over-masked",
             "mlm-zero-mask-limit", "mlm-masking-counts", C7]
    one = [_row("s1", V01, "a"), _row("s1", V01, "b")]
    apart = [_row("s2", V01, "a"), _row("s2", V02, "b"), _row("s2", V01, "c")]
    inputs = grading_inputs(one + apart, order=order)
    shape = [(q["id"], [p["part"] for p in q["parts"]]) for q in _paper(inputs.key, "s1")]
    assert shape == [("Q7a", ["a"]), ("Q7b", ["b"])]
    assert [q["id"] for q in _paper(inputs.key, "s2")] == ["Q7a", "Q7b", "Q7c"]
    assert [q["id"] for q in inputs.key["questions"]] == ["Q7a", "Q7b", "Q7c"]
    joined = grading_inputs(one + [_row("s2", V02, x) for x in "abc"], order=order)
    shape = [(q["id"], [p["part"] for p in q["parts"]]) for q in _paper(joined.key, "s1")]
    assert shape == [("Q7", ["a", "b"])]
    assert [line.split(",")[2:4] for line in joined.answers.splitlines()[1:3]] == [["Q7", "a"], ["Q7", "b"]]
    whole = joined.key["questions"]
    assert [(q["id"], [p["part"] for p in q["parts"]]) for q in whole] == [("Q7", ["a", "b", "c"])]


@pytest.mark.slow
def test_a_right_answer_canvas_cut_stays_with_a_person_in_a_question_of_one_variant(tmp_path):
    """mlm-uniform-logits v01 (a) is 0.0006234: typed in full, Canvas stores
    0.0006, which goes to a person as before, the warning naming the one question
    Q3; (b) worked from it waits for that person too, as on any paper."""
    invoke("export", "canvas", "--count", 4, "--seed", 42, "--out", tmp_path / "quiz.zip")
    code = codes(tmp_path / "quiz-key.json")["42/mlm-uniform-logits/0"]
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt",
              f"9101: uniform [quizgen:mlm-uniform-logits:{code}:a]", "2.0",
              f"9102: uniform [quizgen:mlm-uniform-logits:{code}:b]", "2.0", "n correct", "n incorrect", "score"]
    body = [["S 0", "500", "s000", "A", "77", "SEC-A", "2026-11-30 15:43:20 UTC", "1",
             "0.0006", "0.0", "7.5", "0.0", "0", "2", "0.0"]]
    (tmp_path / "analysis.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    result = invoke("grade", tmp_path / "analysis.csv", "--key", tmp_path / "quiz-key.json")
    rows = graded(tmp_path / "analysis-graded.csv")
    assert [(rows[("s000", x)]["question_id"], rows[("s000", x)]["status"]) for x in "ab"] == [
        ("Q3", "needs_review"), ("Q3", "needs_review")]
    assert "depends on (a)" in rows[("s000", "b")]["reason"]
    assert "Q3 (mlm-uniform-logits (a)): 1" in result.output


def test_the_whole_question_of_the_class_paper_holds_the_parts_given():
    """No student was given C7 (c) (the quiz edited?): the class paper's Q7 has (a), (b), as before its parts."""
    rows = [_row("s1", V01, "a"), _row("s1", V01, "b"), _row("s2", V02, "a"), _row("s2", V02, "b")]
    quiz = grading_inputs(rows).key["questions"]
    assert [(q["id"], [p["part"] for p in q["parts"]], q["points"]) for q in quiz] == [("Q1", ["a", "b"], 4)]


@pytest.mark.slow
def test_a_student_answering_one_part_in_two_variants_is_refused_naming_the_row(tmp_path):
    """rev-hostile23: a student analysis where a student answered (b) in two
    variants was graded against the first variant met, the later answer
    superseding it (and counted for the template's one variant). Canvas gives
    a student one variant of each part: one line, the row named, nothing written."""
    canvas = canvas_download(tmp_path, [{"a": (V01, "0.9802"), "b": (V01, "0.02"), "c": (V01, "3.92")}])
    text = canvas.read_text(encoding="utf-8").splitlines()
    header, row = next(csv.reader([text[0]])), next(csv.reader([text[1]]))
    v02_b = next(n for n, name in enumerate(header) if name.endswith(":b]") and codes(tmp_path / "quiz-key.json")[V02]
                 in name)
    row[v02_b] = "0.5"
    canvas.write_text(moodle_csv(header, [row]), encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(canvas), "--key", str(tmp_path / "quiz-key.json"),
                                       "--out", f"{tmp_path / 'c'}/"])
    assert result.exit_code == 2, result.output
    assert "row 1: student s000 answered part (b) of nsp-sigmoid-loss in two variants in one attempt" in result.output
    assert not (tmp_path / "c").exists() and not (tmp_path / "analysis-answers.csv").exists()
