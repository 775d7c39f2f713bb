"""Students and keys reconciled (issue 12, item 6) and trap credit (item 5),
through the command line: ``grade --roster``, ``unknown_student``, missing
students in every report, the other-key check and ``--force``."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

import quizgen

from quizgen.cli import main
from quizgen.errors import InputFileError
from quizgen.roster import parse_roster
from quizgen.key.parts import Trap
from quizgen.marking.student_ids import IdMatcher, normalise_id


def part(letter, value, traps=(), points=2.0):
    return {"part": letter, "name": letter, "type": "numeric", "points": points, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": list(traps)}


def trap(code, value, **extra):
    return {"code": code, "feedback": f"feedback for {code}", "value": value, **extra}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4,
      "parts": [part("a", 0.5, [trap("halved", 0.25)]), part("b", 3.0, [trap("doubled", 6.0)])]}
Q1_OWN = {**Q1, "parts": [part("a", 0.75, [trap("halved", 0.375)]), part("b", 4.0, [trap("doubled", 8.0)])]}


def write(folder, key, rows, header=("student_id", "question_id", "part", "answer"), delimiter=","):
    (folder / "key.json").write_text(json.dumps(key), encoding="utf-8")
    text = io.StringIO()
    writer = csv.writer(text, delimiter=delimiter)
    writer.writerow(header)
    writer.writerows(rows)
    (folder / "answers.csv").write_text(text.getvalue(), encoding="utf-8")
    return folder / "answers.csv"


def read(path, delimiter=","):
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig")), delimiter=delimiter))


def grade(*args):
    return CliRunner().invoke(main, ["grade", *map(str, args)])


def own_papers(second: str) -> dict:
    """A per-student key: s012 (Ada) with her own numbers, ``second`` (Bo) with the class paper's."""
    return {"questions": [Q1], "students": {"s012": {"name": "Ada", "seed": "a", "questions": [Q1_OWN]},
                                            second: {"name": "Bo", "seed": "b", "questions": [Q1]}}}


def right_answers(ids):
    return [row for sid in ids for row in ([sid, "Q1", "a", "0.5"], [sid, "Q1", "b", "3"])]


# ---------------------------------------------------------------- one id, one student

def test_ids_are_normalised_once_case_spaces_and_leading_zeros_only_to_match():
    assert normalise_id(" S 010 ") == normalise_id("s010") == "s010"
    matcher = IdMatcher(["00123", "s012", "s12"])
    assert matcher.match(normalise_id("123")) == "00123"      # a spreadsheet dropped the zeros
    assert matcher.match(normalise_id("s012")) == "s012"      # exact first
    assert matcher.match(normalise_id("s0012")) is None       # s012 or s12? never guessed
    assert not IdMatcher()


def test_roster_in_any_dialect_and_a_student_listed_twice_is_refused():
    roster = parse_roster("sep=;\nStudent ID;Full name;Email\n S001 ;Ada;a@x\ns002;Bo;\n\n", "r.csv")
    assert [(s.student_id, s.name) for s in roster] == [("S001", "Ada"), ("s002", "Bo")]
    assert [s.student_id for s in parse_roster("Matrikelnummer\n7\n8\n")] == ["7", "8"]
    with pytest.raises(InputFileError, match=r"r.csv: line 3: student_id 's 001' repeats line 2"):
        parse_roster("student_id,name\nS001,Ada\ns 001,Ada again\n", "r.csv")
    with pytest.raises(InputFileError, match="expected a student id column"):
        parse_roster("name,city\nAda,Oslo\n", "r.csv")


