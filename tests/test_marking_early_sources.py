"""Later parts computed from earlier answers, as a careful marker marks them
(a marker's review of the seed-19 class paper, Q7: p = 1/(1 + e^3.25) = 0.03733,
sign-error trap 1 - p = 0.96267; (b) = -ln p = 3.2880, (c) = -ln(1 - p) = 0.03804):
an earlier answer shown to too few figures, right or a trap, has its rounding
marked there, and what follows from it as written is ECF; a student who
carried their own unrounded trap value on gets ECF; an answer resting on one
a person must read goes to that person; a value cut off is named, the
student's own or a trap's; look-alike ids."""

import csv
import json
import math

import pytest

import quizgen
from quizgen.generation.run import generate
from quizgen.marking.student_ids import id_hint, nearest_ids

SIGN_TRAP = "sigmoid_sign_error"


@pytest.fixture(scope="module")
def class_key(tmp_path_factory):
    """The seed-19 class paper's key.json."""
    folder = tmp_path_factory.mktemp("seed19")
    generate(folder / "quiz", seed=19)
    return folder / "quiz" / "key.json"


def _graded(folder, key, rows, policy: str = "", **options) -> dict:
    """Grade ``rows`` (student, question, part, answer); graded.csv's rows by (student, question, part)."""
    folder.mkdir(exist_ok=True)
    path = folder / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    if policy:
        (folder / "policy.yaml").write_text(policy, encoding="utf-8")
        options["policy"] = folder / "policy.yaml"
    quizgen.grade(path, key=key, **options)
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}


def _q7(student: str, *answers) -> list:
    return [[student, "Q7", letter, text] for letter, text in zip("abc", answers)]


@pytest.mark.slow
def test_a_later_part_from_an_earlier_answer_shown_short_is_ecf_its_rounding_marked_there(tmp_path, class_key):
    """(a) 0.96 (the trap to 2 figures), 0.037 (right to 2) and 0.9 (wrong, 1 figure)
    then (b) worked from it as written: ECF, the early rounding marked at (a) alone
    (issue 12: one mistake is named once). They were imprecise, 0 marks, 'so this
    one carries that early rounding', while a wrong (a) such as 0.75 earned full ECF."""
    rows = _graded(tmp_path, class_key, [*_q7("v01", "0.96", "0.0408", "3.22"), *_q7("v02", "0.037", "3.297"),
                                         *_q7("v04", "0.9", "0.105")])
    for student, own in (("v01", "0.96"), ("v02", "0.037"), ("v04", "0.9")):
        row = rows[(student, "Q7", "b")]
        assert (row["status"], row["note"], row["score"]) == ("correct", "ecf", "2"), row
        assert row["feedback"].startswith(f"marked from your (a) = {own}: correct given that value "
                                          "(error carried forward"), row
    assert (rows[("v01", "Q7", "a")]["misconception"], rows[("v02", "Q7", "a")]["note"]) == (
        SIGN_TRAP, "rounded_too_early")   # where the rounding is marked
    assert rows[("v01", "Q7", "c")]["status"] == "correct"
    for student in ("v01", "v02"):
        assert rows[(student, "Q7", "b")]["feedback"].endswith(
            "(error carried forward; (a)'s early rounding is marked at (a) only)")
    # one figure: (a) names no rounding (the trap cut off, or no trap at all), so (b) claims none
    assert rows[("v04", "Q7", "b")]["feedback"] == ("marked from your (a) = 0.9: correct given that value "
                                                    "(error carried forward)")


def test_ecf_credit_alone_scores_an_answer_from_an_earlier_answer_shown_short(tmp_path, class_key):
    """With imprecise_credit 0.5 and ecf_credit 0.5 (2 points a part): from the trap
    (a) 0.96, ECF's credit (1 point); from the right 0.037, full marks (2 points), its
    rounding paid for at (a) alone (review 34); (a) 1.0 is exactly Q1's trap 1, so (b)
    -ln 1 = 0.00 from it is plain ECF. They were both credits (0.5 point) and the
    imprecise one (1 point), then ECF's credit for both."""
    rows = _graded(tmp_path, class_key, [*_q7("v01", "0.96", "0.0408"), *_q7("v02", "0.037", "3.297"),
                                         ["v05", "Q1", "a", "1.0"], ["v05", "Q1", "b", "0.00"]],
                   policy="ecf_credit: 0.5\nimprecise_credit: 0.5\n")
    assert float(rows[("v01", "Q7", "b")]["score"]) == pytest.approx(1.0)
    assert float(rows[("v02", "Q7", "b")]["score"]) == pytest.approx(2.0)
    assert float(rows[("v02", "Q7", "a")]["score"]) == pytest.approx(1.0)   # the rounding, marked at (a)
    assert (rows[("v05", "Q1", "b")]["status"], rows[("v05", "Q1", "b")]["note"]) == ("correct", "ecf")


