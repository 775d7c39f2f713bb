"""Round 42 (a learner's review, rev42a, and the round's hostile review, rev42c):
the drill's ready-made command from --stats kept the learner's own record; a
word said with doubt was told on the feedback sheet as a word the grader could
not match; at a probability part the drill said a % answer was "no probability
or share"; and what the drill holds back, the sheets' ECF label and the
students CSV's ids."""

import csv
import io

import pytest

from quizgen.drill.session import run_drill
from quizgen.grading.feedback_review import review_words
from quizgen.marking.forms import DOUBT_REASON


def test_stats_suggests_a_drill_on_the_same_record(tmp_path, invoke):
    """F1: the drill's own summary names --state FILE; --stats on that file must too, or the
    learner's next drill goes to the default record."""
    state = tmp_path / "mine.json"
    session = invoke("drill", "--seed", 5, "--classes", "C1,C4", "--count", 1, "--state", state, input="s\n")
    assert session.exit_code == 0, session.output
    stats = invoke("drill", "--stats", "--state", state)
    tried = [line for line in stats.output.splitlines() if "try: quizgen drill" in line]
    assert tried and all(f"--state {state}" in line for line in tried), stats.output


@pytest.mark.parametrize("answer, said", [
    ("maybe undefined", 'your answer says "maybe" beside it, which the grader cannot weigh'),
    ("undefined?", "your answer ends in a question mark, which the grader cannot weigh"),
    ("I think contradiction", 'your answer says "I think" beside it'),
    ("Maybe no?", 'your answer says "Maybe" beside it and ends in a question mark'),
    ("probably yes, I think", 'your answer says "probably" and "I think" beside it')])
def test_a_word_said_with_doubt_is_told_as_doubt_not_as_an_unknown_word(answer, said):
    """F2: the word may be the right one; the sheet said "the grader could not match your words"."""
    words = review_words(DOUBT_REASON, answer)
    assert words.startswith(said), words
    assert "could not match" not in words


@pytest.mark.parametrize("answer, said", [
    ("0.279?", "your answer ends in a question mark"),   # as "undefined?" is told (rev42c F3)
    ("maybe 0.750 (3 s.f.)", 'your answer says "maybe" beside its number'),   # one value, not two (rev42c F3)
    ("5.74e-4?", "your answer ends in a question mark"),
    ("probably 1.87 (2dp)", 'your answer says "probably" beside its number'),
    ("about 1.8 I think", 'your answer says "about" and "I think" beside its number')])
def test_a_number_said_with_doubt_is_told_by_its_doubt(answer, said):
    words = review_words(DOUBT_REASON, answer)
    assert words.startswith(said + ", which the grader cannot weigh"), words


def _drill(typed: str) -> str:
    out = io.StringIO()
    run_drill(io.StringIO(typed), out, io.StringIO(), classes="C1", seed=1, save=False)
    return " ".join(out.getvalue().split())


def test_a_percent_sign_at_a_probability_part_is_explained_as_hundredths():
    """F3: C1 (a) asks for a probability (0.7157 at --seed 1), where 71.57% is right; 0.7157% is its
    hundredth, and the drill said the part's answer was no probability."""
    said = _drill("0.7157%\nq\n")
    assert ("I cannot mark '0.7157%': a % sign makes it a hundredth of the number before it, so '0.7157%' is read "
            "as 0.007157; write a probability or share as a decimal without %, or as a percentage with % (a hundred times the decimal)") in said
    assert "no probability or share" not in said


def test_a_percentage_at_a_probability_part_is_still_marked():
    assert "Correct" in _drill("71.57%\nq\n")


def test_an_answer_that_was_a_later_parts_value_is_told_once_the_question_ends():
    """F5: the reply to (a) may not give (b)'s answer away, so the drill never told a learner who
    put (b)'s loss at (a) what they had done; the worked solution shows every answer, so it is said there."""
    said = _drill("0.3345\n0.3345\nq\n")
    note = "Your (a) '0.3345': this is the value of part (b), 0.33454, not of part (a)"
    assert note in said, said
    assert said.index("(b) What is") < said.index(note) < said.index("Worked solution")


