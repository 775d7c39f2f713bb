"""forms (answers as written), policy, overrides and students: pure, one-line errors."""

import math

import pytest

from quizgen.errors import InputFileError
from quizgen.marking.forms import BLANK, INVALID, NUMBER, REVIEW, read_number, significant_figures
from quizgen.marking.words import read_words
from quizgen.marking.overrides import decided_status, describe_unmatched, parse_overrides, read_overrides
from quizgen.marking.policy import parse_policy
from quizgen.marking.student_ids import id_hint, nearest_ids, normalise_id


@pytest.mark.parametrize("text, value", [
    ("L = 0.851", 0.851), ("0.2014 nats", 0.2014), ("≈0.427", 0.427), ("~ 0.427", 0.427), ("40 tokens", 40),
    ("p = 0.769", 0.769), ("loss: 1.47", 1.47), ("L_NSP = 1.47", 1.47), ("12,345.6", 12345.6),
    ("12,345,678", 12345678), ("12.345,6", 12345.6), ("76.9%", 0.769), ("ln(2)", 0.6931471805599453),
    # rev-instructor20: "approx. 3.14" and "about 1.39" were read, "approximately 0.0244" and "circa 1.07" invalid
    ("approximately 0.0244", 0.0244), ("Approximately 3.68", 3.68), ("circa 1.07", 1.07), ("ca. 1.07", 1.07),
    ("approximately equal to 0.0257", 0.0257), ("the loss is approximately 0.364", 0.364),
    ("it is around 0.105", 0.105), ("≈(1/3)", 1 / 3)])
def test_numbers_as_people_write_them(text, value):
    reading = read_number(text)
    assert reading.status == NUMBER and reading.value == pytest.approx(value)


@pytest.mark.parametrize("text, value", [("|M| = 1", 1), ("|M|=1", 1), ("one", 1), ("Zero", 0), ("Twelve", 12),
                                         ("1 masked position", 1), ("L is zero", 0), ("|M| is one", 1),
                                         ("it is Two", 2), ("the answer is twelve", 12)])
def test_whole_numbers_as_people_write_them(text, value):
    """C5 (d), how many positions BERT selects: a size in bars before '=', and a small count in words,
    are read on a whole-number part (they were invalid), after "is" as after "=" ("L is
    zero" was invalid while "L = zero" was read)."""
    reading = read_number(text, whole=True)
    assert reading.status == NUMBER and reading.value == value


def test_a_count_in_words_is_read_on_a_whole_number_part_only():
    assert read_number("one").status == INVALID   # a probability is not written "one"


@pytest.mark.parametrize("text", ["at least 1", ">= 1", "≥1", "more than 0", "at most 3", "< 0.5"])
def test_a_bound_goes_to_a_person(text):
    """"at least 1" may well say a count right (a minimum, as C5 (d)'s BERT count has): not a silent invalid."""
    reading = read_number(text, whole=True)
    assert reading.status == REVIEW and "a bound" in reading.reason


@pytest.mark.parametrize("text", ["0.768 total loss", "0.768 (mean)", "0.768 per token", "2432 [MASK]",
                                  "0.823 softmax", "0,546 Verlust"])
def test_a_number_with_words_after_it_goes_to_a_person(text):
    """rev-mark16: these were invalid with a parser message ("subscripts are not allowed"
    for 2432 [MASK]); a person reads what the words say about the number."""
    reading = read_number(text)
    assert reading.status == REVIEW and "words after it" in reading.reason


@pytest.mark.parametrize("text", ["0.5ln2", "2pi", "2 sqrt(2)", "0.7x"])
def test_a_product_written_without_a_sign_stays_invalid(text):
    assert read_number(text).status == INVALID   # the parser's reason says to write *


@pytest.mark.parametrize("text, value", [("0.15x9600", 1440), ("0.8 X 2580", 2064), ("0.8 x 2580", 2064)])
def test_the_letter_x_between_numbers_multiplies_as_the_drills_hints_write_it(text, value):
    """rev-student16: the hints print "0.8 x 2580 = 2064" and the reader refused 0.15x9600."""
    reading = read_number(text, whole=True)
    assert reading.status == NUMBER and reading.value == value


def test_percent_part_and_decimal_comma_locale():
    assert read_number("40 %", percent=True).value == 40
    assert read_number("12,345", decimal_comma=True).value == pytest.approx(12.345)
    assert read_number("0,769", decimal_comma=True).figures == 3


