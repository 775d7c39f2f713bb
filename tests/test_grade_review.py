"""Marking outcomes an instructor would challenge, found by an end-to-end
review of ``quizgen grade`` (seed 3's key, graded from the command line)."""

import csv

import pytest

from grading_support import generated_key


@pytest.fixture(scope="module")
def seed3_key(tmp_path_factory):
    """The key of ``quizgen generate --seed 3 --count 1`` (Q6 counts, Q8 the [CLS] head)."""
    return generated_key(tmp_path_factory, 3)


def _graded(invoke, tmp_path, key, rows: list) -> dict:
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    result = invoke("grade", answers, "--key", key, "--force")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}


@pytest.mark.slow
def test_ecf_accepts_a_later_part_worked_from_the_unrounded_earlier_value(invoke, tmp_path, seed3_key):
    # Q8: (a) p = 0.2312, (b) -ln p. A student's wrong p is 0.1535 unrounded: they write
    # (a) 0.153 and carry 0.1535 on, -ln(0.1535) = 1.874 -> (b) 1.87. From the written
    # 0.153, -ln(0.153) = 1.877, whose 3 s.f. window [1.872, 1.882] misses 1.87.
    graded = _graded(invoke, tmp_path, seed3_key, [
        ["s1", "Q8", "a", "0.153"], ["s1", "Q8", "b", "1.87"],
        ["s2", "Q8", "a", "0.153"], ["s2", "Q8", "b", "1.86"],   # no value rounding to 0.153 gives 1.86
    ])
    assert graded["s1", "Q8", "a"]["status"] == "incorrect"
    assert (graded["s1", "Q8", "b"]["status"], graded["s1", "Q8", "b"]["note"]) == ("correct", "ecf")
    assert "(a) = 0.153" in graded["s1", "Q8", "b"]["feedback"]
    assert (graded["s2", "Q8", "b"]["status"], graded["s2", "Q8", "b"]["note"]) == ("incorrect", "")


@pytest.mark.slow
def test_ecf_from_a_whole_number_is_not_widened(invoke, tmp_path, seed3_key):
    # Q6: (a) 2580 positions, (b) 80% of them become [MASK]. From a wrong (a) 2400,
    # (b) 1920 is ECF; 1924 (80% of 2405) is not: a count has no rounding to undo.
    graded = _graded(invoke, tmp_path, seed3_key, [
        ["s1", "Q6", "a", "2400"], ["s1", "Q6", "b", "1920"],
        ["s2", "Q6", "a", "2400"], ["s2", "Q6", "b", "1924"],
    ])
    assert (graded["s1", "Q6", "b"]["status"], graded["s1", "Q6", "b"]["note"]) == ("correct", "ecf")
    assert graded["s2", "Q6", "b"]["status"] == "incorrect"


@pytest.mark.slow
def test_a_failed_grade_of_an_lms_export_leaves_no_file_behind(invoke, tmp_path):
    # grading a Moodle download writes <stem>-answers.csv and <stem>-key.json before
    # grading; a run that then stops (a bad policy) must remove them again.
    pytest.importorskip("lxml.etree")
    from lms_support import moodle_download
    from quizgen.lms.moodle import moodle_xml
    from quizgen.lms.variants import slots as make_slots

    slots = make_slots("C7", count=2, seed=5)
    moodle_download(tmp_path / "responses.csv", moodle_xml(slots), slots, 3, lambda part, s: "0.5")
    (tmp_path / "policy.yaml").write_text("ecf_credit: 7\n", encoding="utf-8")
    failed = invoke("grade", tmp_path / "responses.csv", "--policy", tmp_path / "policy.yaml")
    assert failed.exit_code == 2 and "ecf_credit" in failed.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["policy.yaml", "responses.csv"]
    assert invoke("grade", tmp_path / "responses.csv").exit_code == 0   # the files a good run leaves stay
    failed = invoke("grade", tmp_path / "responses.csv", "--policy", tmp_path / "policy.yaml")
    assert failed.exit_code == 2 and (tmp_path / "responses-key.json").is_file()


