"""Feedback sheets when no student's answer to a part was received (the form or its export lost
it, as the class report says): no sheet tells its student they gave no answer there or stopped
before it; each says once that the part's answers were not received from anyone. A student whose
every answer handed in is blank is not told of "your last answer"."""

from test_review50b import answer, key_of, run, write


def _sheets(folder, lose_q2b: bool = True) -> dict:
    """s1, s2 and s4 answer every part (s2 wrong on Q1b), s3 leaves Q1a and Q1b blank and hands in
    nothing after (counted absent, as in the class report: not among the three answering that a part
    needs to be called lost); with ``lose_q2b`` no row answers Q2b (a lost column)."""
    parts = key_of(folder, "C1,C2")
    rows = [["student_id", "question_id", "part", "answer"]]
    for q, letter, part in parts:
        if lose_q2b and (q, letter) == ("Q2", "b"):
            continue
        rows += [["s1", q, letter, answer(part)], ["s2", q, letter, "7" if (q, letter) == ("Q1", "b") else answer(part)]]
        rows += [["s4", q, letter, answer(part)]]
        rows += [["s3", q, letter, ""]] * (q == "Q1")
    write(folder / "answers.csv", rows)
    run(["grade", "answers.csv", "--key", "quiz/key.json", "--out", "out", "--feedback", "out/sheets"], folder)
    return {n: (folder / "out" / "sheets" / f"s{n}.md").read_text(encoding="utf-8") for n in (1, 2, 3)}


LOST = ("No answers to Q2 (b) were received from anyone in the class: they were most likely lost on the way "
        "(the answer form or its export), so it shows as missing for everyone and scores 0 for now. Your "
        "instructor can check this.")


def test_a_part_nobody_answered_is_said_lost_for_everyone_not_the_students_omission(tmp_path):
    sheets = _sheets(tmp_path)
    for text in sheets.values():
        assert LOST in text
        assert "Q2 (b): you gave no answer" not in text and "(b) not answered" not in text.split("## Q2")[0]
    assert "No answers were received for Q2 (b), after your last answer" not in sheets[1] + sheets[2]
    assert "after your last answer" not in sheets[3]
    assert ("No answers were received for Q2 (a), after the last part you handed in (every part you handed in "
            "was blank), so they show as missing and score 0.") in sheets[3]


def test_with_every_part_answered_by_someone_no_sheet_says_a_part_was_lost(tmp_path):
    sheets = _sheets(tmp_path, lose_q2b=False)
    assert not any("received from anyone in the class" in text for text in sheets.values())
    assert "No answers were received for Q2 (a) and Q2 (b), after the last part you handed in" in sheets[3]
