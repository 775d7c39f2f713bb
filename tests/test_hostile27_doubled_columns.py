"""A header naming one column twice (``score,score``, ``student_id,Student
ID``, ``name,name``) in an overrides file or a roster is refused on one line
naming both columns, as the answers file's is: which copy the file means
cannot be known, and the first was read silently."""

import pytest

from quizgen.errors import InputFileError
from quizgen.marking.overrides import parse_overrides
from quizgen.roster import parse_roster

DOUBLED_OVERRIDES = [
    ("student_id,question_id,part,score,score", "columns 'score' and 'score' both name the mark (a share)"),
    ("student_id,question_id,part,points,Points", "columns 'points' and 'Points' both name the mark (points)"),
    ("student_id,Student ID,question_id,part,score", "columns 'student_id' and 'Student ID' both name the student id"),
    ("student_id,question_id,question_id,part,score", "both name the question"),
    ("student_id,question_id,part,part,score", "columns 'part' and 'part' both name the part"),
    ("student_id,question_id,part,score,status,status", "both name the status"),
    ("student_id,question_id,part,score,comment,comment", "both name the comment"),
]


def refusal(parse, text: str, source: str) -> str:
    """The one line ``parse`` refuses ``text`` with."""
    with pytest.raises(InputFileError) as caught:
        parse(text, source)
    message = str(caught.value)
    assert message.startswith(f"{source}: line 1: columns ") and message.endswith("; expected one such column")
    return message


@pytest.mark.parametrize("header, words", DOUBLED_OVERRIDES)
def test_overrides_with_a_doubled_column_are_refused(header, words):
    assert words in refusal(parse_overrides, header + "\ns1,Q1,a,0.5,1,1\n", "ov.csv")


def test_overrides_with_one_of_each_column_are_read():
    (override,) = parse_overrides("student_id,question_id,part,score,comment\ns1,Q1,a,0.5,checked\n", "ov.csv")
    assert (override.student_id, override.question_id, override.part) == ("s1", "Q1", "a")


DOUBLED_ROSTERS = [
    ("student_id,student_id,name", "columns 'student_id' and 'student_id' both name the student id"),
    ("student_id,Student ID,name", "columns 'student_id' and 'Student ID' both name the student id"),
    ("student_id,name,name", "columns 'name' and 'name' both name the student's name"),
    ("student_id,first name,last name,First Name", "columns 'first name' and 'First Name' both name the given name"),
    ("student_id,first name,last name,last name", "both name the family name"),
]


@pytest.mark.parametrize("header, words", DOUBLED_ROSTERS)
def test_a_roster_with_a_doubled_column_is_refused(header, words):
    assert words in refusal(parse_roster, header + "\ns1,x,A,B\n", "roster.csv")


def test_generate_refuses_students_from_a_roster_with_two_id_columns(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,student_id,name\ns1,x,A\ns2,y,B\n")
    result = invoke("generate", "--students", roster, "--classes", "C1", "--out", tmp_path / "out")
    assert result.exit_code == 2 and not (tmp_path / "out").exists()
    assert result.stderr.strip() == (f"quizgen: error: {roster}: line 1: columns 'student_id' and 'student_id' "
                                     "both name the student id; expected one such column")


def test_a_roster_with_one_of_each_column_is_read():
    assert [(s.student_id, s.name) for s in parse_roster("student_id,name\ns1,Ann\n", "roster.csv")] == [("s1", "Ann")]