def test_an_attempt_left_in_progress_does_not_replace_a_finished_one(tmp_path):
    # Moodle's Responses download has a row per attempt; a student who finished
    # attempt 1 and opened attempt 2 without submitting it must be graded on attempt 1.
    pytest.importorskip("lxml.etree")
    from lms_support import moodle_download
    from quizgen.lms.moodle import moodle_xml
    from quizgen.lms.responses import read_responses
    from quizgen.lms.variants import slots as make_slots

    slots = make_slots("C7", count=2, seed=5)
    path = tmp_path / "responses.csv"
    moodle_download(path, moodle_xml(slots), slots, 2, lambda part, s: "0.5")
    header, first, second = path.read_text(encoding="utf-8").splitlines()
    opened = second.replace("Finished", "In progress").replace("0.5", "0.7")
    s000 = opened.replace("S1,", "S0,", 1).replace("s001", "s000").replace("s1@", "s0@")   # s000's own row
    path.write_text("\n".join([header, first, second, s000, opened]) + "\n",
                    encoding="utf-8")
    answers = {(r.student_id, r.part): r.answer for r in read_responses(path).rows}
    assert {a for (sid, _), a in answers.items()} == {"0.5"}
    only_open = "\n".join([header, opened]) + "\n"   # no finished attempt: the open one is all there is
    path.write_text(only_open, encoding="utf-8")
    assert {r.answer for r in read_responses(path).rows} == {"0.7"}