def test_roster_makes_one_row_per_student_and_lists_the_missing_everywhere(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]},
                    [["S001", "Q1", "a", "0.5"], [" s001", "Q1", "b", "3"], ["s002", "Q1", "a", "0.25"],
                     ["123", "Q1", "a", "0.5"], ["s0999", "Q1", "b", "3"]] + right_answers(["s005", "s006"]))
    (tmp_path / "roster.csv").write_text("Student ID;Name\ns001;Ada Lovelace\ns002;Bo\n00123;Cy\ns004;Di\n"
                                         "s005;Ed\ns006;Flo\ns009;Gus\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--gradebook", "plain")
    assert result.exit_code == 0, result.output
    students = read(tmp_path / "answers-graded-students.csv")
    # in the roster's order (a pasted column lines up with it), then s0999, whom the roster lacks
    assert [(r["student_id"], r["name"], r["score"]) for r in students] == [
        ("s001", "Ada Lovelace", "4"), ("s002", "Bo", "0"), ("00123", "Cy", "2"), ("s004", "Di", "0"),
        ("s005", "Ed", "4"), ("s006", "Flo", "4"), ("s009", "Gus", "0"), ("s0999", "", "2")]
    # the missing students, in the summary, the Markdown report and the gradebook (0: a quiz not sat)
    assert "2 students on the roster gave no answer (missing, scored 0): s004, s009" in result.output
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "## Roster" in report and "s004, s009" in report
    assert "not on the roster: s0999 (did you mean" in report
    gradebook = read(tmp_path / "answers-graded-gradebook-plain.csv")
    assert {r["student_id"]: r["score"] for r in gradebook}["s009"] == "0"
    html = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    assert "s009" in html and "Gus" in html
    # every input row is still in the graded file
    assert len(read(tmp_path / "answers-graded.csv")) == 9


@pytest.mark.slow
def test_unknown_student_on_a_per_student_key_is_never_graded_against_the_class_paper(tmp_path):
    key = own_papers("s013")
    answers = write(tmp_path, key, [["s012", "Q1", "a", "0.75"], ["s0120", "Q1", "a", "0.5"],
                                    ["S013", "Q1", "a", "0.5"], ["x", "Q1", "b", "3"]])
    result = grade(answers)
    assert result.exit_code == 0, result.output
    rows = read(tmp_path / "answers-graded.csv")
    assert [r["status"] for r in rows] == ["correct", "unknown_student", "correct", "unknown_student"]
    assert rows[1]["score"] == "0" and rows[1]["feedback"] == "did you mean s012 or s013?"
    assert rows[1]["reason"] == "student 's0120' has no paper in key.json; did you mean s012 or s013?"
    assert rows[3]["reason"] == "student 'x' has no paper in key.json"
    students = read(tmp_path / "answers-graded-students.csv")
    assert [r["student_id"] for r in students] == ["s012", "s013"]
    assert "unknown_student" in result.output and "s0120 (did you mean s012 or s013?)" in result.output
    graded = quizgen.grade(answers, out=tmp_path / "again.csv")   # every row accounted for
    assert graded.counts["unknown_student"] == 2 and sum(graded.counts.values()) == graded.rows == 4


def test_an_unknown_id_beside_a_known_name_suggests_that_students_id_first(tmp_path):
    """rev-fresh17: 's0S' written by Bo (s013) was told 'did you mean s012 ...', Ada first."""
    answers = write(tmp_path, own_papers("s013"), [("s0121", "bo", "Q1", "a", "0.5"), ("s0122", "", "Q1", "a", "0.5")],
                    header=("student_id", "name", "question_id", "part", "answer"))
    result = grade(answers)
    assert result.exit_code == 0, result.output
    rows = read(tmp_path / "answers-graded.csv")
    assert [r["feedback"] for r in rows] == ["did you mean s013 or s012?", "did you mean s012 or s013?"]


# ---------------------------------------------------------------- answers for another key

def test_answers_for_another_key_stop_with_one_line_and_no_output(tmp_path):
    foreign = [[f"s{i}", "Q1", p, v] for i in range(8) for p, v in (("a", "0.91"), ("b", "17.5"))]
    answers = write(tmp_path, {"questions": [Q1]}, foreign + right_answers(["s8", "s9"]))
    result = grade(answers)
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and line.startswith("quizgen: error: answers.csv: only 4 of 20 numeric answers (20%)")
    assert "key.json" in line and "--force" in line and "--key" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.csv", "key.json"]
    forced = grade(answers, "--force")
    assert forced.exit_code == 0 and "warning: answers.csv: only 4 of 20" in forced.output
    assert "graded anyway, as --force asks" in forced.output and "pass --force" not in forced.output
    assert len(read(tmp_path / "answers-graded.csv")) == 20


def test_traps_ecf_and_near_misses_count_as_this_keys_answers(tmp_path):
    rows = [[f"s{i}", "Q1", p, v] for i in range(10) for p, v in (("a", "0.25"), ("b", "6.0"), ("b", "3.4"))]
    result = grade(write(tmp_path, {"questions": [Q1]}, rows))
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if line.startswith("quizgen: warning:")]
    assert not any("numeric answers" in line for line in warned), result.output   # no another-key warning
    graded = {(r["part"], r["answer"], r["status"], r["misconception"]) for r in read(tmp_path / "answers-graded.csv")}
    assert graded == {("a", "0.25", "incorrect", "halved"), ("b", "6.0", "superseded", ""),
                      ("b", "3.4", "incorrect", "")}   # graded against this key, every row (round 39's test review)


