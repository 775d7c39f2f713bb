"""Options the review of round 39 found named wrongly or silently ignored: an
answers file given as generate's roster names --students; an option that does
nothing with the options given is refused in one line, as its siblings are
(--zero-absent without --gradebook); a --bank that does not exist says so."""

import csv

import pytest


def _answers(path, rows=(("s1", "Q1", "a", "0.1"), ("s2", "Q1", "a", "0.5"))):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    return path


def _refused(result) -> str:
    """The one line of a refusal (exit 2)."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("quizgen: error: "), result.stderr
    return lines[0]


# ---------------------------------------------------------------- an answers file as generate's roster

def test_an_answers_file_given_to_generate_as_students_names_students(invoke, tmp_path):
    answers = _answers(tmp_path / "answers.csv")
    said = _refused(invoke("generate", "--students", answers, "--out", tmp_path / "x"))
    assert said.endswith("not a roster: --students takes the class list, a student_id and a name a row"), said
    assert "--roster" not in said
    assert not (tmp_path / "x").exists()


# ---------------------------------------------------------------- a --bank that does not exist

@pytest.mark.parametrize("command", [["list"], ["validate"], ["drill", "--no-save"]])
def test_a_bank_folder_that_does_not_exist_is_said_to_be_no_such_folder(invoke, tmp_path, command):
    said = _refused(invoke(*command, "--bank", tmp_path / "nope", input="q\n"))
    assert said == f"quizgen: error: {tmp_path / 'nope'}: no such folder", said


def test_a_bank_that_exists_but_is_no_folder_is_still_not_a_folder_of_templates(invoke, tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe")
    said = _refused(invoke("list", "--bank", tmp_path / "pipe"))
    assert said == f"quizgen: error: {tmp_path / 'pipe'}: not a folder of templates", said


# ---------------------------------------------------------------- options that do nothing, refused

@pytest.fixture(scope="module")
def key(tmp_path_factory):
    from quizgen.generation.run import generate

    folder = tmp_path_factory.mktemp("opts39")
    generate(folder / "q", classes="C1", count=1, seed=8)
    return folder / "q" / "key.json"


@pytest.mark.parametrize("options, said", [
    (["--gradebook-item", "Quiz 1"], "--gradebook-item is for --gradebook canvas or moodle"),
    (["--gradebook", "plain", "--gradebook-item", "Quiz 1"], "--gradebook-item is for --gradebook canvas or moodle"),
    (["--gradebook-key", "email"], "--gradebook-key email is for --gradebook moodle (keying its import) or a Moodle "
                                   "responses download (naming its students): answers.csv is an answers file; give "
                                   "--gradebook moodle, or leave --gradebook-key out"),
    (["--gradebook", "plain", "--gradebook-key", "email"], "--gradebook-key email is for --gradebook moodle"),
    (["--attempt", "first"], "--attempt is for a Moodle or Canvas responses download, which holds each attempt: "
                             "answers.csv is an answers file, where a part answered twice is graded by its last row "
                             "(or latest time); leave --attempt out"),
    (["--attempt", "highest"], "--attempt is for a Moodle or Canvas responses download"),   # given: not the default
])
def test_grade_refuses_an_option_that_does_nothing_for_this_run(invoke, tmp_path, key, options, said):
    answers = _answers(tmp_path / "answers.csv")
    line = _refused(invoke("grade", answers, "--key", key, *options))
    assert line.startswith(f"quizgen: error: {said}"), line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.csv"]   # nothing written


def _outputs(folder) -> dict:
    """``{name: bytes}`` of every file ``folder`` holds (its subfolders too)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_grade_takes_the_moodle_gradebook_options_where_they_apply(invoke, tmp_path, key):
    answers = _answers(tmp_path / "answers.csv", (("s1@uni.example", "Q1", "a", "0.1"),
                                                  ("s2@uni.example", "Q1", "a", "0.5")))
    result = invoke("grade", answers, "--key", key, "--gradebook", "moodle", "--gradebook-key", "email",
                    "--gradebook-item", "Q")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded-gradebook-moodle.csv", encoding="utf-8-sig", newline="") as handle:
        book = list(csv.reader(handle))
    assert book[0] == ["Email address", "Full name", "Q"], book   # keyed by email, the item named Q
    assert sorted(row[0] for row in book[1:]) == ["s1@uni.example", "s2@uni.example"], book


