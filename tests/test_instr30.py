"""Fixes from an instructor's review (instr30), one section each.

1. ``--rtol``/``--atol`` keep a correct answer's value, so the check that the
   answers belong to the key counts them as matched: a normal class graded with
   a tolerance override is neither refused nor warned about.
"""

from __future__ import annotations

import csv
import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main


@pytest.fixture(scope="module")
def seed1(tmp_path_factory):
    """Seed 1's class paper in ``quiz/`` and ``answers.csv``: 20 students, each right on
    7 parts in 10 (the key's answer) and wrong on the rest (1.37 times it plus 1, near no trap)."""
    folder = tmp_path_factory.mktemp("instr30")
    made = CliRunner().invoke(main, ["generate", "--seed", "1", "--out", str(folder / "quiz")])
    assert made.exit_code == 0, made.output
    with open(folder / "quiz" / "key.csv", newline="", encoding="utf-8-sig") as handle:
        key = list(csv.DictReader(handle))
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        for n in range(20):
            for i, row in enumerate(key):
                answer = row["answer"]
                if (n + i) % 10 < 3 and answer.replace(".", "", 1).isdigit():
                    answer = f"{float(answer) * 1.37 + 1:.4g}"
                writer.writerow([f"s{n:03d}", row["question_id"], row["part"], answer])
    return folder


# ---------------------------------------------------------------- 1. a tolerance override

@pytest.mark.parametrize("override", [(), ("--rtol", "0.01"), ("--rtol", "0.001"), ("--atol", "0.0001")])
@pytest.mark.slow
def test_a_tolerance_override_keeps_a_class_that_belongs_to_its_key(seed1, invoke, tmp_path, override):
    result = invoke("grade", seed1 / "answers.csv", "--key", seed1 / "quiz" / "key.json",
                    "--out", tmp_path / "out/", *override)
    assert result.exit_code == 0, result.output
    assert "another seed or key" not in result.output and "numeric answers" not in result.output


# ---------------------------------------------------------------- 2. another section's overrides

def section_a(folder):
    """A per-student key of s01..s04 (one two-part question), section A's answers (s01, s02), its
    roster, a course-wide overrides file (s01's and s03's) and a plain gradebook template."""
    def part(letter, value):
        return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
                "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}
    q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [part("a", 0.5), part("b", 3.0)]}
    papers = {sid: {"name": f"N {sid}", "seed": f"1/{sid}", "questions": [q1]} for sid in ("s01", "s02", "s03", "s04")}
    (folder / "key.json").write_text(json.dumps({"questions": [q1], "students": papers}), encoding="utf-8")
    (folder / "a.csv").write_text("student_id,question_id,part,answer\ns01,Q1,a,0.5\ns02,Q1,a,0.7\n",
                                  encoding="utf-8")
    (folder / "rosterA.csv").write_text("student_id\ns01\ns02\n", encoding="utf-8")
    (folder / "ov.csv").write_text("student_id,question_id,part,score\ns01,Q1,b,1\ns03,Q1,b,1\ns03,Q1,a,1\n",
                                   encoding="utf-8")


def students_csv(path) -> dict:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return {row["student_id"]: row for row in csv.DictReader(handle)}


@pytest.mark.parametrize("roster", [False, True], ids=["no roster", "section roster"])
def test_another_sections_override_grades_no_one(tmp_path, invoke, roster):
    section_a(tmp_path)
    options = ["--roster", tmp_path / "rosterA.csv"] if roster else []
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--overrides", tmp_path / "ov.csv",
                    "--out", f"{tmp_path / 'r'}/", *options)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert ("Note: 2 override(s) in ov.csv are for 1 student(s) with no answer row in this run and not on "
            "--roster (another section's, say): left out, so they change no score here and a gradebook "
            "template's grade for those students is kept") in said, said
    assert "matches no answer" not in said
    graded = students_csv(tmp_path / "r" / "a-graded-students.csv")
    assert float(graded["s01"]["score"]) == 4   # this section's override applies
    assert ("s03" not in graded) if roster else (float(graded["s03"]["score"]) == 0 and graded["s03"]["missing"] == "2")
    rows = (tmp_path / "r" / "a-graded.csv").read_text(encoding="utf-8-sig")
    assert "s03" not in rows   # no row made for them (s01's (b) gets one)


# ---------------------------------------------------------------- 3. sheets of students with no answer here

@pytest.mark.slow
def test_a_late_batch_keeps_the_other_sheets_and_an_absentee_gets_none(tmp_path, invoke):
    section_a(tmp_path)
    first = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/",
                   "--feedback", tmp_path / "fb")
    assert first.exit_code == 0, first.output
    assert sorted(p.name for p in (tmp_path / "fb").glob("*.md")) == ["s01.md", "s02.md"]   # s03, s04: none
    assert ("2 student(s) with no answer in this run get no feedback sheet: nothing of theirs was marked, and a "
            "sheet would show their paper's key and worked solutions") in " ".join(first.output.split())
    s01 = (tmp_path / "fb" / "s01.md").read_bytes()
    (tmp_path / "late.csv").write_text("student_id,question_id,part,answer\ns02,Q1,a,0.5\n", encoding="utf-8")
    late = invoke("grade", tmp_path / "late.csv", "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/",
                  "--feedback", tmp_path / "fb")
    assert late.exit_code == 0, late.output
    assert (tmp_path / "fb" / "s01.md").read_bytes() == s01
    assert "**2 / 4**" in (tmp_path / "fb" / "s02.md").read_text(encoding="utf-8")
    assert not (tmp_path / "fb" / "s03.md").exists()


