"""Round 53's fixer fix53g, on findings review 52d left open.

F3: generate told a paper's files by their names alone, so a re-run of the
same paper replaced (or removed) a user's own ``solutions.md`` kept beside a
``--no-solutions`` paper, and ``--force`` removed any file named like a
paper's (``problems-notes.md``). key.json now lists the files its run wrote
(``"files"``), and a later run replaces or removes only those; a key written
before the list is read by the name rule, as before."""

import json

import pytest


def _key(folder):
    return json.loads((folder / "key.json").read_text(encoding="utf-8"))


def _text(path):
    return path.read_text(encoding="utf-8")


def test_key_json_lists_the_files_its_run_wrote(tmp_path, invoke):
    assert invoke("generate", "--seed", "2", "--out", tmp_path / "q").exit_code == 0
    assert _key(tmp_path / "q")["files"] == ["problems.md", "solutions.md", "key.json", "key.csv"]
    assert invoke("generate", "--seed", "2", "--no-solutions", "--out", tmp_path / "n").exit_code == 0
    assert _key(tmp_path / "n")["files"] == ["problems.md", "key.json", "key.csv"]


def test_a_same_paper_rerun_keeps_a_users_solutions_md(tmp_path, invoke):
    quiz = tmp_path / "q"
    assert invoke("generate", "--seed", "2", "--no-solutions", "--out", quiz).exit_code == 0
    (quiz / "solutions.md").write_text("my own solutions\n", encoding="utf-8")
    assert invoke("generate", "--seed", "2", "--no-solutions", "--out", quiz).exit_code == 0
    assert _text(quiz / "solutions.md") == "my own solutions\n"


def test_a_same_paper_rerun_that_would_write_over_a_users_file_is_refused(tmp_path, invoke):
    quiz = tmp_path / "q"
    assert invoke("generate", "--seed", "2", "--no-solutions", "--out", quiz).exit_code == 0
    (quiz / "solutions.md").write_text("my own solutions\n", encoding="utf-8")
    before = _text(quiz / "key.json")
    result = invoke("generate", "--seed", "2", "--out", quiz)
    assert result.exit_code == 2, result.output
    line = " ".join(result.output.split())
    assert "solutions.md is there already" in line and "does not list it" in line, line
    assert _text(quiz / "solutions.md") == "my own solutions\n" and _text(quiz / "key.json") == before
    result = invoke("generate", "--seed", "2", "--force", "--out", quiz)   # asked for: replaced
    assert result.exit_code == 0 and "my own" not in _text(quiz / "solutions.md")


def test_force_removes_only_the_earlier_papers_listed_files(tmp_path, invoke):
    quiz = tmp_path / "q"
    assert invoke("generate", "--seed", "2", "--out", quiz).exit_code == 0
    (quiz / "problems-notes.md").write_text("notes\n", encoding="utf-8")
    result = invoke("generate", "--seed", "3", "--no-solutions", "--force", "--out", quiz)
    assert result.exit_code == 0, result.output
    assert not (quiz / "solutions.md").exists()   # the earlier paper's, listed in its key: removed
    assert _text(quiz / "problems-notes.md") == "notes\n"


def test_a_listed_tex_owns_its_pdf_and_log(tmp_path, invoke):
    quiz = tmp_path / "q"
    assert invoke("generate", "--seed", "2", "--format", "tex", "--out", quiz).exit_code == 0
    (quiz / "problems.log").write_text("a failed run's log\n", encoding="utf-8")
    (quiz / "problems-notes.pdf").write_bytes(b"%PDF of my own\n")
    assert invoke("generate", "--seed", "3", "--force", "--out", quiz).exit_code == 0
    assert not (quiz / "problems.log").exists() and not (quiz / "problems.tex").exists()
    assert (quiz / "problems-notes.pdf").read_bytes() == b"%PDF of my own\n"


