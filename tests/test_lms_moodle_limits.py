"""What Moodle does with what quizgen writes for it: a grade over 100 stops
its grade import (grade/import/csv/classes/load_data.php, insert_grade_record,
unless the site allows unlimited grades), and "Interactive with multiple
tries" gives a question one try more than its hints, none exported
(question/behaviour/interactive/behaviour.php, init_first_step)."""

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.lms.attempts import retried_note
from quizgen.lms.gradebook import Grade
from quizgen.lms.import_limits import over_moodle_maximum
from quizgen.lms.responses import ResponseRow
from test_grade_outputs import ANSWERS, small_key, write


def test_a_paper_over_100_points_is_warned_for_moodle_s_import():
    (warning,) = over_moodle_maximum([Grade("s1", "A", 120, 150), Grade("s2", "B", 90, 150)])
    assert warning.startswith("the paper's maximum is 150 points, over 100 (1 grade(s) here are over 100): Moodle's "
                              "grade import refuses the whole file at a grade over 100 unless the site allows "
                              "unlimited grades")
    assert over_moodle_maximum([Grade("s1", "A", 100, 100)]) == []


def test_grade_says_so_for_a_moodle_gradebook_only(tmp_path):
    key = small_key()
    question = key["questions"][0]
    question["points"], question["parts"][0]["points"], question["parts"][1]["points"] = 152, 150, 2
    answers = write(tmp_path, key, ANSWERS[:6])
    moodle = CliRunner().invoke(main, ["grade", str(answers), "--gradebook", "moodle"])
    assert moodle.exit_code == 0, moodle.output
    assert "the paper's maximum is 153 points, over 100 (1 grade(s) here are over 100)" in " ".join(
        moodle.output.split())
    plain = CliRunner().invoke(main, ["grade", str(answers), "--gradebook", "plain"])
    assert "over 100" not in plain.output


def test_the_note_on_several_tries_names_adaptive_mode_only():
    """With no hints exported, Interactive mode gives one try: only Adaptive mode retries."""
    (note,) = retried_note("r.csv", [ResponseRow("s1", "A", 1, 1, "t", "v", "a", "1", tries=2)])
    assert "in Adaptive mode Moodle takes the question's penalty" in note and "Interactive" not in note