def test_carrying_the_unrounded_trap_value_on_is_ecf(tmp_path, class_key):
    """(a) 0.96 (the trap rounded) or 0.962 (cut off), then (b) -ln 0.96267 = 0.0380:
    the student carried their own unrounded value, so (b) is ECF, not the
    wrong-label trap (a formula they did not use)."""
    rows = _graded(tmp_path, class_key, [*_q7("v08", "0.96", "0.0380"), *_q7("u18", "0.962", "0.0380")])
    for student, own in (("v08", "0.96"), ("u18", "0.962")):
        row = rows[(student, "Q7", "b")]
        assert (row["status"], row["note"], row["misconception"], row["score"]) == ("correct", "ecf", "", "2"), row
        assert row["feedback"] == (f"marked from your (a) = {own}, carried unrounded as 0.962673: correct given "
                                   "that value (error carried forward)")


def test_the_unrounded_trap_is_tried_even_far_from_the_value_as_written(tmp_path, class_key):
    """With s = -5.25 (p = 0.00522, trap 0.99478): (a) 0.99, then (b) -ln 0.99478 =
    0.00523, half of -ln 0.99 = 0.01005: ECF's quick first look also tries the trap's value."""
    key = json.loads(class_key.read_text(encoding="utf-8"))
    question = next(q for q in key["questions"] if q["id"] == "Q7")
    p = 1 / (1 + math.exp(5.25))
    question["params"]["s"] = -5.25
    a, b, c = question["parts"]
    a.update(exact="1/(1 + exp(5.25))", value=p, trap_values=[1 - p])
    # both_label_terms (review 54a F3), -ln p - ln(1 - p), lies within the window of -ln p here: left out
    b.update(exact="log(1 + exp(5.25))", value=-math.log(p),
             trap_values=[-math.log(1 - p), None, b["trap_values"][2], -math.log2(p), math.log(p), p])
    c.update(exact="-log(1 - 1/(1 + exp(5.25)))", value=-math.log(1 - p),
             trap_values=[-math.log(p), None, c["trap_values"][2], -math.log2(1 - p), math.log(1 - p), 1 - p])
    (tmp_path / "far.json").write_text(json.dumps(key), encoding="utf-8")
    row = _graded(tmp_path / "g", tmp_path / "far.json", _q7("f1", "0.99", "0.00523"))[("f1", "Q7", "b")]
    assert (row["status"], row["note"]) == ("correct", "ecf"), row
    assert row["feedback"].startswith("marked from your (a) = 0.99, carried unrounded as 0.99478: "), row


def test_an_answer_resting_on_one_a_person_must_read_goes_to_that_person(tmp_path, class_key):
    """(a) 'maybe 0.963' is needs_review; (b) and (c), not correct on their own,
    go to the person too, saying why (an override of (a) does not re-run ECF);
    a (b) correct on its own stays correct."""
    rows = _graded(tmp_path, class_key, [*_q7("u02", "maybe 0.963", "0.0377", "3.29"),
                                         *_q7("u03", "maybe 0.963", "3.29")])
    for part, alone in (("b", "incorrect"), ("c", "incorrect, wrong_label_branch")):
        row = rows[("u02", "Q7", part)]
        assert (row["status"], row["score"]) == ("needs_review", "0"), row
        assert row["reason"] == ("depends on (a), which a person must read: mark this part with it "
                                 f"(on its own: {alone})"), row
    assert rows[("u03", "Q7", "b")]["status"] == "correct"


@pytest.mark.slow
def test_the_students_own_value_cut_off_is_imprecise(tmp_path):
    """s008's C8 (seed 19, own paper): (a) 0.0209 (right), (b) 3.86, their own
    -ln 0.0209 = 3.8680 cut off (the key's 3.8701 gives 3.87 either way)."""
    (tmp_path / "roster.csv").write_text("student_id,name\ns008,Student 8\n", encoding="utf-8")
    generate(tmp_path / "quiz", seed=19, students=tmp_path / "roster.csv")
    rows = _graded(tmp_path / "g", tmp_path / "quiz" / "key.json",
                   [["s008", "Q8", "a", "0.0209"], ["s008", "Q8", "b", "3.86"]])
    row = rows[("s008", "Q8", "b")]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert row["feedback"] == ("marked from your (a) = 0.0209: cut off instead of rounded: 3.868, worked from "
                               "that value, rounds to 3.87 (expected 3.87)")


def test_a_trap_value_cut_off_is_named(tmp_path, class_key):
    """(a) 0.962 is the sign-error trap 0.96267 cut off: named as rounding it is;
    0.0373 then (b) 3.28 (the answer 3.2880 cut off) is that, no trap."""
    rows = _graded(tmp_path, class_key, [*_q7("u18", "0.962"), *_q7("u19", "0.0373", "3.28")])
    row = rows[("u18", "Q7", "a")]
    assert (row["status"], row["misconception"]) == ("incorrect", SIGN_TRAP), row
    assert row["feedback"].endswith("(That value, cut off instead of rounded: 0.9627 rounds to 0.963.)"), row
    assert (rows[("u19", "Q7", "b")]["status"], rows[("u19", "Q7", "b")]["misconception"]) == ("imprecise", "")


def test_the_id_hint_puts_a_look_alike_first():
    """tO5 (letter O) among t01-t76 is t05 typed wrong: it comes first, then difflib's."""
    roster = [f"t{n:02d}" for n in range(1, 77)]
    assert nearest_ids("tO5", roster)[0] == "t05"
    assert id_hint("tO5", roster).startswith("did you mean t05? O and 0 look alike")   # alone (ids21)
    assert nearest_ids("SI2", ["s12", "512", "x12"]) == ["s12", "512"]   # both look-alikes, in roster order