@pytest.mark.parametrize("text, status", [("", BLANK), ("  ", BLANK), ("x+", INVALID), ("0.4.2", INVALID),
                                          ("the loss is minus log of p", REVIEW), ("about 0.04 I think", REVIEW),
                                          ("maybe 0.71", REVIEW), ("0.71 probably", REVIEW),
                                          ("it's 0.7101 I think", REVIEW), ("maybe", INVALID), ("0.7x", INVALID)])
def test_unreadable_answers(text, status):
    assert read_number(text).status == status


@pytest.mark.parametrize("text, figures", [("0.40", 2), ("0.427", 3), ("150", 3), ("1.470", 4), ("1/3", None)])
def test_significant_figures_written(text, figures):
    assert significant_figures(text) == figures


YES_NO = (["no", "false", "all at once", "bidirectional"], {"left_to_right": ["yes", "left to right", "one by one"]})


@pytest.mark.parametrize("text, status, code", [
    ("NO - it is bidirectional", "accept", ""), ("No.", "accept", ""), ("Yes, one by one", "trap", "left_to_right"),
    ("not left to right", "accept", ""), ("it goes left to right", "trap", "left_to_right"),
    ("left to right and all at once", "needs_review", ""), ("banana", "unknown", ""), ("", "blank", ""),
    # bank20: a leading yes or no decided even when the words after it said the other meaning
    ("no, left to right", "needs_review", ""), ("Yes, all at once", "needs_review", ""),
    ("no, not left to right", "accept", ""), ("No, it predicts all at once", "accept", "")])
def test_words_on_meaning(text, status, code):
    reading = read_words(text, *YES_NO)
    assert (reading.status, reading.code) == (status, code)


def test_words_inside_a_phrase_and_synonyms():
    accept, traps = ["mean", "average"], {"sum_instead_of_mean": ["sum", "total"]}
    assert read_words("the mean over M", accept, traps).status == "accept"
    assert read_words("not the sum", accept, traps).status == "accept"
    assert read_words("expectation", accept, traps, {"expectation": "mean"}).status == "accept"


def test_policy_reads_and_resolves_per_template():
    policy = parse_policy("ecf_credit: 0.5\nimprecise_credit: 0.25\ntraps:\n  log10_instead_of_ln: 0.5\n"
                          "  C7: {wrong_label_branch: 0.25}\npoints:\n  C7: {p: 2}\n")
    credits = policy.credits_for("nsp-sigmoid-loss", "C7")
    assert (credits.ecf, credits.imprecise) == (0.5, 0.25)
    assert credits.traps == {"log10_instead_of_ln": 0.5, "wrong_label_branch": 0.25}
    assert policy.credits_for("x", "C1").traps == {"log10_instead_of_ln": 0.5}
    assert policy.points_for("nsp-sigmoid-loss", "C7", "p", 1) == 2
    assert policy.points_for("nsp-sigmoid-loss", "C7", "loss_y1", 1) == 1
    assert credits.levels == (3, 4, 5, 6)
    assert parse_policy("carried_figures: 4\n").credits_for("x", "C1").levels == (4, 5, 6)


def test_policy_shares_may_be_percentages_as_in_an_overrides_file():
    policy = parse_policy("ecf_credit: 50%\nimprecise_credit: ' 25 %'\ntraps: {log10_instead_of_ln: .5%}\n")
    credits = policy.credits_for("x", "C1")
    assert (credits.ecf, credits.imprecise, credits.traps) == (0.5, 0.25, {"log10_instead_of_ln": 0.005})


