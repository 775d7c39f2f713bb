"""``quizgen grade`` end to end through click: outputs, row counts, the stdout
summary, and one-line errors with exit code 2."""

import csv

import pytest

from quizgen.key.status import Status


@pytest.fixture
def quiz(invoke, tmp_path):
    """A generated quiz (all classes, seed 5) in tmp_path/quiz."""
    result = invoke("generate", "--seed", "5", "--out", tmp_path / "quiz")
    assert result.exit_code == 0, result.output
    return tmp_path / "quiz"


def class_answers(quiz, path):
    """Three students: one copies key.csv, one answers 0 everywhere, one leaves
    blanks and garbage; plus one duplicate and one unknown question."""
    with open(quiz / "key.csv", newline="", encoding="utf-8") as handle:
        key = list(csv.DictReader(handle))
    rows = []
    for r in key:
        rows.append(["ada", r["question_id"], r["part"], r["answer"]])
        rows.append(["bo", r["question_id"], r["part"], "0"])
        rows.append(["cy", r["question_id"], r["part"], "" if r["part"] == "a" else "9**9**9**9"])
    rows.append(["bo", key[0]["question_id"], key[0]["part"], key[0]["answer"]])
    rows.append(["cy", "Q99", "a", "1"])
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        writer.writerows(rows)
    return path, len(rows), len(key)


@pytest.mark.slow
def test_grade_writes_every_output_with_one_row_per_answer(invoke, quiz, tmp_path):
    answers, n_rows, n_parts = class_answers(quiz, tmp_path / "answers.csv")
    before = answers.read_bytes()
    result = invoke("grade", answers, "--key", quiz / "key.json")
    assert result.exit_code == 0, result.output
    for name in ("answers-graded.csv", "answers-graded-students.csv", "answers-graded-questions.csv",
                 "answers-graded-report.md"):
        assert (tmp_path / name).is_file(), name
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        graded = list(csv.DictReader(handle))
    assert len(graded) == n_rows
    with open(answers, newline="", encoding="utf-8") as handle:
        inputs = list(csv.DictReader(handle))
    columns = ("student_id", "question_id", "part", "answer")
    assert [[r[c] for c in columns] for r in graded] == [[r[c] for c in columns] for r in inputs]
    statuses = [r["status"] for r in graded]
    assert statuses.count("superseded") == 1 and statuses[1] == "superseded"
    assert statuses[-1] == "unknown_question"
    assert all(r["status"] == "correct" for r in graded if r["student_id"] == "ada")
    cy = {r["status"] for r in graded if r["student_id"] == "cy"}
    assert {"blank", "invalid", "unknown_question"} <= cy and "correct" not in cy   # word parts: incorrect
    with open(tmp_path / "answers-graded-students.csv", newline="", encoding="utf-8-sig") as handle:
        students = {r["student_id"]: r for r in csv.DictReader(handle)}
    assert students["ada"]["percent"] == "100.0"
    assert students["cy"]["percent"] == "0.0"
    with open(tmp_path / "answers-graded-questions.csv", newline="", encoding="utf-8-sig") as handle:
        assert len(list(csv.DictReader(handle))) == n_parts
    assert answers.read_bytes() == before
    # a key from another folder than the answers' is named by its path (rev-paper22: "key.json" alone
    # did not say which key.json was used)
    assert f"Graded {n_rows} answers from 3 students against {quiz / 'key.json'}" in result.output
    assert "% correct" in result.output and "Class: mean" in result.output


@pytest.mark.slow
def test_key_beside_the_answers_and_out_folder(invoke, quiz, tmp_path):
    answers, n_rows, _ = class_answers(quiz, quiz / "answers.csv")
    result = invoke("grade", answers, "--out", str(tmp_path / "results") + "/")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "results").iterdir()) == [
        ".answers-graded.quizgen", "answers-graded-items.csv", "answers-graded-questions.csv", "answers-graded-report.html",
        "answers-graded-report.md", "answers-graded-students.csv", "answers-graded.csv"]


