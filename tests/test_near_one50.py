"""The rule for a value near 1 kept short of 4 figures of its difference from 1
(near_one.py; C7's and C9's stems ask for those 4), as review 49d found it:

- F4: silent when the earlier part was blank: the same (b) was imprecise after an
  (a) and a bare incorrect without one. It reads the key's values alone.
- F9: with ``carried_figures: 4`` a student who kept 4 figures of 1 + e^-s was told
  they kept fewer than 4; near_one's words win there.
- F11: an (a) near_one explains is another value, not the right one rounded: the
  parts worked from it are ECF at the credit a wrong (a) earns.
- F12: its feedback opened "marked from your (a) = 0.953" and then named another (a).
- F3 addendum: it named a keeping whose result the answer's written figures exclude.

Seed 1's paper (``generate --count 30 --seed 1``). Values worked by hand:
Q191 (C7, s = 3): 1 + e^-3 = 1.049787 kept as 1.05, so p-hat = 1/1.05 = 0.952381;
(b) = ln 1.05 = 0.04879 (0.05 - 0.00125 + 0.0000417 - 0.0000016); (c) = -ln(1 - 1/1.05)
= ln 21 = ln 3 + ln 7 = 1.098612 + 1.945910 = 3.044522 (key 3.0486: 3.05).
Q181 (C7, s = 2.65): 1 + e^-2.65 = 1.070651; 1/1.07 = 0.934579 (0.9346), 1/1.071 =
0.933707; -ln(1 - 0.9337) = ln(1/0.0663) = 2.71357; -ln 0.9346 = 0.0654 + 0.0654^2/2
+ 0.0654^3/3 + ... = 0.067637; -ln 0.0654 = ln 15 + ln 1.019368 = 2.708050 + 0.019183
= 2.727233.
Q248 (C9, s = 2.7, y = 0): L_MLM = (-ln 0.45 - 2 ln 0.1 - ln 0.9)/4 = 1.377260; with
1 + e^-2.7 = 1.067206 kept as 1.067, -ln(1 - 1/1.067) = ln(1.067/0.067) = 2.767913,
so L = 4.145173 (4.15; key 4.1423, 4.14)."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ROWS = [
    # F4: (a) blank, or answered: one verdict
    ("b1", "Q191", "b", "0.04879"), ("b3", "Q191", "c", "3.0445"),
    ("b2", "Q191", "a", "0.953"), ("b2", "Q191", "b", "0.04879"), ("b2", "Q191", "c", "3.0445"),
    ("b4", "Q191", "a", "0.9526"), ("b4", "Q191", "c", "3.0445"),
    ("r1", "Q191", "a", "0.9510"), ("r1", "Q191", "b", "0.04879"),   # a wrong (a), whose -ln is 0.0502
    # F12: the (a) written is the value kept: named
    ("o1", "Q181", "a", "0.9337"), ("o1", "Q181", "b", "0.0686"),
    ("o2", "Q181", "a", "0.933707"), ("o2", "Q181", "b", "0.0686"),   # ln 1.071 = 0.068592; -ln 0.9337 = 0.068600
    # F3 addendum: written figures that exclude the keeping; a cut-off that is it
    ("e5", "Q181", "a", "0.93349"), ("g1", "Q181", "a", "0.934"), ("g1", "Q181", "c", "2.7101"),
    ("g2", "Q181", "a", "0.934"), ("g2", "Q181", "c", "2.7135"), ("e1", "Q181", "a", "0.9345"),
    # F11: (a) 1/1.07, then (b) and (c) worked from it; a plainly wrong (a) beside it
    ("n1", "Q181", "a", "0.9346"), ("n1", "Q181", "b", "0.06764"), ("n1", "Q181", "c", "2.727"),
    ("m2", "Q181", "a", "0.9354"), ("m2", "Q181", "b", "0.0668"),
    # F9: C9 with 1 + e^-2.7 kept to 4 figures
    ("q1", "Q248", "a", "4.15"), ("q2", "Q248", "a", "4.145"),
]

NAMED = ("your answer is what the working gives with a value kept to too few figures of its difference from 1 "
         "({}): keep a value near 1 (here 1 + e^(-s)) to at least 4 significant figures of its "
         "difference from 1 (expected {})")
FROM_1_05 = "σ(s) as 0.952381 from 1 + e^(-s) = 1.04979 as 1.05, where it is 0.95257"


def _run(*args) -> None:
    """``quizgen ARGS`` as a user runs it; it must succeed."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def paper(tmp_path_factory, generated):
    folder = tmp_path_factory.mktemp("seed1")
    generated("--count", "30", "--seed", "1", "--jobs", "1", "--no-solutions", out=folder / "s1")
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *ROWS])
    (folder / "keep4.yaml").write_text("carried_figures: 4\n", encoding="utf-8")
    (folder / "half.yaml").write_text("ecf_credit: 0.5\n", encoding="utf-8")
    return folder


