"""Review 40b: the small-CSV reader's checks split a quoted cell of several
lines where the csv module does (\\n, \\r\\n, a lone \\r), not at the other
breaks Python's str.splitlines knows (U+2028, U+0085), which made a rightly
quoted cell read as a stray quote; and a roster, overrides file or gradebook
template names the line a row of several lines starts on, as the stray-quote
check does (it named the row's last line)."""

import pytest

from quizgen.errors import InputFileError
from quizgen.marking.overrides import parse_overrides
from quizgen.roster import Student, parse_roster


@pytest.mark.parametrize("other_break", ["\u2028", "\u0085", "\u2029"])
def test_a_quoted_cell_of_two_lines_holding_another_break_is_read(other_break):
    text = f'student_id,name\ns1,"Ada\r\nnotes: a, b, c{other_break}end"\ns2,Bo\n'
    assert parse_roster(text) == [Student("s1", "Ada notes: a, b, c end"), Student("s2", "Bo")]   # a name on one line


def test_a_roster_names_the_line_a_row_of_several_lines_starts_on():
    text = 'student_id,name\ns1,"Ada\nLovelace"\ns2,Bo\ns1,"Ada\nL."\n'
    with pytest.raises(InputFileError, match=r"^roster: line 5: student_id 's1' repeats line 2$"):
        parse_roster(text)


def test_overrides_name_the_line_a_row_of_several_lines_starts_on():
    text = 'student_id,question_id,part,score,comment\ns1,Q1,a,5,"two\nlines"\n'
    with pytest.raises(InputFileError, match=r"^overrides: line 2: score '5' is not a number"):
        parse_overrides(text)
    undecided = []
    parse_overrides('student_id,name,question_id,part,score\ns1,"Ada\nLovelace",Q1,a,\ns2,Bo,Q1,a,\n',
                    undecided=undecided)
    assert undecided == [2, 4]
