"""Session 28 leftovers: --attempt on a file with no attempts (refused since round 39), the stale
gradebook's origin, roster twins in report.md, an override for an id with no
paper, the gradebook leading-zero note's "and N more", and report.md's "To act
on" reasons per part."""

import pytest
import csv
import io

from click.testing import CliRunner

from quizgen.cli import main
from fixtures_papers import coded_answers
from test_lms_attempts27 import RIGHT, _moodle


def _paper(tmp_path, count=2):
    made = CliRunner().invoke(main, ["generate", "--seed", "5", "--count", str(count), "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    return tmp_path / "paper" / "key.json"


def _answers(tmp_path, rows, name="answers.csv"):
    path = tmp_path / name
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    return path


def _grade(*args):
    result = CliRunner().invoke(main, ["grade", *map(str, args)])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.slow
def test_attempt_given_for_an_answers_csv_is_refused_and_not_given_says_nothing(tmp_path):
    """Round 39: --attempt for an answers file (no attempts) is refused, as --zero-absent without
    --gradebook is, rather than ignored with a note; not given, nothing is said."""
    key = _paper(tmp_path)
    path = _answers(tmp_path, [["s1", "Q1", "a", "0.5"], ["s2", "Q1", "a", "0.3"]])
    refused = CliRunner().invoke(main, ["grade", str(path), "--key", str(key), "--attempt", "last"])
    assert refused.exit_code == 2 and refused.output.startswith("quizgen: error: --attempt is for a Moodle or "
                                                                "Canvas responses download"), refused.output
    assert "--attempt" not in _grade(path, "--key", key)


def test_attempt_given_for_a_download_says_nothing_of_being_ignored(tmp_path):
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT)])
    assert "ignored" not in _grade(path, "--key", key, "--attempt", "first")


def test_grading_inputs_hands_back_the_rows_of_its_answers_csv():
    """attempt_scores marks these rows, not the CSV text read back; each row is the CSV's, as typed."""
    from quizgen.cells import unguard
    from quizgen.lms.papers import grading_inputs
    from quizgen.lms.responses import ResponseRow
    from test_canvasecf23 import C7

    rows = [ResponseRow("=s001", "Ada", 1, None, C7, f"42/{C7}/0", part, answer, row=1)
            for part, answer in (("a", "-ln(0.7)"), ("b", "3.92"), ("c", "@x"))]
    inputs = grading_inputs(rows)
    read = [tuple(unguard(r[c]) for c in ("student_id", "question_id", "part", "answer"))
            for r in csv.DictReader(io.StringIO(inputs.answers))]
    assert list(inputs.rows) == read and read[0][0] == "=s001" and read[0][3] == "-ln(0.7)"


# ---------------------------------------------------------------- 2. a kept Moodle gradebook's origin

def test_a_moodle_gradebook_of_an_earlier_run_without_template_is_not_said_filled_from_one(tmp_path, invoke):
    """An earlier run graded s1, s2 and s3 (no template); this one grades s1 and s2, s1 now wrong."""
    from test_left27 import Q1

    (tmp_path / "key.json").write_text(__import__("json").dumps({"questions": [Q1]}), encoding="utf-8")
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\ns2,Q1,a,0.5\ns3,Q1,a,0.5\n", encoding="utf-8")
    first = invoke("grade", answers, "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/", "--gradebook", "moodle")
    assert first.exit_code == 0, first.output
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,9\ns2,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/")
    output = " ".join(result.output.split())
    assert "filled from a --gradebook-template" not in output
    assert (f"warning: kept a-graded-gradebook-moodle.csv in {tmp_path / 'r'}/: a Moodle gradebook an earlier run "
            "wrote (grading other students, or filling a --gradebook-template), listing 1 student(s) this run does "
            "not grade (s3), with grades not all this run's") in output