# ---------------------------------------------------------------- trap credit

@pytest.mark.slow
def test_trap_credit_is_stored_only_when_given_and_awarded(tmp_path):
    assert "credit" not in Trap("halved").to_json() and Trap("halved", credit=0.5).to_json()["credit"] == 0.5
    credited = {**Q1, "parts": [part("a", 0.5, [trap("halved", 0.25, credit=0.5)]), Q1["parts"][1]]}
    answers = write(tmp_path, {"questions": [credited]}, [["s1", "Q1", "a", "0.25"], ["s1", "Q1", "b", "6"]])
    assert grade(answers).exit_code == 0
    rows = read(tmp_path / "answers-graded.csv")
    assert [(r["misconception"], r["score"]) for r in rows] == [("halved", "1"), ("doubled", "0")]
    (tmp_path / "policy.yaml").write_text("traps: {halved: 0.25, doubled: 1}\n", encoding="utf-8")
    assert grade(answers, "--policy", tmp_path / "policy.yaml").exit_code == 0
    rows = read(tmp_path / "answers-graded.csv")
    assert [r["score"] for r in rows] == ["0.5", "2"]


def test_a_trap_credit_out_of_range_names_its_json_path(tmp_path):
    bad = {**Q1, "parts": [part("a", 0.5, [trap("halved", 0.25, credit=2)])]}
    result = grade(write(tmp_path, {"questions": [bad]}, [["s1", "Q1", "a", "0.5"]]))
    assert result.exit_code == 2 and "credit" in result.output


@pytest.mark.slow
def test_an_id_matched_only_by_its_leading_zeros_is_named(tmp_path):
    """A spreadsheet's 123 for 00123 is the same student, and so is a typo's s0012 for
    s012: graded as that student, and the summary says so, so that a typo that
    takes over another student's paper is seen."""
    key = own_papers("00123")
    answers = write(tmp_path, key, [["s012", "Q1", "a", "0.75"], ["s0012", "Q1", "a", "0.5"],
                                    ["123", "Q1", "a", "0.5"], ["00123", "Q1", "b", "3"]])
    result = grade(answers)
    assert result.exit_code == 0, result.output
    assert ("2 student id(s) matched a known id only by leading zeros, and were graded as that student "
            "(check for a typo): s0012 as s012 (who answered as s012 too: of a part both answered, one answer was "
            "graded, as for any part answered twice), 123 as 00123 (who answered as 00123 too: of a part both "
            "answered, one answer was graded, as for any part answered twice)") in " ".join(result.output.split())
    rows = read(tmp_path / "answers-graded-students.csv")
    assert [r["student_id"] for r in rows] == ["s012", "00123"]
    exact = write(tmp_path, key, [["s012", "Q1", "a", "0.75"], ["00123", "Q1", "b", "3"]])
    assert "leading zeros" not in grade(exact).output


def test_a_student_is_named_as_the_roster_writes_them_not_as_the_answers_do(tmp_path):
    """The answers say "Bjorn"; the roster's "Björn Åström" is the name every report shows."""
    answers = write(tmp_path, {"questions": [Q1]}, [("s001", "Bjorn", "Q1", "a", "0.5")],
                    header=("student_id", "name", "question_id", "part", "answer"))
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Björn Åström\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    assert [row["name"] for row in read(tmp_path / "answers-graded-students.csv")] == ["Björn Åström"]


def test_the_summary_counts_students_who_answered_and_says_the_absent_are_at_0(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, [("s001", "Q1", "a", "0.5"), ("s001", "Q1", "b", "3")])
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns002,Bo\ns003,Cy\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    assert "Graded 2 answers from 1 student and 2 on the roster who gave none, counted absent, against" in result.output
    assert ("Class: mean 33.3%, median 0.0% over all 3 students (the 2 absent counted as 0%); "
            "mean 100.0%, median 100.0%, lowest 100.0%, highest 100.0% over the 1 who answered.") in result.output
    assert "  missing (no answer row)        4" in result.output   # the absent's two parts each: no status counts them
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "| missing (no answer row) | 4 |" in report
    assert "2 answers from 1 student and 2 on the roster who gave none, counted absent." in report
    assert "Mean 33.3%, median 0.0% over all 3 students (the 2 absent counted as 0%); mean 100.0%" in report
    # the item analysis leaves the absent out, and says so beside its mean (rev-fresh17: two means, one unlabelled)
    assert "| mean over the 1 who answered | 100.0% |" in report
    html = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    assert "mean over the 1 who answered" in html
    # the page says what report.md's Roster section says (rev-fresh17: an instructor reading only the page missed it)
    assert "<li>2 students on the roster gave no answer (missing, scored 0): s002, s003</li>" in html