def _graded(folder, *policy) -> dict:
    out = folder / f"out{len(policy) and policy[-1]}"
    _run("grade", folder / "answers.csv", "--key", folder / "s1" / "key.json", "--out", out, "--jobs", "1", *policy)
    with open(out / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}


@pytest.fixture(scope="module")
def graded(paper):
    return _graded(paper)


def _mark(graded, key) -> tuple:
    row = graded[key]
    return row["status"], row["note"], row["score"], row["feedback"]


def test_the_paper_is_the_one_worked_by_hand(graded):
    assert graded[("b1", "Q191", "b")]["expected"] == "0.04859"
    assert graded[("g1", "Q181", "c")]["expected"] == "2.7183"
    assert graded[("q1", "Q248", "a")]["expected"] == "4.1423"


@pytest.mark.parametrize("student", ["b1", "b2", "r1"])
def test_b_kept_short_is_named_whether_a_is_blank_or_not(graded, student):
    """ln 1.05 = 0.04879: named from 1/1.05 unrounded, which its 4 written figures agree with (0.9524 gives
    0.04877), and never 'marked from your (a) = 0.953', which played no part (F4, F12); the same after a
    wrong (a) it was not worked from (0.9510: it was a bare incorrect there too)."""
    assert _mark(graded, (student, "Q191", "b")) == ("imprecise", "rounded_too_early", "0",
                                                       NAMED.format(FROM_1_05, "0.0486"))


@pytest.mark.parametrize("student", ["b3", "b4"])
def test_c_kept_short_is_named_whether_a_is_blank_right_or_the_key(graded, student):
    """ln 21 = 3.0445 is -ln(1 - 1/1.05), whatever (a) says; not '(a) = 0.952574 as 0.9526' (-ln(1 - 0.9526)
    = 3.0491 is the key's 3.05): F4, F12 and 49d F3."""
    assert _mark(graded, (student, "Q191", "c")) == ("imprecise", "rounded_too_early", "0",
                                                       NAMED.format(FROM_1_05, "3.05"))


def test_c_after_b_from_the_same_value_kept_short_is_ecf_naming_b(graded):
    """b2's (b) and (c) are both worked from 1/1.05, which its (a) 0.953 does not show: that one keeping
    is charged at (b), and (c) is ECF from it (review 53b F8: both were charged)."""
    assert _mark(graded, ("b2", "Q191", "c")) == ("correct", "ecf", "2", (
        f"your answer is what the working gives with a value kept to too few figures of its difference from 1 "
        f"({FROM_1_05}), as your (b) is: correct given that value (error carried forward; that value kept short "
        f"is marked at (b) only)"))


def test_an_a_that_is_the_value_kept_is_named_first(graded):
    """(a) 0.9337 is the value the working kept short: the feedback is worked from it and says so."""
    status, note, _, feedback = _mark(graded, ("o1", "Q181", "b"))
    assert (status, note) == ("imprecise", "rounded_too_early")
    assert feedback.startswith("marked from your (a) = 0.9337: your answer is what the working gives")