@pytest.mark.slow
def test_the_answers_csv_built_from_an_lms_export_is_spreadsheet_safe(invoke, tmp_path):
    # a student sets their own name in Moodle and types what they like into a text box
    pytest.importorskip("lxml.etree")
    from lms_support import moodle_download
    from quizgen.lms.moodle import moodle_xml
    from quizgen.lms.variants import slots as make_slots

    slots = make_slots("C7", count=1, seed=5)
    path = tmp_path / "responses.csv"
    moodle_download(path, moodle_xml(slots), slots, 1, lambda part, s: '=HYPERLINK("http://x","y")')
    path.write_text(path.read_text(encoding="utf-8").replace("Test,", "=cmd|' /C calc'!A0,", 1), encoding="utf-8")
    assert invoke("grade", path).exit_code == 0
    with open(tmp_path / "responses-answers.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows and all(r["name"].startswith("'=cmd") and r["answer"].startswith("'=HYPERLINK") for r in rows)


def test_the_spread_of_percentages_is_given_in_percentage_points():
    # "SD 19.3 points" beside "mean 70.9%" on a 47-point test reads as marks
    from quizgen.report.analysis import analyse
    from quizgen.report.demo import demo_class
    from quizgen.report.tables import test_lines

    lines = dict(test_lines(analyse(*demo_class(40))))
    assert lines["standard deviation"].endswith(" percentage points")
    assert lines["standard error of measurement"].endswith(" percentage points")


@pytest.mark.slow
def test_a_tolerance_that_swallows_a_trap_is_warned_about(invoke, tmp_path, seed3_key):
    # seed 3's Q1 (a) is 0.6999 and its trap logit_as_probability 3.5/5.5 = 0.6364: --rtol 0.2 marks 0.6364 correct
    rows = [["s1", "Q1", "a", "0.6364"]]
    graded = _graded(invoke, tmp_path, seed3_key, rows)
    assert graded["s1", "Q1", "a"]["misconception"] == "logit_as_probability"
    result = invoke("grade", tmp_path / "answers.csv", "--key", seed3_key, "--rtol", "0.2")
    assert result.exit_code == 0
    warning = [line for line in result.stderr.splitlines() if "misconception value" in line]
    assert len(warning) == 1 and "--rtol 0.2" in warning[0] and "Q1 (a) logit_as_probability" in warning[0]
    quiet = invoke("grade", tmp_path / "answers.csv", "--key", seed3_key, "--rtol", "0.001")
    assert "misconception value" not in quiet.stderr


def test_two_wide_columns_for_one_part_are_refused(invoke, tmp_path, seed3_key):
    # Q1a and "Q1 (a)" are one part: the later column silently superseded the earlier one
    answers = tmp_path / "wide.csv"
    answers.write_text("student_id,Q1a,Q1 (a),Q1b\ns1,0.551,0.9,0.596\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", seed3_key)
    assert result.exit_code == 2
    assert result.stderr.strip() == ("quizgen: error: " + str(answers) + ": line 1: columns 'Q1a' and 'Q1 (a)' both "
                                     "name Q1 (a); expected one column per question part")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wide.csv"]


@pytest.mark.parametrize("text, status, value", [
    ("0.551 or 0.6", "needs_review", None),            # a hedge: a person decides, never a silent invalid
    ("between 0.59 and 0.60", "needs_review", None),
    ("0,551 or 0,596", "needs_review", None),
    ("0.886 (approx)", "number", 0.886),                # "approx" after the number, as "≈ 0.886" before it
    ("0.886 approximately", "number", 0.886),
    ("0.5 and", "needs_review", None),                 # a number with a word after it: a person reads it
])
def test_hedges_and_trailing_approximations(text, status, value):
    from quizgen.marking.forms import read_number

    reading = read_number(text, decimal_comma="," in text)
    assert (reading.status, reading.value) == (status, value)


def test_a_number_followed_by_brackets_is_explained():
    from quizgen.errors import ExpressionError
    from quizgen.maths.answers import to_number

    with pytest.raises(ExpressionError, match=r"write \* to multiply"):
        to_number("2(3)")


@pytest.mark.slow
def test_a_moodle_row_naming_no_student_is_warned_about(invoke, tmp_path):
    # a student without an ID number (and no email column shown) was dropped without a word
    pytest.importorskip("lxml.etree")
    from lms_support import moodle_download
    from quizgen.lms.moodle import moodle_xml
    from quizgen.lms.variants import slots as make_slots

    slots = make_slots("C7", count=1, seed=5)
    path = tmp_path / "responses.csv"
    moodle_download(path, moodle_xml(slots), slots, 3, lambda part, s: "0.5")
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace("s001", "").replace("s1@example.org", "")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("grade", path)
    assert result.exit_code == 0
    assert ("quizgen: warning: responses.csv: 1 row(s) name no student (row 2 after the header: no ID number "
            "or email) and are not graded") in result.stderr


@pytest.mark.slow
def test_answers_for_another_seed_are_stopped_even_when_ecf_agrees_with_them(invoke, tmp_path, seed3_key):
    # careful answers to seed 3's Q6 and Q7 graded against seed 4's key: every (a) is far, and
    # every dependent part got ECF from it, which counted as near: 75% near, no stop
    from click.testing import CliRunner

    from quizgen.cli import main

    other = tmp_path / "seed4"
    assert CliRunner().invoke(main, ["generate", "--seed", "4", "--count", "1", "--out", str(other)]).exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,Q6a,Q6b,Q6c,Q6d,Q6e,Q7a,Q7b,Q7c\n"
                       + "".join(f"s{n},2580,2064,258,258,2580,0.886,0.121,2.17\n" for n in range(12)), encoding="utf-8")
    assert invoke("grade", answers, "--key", seed3_key, "--out", tmp_path / "right/").exit_code == 0
    result = invoke("grade", answers, "--key", other / "key.json", "--out", tmp_path / "wrong/")
    assert result.exit_code == 2
    assert "only 0 of 24 numeric answers (0%) are near" in result.stderr
    assert not (tmp_path / "wrong").exists() or not any((tmp_path / "wrong").iterdir())


def test_a_canvas_assignment_with_its_own_points_gets_scaled_scores():
    # Canvas reads the cell in the assignment's points: 40 of 47 written raw on a 10-point quiz is 400%
    from quizgen.lms.gradebook import Grade, canvas_gradebook

    template = ("Student,ID,SIS User ID,Quiz 1 (123),Quiz 2 (124)\n    Points Possible,,,10,\n"
                '"Lovelace, Ada",501,s001,,\n')
    text = canvas_gradebook(template, [Grade("s001", "Ada", 40, 47)], "Quiz 1").text
    assert text.splitlines()[2] == '"Lovelace, Ada",501,s001,,,8.5106'   # SIS Login ID and Section added, empty
    unset = canvas_gradebook(template, [Grade("s001", "Ada", 40, 47)], "Quiz 2").text
    assert unset.splitlines()[1:] == ["    Points Possible,,,,,47", '"Lovelace, Ada",501,s001,,,40']