def test_a_hand_edited_list_never_widens_what_is_removed(tmp_path, invoke):
    quiz = tmp_path / "q"
    assert invoke("generate", "--seed", "2", "--out", quiz).exit_code == 0
    (quiz / "roster.csv").write_text("student_id\ns1\n", encoding="utf-8")
    key = _key(quiz)
    key["files"] += ["roster.csv", "../outside.md"]
    (quiz / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "outside.md").write_text("outside\n", encoding="utf-8")
    assert invoke("generate", "--seed", "3", "--force", "--out", quiz).exit_code == 0
    assert (quiz / "roster.csv").is_file() and (tmp_path / "outside.md").is_file()


@pytest.fixture
def old_key_folder(tmp_path, invoke):
    """A paper whose key.json was written before the list: its "files" taken out."""
    quiz = tmp_path / "q"
    assert invoke("generate", "--seed", "2", "--out", quiz).exit_code == 0
    key = _key(quiz)
    del key["files"]
    (quiz / "key.json").write_text(json.dumps(key), encoding="utf-8")
    return quiz


def test_an_older_key_without_the_list_is_read_by_the_name_rule(old_key_folder, invoke):
    (old_key_folder / "problems-s001.md").write_text("a split paper of an earlier run\n", encoding="utf-8")
    assert invoke("generate", "--seed", "2", "--out", old_key_folder).exit_code == 0   # the same paper: remade
    assert not (old_key_folder / "problems-s001.md").exists()
    assert _key(old_key_folder)["files"] == ["problems.md", "solutions.md", "key.json", "key.csv"]


def test_an_older_key_without_the_list_still_grades(old_key_folder, invoke):
    (old_key_folder / "a.csv").write_text("student_id,Q1a\ns1,0.5\n", encoding="utf-8")
    result = invoke("grade", old_key_folder / "a.csv", "--key", old_key_folder / "key.json", "--force-key")
    assert result.exit_code == 0, result.output


# F10: an answers file whose every answer cell is blank graded as "0 students", exit 0, with
# only the note naming its students counted absent. It is graded as before (every row in
# graded.csv, exit 0), with one warning naming the file and why no one is in the class figures.

def _blank_quiz(tmp_path, invoke):
    assert invoke("generate", "--seed", "2", "--classes", "C1", "--out", tmp_path / "q").exit_code == 0
    return tmp_path / "q" / "key.json"


BLANK_WARNING = ("blank.csv: every answer in it is blank (empty, or words such as 'idk' read as no answer), so "
                 "its 3 students are all counted absent, scored 0, and no answer was marked")


@pytest.mark.parametrize("rows", [["s1,,", "s2,,", "s3,idk,"],                  # wide
                                  ["s1,Q1,a,", "s2,Q1,a,", "s3,Q1,b,  "]])       # long
def test_an_all_blank_answers_file_is_warned_about(tmp_path, invoke, rows):
    key = _blank_quiz(tmp_path, invoke)
    header = "student_id,Q1a,Q1b" if rows[0].count(",") == 2 else "student_id,question_id,part,answer"
    (tmp_path / "blank.csv").write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "blank.csv", "--key", key)
    assert result.exit_code == 0, result.output
    line = " ".join(result.output.split())
    assert f"quizgen: warning: {BLANK_WARNING}" in line, line
    graded = (tmp_path / "blank-graded.csv").read_text(encoding="utf-8").splitlines()
    assert len(graded) == 1 + (6 if header.count(",") == 2 else 3)   # every answer cell (or row) accounted for


def test_a_file_with_one_answer_is_not_warned_about(tmp_path, invoke):
    key = _blank_quiz(tmp_path, invoke)
    (tmp_path / "blank.csv").write_text("student_id,Q1a,Q1b\ns1,,\ns2,0.5,\ns3,,\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "blank.csv", "--key", key)
    assert result.exit_code == 0 and "every answer in it is blank" not in result.output, result.output
