"""override26: a student who wrote another student's paper code (per-student
papers) is named in one note saying whose paper it is and how to grade them
against it; ``--paper-as-written`` does so, saying which paper was used in the
notes, report.md and the student's own feedback sheet (which never names the
other student)."""

import csv

import pytest
from fixtures_papers import coded_answers


def _read(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def _swapped(papers):
    """s001 wrote s002's code and s002's right answers (they sat s002's paper); s002 their own."""
    _, info = papers
    code, values = info["s002"]
    return [(sid, code, part, value) for sid in ("s001", "s002") for part, value in zip("ab", values)]


def test_a_student_on_another_students_paper_is_named_once_with_the_way_to_grade_them(invoke, papers):
    folder, info = papers
    answers = coded_answers(folder, _swapped(papers))
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--roster", folder / "roster.csv")
    assert result.exit_code == 0, result.output
    said = (f"Note: s001 wrote the paper code of s002's paper {info['s002'][0]} on all 2 of their coded answers, "
            f"not their own paper {info['s001'][0]}: those answers wait for a person (needs_review); the answers fit "
            f"paper {info['s002'][0]}, whose code they wrote: to grade them against that paper, pass --paper-as-written")
    assert result.stdout.count(said) == 1
    assert [r["status"] for r in _read(folder / "swap-graded.csv")] == ["needs_review"] * 2 + ["correct"] * 2
    report = (folder / "swap-graded-report.md").read_text(encoding="utf-8")
    assert said[len("Note: "):].replace("needs_review", "needs\\_review") in report


def test_paper_as_written_grades_them_against_that_paper_and_says_so_everywhere(invoke, papers):
    folder, info = papers
    answers = coded_answers(folder, _swapped(papers))
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--roster", folder / "roster.csv",
                    "--paper-as-written", "--feedback", folder / "sheets")
    assert result.exit_code == 0, result.output
    said = (f"s001 was graded against s002's paper {info['s002'][0]}, the paper code on all 2 of their coded answers "
            f"(--paper-as-written), not against their own paper {info['s001'][0]}; their feedback sheet says so")
    assert f"Note: {said}" in result.stdout
    graded = _read(folder / "swap-graded.csv")
    assert [(r["student_id"], r["status"], r["expected"]) for r in graded] == [
        (sid, "correct", value) for sid in ("s001", "s002") for value in info["s002"][1]]
    students = {r["student_id"]: (r["score"], r["max_score"], r["needs_review"]) for r in _read(
        folder / "swap-graded-students.csv")}
    assert students["s001"] == students["s002"] == ("4", "4", "0")
    assert said in (
        folder / "swap-graded-report.md").read_text(encoding="utf-8")
    sheet = (folder / "sheets" / "s001.md").read_text(encoding="utf-8")
    assert (f"Your answers were graded against paper {info['s002'][0]}, the paper code you wrote on them, not "
            f"against paper {info['s001'][0]}, the one printed for you") in sheet
    assert "s002" not in sheet and "Alan" not in sheet
    assert f"| a | {info['s002'][1][0]} | correct |" in sheet
    assert "graded against paper" not in (folder / "sheets" / "s002.md").read_text(encoding="utf-8")


def test_mixed_codes_are_not_taken_as_one_paper(invoke, papers):
    folder, info = papers
    (own, _), (other, values) = info["s001"], info["s002"]
    answers = coded_answers(folder, [("s001", other, "a", values[0]), ("s001", own, "b", "0.1")])
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--paper-as-written")
    assert result.exit_code == 0, result.output
    assert (f"Note: s001 wrote paper code(s) not their own ({other}; their own paper is {own}) on 1 of their 2 coded "
            "answers, which wait for a person") in result.stdout   # names what they wrote (instr29)
    assert "cannot take one paper for them" in result.stdout
    assert [r["status"] for r in _read(folder / "swap-graded.csv")][0] == "needs_review"