@pytest.mark.slow
def test_a_hedged_word_answer_is_read_by_a_person(invoke, tmp_path, seed3_key):
    # seed 3's Q8 (c): the model predicts "neutral"; the true class is "positive", not a trap word
    graded = _graded(invoke, tmp_path, seed3_key, [
        ["s1", "Q8", "c", "I think neutral maybe positive"], ["s2", "Q8", "c", "neutral or positive"],
        ["s3", "Q8", "c", "the model predicts neutral"], ["s4", "Q9", "b", "no, not left to right or sequential"],
    ])
    assert [graded[s, q, p]["status"] for s, q, p in graded] == ["needs_review", "needs_review", "correct", "correct"]


def test_a_listed_phrase_with_or_in_it_is_still_matched():
    from quizgen.marking.words import read_words

    assert read_words("it is one or more", ["one or more"], {}).status == "accept"   # "I think" is a hedge (drill21)


@pytest.mark.parametrize("text, status", [
    ("Undefined (division by zero)", "accept"), ("undefined, division by zero", "accept"),
    ("zero", "trap"), ("zero, or division by zero", "needs_review")])
def test_a_word_inside_a_longer_listed_phrase_is_no_second_meaning(text, status):
    """C5's "zero" trap inside the accepted "division by zero" sent a right
    answer to a person (rev-fresh15); "zero" said apart still counts."""
    from quizgen.marking.words import read_words

    assert read_words(text, ["undefined", "division by zero"], {"zero_mask_is_zero": ["0", "zero"]}).status == status


def test_a_lone_hedging_word_is_still_just_incorrect():
    from quizgen.marking.words import read_words

    assert read_words("maybe", ["neutral"], {}).status == "unknown"


@pytest.mark.slow
def test_the_gradebook_item_of_an_lms_export_is_named_after_the_download(invoke, tmp_path):
    # it was named after the answers file quizgen builds beside it: "responses-answers"
    pytest.importorskip("lxml.etree")
    from lms_support import moodle_download
    from quizgen.lms.moodle import moodle_xml
    from quizgen.lms.variants import slots as make_slots

    slots = make_slots("C7", count=1, seed=5)
    moodle_download(tmp_path / "week3.csv", moodle_xml(slots), slots, 2, lambda part, s: "0.5")
    assert invoke("grade", tmp_path / "week3.csv", "--gradebook", "moodle").exit_code == 0
    header = (tmp_path / "week3-graded-gradebook-moodle.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    assert header == "ID number,Full name,week3"


@pytest.mark.parametrize("text, status", [
    ("maybe no", "needs_review"), ("no idea", "blank"), ("I guess yes", "needs_review"),
    ("perhaps no, not sure", "needs_review"), ("yeah I guess", "needs_review"), ("nope maybe", "needs_review"),
    ("no or yes", "needs_review"),   # two answers: never the lucky first one
    ("nope, I'm sure", "accept"), ("No, I know it predicts all at once", "accept"), ("no, I'm sure", "accept"),
    ("no, not left to right or sequential", "accept")])
def test_a_hedged_yes_or_no_is_read_by_a_person_and_a_sure_one_is_not(text, status):
    """'no' and 'yes' are too short to be found inside a sentence, so 'maybe no'
    was 'unknown' (a silent zero) while 'maybe yes' went to a person; a leading
    'no' made 'no idea' the answer no, and 'no or yes' too; 'I'm sure' is no doubt."""
    from quizgen.marking.words import read_words

    assert read_words(text, ["no", "all at once"], {"left_to_right": ["yes", "left to right"]}).status == status


@pytest.mark.parametrize("text, status", [("0.412 bits", "needs_review"), ("0.412 bit.", "needs_review"),
                                          ("0.412 nats", "number"), ("12 tokens", "number")])
def test_a_loss_in_bits_goes_to_a_person_nats_are_read(text, status):
    """'bits' was stripped like 'nats', so a loss in bits was marked as if in nats."""
    from quizgen.marking.forms import read_number

    assert read_number(text).status == status


def test_grade_says_why_an_answer_in_bits_needs_a_person():
    from quizgen.grading.part_checker import check_answer

    part = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "tolerance": {"sigfigs": 3},
            "misconceptions": []}
    verdict = check_answer(part, "0.408 bits")
    assert (verdict.status, verdict.reason) == ("needs_review", "given in bits (log base 2): a person checks it "
                                                                "against the question's logarithm")
