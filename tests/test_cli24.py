"""Messages and help a docs reviewer found wrong or silent (rev-docs24): each
says what the command at hand means, and what to do next."""

import pytest
import csv
import json
import shlex
from pathlib import Path

from test_grade_roster import Q1, right_answers, write

ROOT = Path(__file__).resolve().parent.parent
C1_TEMPLATE = ROOT / "question_bank" / "c1_confident_correct.yaml"


def _one_line(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- 1. Moodle keyed by email, no id an email

@pytest.mark.slow
def test_moodle_by_email_when_no_id_is_an_email_suggests_the_id_number_key(tmp_path, invoke):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001", "s002"]))
    result = invoke("grade", answers, "--gradebook", "moodle", "--gradebook-key", "email", "--jobs", 1)
    assert result.exit_code == 0, result.output
    said = _one_line(result.output)
    assert ("2 graded student id(s) are not email addresses, which Moodle's import by Email address cannot "
            "match: s001, s002; if they are the students' ID numbers in Moodle, grade without "
            "--gradebook-key email") in said, said


# ---------------------------------------------------------------- 2. help: an example, what answers.csv holds

@pytest.mark.slow
def test_the_top_help_shows_generate_then_grade_and_the_example_runs(tmp_path, invoke, monkeypatch):
    shown = invoke("--help").output
    lines = [line.split(" #")[0].strip() for line in shown.splitlines() if line.strip().startswith("quizgen ")]
    assert [shlex.split(line)[1] for line in lines] == ["generate", "grade"], shown
    monkeypatch.chdir(tmp_path)
    assert invoke(*shlex.split(lines[0])[1:]).exit_code == 0
    with open(tmp_path / "quiz" / "key.csv", newline="", encoding="utf-8") as handle:
        rows = [f"s001,{r['question_id']},{r['part']},{r['answer']}" for r in csv.DictReader(handle)]
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\n" + "\n".join(rows) + "\n")
    graded = invoke(*shlex.split(lines[1])[1:])
    assert graded.exit_code == 0, graded.output
    assert (tmp_path / "answers-graded.csv").is_file()


def test_grade_help_says_what_the_answers_file_holds(invoke):
    shown = _one_line(invoke("grade", "--help").output)
    assert "student_id, question_id, part, answer" in shown and "student_id, Q1a, Q1b" in shown, shown
    assert "docs/grading.md" in shown


def test_generate_help_counts_questions_per_template_of_every_bank(invoke):
    shown = _one_line(invoke("generate", "--help").output)
    assert "per class of the built-in bank" not in shown
    assert "Questions per template, of the built-in bank and of each --bank" in shown, shown


# ---------------------------------------------------------------- 3. --delimiter given, one column

def test_a_given_delimiter_that_gives_one_column_says_what_the_file_looks_separated_by(tmp_path, invoke):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]))
    result = invoke("grade", answers, "--delimiter", ";")
    assert result.exit_code == 2
    assert "try --delimiter)" not in result.stderr
    assert result.stderr.rstrip().endswith(
        "(--delimiter ';' gave one column only; the header looks separated by ',': "
        "try --delimiter ',', or leave --delimiter out to detect it)"), result.stderr