def test_a_kept_gradebooks_ids_matching_only_by_leading_zeros_are_listed_apart():
    from quizgen.grading.stale import _merged_warning

    line = _merged_warning("g.csv", "r/", (["s3"], ["0123"], [], []))
    assert "listing 1 student(s) this run does not grade (s3) and 1 id(s) matching this run's only by leading " \
           "zeros (0123), with grades" in line


# ---------------------------------------------------------------- 3. roster twins in report.md

def test_roster_twins_are_warned_of_in_report_mds_roster_section(tmp_path, invoke):
    from test_fix27b import grade_roster_twins

    output, _ = grade_roster_twins(tmp_path, invoke, "123")
    report = (tmp_path / "r" / "a-graded-report.md").read_text(encoding="utf-8")
    roster = report.split("## Roster", 1)[1]
    assert ("- Warning: --roster roster.csv lists student ids differing only by leading zeros, taken as different "
            "students (none is matched to another id by its zeros; check the roster): 00123 and 123") in roster
    assert output.count("differing only by leading zeros") == 1   # the command line: the warning, once


# ---------------------------------------------------------------- 4. an override for an id with no paper and no rows

def test_an_override_for_an_id_with_no_paper_and_no_answer_row_says_it_has_no_paper(tmp_path, invoke):
    from test_overrides27 import graded

    said, _ = graded(invoke, tmp_path, "00131,Q1,a,0.5\n", "00199,Q1,a,1\n")
    assert ("ov.csv: line 2: 00199 has no paper in key.json (did you mean 00139"
            in said), said
    assert "so the override for Q1 (a) cannot grade it; correct the id" in said
    assert "matches no answer" not in said


# ---------------------------------------------------------------- 5. the gradebook's leading-zero note

def test_the_gradebook_leading_zero_note_counts_the_ids_it_does_not_name(tmp_path, invoke):
    import json

    from test_left27 import Q1

    ids = [f"0010{n}" for n in range(1, 8)]
    (tmp_path / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n" + "".join(f"{i},Q1,a,0.5\n" for i in ids),
                                    encoding="utf-8")
    (tmp_path / "export.csv").write_text("First name,Last name,ID number,Email address,Quiz: Week 1 (Real)\n"
                                         + "".join(f"A,B,{int(i)},,\n" for i in ids), encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/",
                    "--gradebook", "moodle", "--gradebook-template", tmp_path / "export.csv", "--gradebook-item", "Week 1")
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert ("7 student id(s) of export.csv matched a graded id only by leading zeros, and the grade is written under "
            "export.csv's id (check for a typo): 101 as 00101, 102 as 00102, 103 as 00103, 104 as 00104, 105 as 00105 "
            "and 2 more") in output, output


# ---------------------------------------------------------------- 6. "To act on": each part's own reason


def test_the_to_act_on_line_gives_each_part_its_own_reason(invoke, papers):
    """s001 wrote s002's code on (a) and a sentence, with no code, on (b): the line gave the code's
    reason for both parts; (b) waits for a person to read it."""
    folder, info = papers
    answers = coded_answers(folder, [("s001", info["s002"][0], "a", info["s002"][1][0]),
                                ("s001", "", "b", "about three quarters I think"),
                                ("s002", info["s002"][0], "a", info["s002"][1][0])])
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--roster", folder / "roster.csv")
    assert result.exit_code == 0, result.output
    why = (f"paper code of s002's paper {info['s002'][0]} on 1 answer(s), not their own {info['s001'][0]}; "
           "--paper-as-written grades them against it")
    report = (folder / "swap-graded-report.md").read_text(encoding="utf-8")
    assert f"- s001 (Ada Lovelace): Q1a ({why}); Q1b (a person should read this answer)\n" in report, report


def test_parts_sharing_a_reason_are_grouped():
    from quizgen.report.attention import ToAct, add_reasons, parts_text

    row = ToAct("s1", "", ["Q1a", "Q1b", "Q2a", "Q3a"], [])
    add_reasons([row], {"s1": {"Q1a": "code", "Q1b": "read", "Q2a": "code"}})
    assert parts_text(row, "review") == "Q1a, Q2a (code); Q1b (read); Q3a"
