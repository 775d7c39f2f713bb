"""Session 19 review fixes in marking: an early-rounding note after a wrong
earlier part names the value worked from the student's own answer as theirs
and gives the right answer as "expected"; invisible format characters in a
student id are ignored like spaces; a policy leaving a paper worth nothing, or
a part worth a vanishing amount, is refused; an unmatched override's warning
shows its cells on one line."""

import csv
import io

import pytest

from quizgen.cells import spreadsheet_safe
from quizgen.errors import InputFileError
from quizgen.marking.overrides import Override, describe_unmatched
from quizgen.marking.policy import parse_policy
from quizgen.marking.student_ids import normalise_id
from test_grade_roster import Q1, grade, read, write

CLASS_PAPER = ("--classes", "C1,C5,C7,C9", "--seed", "19")   # Q1 is C1: p = 0.9094, loss 0.09492


@pytest.fixture(scope="module")
def class_paper(tmp_path_factory):
    """The key of ``generate --classes C1,C5,C7,C9 --seed 19``, made once."""
    from click.testing import CliRunner

    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("paper19")
    result = CliRunner().invoke(main, ["generate", *CLASS_PAPER, "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return folder / "key.json"


def _graded(tmp_path, key, rows, *options):
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question,part,answer\n" + "".join(f"{','.join(r)}\n" for r in rows),
                       encoding="utf-8")
    result = grade(answers, "--key", key, *options)
    return result, (read(tmp_path / "answers-graded.csv") if result.exit_code == 0 else [])


# ---------------------------------------------------------------- 1. "expected" is the right answer

@pytest.mark.slow
def test_early_rounding_after_a_wrong_part_names_its_own_value_and_expects_the_right_one(tmp_path, class_paper):
    result, rows = _graded(tmp_path, class_paper, [("s04", "Q1", "a", "0.800"), ("s04", "Q1", "b", "0.22")])
    assert result.exit_code == 0, result.output
    b = rows[1]
    assert (b["status"], b["note"], b["expected"]) == ("imprecise", "rounded_too_early", "0.09492")
    # -ln 0.800 = 0.2231 is named as worked from their (a); "expected" is the right loss, 0.09492 to 3 figures
    assert b["feedback"] == ("marked from your (a) = 0.800: rounded too early: right to 2 significant figures "
                             "given that value, give at least 3 (error carried forward: from your (a) the answer "
                             "is 0.223; from the exact (a), expected 0.0949)")


# ---------------------------------------------------------------- 2. invisible characters in an id

@pytest.mark.parametrize("raw", ["s\u200b002", "\u202es002", "s002\ufeff", "s\u00ad002", "s\u2060002",
                                 "s\u00a0002", "s\u2009002"])
def test_an_id_with_invisible_format_characters_or_odd_spaces_is_the_plain_id(raw):
    assert normalise_id(raw) == "s002"


def test_invisible_characters_in_ids_match_the_roster_and_stay_in_graded_csv(tmp_path):
    rows = [["s\u200b002", "Q1", "a", "0.5"], ["\u202es003", "Q1", "a", "0.5"], ["s003\ufeff", "Q1", "b", "3"],
            ["\u200b", "Q1", "a", "0.5"]]
    answers = write(tmp_path, {"questions": [Q1]}, rows)
    (tmp_path / "roster.csv").write_text("student_id,name\ns002,Ada\ns003,Bo\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    assert "gave no answer" not in result.output and "not on the roster" not in result.output
    students = read(tmp_path / "answers-graded-students.csv")
    assert [(s["student_id"], s["name"], s["score"]) for s in students] == [("s002", "Ada", "2"), ("s003", "Bo", "4")]
    graded = read(tmp_path / "answers-graded.csv")
    # the student's own text, kept as written but for direction controls (session 21); an id of nothing visible is no id
    assert [r["student_id"] for r in graded] == ["s\u200b002", "s003", "s003\ufeff", "\u200b"]
    assert graded[3]["status"] == "invalid"


def test_a_cell_starting_with_a_bidi_control_is_no_formula_start_and_a_formula_after_it_is_kept_as_text():
    assert spreadsheet_safe("\u202es003") == "s003"   # a direction control leaves every CSV cell (session 21)
    assert spreadsheet_safe("=1+2") == "'=1+2"


# ---------------------------------------------------------------- 3. policy points that leave nothing

ALL_ZERO = "points:\n  C1: {a: 0, b: 0}\n  C5: {a: 0, b: 0, c: 0, d: 0}\n  C7: {a: 0, b: 0, c: 0}\n" \
           "  C9: {a: 0, b: 0, c: 0}\n"


@pytest.mark.slow
def test_a_policy_leaving_the_paper_worth_nothing_is_refused_naming_its_line(tmp_path, class_paper):
    (tmp_path / "policy.yaml").write_text("ecf_credit: 1\n" + ALL_ZERO, encoding="utf-8")
    result, _ = _graded(tmp_path, class_paper, [("s04", "Q1", "a", "0.9094")], "--policy", tmp_path / "policy.yaml")
    assert result.exit_code == 2
    assert "policy.yaml:2: points: these points leave the class paper worth 0 points in total" in result.output
    assert len(result.output.strip().splitlines()) == 1
    (tmp_path / "policy.yaml").write_text(ALL_ZERO.replace("b: 0}", "b: 0.5}", 1), encoding="utf-8")
    result, rows = _graded(tmp_path, class_paper, [("s04", "Q1", "b", "0.09492")], "--policy", tmp_path / "policy.yaml")
    assert result.exit_code == 0 and rows[0]["score"] == "0.5" and "Class: mean 100.0%" in result.output


@pytest.mark.parametrize("points", ["1e-320", "0.00009"])
def test_a_part_worth_a_vanishing_number_of_points_is_refused_with_file_and_line(points):
    with pytest.raises(InputFileError) as error:
        parse_policy(f"ecf_credit: 1\npoints:\n  C1:\n    b: 2\n    a: {points}\n", "policy.yaml")
    assert str(error.value).startswith(f"policy.yaml:5: points.C1.a: {float(points)!r} points is too few to count")
    assert str(error.value).endswith("give 0 or at least 0.0001")
    assert parse_policy("points: {C1: {a: 0.0001, b: 0}}").points == {"C1": {"a": 0.0001, "b": 0}}


# ---------------------------------------------------------------- 4. an unmatched override's warning

def test_an_unmatched_override_shows_its_cells_on_one_line_and_shortened():
    odd = Override("s1\nQ2,a,1\x00", "Q1\r", "a\x1b", 1.0, line=3)
    long = Override("x" * 300, "Q1", "", 1.0, line=4)
    lines = describe_unmatched([odd, long], "overrides.csv")
    assert lines[0] == "overrides.csv: line 3: override for s1?Q2,a,1? Q1? (a?) matches no answer"
    assert lines[1] == f"overrides.csv: line 4: override for {'x' * 57}... Q1 matches no answer"
    assert all(text.isprintable() for text in lines)


def test_an_override_file_with_a_long_id_warns_with_it_shortened(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", "0.5"]])
    text = io.StringIO()
    csv.writer(text).writerows([["student_id", "question_id", "part", "score"], ["z" * 500, "Q1", "a", "1"]])
    (tmp_path / "overrides.csv").write_text(text.getvalue(), encoding="utf-8")
    result = grade(answers, "--overrides", tmp_path / "overrides.csv")
    assert result.exit_code == 0, result.output
    assert f"line 2: override for {'z' * 57}... Q1 (a) matches no answer" in result.output