def test_a_given_tab_delimiter_is_named_and_no_separator_found_is_said(tmp_path, invoke):
    (tmp_path / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id question_id part answer\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--delimiter", "tab")
    assert result.exit_code == 2
    assert result.stderr.rstrip().endswith(
        "(--delimiter tab gave one column only, and the header has no ',', ';', tab or '|' between its names)"), \
        result.stderr


# ---------------------------------------------------------------- 4. --count in the command's own words

def test_export_count_out_of_range_speaks_of_variants_per_slot(tmp_path, invoke):
    result = invoke("export", "moodle", "--count", 0, "--out", tmp_path / "q.xml")
    assert result.exit_code == 2
    assert result.stderr == "quizgen: error: --count must be from 1 to 10,000 (variants per slot), got 0\n"


def test_generate_count_out_of_range_speaks_of_questions_per_template(tmp_path, invoke):
    result = invoke("generate", "--count", 0, "--out", tmp_path / "quiz")
    assert result.exit_code == 2
    assert result.stderr == "quizgen: error: --count must be from 1 to 10,000 (questions per template), got 0\n"


# ---------------------------------------------------------------- 5. validate --samples 0

@pytest.mark.slow
def test_validate_samples_zero_says_sampling_was_skipped(invoke):
    result = invoke("validate", C1_TEMPLATE, "--samples", 0)
    assert result.exit_code == 0, result.output
    line = result.output.strip()
    assert "sampling skipped (--samples 0)" in line and "0 samples" not in line, line
    assert line.startswith("ok C1 mlm-confident-correct (") and "2 parts, 5 traps" in line, line


def test_validate_help_documents_samples_zero(invoke):
    assert "0 skips sampling" in _one_line(invoke("validate", "--help").output)


# ---------------------------------------------------------------- 6. policy errors name their line

def test_a_points_part_the_template_lacks_names_its_line(tmp_path, invoke):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]))
    (tmp_path / "policy.yaml").write_text("ecf_credit: 1\npoints:\n  C1: {a: 2}\n  t1:\n    z: 3\n")
    result = invoke("grade", answers, "--policy", tmp_path / "policy.yaml", "--jobs", 1)
    assert result.exit_code == 2
    assert result.stderr.rstrip().endswith("policy.yaml:5: points.t1.z: t1 has no part 'z' (its parts: a, b)"), \
        result.stderr


def test_a_trap_code_the_template_lacks_names_its_line(tmp_path, invoke):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]))
    (tmp_path / "policy.yaml").write_text("traps:\n  halved: 0.5\n  C1:\n    doubled: 1\n    halfed: 0.5\n")
    result = invoke("grade", answers, "--policy", tmp_path / "policy.yaml", "--jobs", 1)
    assert result.exit_code == 2
    assert result.stderr.rstrip().endswith("policy.yaml:5: traps.C1.halfed: C1 has no misconception 'halfed' "
                                           "(did you mean 'halved'?)"), result.stderr


def test_every_policy_points_and_traps_error_and_warning_names_its_line(tmp_path):
    """Beyond the two the reviewer met: a part's points not a number, a template's
    entry not a mapping, a general trap code no question has."""
    from quizgen.errors import InputFileError
    from quizgen.marking.policy import parse_policy

    for text, message in [("ecf_credit: 1\npoints:\n  C4:\n    a: lots\n",
                           "p.yaml:4: points.C4.a: expected a number of points (0 to 1e+06), found 'lots'"),
                          ("ecf_credit: 1\npoints:\n  C4: 3\n", "p.yaml:3: points.C4: expected a mapping, found 3"),
                          ("ecf_credit: 1\n\ntraps: [a]\n", "p.yaml:3: traps: expected a mapping, found ['a']")]:
        try:
            parse_policy(text, "p.yaml")
        except InputFileError as exc:
            assert str(exc) == message
        else:
            raise AssertionError(f"{text!r} was accepted")
    policy = parse_policy("ecf_credit: 1\ntraps:\n  halfd: 0.5\n", "p.yaml")
    assert policy.check_trap_codes({"C1": {"halved"}}) == [
        "p.yaml:3: traps.halfd: no question on this paper has that misconception (did you mean 'halved'?)"]


# ---------------------------------------------------------------- 7. drill --stats on an unreadable record

def test_stats_on_a_record_that_cannot_be_read_does_not_say_none_is_recorded(tmp_path, invoke, monkeypatch):
    record = tmp_path / "prog.json"
    record.write_text('{"format": "quizgen-progress", bad\n')   # ours, damaged (44e F8: another file is refused)
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(record))
    result = invoke("drill", "--stats")
    assert result.exit_code == 0
    assert "could not be read as JSON (" in result.stderr   # round 33: no "not a quizgen progress file"
    assert "No progress recorded yet" not in result.stdout
    assert result.stdout.startswith(f"The record in {record} could not be read (see the warning above); "
                                    "nothing from it is shown."), result.stdout
    assert record.read_text() == '{"format": "quizgen-progress", bad\n'


def test_stats_with_no_record_yet_still_says_so(tmp_path, invoke, monkeypatch):
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(tmp_path / "none.json"))
    result = invoke("drill", "--stats")
    assert result.stdout.startswith("No progress recorded yet (") and not result.stderr
