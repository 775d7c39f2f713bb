"""hostile31b: invisible characters at the ends of a student id left out of
every id quizgen writes; a flat YAML list past the value limit refused while
composed; named pipes refused as inputs; a missing grade --bank refused;
formula guards after any leading whitespace; LMS download messages naming
their column or row."""

import pytest

from quizgen.safe_yaml import safe_load
from test_grade_roster import Q1, grade, read, write

INVISIBLE_LEADS = ["\u200b", "\ufeff", "\u2060", "\u200e", "\u200f\u200b"]


@pytest.mark.parametrize("lead", INVISIBLE_LEADS)
def test_an_invisible_character_before_an_id_is_left_out_of_the_ids_written(tmp_path, lead):
    rows = [[lead + "s1", "Q1", "a", "0.5"], ["s1", "Q1", "b", "3"], ["s2\u00a0" + lead, "Q1", "a", "0.5"]]
    answers = write(tmp_path, {"questions": [Q1]}, rows)
    result = grade(answers, "--gradebook", "moodle")
    assert result.exit_code == 0, result.output
    students = read(tmp_path / "answers-graded-students.csv")
    assert [(s["student_id"], s["score"]) for s in students] == [("s1", "4"), ("s2", "2")]
    assert [r["graded_as"] for r in read(tmp_path / "answers-graded.csv")] == ["s1", "s1", "s2"]
    assert [r["ID number"] for r in read(tmp_path / "answers-graded-gradebook-moodle.csv")] == ["s1", "s2"]


