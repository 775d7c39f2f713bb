"""``quizgen grade`` on student ids (and roster ids) far longer than any real
one: the notes printed after grading and report.md's roster notes show each
id cut short with ``...`` (wording.shortened), so one id of 10,000 characters
makes no note of 10,000; graded.csv and the students CSV keep it whole."""

import pytest
import csv

LONG = "Y" * 10_000
SHOWN = "Y" * 57 + "..."   # wording.SHOWN_CHARS, the last three the ellipsis


def _notes(output: str) -> list:
    return [line for line in output.splitlines() if line.startswith("Note: ")]


@pytest.mark.slow
def test_the_notes_cut_a_long_student_id_short(invoke, tmp_path, q1_key):
    rows = [f"{LONG},Q1a,0.5", f"{LONG},Q1a,0.6", f"{LONG},Q1b,x", f"{LONG},Q2a,I think it is about a half"]
    (tmp_path / "a.csv").write_text("Student,Question,Answer\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", q1_key, "--force")
    assert result.exit_code == 0, result.output
    notes = _notes(result.output)
    assert [n[:40] for n in notes] == ["Note: 1 answer(s) need a person to read ",
                                       "Note: 1 answer(s) could not be read (inv",
                                       "Note: 1 student(s) answered a part more "]   # one student: no part called lost
    assert notes[0].endswith(f"): {SHOWN} Q2 (a)") and notes[1].endswith(f"): {SHOWN} Q1 (b)")
    assert notes[2].endswith(f"(the earlier ones are superseded): {SHOWN}")
    assert max(len(n) for n in notes if "YYY" in n) < 250   # each note naming the id is short
    with open(tmp_path / "a-graded.csv", encoding="utf-8-sig", newline="") as handle:
        assert {r["Student"] for r in csv.DictReader(handle)} == {LONG}   # the data keep the id whole
    with open(tmp_path / "a-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        assert [r["student_id"] for r in csv.DictReader(handle)] == [LONG]


@pytest.mark.slow
def test_the_roster_notes_and_hints_cut_long_ids_short(invoke, tmp_path, q1_key):
    near = "s" + "1" * 150   # a roster id may have 200 characters
    (tmp_path / "roster.csv").write_text(f"student_id\n{near}\n{'R' * 150}\n", encoding="utf-8")
    rows = [f"{near[:-1]}2,Q1a,0.5", f"{LONG},Q1a,0.5", f"{LONG},Q1b,0.5"]   # Q1b answered: a stop, no lost column
    (tmp_path / "a.csv").write_text("Student,Question,Answer\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", q1_key, "--force", "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    cut_near, cut_r = "s" + "1" * 56 + "...", "R" * 57 + "..."
    expected = [f"2 students on the roster gave no answer (missing, scored 0): {cut_near}, {cut_r}",
                f"2 graded student id(s) are not on the roster: {'s' + '1' * 56}... (did you mean {cut_near}?), "
                f"{SHOWN}"]
    unanswered = _notes(result.output)[len(expected):]   # two students answered: too few to call a part lost
    assert _notes(result.output)[:len(expected)] == [f"Note: {line}" for line in expected]
    assert not [n for n in unanswered if n.startswith("Note: No student answered")]
    report = (tmp_path / "a-graded-report.md").read_text(encoding="utf-8")
    roster_section = report[report.index("## Roster"):].split("\n## ")[0]   # to the next section (To act on)
    assert [line for line in roster_section.splitlines() if line.startswith("- ")] == \
        [f"- {line}" for line in expected]
    to_act = report[report.index("## To act on"):report.index("## Item analysis")]
    assert "1" * 60 not in to_act and "s" + "1" * 56 + "..." in to_act   # the ids cut short there too
