"""The summary names where the needs_review answers are (student and part), so
a marker can write the overrides without searching graded.csv: a real week's
summary said only "needs_review 1"."""

from test_grade_roster import grade, right_answers, write, Q1


def test_summary_names_the_answers_to_review(tmp_path):
    rows = right_answers(["s001"]) + [["s002", "Q1", "a", "0.5 or 0.6"], ["s002", "Q1", "b", "3"],
                                      ["s003", "Q1", "b", "maybe 3"]]
    result = grade(write(tmp_path, {"questions": [Q1]}, rows), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert ("Note: 2 answer(s) need a person to read them (needs_review, 0 until an override): "
            "s002 Q1 (a), s003 Q1 (b)\n") in result.output


def test_summary_names_ten_and_counts_the_rest(tmp_path):
    rows = [[f"s{n:03d}", "Q1", "a", "maybe 0.5"] for n in range(12)]
    result = grade(write(tmp_path, {"questions": [Q1]}, rows), "--jobs", "1")
    assert result.exit_code == 0, result.output
    note = next(line for line in result.output.splitlines() if "need a person" in line)
    assert note.endswith("s008 Q1 (a), s009 Q1 (a) and 2 more") and "s010" not in note


def test_no_note_when_nothing_needs_review(tmp_path):
    result = grade(write(tmp_path, {"questions": [Q1]}, right_answers(["s001"])), "--jobs", "1")
    assert result.exit_code == 0 and "need a person" not in result.output