@pytest.mark.slow
def test_summary_counts_add_up(invoke, quiz, tmp_path):
    answers, n_rows, _ = class_answers(quiz, tmp_path / "answers.csv")
    result = invoke("grade", answers, "--key", quiz / "key.json")
    counts = {}
    for line in result.output.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] in {s.value for s in Status}:
            counts[words[0]] = int(words[1])
    assert sum(counts.values()) == n_rows


@pytest.mark.slow
def test_tolerance_options_change_the_verdicts(invoke, tmp_path):
    key = tmp_path / "key.json"
    key.write_text('{"questions": [{"id": "Q1", "parts": [{"part": "a", "type": "numeric", "points": 1, '
                   '"value": 0.5, "answer": "0.5", "misconceptions": []}]}]}', encoding="utf-8")
    answers = tmp_path / "answers.csv"
    answers.write_text("student,question,answer\ns1,Q1,0.52\n", encoding="utf-8")
    assert "correct                        0" in invoke("grade", answers).output
    result = invoke("grade", answers, "--rtol", "0.05")
    assert "correct                        1" in result.output


@pytest.mark.parametrize("content, message", [
    (b"", "the file is empty"),
    (b"\x00\x01\x02binary\x00", "binary data"),
    (b"PK\x03\x04rest-of-a-workbook", "zip archive"),
    (b"name,score\nAda,3\n", "expected a header with student_id, question_id, part, answer"),
])
@pytest.mark.slow
def test_files_that_are_not_answers_exit_2_with_one_line(invoke, quiz, tmp_path, content, message):
    answers = tmp_path / "answers.csv"
    answers.write_bytes(content)
    result = invoke("grade", answers, "--key", quiz / "key.json")
    assert result.exit_code == 2
    assert result.stderr.startswith("quizgen: error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "answers-graded.csv").exists()


def test_missing_key_says_where_it_looked(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.csv").write_text("student,question,answer\ns1,Q1a,1\n", encoding="utf-8")
    result = invoke("grade", "answers.csv")
    assert result.exit_code == 2
    assert "no key.json beside answers.csv" in result.stderr and "pass --key PATH" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["missing.csv"], "answers file not found"),
    (["answers.csv", "--key", "nope.json"], "key file not found"),
    (["answers.csv", "--delimiter", "x"], "--delimiter must be"),
    (["answers.csv", "--rtol", "-1"], "--rtol must be"),
    (["answers.csv", "--out", "answers.csv"], "would overwrite the answers file"),
])
@pytest.mark.slow
def test_usage_and_file_errors_exit_2(invoke, quiz, monkeypatch, args, message):
    monkeypatch.chdir(quiz)
    class_answers(quiz, quiz / "answers.csv")
    result = invoke("grade", *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_help_shows_an_example(invoke):
    result = invoke("grade", "--help")
    assert result.exit_code == 0 and "Example: quizgen grade answers.csv" in result.output


@pytest.mark.parametrize("args, named, command", [
    (["generate", "--format", "docx"], "'docx'", "quizgen generate"),
    (["grade"], "'ANSWERS'", "quizgen grade"),
    (["nosuch"], "'nosuch'", "quizgen"),
    (["--bogus"], "--bogus", "quizgen"),
    (["generate", "--count", "abc"], "'abc'", "quizgen generate"),
    (["grade", "--key"], "'--key'", "quizgen grade"),   # click's error names no command: the line still does
    (["export", "moodle", "--count"], "'--count'", "quizgen export moodle"),
    (["nosuch" + "x" * 1000], "'nosuchxxx", "quizgen"),   # cut to 300 characters
])
def test_a_mistyped_command_line_is_one_line_too(invoke, args, named, command):
    """click's own usage errors read like every other error (docs/errors.md):
    one line naming the mistake and where help is, exit 2, no usage block."""
    result = invoke(*args)
    assert result.exit_code == 2
    line = result.stderr.replace("'main", "'quizgen")   # CliRunner names the program main
    assert line.startswith("quizgen: error: ") and line.endswith(f" (see '{command} --help')\n"), line
    assert named in line and line.count("\n") == 1 and len(line) < 400