@pytest.mark.slow
def test_a_decimal_comma_class_groups_its_absentees_count_the_same_way_everywhere(tmp_path):
    """1,000 absentees in a ';'-separated, decimal-comma class: "1,000" would read
    as one, so the terminal summary groups with a narrow space as report.md does."""
    answers = write(tmp_path, {"questions": [Q1]}, [("s0000", "Q1", "a", "0,5"), ("s0000", "Q1", "b", "3")],
                    delimiter=";")
    ids = "".join(f"s{n:04d}\n" for n in range(1001))
    (tmp_path / "roster.csv").write_text("student_id\n" + ids, encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "over all 1\u202f001 students (the 1\u202f000 absent counted as 0%)" in report
    assert "over all 1\u202f001 students (the 1\u202f000 absent counted as 0%)" in result.output


def test_a_roster_student_without_a_paper_is_named_once_and_not_graded(tmp_path):
    """s007 joined after the papers were made: not 'missing' against the class
    paper, not a typo to correct, but a student whose paper is still to make."""
    key = {"questions": [Q1], "students": {"s001": {"name": "Ada", "questions": [Q1_OWN]}}}
    answers = write(tmp_path, key, [("s001", "Q1", "a", "0.75"), ("s007", "Q1", "a", "0.691")])
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns007,Late Joiner\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if "s007" in line]
    assert notes == ["Note: 1 student(s) on the roster have no paper in key.json (not graded; generate their "
                     "papers, then grade again): s007"], result.output
    assert [row["student_id"] for row in read(tmp_path / "answers-graded-students.csv")] == ["s001"]
    graded = {row["student_id"]: row for row in read(tmp_path / "answers-graded.csv")}
    assert graded["s007"]["status"] == "unknown_student" and "is on the roster but has no paper" in \
        graded["s007"]["reason"]


def test_class_tables_name_a_trap_in_words_where_each_paper_words_it_with_its_own_numbers(tmp_path):
    """Per-student feedback quotes each student's numbers (and the class paper
    nobody received its own): the items CSV and report.md show the code in words."""
    def own(value, said):
        return {**Q1, "parts": [part("a", value, [trap("halved", value / 2, feedback=said)]), part("b", 3.0)]}

    key = {"questions": [own(0.5, "half of 0.5")],
           "students": {"s001": {"name": "Ada", "questions": [own(0.75, "half of 0.75")]},
                        "s002": {"name": "Bo", "questions": [own(0.25, "half of 0.25")]}}}
    answers = write(tmp_path, key, [("s001", "Q1", "a", "0.375"), ("s002", "Q1", "a", "0.125")])
    result = grade(answers, "--force")
    assert result.exit_code == 0, result.output
    items = read(tmp_path / "answers-graded-items.csv")
    assert [row["note"] for row in items if row["level"] == "trap" and row["code"] == "halved"] == ["halved"]
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "| halved | 2 | Q1a | halved |" in report and "half of" not in report


def test_a_trap_a_students_draw_cannot_make_leaves_them_out_of_its_share(tmp_path):
    """C6's used_bert_15_percent does not exist when the draw's rate is 15%: two of
    the three students can fall into it, and both did: a share of 1, not 2/3."""
    def own(value, trap_value):
        first = part("a", value, [trap("halved", 0.25)])
        return {**Q1, "parts": [{**first, "trap_values": [trap_value]}, part("b", 3.0)]}

    key = {"questions": [own(0.5, 0.25)],
           "students": {"s001": {"name": "A", "questions": [own(0.75, 0.375)]},
                        "s002": {"name": "B", "questions": [own(0.25, 0.125)]},
                        "s003": {"name": "C", "questions": [own(0.5, None)]}}}
    answers = write(tmp_path, key, [("s001", "Q1", "a", "0.375"), ("s002", "Q1", "a", "0.125"),
                                    ("s003", "Q1", "a", "0.5")])
    result = grade(answers, "--force")
    assert result.exit_code == 0, result.output
    trap_row = [r for r in read(tmp_path / "answers-graded-items.csv") if r["level"] == "trap"][0]
    assert (trap_row["code"], trap_row["share"]) == ("halved", "1.000")


