"""Per-student papers regenerated as handed out (session 31): a roster
re-saved by a spreadsheet (leading zeros dropped, case changed) is matched to
the folder's key.json, a roster whose ids a spreadsheet may change later is
warned about, and ``generate --only`` remakes some students' files alone."""

import json
import shutil

import pytest

ORIGINAL = "Student ID,Name\r\n0005557,Ana Ibanez\r\n0005594,Jose Brien\r\nS010,Ada Lovelace\r\n"
RESAVED = "Student ID,Name\r\n5557,Ana Ibanez\r\n5594,Jose Brien\r\ns010,Ada Lovelace\r\n"


def _roster(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _generate(invoke, roster, out, *more):
    return invoke("generate", "--seed", "midterm-2026-k7", "--classes", "C1,C4", "--students", roster, "--out", out, *more)


def _contents(folder) -> dict:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


# ---------------------------------------------------------------- 1. a re-saved roster gives the papers handed out

@pytest.mark.slow
def test_a_resaved_roster_regenerates_the_papers_handed_out_byte_for_byte(invoke, tmp_path):
    out = tmp_path / "midterm"
    assert _generate(invoke, _roster(tmp_path, "a.csv", ORIGINAL), out).exit_code == 0
    handed_out = _contents(out)
    again = _generate(invoke, _roster(tmp_path, "b.csv", RESAVED), out)
    assert again.exit_code == 0, again.output
    assert _contents(out) == handed_out
    assert again.stderr.count("\n") == 1
    assert ("quizgen: warning: 3 roster ids are written otherwise in the folder's key.json (5557 is 0005557 there, "
            "by the id rule: case, spaces, leading zeros and a spreadsheet's .0 aside); their papers are made with the key's spelling, "
            "as handed out") in again.stderr


@pytest.mark.slow
def test_ids_a_roster_holds_apart_by_leading_zeros_are_not_taken_for_a_key_id(invoke, tmp_path):
    """``00123`` and ``123`` on one roster are two students (as grade counts
    them): 123 is not given the key's 00123 paper (a late joiner, added with
    --force), while 5557, alone of its kind, is the key's 0005557."""
    out = tmp_path / "q"
    assert _generate(invoke, _roster(tmp_path, "a.csv", "student_id,name\n0005557,Ana\n00123,Ada\n"), out).exit_code == 0
    first = json.loads((out / "key.json").read_text(encoding="utf-8"))["students"]
    later = _roster(tmp_path, "b.csv", "student_id,name\n5557,Ana\n00123,Ada\n123,Bob\n")
    assert _generate(invoke, later, out).exit_code == 2   # 123 is a new student
    made = _generate(invoke, later, out, "--force")
    assert made.exit_code == 0 and "1 roster id is written otherwise in the folder's key.json (5557 is 0005557" in made.stderr
    students = json.loads((out / "key.json").read_text(encoding="utf-8"))["students"]
    assert list(students) == ["0005557", "00123", "123"]
    assert students["0005557"] == first["0005557"] and students["00123"] == first["00123"]


@pytest.mark.parametrize("ids, warned, safe", [
    (["7", "5557", "11070"], "the roster's ids are all digits of differing lengths (7, 11070), as a spreadsheet "
                             "leaves them when it drops leading zeros", ["0005557", "0011070"]),
    (["S010", "s011"], "the roster's ids write a letter in both cases (S010, s011)", ["S010", "T011", "ab3"]),
])
@pytest.mark.slow
def test_a_roster_whose_ids_a_spreadsheet_may_change_is_warned_about_once(invoke, tmp_path, ids, warned, safe):
    roster = _roster(tmp_path, "r.csv", "student_id\n" + "\n".join(ids) + "\n")
    made = _generate(invoke, roster, tmp_path / "q")
    assert made.exit_code == 0
    assert made.stderr.count("\n") == 1 and f"quizgen: warning: {warned}; " in made.stderr
    assert "regenerate into this folder" in made.stderr and "--only ID" in made.stderr
    again = _generate(invoke, roster, tmp_path / "q")   # beside its key the ids are matched: nothing to warn of
    assert again.exit_code == 0 and again.stderr == ""
    other = _generate(invoke, _roster(tmp_path, "safe.csv", "student_id\n" + "\n".join(safe) + "\n"), tmp_path / "s")
    assert other.exit_code == 0 and other.stderr == ""   # one length, or each letter in one case: no warning


# ---------------------------------------------------------------- 2. --only remakes some students' files

def _split_class(invoke, tmp_path):
    out = tmp_path / "papers"
    roster = _roster(tmp_path, "a.csv", ORIGINAL)
    assert _generate(invoke, roster, out, "--split").exit_code == 0
    return roster, out


@pytest.mark.slow
def test_only_remakes_one_students_files_as_the_full_run_wrote_them_and_nothing_else(invoke, tmp_path):
    roster, out = _split_class(invoke, tmp_path)
    full = _contents(out)
    (out / "problems-0005594.md").unlink()
    (out / "solutions-0005594.md").write_text("torn", encoding="utf-8")
    (out / "problems-S010.md").write_text("another student's, left alone", encoding="utf-8")
    (out / "key.json").write_bytes(full["key.json"] + b" ")
    made = _generate(invoke, _roster(tmp_path, "b.csv", RESAVED), out, "--split", "--only", "5594")
    assert made.exit_code == 0, made.output
    after = _contents(out)
    assert after["problems-0005594.md"] == full["problems-0005594.md"]
    assert after["solutions-0005594.md"] == full["solutions-0005594.md"]
    assert after["problems-S010.md"] == b"another student's, left alone" and after["key.json"] == full["key.json"] + b" "
    assert made.stdout.strip() == ("Remade the papers for 1 student (seed midterm-2026-k7) in " + str(out) + "/: "
                                   "problems-0005594.md, solutions-0005594.md; key.json and the other students' "
                                   "papers are unchanged")


@pytest.mark.slow
def test_only_takes_several_ids_written_by_the_id_rule(invoke, tmp_path):
    roster, out = _split_class(invoke, tmp_path)
    full = _contents(out)
    for name in full:
        if name.startswith(("problems-", "solutions-")):
            (out / name).unlink()
    made = _generate(invoke, roster, out, "--split", "--only", "s010, 5557")
    assert made.exit_code == 0, made.output
    assert sorted(_contents(out)) == ["key.csv", "key.json", "problems-0005557.md", "problems-S010.md",
                                      "solutions-0005557.md", "solutions-S010.md"]
    assert all(full[name] == data for name, data in _contents(out).items())


@pytest.mark.parametrize("only, more, message", [
    ("0005599", ("--split",), "--only 0005599: the folder's key.json has no paper for this student (it has 3 "
                              "students); did you mean 0005594 or 0005557?"),
    ("S010,", ("--split",), "--only S010,: expected student ids separated by commas"),
    ("S010", (), "--only needs --students and --split"),
    ("S010", ("--split", "--force"), "--only and --force do not combine"),
    ("S010", ("--split", "--count", "2"), "--only: "),
])
@pytest.mark.slow
def test_only_refuses_in_one_line_and_writes_nothing(invoke, tmp_path, only, more, message):
    roster, out = _split_class(invoke, tmp_path)
    full = _contents(out)
    made = _generate(invoke, roster, out, "--only", only, *more)
    assert made.exit_code == 2 and made.stderr.count("\n") == 1
    assert made.stderr.startswith(f"quizgen: error: {message}")
    assert _contents(out) == full


def test_only_needs_the_papers_key_in_the_folder(invoke, tmp_path):
    made = _generate(invoke, _roster(tmp_path, "a.csv", ORIGINAL), tmp_path / "new", "--split", "--only", "S010")
    assert made.exit_code == 2 and "holds no key.json; make the class's papers first" in made.stderr
    assert not (tmp_path / "new").exists()


def test_only_refuses_a_roster_of_other_students(invoke, tmp_path):
    _, out = _split_class(invoke, tmp_path)
    later = _roster(tmp_path, "late.csv", ORIGINAL + "s999,Late\r\n")
    made = _generate(invoke, later, out, "--split", "--only", "S010")
    assert made.exit_code == 2 and "(papers of their own for 3 students, where this run makes them for 4)" in made.stderr


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_only_remakes_a_students_pdfs_byte_for_byte(invoke, tmp_path):
    roster = _roster(tmp_path, "a.csv", "student_id,name\ns1,Ada\ns2,Alan\n")
    args = ("generate", "--format", "pdf", "--seed", "4", "--classes", "C1", "--students", roster, "--split")
    assert invoke(*args, "--out", tmp_path / "full").exit_code == 0
    shutil.copytree(tmp_path / "full", tmp_path / "one")
    for name in ("problems-s2.pdf", "solutions-s2.pdf", "problems-s2.tex"):
        (tmp_path / "one" / name).unlink()
    made = invoke(*args, "--only", "s2", "--out", tmp_path / "one")
    assert made.exit_code == 0, made.output
    assert _contents(tmp_path / "one") == _contents(tmp_path / "full")


@pytest.mark.slow
def test_only_in_another_format_than_the_folder_holds_the_students_files_in_is_refused(invoke, tmp_path):
    roster, out = tmp_path / "a.csv", tmp_path / "tex"
    roster.write_text(ORIGINAL, encoding="utf-8")
    assert _generate(invoke, roster, out, "--split", "--format", "tex").exit_code == 0
    full = _contents(out)
    made = _generate(invoke, roster, out, "--split", "--only", "S010")
    assert made.exit_code == 2 and made.stderr.count("\n") == 1
    assert made.stderr == ("quizgen: error: --only S010: the folder holds problems-S010.tex, made with --format "
                           "tex, and this run writes --format md; give --format tex to remake it as the folder "
                           "holds it\n")
    assert _contents(out) == full
    (out / "problems-S010.tex").unlink()
    again = _generate(invoke, roster, out, "--split", "--only", "S010", "--format", "tex")
    assert again.exit_code == 0, again.output
    assert _contents(out) == full