def test_the_sheet_says_error_carried_forward_once(tmp_path, invoke):
    """rev42a: "(b) error carried forward: marked from your (a) = 0.9: correct given that value
    (error carried forward; (a)'s early rounding is marked at (a) only)" said it twice."""
    paper = tmp_path / "p"
    assert invoke("generate", "--seed", 11, "--count", 1, "--out", paper).exit_code == 0
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,Q1a,Q1b\nx3,0.9,0.105\n", encoding="utf-8")   # (a) 0.90876 rounded early, (b) -ln 0.9
    graded = invoke("grade", answers, "--key", paper / "key.json", "--out", f"{tmp_path / 'g'}/", "--feedback", tmp_path / "fb")
    assert graded.exit_code == 0, graded.output
    sheet = " ".join(next((tmp_path / "fb").glob("*.md")).read_text(encoding="utf-8").split())
    assert ("- (b) error carried forward: marked from your (a) = 0.9: correct given that value; (a)'s early rounding "
            "is marked at (a) only") in sheet, sheet
    assert sheet.count("error carried forward") == 1, sheet


def _drill_c8(typed: str) -> str:
    out = io.StringIO()
    run_drill(io.StringIO(typed), out, io.StringIO(), classes="C8", seed=11, save=False, count=1)
    return " ".join(out.getvalue().split())


def test_only_a_later_parts_value_is_held_to_the_end():
    """rev42c F5: a log note the reply already gave came back at the end as if held back."""
    said = _drill_c8("0.0285\n-log(0.0285)*1.1\ncontradiction\n")   # C8: (a) p = 0.02848, (b) -ln p = 3.5586
    assert "(Your -log(0.0285)*1.1 uses log" in said and "Your (b) '" not in said, said


def test_how_log_was_read_is_said_at_once_though_the_value_waits():
    """rev42c F5: (b)'s value at (a), written with log: the reply said nothing of log."""
    said = _drill_c8("-log(0.02848)\n3.5586\ncontradiction\n")
    reply = said.split("(b) What is")[0]
    assert "(Your -log(0.02848) uses log: log is read as the natural log ln here" in reply, said
    assert "value of part (b)" not in reply
    assert ("Your (a) '-log(0.02848)': this is the value of part (b), 3.5586, not of part (a): check which quantity "
            "each part asks for.") in said


def test_the_sheet_says_error_carried_forward_once_before_a_log_note(tmp_path, invoke):
    """rev42c F6: with a log note after the bracket, the label was said twice again."""
    paper = tmp_path / "p"
    assert invoke("generate", "--seed", 11, "--count", 1, "--out", paper).exit_code == 0
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,Q1a,Q1b\ne1,0.9,-log(0.9)\n", encoding="utf-8")
    graded = invoke("grade", answers, "--key", paper / "key.json", "--out", f"{tmp_path / 'g'}/", "--feedback", tmp_path / "fb")
    assert graded.exit_code == 0, graded.output
    sheet = " ".join(next((tmp_path / "fb").glob("*.md")).read_text(encoding="utf-8").split())
    assert ("- (b) error carried forward: marked from your (a) = 0.9: correct given that value; (a)'s early rounding "
            "is marked at (a) only; log is read as the natural log ln here") in sheet, sheet


def test_an_id_that_looks_like_a_decimal_keeps_its_point_in_the_students_csv(tmp_path, invoke):
    """rev42c F8: with decimal commas out, the students CSV wrote the id 2024.01 as 2024,01 (and a
    section 1.2 as 1,2), so it no longer joined graded.csv on student_id."""
    paper = tmp_path / "p"
    assert invoke("generate", "--seed", 11, "--count", 1, "--out", paper).exit_code == 0
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,name,Q1a,Q1b\n2024.01,Al 1.5,0.909,0.0957\n0.5,Bo,0.9,0.105\n", encoding="utf-8")
    graded = invoke("grade", answers, "--key", paper / "key.json", "--out", f"{tmp_path / 'g'}/", "--decimal-mark", "comma")
    assert graded.exit_code == 0, graded.output
    rows = list(csv.reader((tmp_path / "g" / "a-graded-students.csv").open(encoding="utf-8-sig")))
    by_id = {row[0]: row for row in rows[1:]}
    assert set(by_id) == {"2024.01", "0.5"}, rows
    assert by_id["2024.01"][1] == "Al 1.5" and by_id["2024.01"][4] == "8,5", by_id   # the percent: a number, localised