@pytest.mark.parametrize("text, message", [
    ("ecf_credit: 2", "policy.yaml:1: ecf_credit: expected a number from 0 to 1 or a percentage from 0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), "
                      "found 2"),
    ("ecf_credits: 1", "policy.yaml:1: ecf_credits: unknown key (did you mean 'ecf_credit'?)"),
    ("traps: {C7: {x: yes}}", "policy.yaml:1: traps.C7.x: expected a number from 0 to 1 or a percentage from 0% to "
                                "100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found True"),
    ("points: {C7: {p: -1}}", "policy.yaml:1: points.C7.p: expected a number of points"),
    ("ecf_credit: [", "policy.yaml:1: not valid YAML"),
    ("- 1", "policy.yaml:1: expected a mapping"),
    ("carried_figures: 2", "policy.yaml:1: carried_figures: expected a whole number from 3 to 6, found 2"),
    ("carried_figures: '4'", "policy.yaml:1: carried_figures: expected a whole number from 3 to 6, found '4'"),
    ("carried_figures: 4.0", "policy.yaml:1: carried_figures: expected a whole number from 3 to 6, found 4.0"),
    ("ecf_credit: half", "policy.yaml:1: ecf_credit: expected a number from 0 to 1 or a percentage from 0% to "
                         "100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found 'half'"),
    ("ecf_credit: 1,000%", "policy.yaml:1: ecf_credit: expected a number from 0 to 1 or a percentage from 0% to "
                           "100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found '1,000%'"),   # a comma that may group thousands
    ("imprecise_credit: 150%", "policy.yaml:1: imprecise_credit: expected a number from 0 to 1 or a percentage from 0% "
                               "to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found '150%'"),   # as written, not 1.5
    ("imprecise_credit: '-5%'", "policy.yaml:1: imprecise_credit: expected a number from 0 to 1 or a percentage from "
                                "0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found '-5%'"),
    ("ecf_credit: 0.5\necf_credit: 1", "policy.yaml:2: not valid YAML (duplicate key 'ecf_credit' (first given "
                                      "on line 1))"),
    ("traps: {a: 0.5}\nimprecise_credit: 0\ntraps:\n  b: 1", "policy.yaml:3: not valid YAML (duplicate key 'traps' "
                                                           "(first given on line 1))"),
    ("points:\n  C7: {p: 2, p: 3}", "policy.yaml:2: not valid YAML (duplicate key 'p' (first given on line 2))"),
    # rev-hostile20: these named no line, and a date showed as Python's datetime.date(2001, 12, 14)
    ("traps:\n  missing_minus_sign: .nan", "policy.yaml:2: traps.missing_minus_sign: expected a number from 0 to 1 or a "
                                            "percentage from 0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found nan"),
    ("ecf_credit: 0.5\nimprecise_credit: 2001-12-14", "policy.yaml:2: imprecise_credit: expected a number from 0 to 1 "
                                                      "or a percentage from 0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found 2001-12-14"),
    # rev-code20: a template name holding a dot sent the line search astray (line 3, not 5)
    ("traps:\n  a: 0.5\n  b.1:\n    x: 0.2\n    code: 3", "policy.yaml:5: traps.b.1.code: expected a number from 0 "
                                                        "to 1 or a percentage from 0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), found 3"),
    # rev-instructor25: an unknown key named no line and no near key; a list no line
    ("# mine\necf_credit: 0.5\necf_credt: 0.5", "policy.yaml:3: ecf_credt: unknown key (did you mean 'ecf_credit'?)"),
    ("ecf_credit: 0.5\nfoo: 1", "policy.yaml:2: foo: unknown key (expected one of ecf_credit, imprecise_credit, traps"),
    ("# mine\n\n- 1\n- 2", "policy.yaml:3: expected a mapping of ecf_credit, imprecise_credit")])
def test_policy_errors_are_one_line(text, message):
    with pytest.raises(InputFileError) as caught:
        parse_policy(text, "policy.yaml")
    assert str(caught.value) == message if "duplicate" in message else str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_policy_numbers_may_be_written_in_e_notation():
    """YAML 1.1 reads ``5e-1`` as text; the policy reads it as the number it is."""
    policy = parse_policy("ecf_credit: 5e-1\nimprecise_credit: 2.5E-1\ntraps: {x: 1e0}\npoints: {C7: {p: 2e1}}\n")
    assert (policy.ecf_credit, policy.imprecise_credit, policy.traps) == (0.5, 0.25, {"x": 1.0})
    assert policy.points_for("x", "C7", "p", 1) == 20.0


def test_overrides_are_read_with_the_answers_file_conventions(tmp_path):
    path = tmp_path / "overrides.csv"
    path.write_bytes("sep=;\nStudent ID;Question;Part;Score;Status;Comment\n"
                     "S012 ;Q01;(a);0,5;;regraded: method right\ns999;Q1;a;100%;correct;\n".encode("cp1252"))
    overrides = read_overrides(path)
    assert [(o.student_id, o.question_id, o.part, o.score, o.status, o.comment, o.line) for o in overrides] == [
        ("S012", "Q01", "(a)", 0.5, "", "regraded: method right", 3), ("s999", "Q1", "a", 1.0, "correct", "", 4)]
    assert describe_unmatched(overrides[1:], "overrides.csv") == [
        "overrides.csv: line 4: override for s999 Q1 (a) matches no answer"]