@pytest.mark.slow
def test_a_trap_share_leaves_out_an_absent_student_whose_draw_lacks_it(tmp_path):
    """The absent are left out of the analysis, so the students a trap lacks are
    counted among those who sat: an absent one used to index past the class (IndexError)."""
    def own(value, trap_value):
        first = part("a", value, [trap("halved", 0.25)])
        return {**Q1, "parts": [{**first, "trap_values": [trap_value]}, part("b", 3.0)]}

    key = {"questions": [own(0.5, 0.25)],
           "students": {"s001": {"name": "A", "questions": [own(0.75, 0.375)]},
                        "s002": {"name": "B", "questions": [own(0.5, None)]},
                        "s003": {"name": "C", "questions": [own(0.5, None)]}}}
    answers = write(tmp_path, key, [("s001", "Q1", "a", "0.375"), ("s002", "Q1", "a", "0.5")])
    result = grade(answers, "--force")
    assert result.exit_code == 0, result.output
    trap_row = [r for r in read(tmp_path / "answers-graded-items.csv") if r["level"] == "trap"][0]
    assert (trap_row["code"], trap_row["share"]) == ("halved", "1.000")


def test_an_override_comment_is_not_the_class_wide_wording_of_a_trap(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, [("s001", "Q1", "a", "0.25"), ("s002", "Q1", "a", "0.25")])
    (tmp_path / "ov.csv").write_text("student_id,question_id,part,score,comment\ns001,Q1,a,0,See me about halving.\n",
                                     encoding="utf-8")
    result = grade(answers, "--overrides", tmp_path / "ov.csv", "--force")
    assert result.exit_code == 0, result.output
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "| halved | 2 | Q1a | feedback for halved |" in report and "See me" not in report


def test_a_trap_no_student_could_make_is_not_listed(tmp_path):
    first = part("a", 0.5, [trap("halved", 0.25)])
    own = {**Q1, "parts": [{**first, "trap_values": [None]}, part("b", 3.0)]}
    key = {"questions": [own], "students": {"s001": {"name": "A", "questions": [own]}}}
    result = grade(write(tmp_path, key, [("s001", "Q1", "a", "0.5")]), "--force")
    assert result.exit_code == 0, result.output
    assert not [r for r in read(tmp_path / "answers-graded-items.csv") if r["level"] == "trap"]


def test_no_escape_or_bell_from_the_files_reaches_the_terminal(tmp_path):
    """An answers row whose id holds control characters (a window-title escape, a bell) is not read
    (cells.has_control); an override whose id holds one is refused at its line, by the same rule."""
    answers = write(tmp_path, {"questions": [Q1]}, [("s\x1b]0;title\x07", "Q1", "a", "0.5"), ("s001", "Q1", "a", "0.5")])
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\n", encoding="utf-8")
    (tmp_path / "ov.csv").write_text("student_id,question_id,part,score\nghost,Q1,a,1\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--overrides", tmp_path / "ov.csv", "--force")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "ghost" in result.output and "1 row(s) not read as a row" in result.output
    (tmp_path / "ov.csv").write_text("student_id,question_id,part,score\nghost\x1b[31m,Q1,a,1\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--overrides", tmp_path / "ov.csv", "--force")
    assert result.exit_code != 0 and "\x1b" not in result.output
    assert "line 2: student_id contains a control character" in result.output


def test_only_the_first_unknown_ids_get_a_hint(tmp_path, monkeypatch):
    """rev-hostile17: 3,000 distinct unknown ids against 2,000 papers took 37 s of difflib;
    past HINT_LIMIT an unknown id is named without a 'did you mean'."""
    import quizgen.grading.students as registry
    monkeypatch.setattr(registry, "HINT_LIMIT", 1)
    answers = write(tmp_path, own_papers("s013"), [["s0120", "Q1", "a", "0.5"], ["s0121", "Q1", "a", "0.5"]])
    result = grade(answers)
    assert result.exit_code == 0, result.output
    rows = read(tmp_path / "answers-graded.csv")
    assert [bool(r["feedback"]) for r in rows] == [True, False]
    assert rows[1]["reason"] == "student 's0121' has no paper in key.json"