def test_grade_takes_the_default_gradebook_key_as_if_it_were_not_given(invoke, tmp_path, key):
    """--gradebook-key idnumber is the default, so it cannot be told from none: same files, same bytes."""
    outputs = {}
    answers = _answers(tmp_path / "answers.csv")
    for name, options in (("given", ["--gradebook-key", "idnumber"]), ("none", [])):
        for made in tmp_path.iterdir():   # the same folder each time: its record names the answers' path
            if made != answers:
                made.unlink()
        result = invoke("grade", answers, "--key", key, *options)
        assert result.exit_code == 0, result.output
        outputs[name] = _outputs(tmp_path)
    assert "answers-graded.csv" in outputs["given"]
    assert outputs["given"] == outputs["none"]


def _email_moodle(tmp_path, students: dict):
    """A Moodle Responses download (as test_lms_attempts27 makes it) whose students have
    their email addresses filled in: ``{student: email}``, each answering RIGHT."""
    from lms_support import moodle_csv
    from test_lms_attempts27 import RIGHT, _moodle

    path, export_key = _moodle(tmp_path, [(student, 10 + n, RIGHT) for n, student in enumerate(students)])
    header, *rows = csv.reader(path.read_text(encoding="utf-8").splitlines())
    email, number = header.index("Email address"), header.index("ID number")
    for row in rows:
        row[email] = students[row[number]]
    path.write_text(moodle_csv(header, rows), encoding="utf-8")
    return path, export_key


def _graded_ids(path) -> set:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return {row["student_id"] for row in csv.DictReader(handle)}


def test_gradebook_key_email_names_a_moodle_downloads_students_without_a_gradebook(invoke, tmp_path):
    path, export_key = _email_moodle(tmp_path, {"s001": "ada@uni.example", "s002": "bo@uni.example"})
    result = invoke("grade", path, "--key", export_key, "--gradebook-key", "email")
    assert result.exit_code == 0, result.output
    assert _graded_ids(tmp_path / "responses-graded.csv") == {"ada@uni.example", "bo@uni.example"}
    result = invoke("grade", path, "--key", export_key, "--force")   # by ID number when not told otherwise
    assert result.exit_code == 0, result.output
    assert _graded_ids(tmp_path / "responses-graded.csv") == {"s001", "s002"}


def test_gradebook_key_email_is_refused_for_a_canvas_download_without_a_moodle_gradebook(invoke, tmp_path):
    from test_lms_attempts27 import RIGHT, _canvas

    path, export_key = _canvas(tmp_path, [("s001", 1, RIGHT)])
    line = _refused(invoke("grade", path, "--key", export_key, "--gradebook-key", "email"))
    assert "analysis.csv is a Canvas download; give --gradebook moodle" in line, line


@pytest.mark.parametrize("options, said", [
    (["--paper", "letter"], "--paper letter is for the tex and pdf papers (Markdown has no pages): give --format tex "
                            "or pdf too"),
    (["--layout", "compact"], "--layout compact is for the tex and pdf papers (Markdown has no pages): give "
                              "--format tex or pdf too"),
    (["--format", "md", "--layout", "compact"], "--layout compact is for the tex and pdf papers"),
])
def test_generate_refuses_a_paper_size_or_layout_for_markdown(invoke, tmp_path, options, said):
    line = _refused(invoke("generate", "--classes", "C1", *options, "--out", tmp_path / "q"))
    assert line.startswith(f"quizgen: error: {said}"), line
    assert not (tmp_path / "q").exists()


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_generate_takes_the_defaults_given_as_if_they_were_not(invoke, tmp_path, monkeypatch, fmt):
    """--paper a4 and --layout exam, the defaults, are taken (for Markdown too) as if not given:
    same files, same bytes (the paper code's secret, drawn afresh each run, fixed to compare)."""
    monkeypatch.setattr("quizgen.generation.run.new_secret", lambda: "0" * 32)
    for name, flags in (("given", ["--paper", "a4", "--layout", "exam"]), ("none", [])):
        result = invoke("generate", "--classes", "C1", "--seed", "3", "--format", fmt, *flags,
                        "--out", tmp_path / name)
        assert result.exit_code == 0, result.output
    given, none = _outputs(tmp_path / "given"), _outputs(tmp_path / "none")
    assert "key.json" in given and given == none