@pytest.mark.parametrize("given, machine, score, status", [
    ("", "needs_review", 1.0, "correct"), ("", "needs_review", 0.5, "partial"), ("", "needs_review", 0.0, "incorrect"),
    ("", "incorrect", 1.0, "correct"), ("", "correct", 0.0, "incorrect"), ("", "incorrect", 0.5, "partial"),
    ("", "imprecise", 0.5, "partial"), ("", "blank", 0.0, "blank"), ("", "blank", 1.0, "correct"),
    ("", "blank", 0.5, "partial"),   # rev-grade24: a part given marks is no longer blank
    ("", "correct", 0.5, "partial"),   # override26: a person's part marks are partial, whatever the marker said
    ("imprecise", "correct", 1.0, "imprecise"), ("partial", "correct", 0.5, "partial")])
def test_an_override_without_status_takes_the_one_its_score_says(given, machine, score, status):
    assert decided_status(given, machine, score) == status


@pytest.mark.parametrize("machine, kept", [("imprecise", "imprecise"), ("incorrect", "incorrect"),
                                           ("correct", "correct"), ("needs_review", "partial"), ("blank", "partial")])
def test_an_override_confirming_the_markers_own_part_marks_keeps_its_status(machine, kept):
    """A trap's credit, ECF at part credit or imprecise_credit confirmed at the same score stays the
    marker's verdict; needs_review and blank are decided by the person, so become partial."""
    assert decided_status("", machine, 0.5, confirms=True) == kept


@pytest.mark.parametrize("text, message", [
    ("student_id,question_id,part\n", "overrides: line 1: expected the columns student_id, question_id, part, score"),
    ("student_id,part,score\n", "overrides: line 1: expected the columns student_id, question_id, part, score"),
    ("student_id,question_id,part,score\ns1,Q1,a,2\n", "overrides: line 2: score '2' is not a number from 0 to 1"),
    ("student_id,question_id,part,score,status\ns1,Q1,a,1,great\n", "overrides: line 2: status 'great'"),
    ("student_id,question_id,part,score\ns1,Q1,a,150%\n",
     "overrides: line 2: score '150%' is not a number from 0 to 1 or a percentage from 0% to 100%"),
    ("student_id,question_id,part,score,status\ns1,Q1,a,0.5,blank\n",
     "overrides: line 2: status 'blank' with score 0.5 contradicts itself"),
    ("student_id,question_id,part,score,status\ns1,Q1,a,0,correct\n",
     "overrides: line 2: status 'correct' with score 0 contradicts itself"),
    ("student_id,question_id,part,score,status\ns1,Q1,a,100%,incorrect\n",
     "overrides: line 2: status 'incorrect' with score 1 contradicts itself"),
    ("student_id,question_id,part,score,comment\ns1,Q1,b,1,unquoted comment, with a comma\n",
     "overrides: line 2: 6 cells, but the header names 5 columns (student_id, question_id, part, score, comment); "
     "the cell 'with a comma' is in no column; expected one cell a column: put a cell that holds the delimiter ',' "
     "in double quotes"),
    ("student_id,question_id,part,score\ns1,Q1,a," + "1" * 1_100_000 + "\n",
     "overrides: line 2: a cell is over 1,048,576 characters (the limit)")])
