"""The feedback folder: its list of sheets (MANIFEST) marks the key they were graded
against, and a run against another key that replaces sheets there says how many, as
two quizzes graded into one folder (``--feedback sheets/`` in both of docs/lms.md's
examples) would mix; the summary names the index the run wrote (index.csv, or
index-2.csv beside an index.csv of the instructor's)."""

from test_grade_roster import Q1, Q1_OWN, grade, right_answers, write

OTHER_KEY = "that an earlier run wrote against another key"


def graded(tmp_path, name: str, question: dict, ids, *options):
    """``ids`` answering Q1 of ``question`` (their answers in folder ``name``), graded into ``sheets``."""
    folder = tmp_path / name
    folder.mkdir()
    answers = write(folder, {"questions": [question]}, right_answers(ids))
    result = grade(answers, "--feedback", tmp_path / "sheets", *options)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_sheets_of_another_key_replaced_are_counted(tmp_path):
    graded(tmp_path, "quiz1", Q1, ["s001", "s002", "s003"])
    said = graded(tmp_path, "quiz2", Q1_OWN, ["s001", "s002"])
    assert (f"Note: 2 feedback sheet(s) in {tmp_path / 'sheets'} {OTHER_KEY} (another quiz's or paper's) are "
            "replaced by this run's: s001.md, s002.md; the folder keeps 1 other sheet(s) of earlier runs, for "
            "students this run has no answers for; grade each quiz into a feedback folder of its own") in said


def test_a_rerun_with_the_same_key_says_nothing_of_it(tmp_path):
    graded(tmp_path, "one", Q1, ["s001", "s002"])
    assert OTHER_KEY not in graded(tmp_path, "two", Q1, ["s001", "s002"])


def test_a_list_of_sheets_without_a_key_mark_says_nothing_of_it(tmp_path):
    """A folder an earlier quizgen wrote, its list naming no key: which key wrote it cannot be told."""
    graded(tmp_path, "quiz1", Q1, ["s001"])
    manifest = tmp_path / "sheets" / ".quizgen-sheets"
    lines = manifest.read_text(encoding="utf-8").splitlines()
    assert sum(line.startswith(".key\t") for line in lines) == 1
    manifest.write_text("".join(f"{line}\n" for line in lines if not line.startswith(".key\t")), encoding="utf-8")
    assert OTHER_KEY not in graded(tmp_path, "quiz2", Q1_OWN, ["s001"])


def test_the_summary_names_the_index_written(tmp_path):
    said = graded(tmp_path, "one", Q1, ["s001"])
    assert f"Wrote the feedback sheets in {tmp_path / 'sheets'}/ (index.csv says which sheet is whose)" in said
    (tmp_path / "sheets" / "index.csv").write_text("the instructor's own\n", encoding="utf-8")
    said = graded(tmp_path, "two", Q1, ["s001"])
    assert f"Wrote the feedback sheets in {tmp_path / 'sheets'}/ (index-2.csv says which sheet is whose)" in said
    assert (tmp_path / "sheets" / "index-2.csv").is_file()
