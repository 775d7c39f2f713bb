"""fix58t: the three refusals of two ids that are one student (a roster's repeated line, a
Moodle download's two accounts, a per-student key's two papers) explain the sameness in one
helper's words (marking.student_ids.why_one_id), each keeping its own context sentence."""

import pytest

from quizgen.errors import InputFileError
from quizgen.grading.students import one_paper_each
from quizgen.marking.student_ids import why_one_id
from quizgen.roster import parse_roster

PAIRS = [("S001", "s 001"), ("s001", "s\u0660\u0660\u0661"), ("s001", "\uff53\uff10\uff10\uff11"),
         ("\u00e91", "e\u03011"), ("s001", "s0\u200b01")]


@pytest.mark.parametrize("first, other", PAIRS)
def test_a_roster_and_a_key_say_why_two_ids_are_one_in_the_same_words(first, other):
    why = why_one_id(first, other)
    with pytest.raises(InputFileError) as roster:
        parse_roster(f"student_id,name\n{first},A\n{other},B\n", "r.csv")
    assert str(roster.value).endswith(f"repeats line 2 ({why_one_id(first, other, named=False)})")
    assert why in str(roster.value)
    assert f"are one student ({why}); expected one paper a student" in str(one_paper_each([first, other], "key.json"))


def test_the_reasons_name_case_and_spaces_or_all_that_is_ignored():
    assert why_one_id("S001", "s 001") == "ids are compared ignoring case and spaces"
    assert why_one_id("S001", "s 001", named=False) == "'S001': ids are compared ignoring case and spaces"
    for other in ("s\u0660\u0660\u0661", "\uff53\uff10\uff10\uff11", "s0\u200b01", "s001\x00"):
        assert why_one_id("s001", other) == ("ids are compared ignoring case, spaces, invisible characters and the "
                                             "script and width of digits and letters: both are read as 's001'")
    assert why_one_id("\u00e91", "e\u03011").endswith(", as a keyboard or a copy from a PDF can give them")


@pytest.mark.slow
def test_a_moodle_download_says_it_in_the_same_words(tmp_path, invoke):
    from test_lms57l import two_ids_graded

    run = two_ids_graded(tmp_path, invoke, "s001", "s\u0660\u0660\u0661")
    assert f"are one id by the id rule ({why_one_id('s001', 's٠٠١')}), so quizgen cannot tell" in run.stderr, run.stderr
