"""Review 57c F4's student, named (round 58): C9 of seed 2024, Q9 (s = 2.1, y = 0, L = 3.4766, 3.48). They
kept e^(-2.1) = 0.122456 as 0.1225, then 1 + 0.1225 = 1.1225 as 1.123 (4 figures of itself, a tie rounded the
paper's way), only 3 of its difference from 1, where the stem asks 4; q = 1/1.123, -ln(1 - q) = 2.2116, with the
masked-LM mean 1.2613: 3.4729, written `3.47` or `3.473`. near_one kept the sum itself short (1.12, 1.122) but
never the sum of e^(-s) first kept, so `3.47` was told "cut off instead of rounded: 3.477 rounds to 3.48", not
what the student did, and `3.473` a 2-figure step it did not take. Both are now told the keeping, `imprecise`
as the student who keeps 1 + e^(-s) as 1.12 (`3.49`) is; never `correct`."""

import pytest

from tests.grading_support import generated_key, graded_by_cli

KEPT = "e^(-s) = 0.12246 as 0.1225, then 1 + e^(-s) = 1.1225 as 1.123"


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    key = generated_key(tmp_path_factory, 2024)
    answers = [("short", "Q9", "a", "3.47"), ("short4", "Q9", "a", "3.473"), ("two", "Q9", "a", "3.49"),
               ("stem", "Q9", "a", "3.48")]
    return graded_by_cli(tmp_path_factory.mktemp("grade"), key, answers)


def test_the_sum_of_a_kept_e_to_the_minus_s_kept_short_is_named(rows):
    for student in ("short", "short4"):
        row = rows[(student, "Q9", "a")]
        assert (row["status"], row["note"], row["score"]) == ("imprecise", "rounded_too_early", "0"), row
        assert row["feedback"].startswith("your answer is what the working gives with a value kept to too few "
                                          f"figures of its difference from 1 ({KEPT}): keep a value near 1 "
                                          "(here 1 + e^(-s)) to at least 4 significant figures"), row
    assert "0.89 or" not in rows[("short4", "Q9", "a")]["feedback"]
    kept_as_112 = rows[("two", "Q9", "a")]
    assert (kept_as_112["status"], kept_as_112["note"]) == ("imprecise", "rounded_too_early")
    assert "(1 + e^(-s) = 1.1225 as 1.12)" in kept_as_112["feedback"]
    assert rows[("stem", "Q9", "a")]["status"] == "correct"