# ---------------------------------------------------------------- 4. decimal points in a tab file

@pytest.mark.parametrize("answers, encoding, mark", [
    ("0.5\t2.9", "utf-8", "."), ("0,5\t2,9", "utf-8", ","), ("0.5\t2.9", "utf-16", "."),
    ("0.5\t2", "utf-8", "."), ("0,5\t2.9", "utf-8", ",")])
def test_a_tab_file_writes_the_decimal_mark_its_numbers_use(tmp_path, invoke, answers, encoding, mark):
    section_a(tmp_path)
    (tmp_path / "t.txt").write_text(f"student_id\tsubmitted\tQ1a\tQ1b\ns01\t03.12.2026\t{answers}\n",
                                    encoding=encoding)
    result = invoke("grade", tmp_path / "t.txt", "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/",
                    "--roster", tmp_path / "rosterA.csv")
    assert result.exit_code == 0, result.output
    assert f"Class: mean 25{mark}0%" in result.output, result.output
    with open(tmp_path / "r" / "t-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        s01 = next(csv.DictReader(handle, delimiter="\t"))
    assert s01["percent"] == f"50{mark}0"


@pytest.mark.parametrize("answers, mark", [("3.072\t2", ","), ("3.0725\t2", ".")])
def test_a_number_grouped_by_points_says_nothing_of_the_decimal_mark(tmp_path, invoke, answers, mark):
    """``3.072`` may be a German 3072: it alone does not turn a tab file's outputs to points."""
    section_a(tmp_path)
    (tmp_path / "t.txt").write_text(f"student_id\tsubmitted\tQ1a\tQ1b\ns01\t03.12.2026\t{answers}\n",
                                    encoding="utf-8")
    result = invoke("grade", tmp_path / "t.txt", "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/",
                    "--roster", tmp_path / "rosterA.csv")
    assert result.exit_code == 0, result.output
    assert f"Class: mean 0{mark}0%" in result.output, result.output


# ---------------------------------------------------------------- 7. notes that say what they counted

@pytest.mark.parametrize("rows, said", [
    (20, "its paper column carries 20 paper code(s)"),
    (5_010, "its paper column (in its first 5,000 answers, those read for codes) carries 20 paper code(s)")])
@pytest.mark.slow
def test_the_paper_code_refusal_says_which_answers_it_read(tmp_path, invoke, rows, said):
    from grading_support import own_paper_code

    own_paper_code(invoke, tmp_path)
    codes = [f"ZZZZ-ZZ{n:02d}" for n in range(20)]
    (tmp_path / "a.csv").write_text("student_id,paper,question_id,part,answer\n" + "".join(
        f"s{n % 2 + 1:03d},{codes[n % 20]},Q1,a,0.5\n" for n in range(rows)), encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "quiz" / "key.json", "--out", f"{tmp_path / 'r'}/")
    assert result.exit_code == 2
    assert said + " that " in " ".join(result.output.split()), result.output


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.slow
def test_the_summary_names_the_line_that_repeats_the_header(tmp_path, invoke, monkeypatch, jobs):
    from quizgen.grading import file_slice

    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    section_a(tmp_path)
    block = "".join(f"s0{n % 2 + 1},0.5,3.0\n" for n in range(60))
    (tmp_path / "j.csv").write_text("student_id,Q1a,Q1b\n" + block + "student_id,Q1a,Q1b\n" + block,
                                    encoding="utf-8")
    result = invoke("grade", tmp_path / "j.csv", "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/",
                    "--jobs", jobs)
    assert result.exit_code == 0, result.output
    assert ("2 answer(s) on 1 line(s) not read as a row, whose student id could not be read either (line 62 "
            "repeating the header line: two files joined into one?)") in " ".join(result.output.split())


# ---------------------------------------------------------------- 5. a late joiner keeps the printed codes

def test_a_late_joiner_added_with_force_keeps_every_printed_code(tmp_path, invoke):
    from grading_support import own_paper_code

    printed = own_paper_code(invoke, tmp_path)
    before = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))["papers"]
    (tmp_path / "roster3.csv").write_text("student_id,name\ns001,Ada\ns002,Alan\ns003,Late\n", encoding="utf-8")
    args = ("generate", "--seed", "11", "--classes", "C1", "--students", tmp_path / "roster3.csv",
            "--out", tmp_path / "quiz")
    assert invoke(*args).exit_code == 2   # other students: another paper, refused without --force
    made = invoke(*args, "--force")
    assert made.exit_code == 0, made.output
    after = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))["papers"]
    assert set(before) < set(after) and len(after) == len(before) + 1
    assert printed.replace("-", "") in after
