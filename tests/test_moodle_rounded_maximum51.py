"""A Moodle download's ``Grade/N`` heading is the quiz's maximum grade rounded
to the quiz's "Decimal places in grades" (attemptsreport.php,
add_grade_columns: quiz_format_grade): a maximum of 7.5 shown with none is
``Grade/8``. The Moodle file scaled to 8 writes a full mark 8, above the grade
item's 7.5, and Moodle's import refuses the whole file; so grade warns when
the heading has fewer than two decimals and a grade written could be above
the real maximum (review 51b F5)."""

from types import SimpleNamespace

import pytest

from quizgen.grading.gradebook_warnings import moodle_rounded_warning
from test_moodle_ids31 import graded_with_maximum


def _warning(maximum, places, *scores):
    outputs = SimpleNamespace(gradebook="moodle", moodle_maximum=maximum, moodle_places=places)
    students = [SimpleNamespace(student_id=f"s{n}", name="", score=score, max_score=4)
                for n, score in enumerate(scores)]
    return moodle_rounded_warning(outputs, SimpleNamespace(students=students))


def test_a_heading_without_decimals_warns_when_a_grade_could_be_above_the_real_maximum():
    (warning,) = _warning(8.0, 0, 4, 2)
    assert warning.startswith("the download heads its grade column 'Grade/8', the quiz's maximum grade rounded to "
                              "the quiz's 0 decimal place(s) in grades, so the real maximum may be as low as 7.5: "
                              "1 grade(s) in the Moodle gradebook file, scaled to 8, could be above it (s0's is 8)")
    assert "set the quiz's 'Decimal places in grades' (Settings > Appearance) to 2" in warning
    assert _warning(10.0, 1, 3.99)[0].startswith("the download heads its grade column 'Grade/10.0', ")   # 9.975 > 9.95


def test_no_warning_when_no_grade_could_be_above_it_or_the_heading_has_two_decimals():
    assert _warning(8.0, 0, 3.75, 2) == []   # 7.5 of 8 is at most the real maximum
    assert _warning(10.0, 2, 4) == [] and _warning(None, None, 4) == []


@pytest.mark.slow
def test_grade_warns_of_a_rounded_moodle_heading(tmp_path, invoke):
    said = " ".join(graded_with_maximum(invoke, tmp_path, "8").output.split())
    assert "the download heads its grade column 'Grade/8', the quiz's maximum grade rounded" in said
    assert "2 grade(s) in the Moodle gradebook file, scaled to 8, could be above it (s000's is 8)" in said