def test_a_roster_id_with_an_invisible_lead_is_written_as_its_visible_id(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", "0.5"]])
    (tmp_path / "roster.csv").write_text("student_id,name\n\u200bs1,Ada\n\ufeffs2\u2060,Bo\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--gradebook", "plain")
    assert result.exit_code == 0, result.output
    students = read(tmp_path / "answers-graded-students.csv")
    assert [(s["student_id"], s["name"]) for s in students] == [("s1", "Ada"), ("s2", "Bo")]


# ---------------------------------------------------------------- 2. a flat list past the value limit

BIG_LIST = "[" + "2," * 100_001 + "2]"
"""100,002 values in 200 KB: past the 100,000-value limit with no alias at all."""


@pytest.mark.slow
def test_a_template_with_a_huge_list_is_refused_before_any_of_it_is_built(tmp_path):
    from tests.run_support import run_in

    (tmp_path / "bank").mkdir()
    # a key given twice after the list is met only while building: the size is refused first, as it is read
    (tmp_path / "bank" / "t.yaml").write_text(f"id: big\nclass: C41\nparams:\n  x: {{choice: {BIG_LIST}}}\n"
                                              "points: 2\npoints: 3\n", encoding="utf-8")
    for command in ("validate", "list"):
        result = run_in(tmp_path, command, "--bank", "bank")
        assert result.exit_code in (1, 2), result.output
        assert ("bank/t.yaml:3: params: the number of values (each YAML alias counted as its copy) exceeds the "
                "limit of 100,000 (see docs/authoring.md)") in result.output, result.output
        assert "twice" not in result.output and "duplicate" not in result.output


@pytest.mark.slow
def test_a_policy_with_a_huge_list_is_refused_naming_its_line_before_it_is_built(tmp_path):
    from tests.run_support import run_in

    answers = write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", "0.5"]])
    (tmp_path / "policy.yaml").write_text(f"ecf_credit: 1\ntraps: {BIG_LIST}\necf_credit: 0.5\n", encoding="utf-8")
    result = run_in(tmp_path, "grade", answers, "--policy", "policy.yaml")
    assert result.exit_code == 2
    assert result.output.strip() == ("quizgen: error: policy.yaml:2: traps: the number of values (each YAML alias "
                                     "counted as its copy) exceeds the limit of 100,000")
    assert not (tmp_path / "answers-graded.csv").exists()


@pytest.mark.parametrize("text, sizes", [
    ("a: [1, 2, 3]\nb: {x: 1, y: [2, 3]}\n", {"a": 4, "b": 7}),
    ("a: &x [1, 2, 3]\nb: [*x, *x, 4]\nc: 5\n", {"a": 4, "b": 10, "c": 1}),
    ("a: &x [1, &y {k: v}]\nb: {m: *x, n: *y}\n", {"a": 5, "b": 11}),
    ("[1, 2, [3, 4]]\n", {None: 6}),
])
def test_the_values_counted_as_read_are_those_counted_once_built(text, sizes):
    from quizgen.safe_yaml import _FastLoader, yaml_values
    from quizgen.yaml_size import TooManyValues, refuse_too_many_values

    data = safe_load(text)
    assert ({k: yaml_values(v) for k, v in data.items()} if isinstance(data, dict) else {None: yaml_values(data)}) \
        == sizes
    for key, size in sizes.items():
        refuse_too_many_values(text, _FastLoader, max(sizes.values()))
        with pytest.raises(TooManyValues) as caught:
            refuse_too_many_values(text, _FastLoader, size - 1)
        assert caught.value.key is not None or key is None


def test_an_alias_to_a_list_inside_itself_is_a_loop():
    """Counted as too many values until the loop was named as one (tests/test_yaml_alias_loop59.py)."""
    from quizgen.yaml_size import AliasLoop

    with pytest.raises(AliasLoop) as caught:
        safe_load("ok: 1\nloop: &r [1, *r]\n")
    assert (caught.value.anchor, caught.value.line) == ("r", 2)


# ---------------------------------------------------------------- 3. a named pipe as an input

def _quizgen(folder, *args, stdin=None):
    """``quizgen ARGS`` in a process of its own, ``stdin`` its standard input:
    a run waiting forever on a pipe is stopped after a minute (the test fails)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "quizgen", *map(str, args)], cwd=folder, stdin=stdin,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("option, what", [(None, "answers"), ("--key", "key"), ("--roster", "roster"),
                                          ("--overrides", "overrides"), ("--policy", "policy"),
                                          ("--gradebook-template", "Canvas gradebook template")])
@pytest.mark.slow
def test_a_named_pipe_no_program_writes_to_is_refused_not_waited_on(tmp_path, option, what):
    import os

    write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", "0.5"]])
    os.mkfifo(tmp_path / "pipe")
    args = ["pipe" if option is None else "answers.csv", "--key", "key.json", "--out", "out/"]
    if option == "--key":
        args[2] = "pipe"
    elif option is not None:
        args += [option, "pipe"] + (["--gradebook", "canvas"] if option == "--gradebook-template" else [])
    result = _quizgen(tmp_path, "grade", *args)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == (f"quizgen: error: pipe: the {what} file is a named pipe (FIFO) that nothing "
                                     "wrote to within 5 s; give a file, or start the program writing to the pipe "
                                     "first")
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_a_named_pipe_given_as_standard_input_is_read_after_its_writer_finished(tmp_path):
    import os

    write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", "0.5"]])
    os.mkfifo(tmp_path / "pipe")
    reader = os.open(tmp_path / "pipe", os.O_RDONLY | os.O_NONBLOCK)   # the shell's "< pipe"
    with open(tmp_path / "pipe", "wb") as writer:
        writer.write((tmp_path / "answers.csv").read_bytes())   # the writer has finished before quizgen starts
    os.set_blocking(reader, True)
    with os.fdopen(reader, "rb") as stdin:
        result = _quizgen(tmp_path, "grade", "/dev/stdin", "--key", "key.json", "--out", "out/", stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert [s["score"] for s in read(tmp_path / "out" / "stdin-graded-students.csv")] == ["2"]


# ---------------------------------------------------------------- 4. grade --bank that is no folder

@pytest.mark.parametrize("bank, said", [("missing", "no such folder"), ("pipe", "not a folder of templates")])
def test_grade_refuses_a_bank_that_is_no_folder_as_list_does(tmp_path, bank, said):
    import os

    from tests.run_support import run_in

    answers = write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", "0.5"]])
    os.mkfifo(tmp_path / "pipe")
    for command in (["list"], ["grade", answers, "--out", "out/"]):
        result = run_in(tmp_path, *command, "--bank", bank)
        assert result.exit_code == 2, result.output
        assert result.output.strip() == f"quizgen: error: {bank}: {said}"
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- 5. a formula after a space beyond ASCII

@pytest.mark.parametrize("lead", ["\u00a0", "\u3000", "\u2028", "\u2029", "\u2009", "\u00a0\u200b "])
def test_a_formula_after_a_space_beyond_ascii_is_guarded_in_graded_csv(tmp_path, lead):
    answers = write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", lead + "=1+1"], ["s1", "Q1", "b", lead + "3"]])
    result = grade(answers)
    assert result.exit_code == 0, result.output
    text = (tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig")
    assert f",'{lead}=1+1," in text.replace('"', "")
    assert [r["answer"] for r in read(tmp_path / "answers-graded.csv")] == ["'" + lead + "=1+1", lead + "3"]


# ---------------------------------------------------------------- 6. LMS download messages

def _moodle_download(folder) -> list:
    from tests.lms_support import exported_download

    def invoke(*args):
        from tests.run_support import run_in
        return run_in(folder, *args)
    return exported_download(invoke, folder, "C1,C6", 2, 2)


def _write_rows(path, table) -> None:
    from tests.lms_support import moodle_csv

    path.write_text(moodle_csv(table[0], table[1:]), encoding="utf-8")


def test_a_moodle_download_naming_one_question_column_twice_is_said_so(tmp_path):
    from tests.run_support import run_in

    table = _moodle_download(tmp_path)
    second = table[0].index("Question 2")
    table[0][second] = "Question 1"
    _write_rows(tmp_path / "responses.csv", table)
    result = run_in(tmp_path, "grade", "responses.csv", "--key", "questions-key.json")
    assert result.exit_code == 2
    assert result.output.strip() == (f"quizgen: error: responses.csv: the column 'Question 1' is repeated (columns "
                                     f"{table[0].index('Question 1') + 1} and {second + 1}); a Moodle download names "
                                     "each question once: download it again")


@pytest.mark.slow
def test_a_moodle_cell_over_the_size_limit_is_named_by_its_line(tmp_path):
    from tests.run_support import run_in

    table = _moodle_download(tmp_path)
    table[2][table[0].index("Response 1")] = "7" * (1 << 20 | 1)
    _write_rows(tmp_path / "responses.csv", table)
    result = run_in(tmp_path, "grade", "responses.csv", "--key", "questions-key.json")
    assert result.exit_code == 2
    assert result.output.strip() == ("quizgen: error: responses.csv: line 3: a cell is over 1,048,576 characters "
                                     "(the limit)")


@pytest.mark.slow
def test_a_canvas_column_tagged_with_a_part_the_question_has_not_is_named(tmp_path):
    from tests.lms_support import export_labels, moodle_csv
    from tests.run_support import run_in

    assert run_in(tmp_path, "export", "canvas", "--count", 4, "--seed", 42, "--out", "quiz.zip").exit_code == 0
    codes = {label: code for (_, code), label in export_labels(tmp_path / "quiz-key.json").items()}
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt",
              f"9101: uniform [quizgen:mlm-uniform-logits:{codes['42/mlm-uniform-logits/0']}:zz]", "2.0",
              "n correct", "n incorrect", "score"]
    body = [["S 1", "501", "s001", "A", "77", "SEC-A", "2026-11-30 15:43:20 UTC", "1", "0.5", "0.0", "0", "1", "0"]]
    (tmp_path / "analysis.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    result = run_in(tmp_path, "grade", "analysis.csv", "--key", "quiz-key.json")
    assert result.exit_code == 2
    assert result.output.strip() == ("quizgen: error: analysis.csv: the column tagged "
                                     "[quizgen:mlm-uniform-logits:...:zz]: mlm-uniform-logits has no part 'zz' "
                                     "(its parts: a, b)")


# ---------------------------------------------------------------- 8. a number out of range, however deep

def test_an_expression_out_of_range_is_invalid_however_deeply_nested(tmp_path):
    rows = [["s1", "Q1", "a", "exp(exp(9))"], ["s2", "Q1", "a", "exp(exp(exp(exp(9))))"],
            ["s3", "Q1", "a", "exp(exp(exp(9)))"]]
    result = grade(write(tmp_path, {"questions": [Q1]}, rows))
    assert result.exit_code == 0, result.output
    graded = read(tmp_path / "answers-graded.csv")
    assert [(r["status"], r["reason"]) for r in graded] == [("invalid", "not a number: number out of range")] * 3