@pytest.mark.slow
def test_paper_as_written_is_the_same_when_the_file_is_graded_in_parts(invoke, papers, monkeypatch):
    """--jobs 2 cuts the file: s001's rows in the later part are graded against the same paper."""
    from quizgen.grading import file_slice

    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    folder, info = papers
    rows = _swapped(papers) * 40   # resubmissions: the last row of each part counts
    answers = coded_answers(folder, rows)
    for jobs in ("1", "2"):
        result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--paper-as-written",
                        "--jobs", jobs, "--out", folder / f"j{jobs}.csv")
        assert result.exit_code == 0, result.output
        assert "s001 was graded against s002's paper" in result.stdout
    assert (folder / "j1.csv").read_bytes() == (folder / "j2.csv").read_bytes()
    assert {r["status"] for r in _read(folder / "j2.csv") if r["student_id"] == "s001"} == {"correct", "superseded"}


def test_no_note_once_overrides_have_decided_every_such_answer(invoke, papers):
    folder, _ = papers
    rows = _swapped(papers)
    rows[2] = rows[2][:3] + ("I think 0.5",)   # s002's own (a) waits for a person: the file is read again
    answers = coded_answers(folder, rows)
    (folder / "ov.csv").write_text("student_id,question_id,part,score\ns001,Q1,a,1\ns001,Q1,b,1\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--overrides", folder / "ov.csv")
    assert result.exit_code == 0, result.output
    assert "wrote the paper code" not in result.stdout
    assert "1 answer(s) need a person to read them (needs_review, 0 until an override): s002 Q1 (a)" in result.stdout


def test_the_to_act_on_line_says_why_the_answers_wait(invoke, papers):
    """left27 (3): report.md's and the page's "To act on" line of a student who wrote another paper's code gave
    the parts only; the reason was only in the Roster section above it."""
    folder, info = papers
    answers = coded_answers(folder, _swapped(papers))
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--roster", folder / "roster.csv")
    assert result.exit_code == 0, result.output
    why = (f"paper code of s002's paper {info['s002'][0]} on 2 answer(s), not their own {info['s001'][0]}; "
           "--paper-as-written grades them against it")
    report = (folder / "swap-graded-report.md").read_text(encoding="utf-8")
    assert f"- s001 (Ada Lovelace): Q1a, Q1b ({why})\n" in report
    page = (folder / "swap-graded-report.html").read_text(encoding="utf-8")
    assert f"<li>s001 (Ada Lovelace): Q1a, Q1b ({why.replace(chr(39), '&#39;')})</li>" in page


# ---------------------------------------------------------------- instr27a: expected on a wrong-code row

def _graded(invoke, folder, name: str, code: str, delimiter: str, *options) -> list:
    """s001's answers to Q1 (a) and (b) under paper ``code``, graded: graded.csv's rows."""
    path = folder / f"{name}.csv"
    rows = [["student_id", "paper", "question_id", "part", "answer"],
            ["s001", code, "Q1", "a", "0,5" if delimiter == ";" else "0.5"], ["s001", code, "Q1", "b", "2"]]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(rows)
    result = invoke("grade", path, "--key", folder / "quiz" / "key.json", *options)
    assert result.exit_code == 0, result.output
    with open(folder / f"{name}-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle, delimiter=delimiter))


@pytest.mark.parametrize("delimiter", [",", ";"])
def test_a_row_with_another_students_code_shows_the_students_own_expected_answer(invoke, papers, delimiter):
    """Its expected cell was empty, leaving the reviewer nothing to compare; an
    override of the row showed the student's own paper's answer."""
    folder, info = papers
    own = [r["expected"] for r in _graded(invoke, folder, f"own{delimiter == ';'}", info["s001"][0], delimiter)]
    assert all(own) and ("," in own[0]) == (delimiter == ";")
    (folder / "ov.csv").write_text("student_id,question_id,part,score\ns001,Q1,b,1\n", encoding="utf-8")
    graded = _graded(invoke, folder, f"swap{delimiter == ';'}", info["s002"][0], delimiter,
                     "--overrides", folder / "ov.csv")
    assert [(r["status"], r["note"], r["expected"]) for r in graded] == [
        ("needs_review", "", own[0]), ("correct", "override", own[1])]
    assert "another student's paper" in graded[0]["reason"]