def test_the_students_own_a_is_named_before_another_keeping(graded):
    """(a) 0.933707 is 1/1.071 unrounded; (b) 0.0686 is what it gives, and what 0.9337 gives too: the value
    the student wrote is the one named (it was '(a) as 0.9337', after 'marked from your (a) = 0.933707')."""
    assert _mark(graded, ("o2", "Q181", "b")) == ("imprecise", "rounded_too_early", "0", (
        "marked from your (a) = 0.933707: " + NAMED.format(
            "σ(s) as 0.933707 from 1 + e^(-s) = 1.07065 as 1.071, where it is 0.93401", "0.0683")))


def test_written_figures_that_exclude_the_keeping_name_none(graded):
    """0.93349 is neither 1/1.071 = 0.933707 nor 1/1.07 rounded or cut off at 5 figures; 2.7101 is not
    -ln 0.0663 = 2.71357 at 5: neither is told it kept a value short (F3 addendum)."""
    assert _mark(graded, ("e5", "Q181", "a")) == ("incorrect", "", "0", "")
    status, _, _, feedback = _mark(graded, ("g1", "Q181", "c"))
    assert status == "incorrect" and "kept to too few figures" not in feedback


def test_a_keeping_the_written_figures_cut_off_is_named(graded):
    """2.7135 is 2.71357 cut off, 0.9345 is 1/1.07 = 0.934579 cut off: those keepings are named."""
    assert _mark(graded, ("g2", "Q181", "c"))[:2] == ("imprecise", "rounded_too_early")
    assert "(σ(s) as 0.9337 from 1 + e^(-s) = 1.07065 as 1.071" in graded[("g2", "Q181", "c")]["feedback"]
    assert _mark(graded, ("e1", "Q181", "a")) == ("imprecise", "rounded_too_early", "0",
                                                  NAMED.format("1 + e^(-s) = 1.07065 as 1.07", "0.934"))


def test_parts_worked_from_an_a_kept_short_earn_what_a_wrong_a_earns(paper):
    """With ecf_credit 0.5: (a) 0.9346 = 1/1.07 is told so at (a), and (b) 0.06764, (c) 2.727 worked from it
    earn half, as after the plainly wrong 0.9354; they earned full marks, 'marked at (a) only' (F11)."""
    graded = _graded(paper, "--policy", str(paper / "half.yaml"))
    assert _mark(graded, ("n1", "Q181", "a"))[:2] == ("imprecise", "rounded_too_early")
    for key in (("n1", "Q181", "b"), ("n1", "Q181", "c"), ("m2", "Q181", "b")):
        a = graded[(key[0], "Q181", "a")]["answer"]
        assert _mark(graded, key) == ("correct", "ecf", "1", f"marked from your (a) = {a}: correct given that value "
                                      "(error carried forward), which earns half of the marks in this course")


def test_under_the_default_policy_those_parts_keep_full_marks(graded):
    assert _mark(graded, ("n1", "Q181", "b"))[:3] == ("correct", "ecf", "2")


@pytest.fixture(scope="module")
def graded_keep4(paper):
    """The paper graded once with carried_figures 4, for the students the test below reads."""
    return _graded(paper, "--policy", str(paper / "keep4.yaml"))


@pytest.mark.parametrize("student", ["q1", "q2"])
def test_four_figures_of_1_plus_e_to_the_minus_s_are_not_called_fewer(graded_keep4, student):
    """carried_figures 4: 4.15 and 4.145 come from 1 + e^-2.7 kept as 1.067, 4 figures: told which value,
    not 'carried to fewer than 4 significant figures' (F9)."""
    graded = graded_keep4
    assert _mark(graded, (student, "Q248", "a")) == ("imprecise", "rounded_too_early", "0", NAMED.format(
        "1 + e^(-s) = 1.06721 as 1.067", "4.14"))
