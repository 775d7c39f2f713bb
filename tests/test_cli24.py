"""Messages and help a docs reviewer found wrong or silent (rev-docs24): each
says what the command at hand means, and what to do next."""

import json
import shlex
from pathlib import Path

from tests.test_grade_roster import Q1, right_answers, write

ROOT = Path(__file__).resolve().parent.parent
C1_TEMPLATE = ROOT / "question_bank" / "c1_confident_correct.yaml"


def _one_line(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- 1. Moodle keyed by email, no id an email

def test_moodle_by_email_when_no_id_is_an_email_suggests_the_id_number_key(tmp_path, invoke):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001", "s002"]))
    result = invoke("grade", answers, "--gradebook", "moodle", "--gradebook-key", "email", "--jobs", 1)
    assert result.exit_code == 0, result.output
    said = _one_line(result.output)
    assert ("2 graded student id(s) are not email addresses, which Moodle's import by Email address cannot "
            "match: s001, s002; if they are the students' ID numbers in Moodle, grade without "
            "--gradebook-key email") in said, said