def test_override_errors(text, message):
    with pytest.raises(InputFileError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        parse_overrides(text)


def test_empty_header_cells_name_no_column_so_text_under_them_is_refused():
    """Excel saves trailing empty header cells: a comma in an unquoted comment
    must still not cut the comment short (rev-code15)."""
    with pytest.raises(InputFileError, match="line 2: 6 cells, but the header names 5 columns"):
        parse_overrides("student_id,question_id,part,score,comment,,\ns1,Q1,b,0.5,used 0.0474 well, half marks\n")


def test_empty_cells_past_the_header_are_read_as_nothing():
    """Spreadsheets often save a row's trailing empty cells: no text is lost, so no error."""
    assert [o.comment for o in parse_overrides("student_id,question_id,part,score,comment\ns1,Q1,b,1,ok,,\n")] == ["ok"]


def test_student_ids_normalised_once():
    assert normalise_id("  S010 ") == normalise_id("s010") == "s010"
    assert normalise_id("s010", "strip") == normalise_id("S10", "strip") == "s10"
    assert normalise_id("s010") != normalise_id("s10")
    with pytest.raises(InputFileError):
        normalise_id("s1", "drop")


def test_nearest_roster_ids():
    roster = ["s012", "s013", "s120", "t999"]
    assert nearest_ids("S0120", roster) == ["s012", "s120", "s013"]   # case ignored, best first (ties: roster order)
    assert nearest_ids("zzzz", roster) == [] and id_hint("zzzz", roster) == ""
    assert id_hint("s0120", roster) == "did you mean s012 or s120 or s013?"


def test_policy_file_errors(tmp_path):
    from quizgen.marking.policy import read_policy
    with pytest.raises(InputFileError, match="policy file not found"):
        read_policy(tmp_path / "missing.yaml")
    (tmp_path / "p.yaml").write_text("imprecise_credit: 0.5\n")
    assert read_policy(tmp_path / "p.yaml").imprecise_credit == 0.5


@pytest.mark.parametrize("text, status", [("avrage", "needs_review"), ("bidirectonal", "needs_review"),
                                          ("median", "unknown"), ("moyenne", "unknown"), ("mean", "accept")])
def test_a_near_spelling_of_a_listed_word_goes_to_a_person(text, status):
    """A typo in a word answer was a silent 0; another word ('median') stays wrong."""
    assert read_words(text, ["mean", "average", "bidirectional"], {"sum_instead_of_mean": ["sum"]}).status == status


@pytest.mark.parametrize("text, value, figures", [
    ("0.789 probability", 0.789, 3), ("0.789 Prob.", 0.789, 3), ("1.46 loss", 1.46, 3),
    ("0.7890 probabilities", 0.789, 4), ("1.463 cross-entropy", 1.463, 4),   # not "perplexity": review 52b F4
    ("0·789", 0.789, 3), ("0·7890", 0.789, 4), ("1 - 0·231", 0.769, 3),   # exactly 0.769 (stated.py; was None)
])
def test_a_word_naming_the_quantity_and_a_raised_decimal_point_are_read(text, value, figures):
    """'0.789 probability' was invalid while '0.237 nats' was read; '0·789' was 0 × 789."""
    from quizgen.marking.forms import read_number
    reading = read_number(text)
    assert (reading.status, reading.figures) == ("number", figures) and reading.value == pytest.approx(value)


@pytest.mark.parametrize("text, status, value", [
    ("0.2 not", "needs_review", None), ("probability", "invalid", None), ("0.789 percent", "number", 0.00789),
    ("12.1 perplexity", "needs_review", 12.1),   # e^L is another number than the loss (review 52b F4)
    ("0.789 is the probability", "needs_review", None), ("0.2 not probability", "needs_review", None),
    ("2 · 3", "number", 6.0), ("2·ln(2)", "number", 2 * math.log(2)), ("0.5·0.3", "number", 0.15),
    ("1·5·2", "number", 10.0), ("2·10⁻³", "number", 0.002), ("2·10^3", "number", 2000.0), ("e^2·3", "number", 3 * math.e ** 2),
])
def test_a_word_that_changes_the_meaning_is_never_read_away_and_a_spaced_dot_still_multiplies(text, status, value):
    from quizgen.marking.forms import read_number
    reading = read_number(text)
    assert reading.status == status and (value is None or reading.value == pytest.approx(value)), reading


def test_grade_marks_a_raised_decimal_point_and_a_quantity_word_like_the_plain_decimal():
    """Through the grader's own path (C7 (a) p = 0.76852), figures counted: 0·77 is rounded too early."""
    from quizgen.bank.loader import load_bank
    from quizgen.generation.quiz import Question
    from quizgen.generation.sampling import canonical_instance
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry
    template = next(t for t in load_bank() if t.cls == "C7")
    check = question_checkers(key_entry(Question("Q1", canonical_instance(template))))["a"]
    assert [check(t).status.value for t in ("0·769", "0.769 probability", "0·77", "0·7700", "0.769 percent")] \
        == ["correct", "correct", "imprecise", "imprecise", "needs_review"]   # a stray "percent": a person decides


@pytest.mark.parametrize("text", ["0.83 or 0.84", "between 0.59 and 0.60", "0,83 oder 0,84"])
def test_two_values_joined_by_a_word_are_named_so_for_the_marker_and_the_student(text):
    """rev-student20: "0.83 or 0.84" was "a number with words after it", and the student's sheet said
    "your number has words after it"; both now say it gives two values."""
    from quizgen.grading.feedback_review import review_words
    from quizgen.marking.forms import TWO_VALUES_REASON

    reading = read_number(text, decimal_comma="," in text)
    assert (reading.status, reading.reason) == (REVIEW, TWO_VALUES_REASON)
    assert review_words(reading.reason, text).startswith("your answer gives more than one value")
