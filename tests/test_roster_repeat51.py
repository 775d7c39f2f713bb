"""Review 51a F5: a roster listing s001 and s٠٠١ (Arabic-Indic digits; one id since rounds 49-50) was
refused "(ids are compared ignoring case and spaces)", a reason a person comparing the two would not
recognise. The refusal names what else is ignored and the id both are read as."""

import pytest

from quizgen.errors import InputFileError
from quizgen.roster import read_roster


@pytest.mark.parametrize("first, second", [("s001", "s\u0660\u0660\u0661"), ("s001", "\uff53\uff10\uff10\uff11"),
                                           ("s001", "s0\u200b01")])
def test_a_repeat_in_other_digits_or_forms_says_why_it_is_one_id(tmp_path, first, second):
    path = tmp_path / "roster.csv"
    path.write_text(f"student_id,name\n{first},A\n{second},B\ns002,C\n", encoding="utf-8")
    with pytest.raises(InputFileError) as error:
        read_roster(path)
    assert str(error.value) == (
        f"{path}: line 3: student_id {second!r} repeats line 2 ('s001': ids are compared ignoring case, spaces, "
        "invisible characters and the script and width of digits and letters: both are read as 's001')")
