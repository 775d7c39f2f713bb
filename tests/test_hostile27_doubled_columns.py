"""A header naming one column twice (``score,score``, ``student_id,Student
ID``, ``name,name``) in an overrides file or a roster is refused on one line
naming both columns, as the answers file's is: which copy the file means
cannot be known, and the first was read silently."""

import pytest

from quizgen.errors import InputFileError
from quizgen.marking.overrides import parse_overrides

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