def test_generate_takes_letter_and_compact_for_tex(invoke, tmp_path):
    result = invoke("generate", "--classes", "C1", "--format", "tex", "--paper", "letter", "--layout", "compact",
                    "--out", tmp_path / "b")
    assert result.exit_code == 0, result.output
    problems = (tmp_path / "b" / "problems.tex").read_text(encoding="utf-8")
    assert problems.startswith("\\documentclass[11pt,letterpaper]{article}"), problems[:80]
    assert "\\qzfirmlists" in problems   # the compact layout's firm lists, which exam has not


# ---------------------------------------------------------------- an LMS download's export key, found

def test_a_moodle_download_is_graded_through_the_export_key_beside_it(invoke, tmp_path):
    from test_lms_attempts27 import RIGHT, _moodle

    path, _ = _moodle(tmp_path, [("s001", 10, RIGHT), ("s002", 11, RIGHT)])
    result = invoke("grade", path)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert ("Note: responses.csv: its variant codes were read back through questions-key.json, the export key found "
            "(no --key given; questions-key.json looked for beside the download, then in the working directory, "
            "then in ./quiz)") in said, said
    assert (tmp_path / "responses-graded.csv").is_file()


def test_a_canvas_download_finds_its_export_key_in_the_working_folder(invoke, tmp_path, monkeypatch):
    from test_lms_attempts27 import RIGHT, _canvas

    path, export_key = _canvas(tmp_path, [("s001", 1, RIGHT)])
    (tmp_path / "downloads").mkdir()
    path = path.rename(tmp_path / "downloads" / path.name)
    monkeypatch.chdir(tmp_path)
    result = invoke("grade", path)
    assert result.exit_code == 0, result.output
    assert "read back through quiz-key.json, the export key found" in " ".join(result.output.split())


def test_a_download_with_no_export_key_to_find_says_where_it_looked(invoke, tmp_path, monkeypatch):
    from test_lms_attempts27 import RIGHT, _moodle

    made = tmp_path / "made"
    made.mkdir()
    path, export_key = _moodle(made, [("s001", 10, RIGHT)])
    export_key.unlink()
    monkeypatch.chdir(tmp_path)
    line = _refused(invoke("grade", path))
    assert line == ("quizgen: error: responses.csv: its questions name their variants by code, and no --key was "
                    "given nor questions-key.json (the key file quizgen export moodle writes beside its default "
                    "--out) found beside it, in the working directory or in ./quiz: pass the key file "
                    "quizgen export wrote beside the questions with --key"), line


def test_the_export_key_found_is_never_replaced_by_the_key_grade_builds(invoke, tmp_path):
    """A download named questions.csv beside questions-key.json would build questions-key.json;
    --out questions-key.json would write the graded file over it."""
    from test_lms_attempts27 import RIGHT, _moodle

    path, export_key = _moodle(tmp_path, [("s001", 10, RIGHT)])
    before = export_key.read_bytes()
    line = _refused(invoke("grade", path, "--out", export_key))   # nor by the graded file
    assert line.endswith("questions-key.json would overwrite the key; choose another --out"), line
    path = path.rename(tmp_path / "questions.csv")
    line = _refused(invoke("grade", path))
    assert "the export's key file" in line and "rename the responses file or pass another --out" in line, line
    assert export_key.read_bytes() == before


def test_a_found_export_key_that_is_refused_says_it_was_found_and_names_the_others(invoke, tmp_path, monkeypatch):
    """The hostile review: a stale or junk questions-key.json beside the download was refused as
    "--key questions-key.json: ..." with no --key given, and the right key, found in ./quiz, unnamed."""
    from test_lms_attempts27 import RIGHT, _moodle

    made = tmp_path / "dl"
    made.mkdir()
    path, export_key = _moodle(made, [("s001", 10, RIGHT)])
    (tmp_path / "quiz").mkdir()
    export_key.rename(tmp_path / "quiz" / "questions-key.json")
    export_key.write_text('{"hello": 1}', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    line = _refused(invoke("grade", path))
    assert not line.startswith("quizgen: error: --key"), line
    assert line.endswith("dl/questions-key.json was found, not given: no --key; also found: quiz/questions-key.json; "
                         "pass --key with the key file quizgen export wrote beside these questions)"), line
