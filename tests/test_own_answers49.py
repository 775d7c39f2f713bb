"""One notion of a wrong earlier answer, and a later part right given the
student's own earlier answers as written (review 49c F2, F3; issue 12, point 1);
a value near 1 kept short of its difference from 1, told so (F1, F9), naming
no number the paper prints and no template code (F4).
Seed 1's paper (``generate --count 30 --seed 1``), C7:

- Q191, s = 3.00: (a) 0.95257, (b) = ln(1 + e^-3) = 0.048587. An (a) of
  ``0.9524`` or ``0.9523`` is 0.952 at the 3 figures asked, marked incorrect
  there (its own verdict), though inside (a)'s carried span; (b) = -ln of it
  was a bare ``incorrect`` (0 of 4), while the farther ``0.9510`` kept ECF.
- Q181, s = 2.65: (a) 0.93398. ``0.9337`` is 0.934 at 3 figures: correct;
  (b) ``0.06860`` = -ln 0.9337 and (c) ``2.7135`` = -ln 0.0663 were incorrect.

Values worked by hand: -ln(1 - u) = u + u^2/2 + u^3/3 + u^4/4 ...:
-ln 0.9524 = 0.0476 + 0.0011329 + 0.0000360 + 0.0000013 = 0.048770 (0.0488);
-ln 0.9523 = 0.048875 (0.0489); -ln 0.9510 = 0.050241 (0.0502);
-ln 0.9337 = 0.0663 + 0.0021978 + 0.0000971 + 0.0000048 = 0.068600;
-ln 0.0663 = ln 100 - ln 6.63 = 4.60517 - 1.89160 = 2.71357."""

import csv
import json
import math
from decimal import ROUND_HALF_UP, Decimal

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.load import load_key_file
from quizgen.marking.early_carry import source_wrong
from quizgen.marking.rule_model import Source
from quizgen.text.conventions import NEAR_ONE_RULE

ROWS = [
    # F2: (a) marked incorrect at the figures asked, (b) = -ln of it
    ("w4", "Q191", "a", "0.9524"), ("w4", "Q191", "b", "0.0488"),
    ("w3", "Q191", "a", "0.9523"), ("w3", "Q191", "b", "0.04888"),
    ("w7", "Q191", "a", "0.9510"), ("w7", "Q191", "b", "0.0502"),
    # F3: (a) correct (0.934 at 3 figures), later parts worked from it as written
    ("u5", "Q181", "a", "0.9337"), ("u5", "Q181", "b", "0.06860"), ("u5", "Q181", "c", "2.7135"),
    ("u3", "Q181", "a", "0.9337"), ("u3", "Q181", "b", "0.0686"), ("u3", "Q181", "c", "2.71"),
    # ... shown to 2 figures: never correct; a trap's value: still that trap
    ("u2", "Q181", "a", "0.9337"), ("u2", "Q181", "b", "0.069"),
    ("ut", "Q181", "a", "0.9337"), ("ut", "Q181", "b", "2.72"),
    # the key's own (a): unchanged
    ("k", "Q181", "a", "0.9340"), ("k", "Q181", "b", "0.0683"),
    # F1: 1 + e^-s kept to 4 figures, then p-hat to 4; F4/F9: kept to 3
    ("k4", "Q181", "a", "0.934"), ("k4", "Q181", "b", "0.0686"), ("k4", "Q181", "c", "2.71"),
    ("x", "Q183", "a", "0.917"),
    # F3 away from 1 (C1, p = 0.7634): (a) 0.7626 is 0.763 at 3 figures, (b) -ln 0.7626 = 0.27102 (key 0.2699)
    ("c1", "Q4", "a", "0.7626"), ("c1", "Q4", "b", "0.2710"),
]


@pytest.fixture(scope="module")
def paper(tmp_path_factory, generated):
    folder = tmp_path_factory.mktemp("seed1")
    generated("--count", "30", "--seed", "1", "--jobs", "1", "--no-solutions", out=folder / "s1")
    key = json.loads((folder / "s1" / "key.json").read_text(encoding="utf-8"))
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *ROWS, *_carriers(key)])
    return folder


def _figures(x: float, n: int) -> Decimal:
    """``x`` to ``n`` significant figures, a half away from zero, as the paper rounds."""
    d = Decimal(repr(x))
    return d.quantize(Decimal(1).scaleb(d.adjusted() - n + 1), rounding=ROUND_HALF_UP)


def _carriers(key) -> list:
    """On each C7 question: ``rule``, who keeps what the stem asks (e^-s to 4 figures, 1 + e^-s from it,
    p-hat to 4 figures, of 1 - p-hat when over 0.9), and ``carry4`` and ``carry3``, who keep every step
    (1 + e^-s and p-hat too) to 4 or 3 figures; each writes 3 figures."""
    rows = []
    for q in (q for q in key["questions"] if q["template"] == "nsp-sigmoid-loss"):
        s = float(q["params"]["s"])
        e = float(_figures(math.exp(-s), 4))
        p = 1 / (1 + e)
        p = 1 - float(_figures(1 - p, 4)) if p > 0.9 else float(_figures(p, 4))
        q0 = 1 - p if 1 - p <= 0.9 else 1 - float(_figures(p, 4))
        students = [("rule", p, q0)]
        for n in (4, 3):
            pn = float(_figures(1 / float(_figures(1 + float(_figures(math.exp(-s), n)), n)), n))
            students.append((f"carry{n}", pn, float(_figures(1 - pn, n))))
        for name, pp, qq in students:
            rows += [(name, q["id"], part, str(_figures(v, 3)))
                     for part, v in (("a", pp), ("b", -math.log(pp)), ("c", -math.log(qq)))]
    return rows


def _graded(folder, jobs: str) -> tuple:
    out = folder / f"out{jobs}"
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(folder / "s1" / "key.json"),
                                       "--out", str(out), "--jobs", jobs])
    assert result.exit_code == 0, result.output
    text = (out / "answers-graded.csv").read_text(encoding="utf-8-sig")
    return text, {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(text.splitlines())}


@pytest.fixture(scope="module")
def graded_once(paper):
    """graded.csv's text and rows of one ``--jobs 1`` grade of the paper, made once for the module."""
    return _graded(paper, "1")


@pytest.fixture(scope="module")
def graded(graded_once):
    return graded_once[1]


def _mark(graded, student, question, part) -> tuple:
    row = graded[(student, question, part)]
    return row["status"], row["note"], row["score"], row["misconception"]


def test_the_paper_is_the_reviewers(graded):
    assert graded[("w4", "Q191", "a")]["expected"] == "0.9526"
    assert graded[("u5", "Q181", "a")]["expected"] == "0.9340"
    assert graded[("u5", "Q181", "c")]["expected"] == "2.7183"


NEAR_ONE = ("keep a value near 1 (here 1 + e^(-s)) to at least 4 significant figures of its difference "
            "from 1 (expected {})")


@pytest.mark.parametrize("student", ["w4", "w3"])
def test_an_a_kept_short_of_its_difference_from_1_is_rounded_too_early_and_b_is_ecf(graded, student):
    """0.9524 and 0.9523 are 0.952 at 3 figures: 1/1.050, 1 + e^-3 = 1.049787 kept to 4 figures, which keep
    3 of e^-3. (a) is rounded too early, saying which value; (b) = -ln of (a) is ECF as from any wrong (a):
    0.9524 is another value, not the right one rounded, so no "marked at (a) only" (review 49d F11; before
    round 49: (a) a bare incorrect, (b) 0 of 2, while a farther 0.9510 kept ECF)."""
    assert _mark(graded, student, "Q191", "a") == ("imprecise", "rounded_too_early", "0", "")
    assert graded[(student, "Q191", "a")]["feedback"] == (
        "your answer is what the working gives with a value kept to too few figures of its difference from 1 "
        "(1 + e^(-s) = 1.04979 as 1.05): " + NEAR_ONE.format("0.953"))
    assert _mark(graded, student, "Q191", "b") == ("correct", "ecf", "2", "")
    a = graded[(student, "Q191", "a")]["answer"]
    assert graded[(student, "Q191", "b")]["feedback"] == (f"marked from your (a) = {a}: correct given that value "
                                                          "(error carried forward)")


def test_a_later_part_worked_from_an_a_marked_incorrect_is_ecf(graded):
    assert _mark(graded, "w7", "Q191", "a") == ("incorrect", "", "0", "")
    assert _mark(graded, "w7", "Q191", "b") == ("correct", "ecf", "2", "")
    assert graded[("w7", "Q191", "b")]["feedback"] == ("marked from your (a) = 0.9510: correct given that value "
                                                       "(error carried forward)")


def test_p_hat_from_1_plus_e_to_the_minus_s_kept_to_4_figures_is_told(graded):
    """k4 kept 1 + e^-2.65 = 1.070651 as 1.071, so p-hat as 0.93371 (0.9337), and wrote (a) 0.934 (right);
    (b) -ln 0.9337 = 0.0686 was a bare incorrect, (c) 2.71 = -ln 0.0663 'cut off' (review 49c F1). The
    feedback names no (a) = 0.934: that value played no part in them (review 49d F12). One keeping carried
    into both is charged once, at (b); (c) is ECF from it (review 55a F1: both were charged)."""
    assert _mark(graded, "k4", "Q181", "a") == ("correct", "", "2", "")
    kept = "σ(s) as 0.9337 from 1 + e^(-s) = 1.07065 as 1.071, where it is 0.93401"
    why = f"your answer is what the working gives with a value kept to too few figures of its difference from 1 ({kept})"
    assert _mark(graded, "k4", "Q181", "b") == ("imprecise", "rounded_too_early", "0", "")
    assert graded[("k4", "Q181", "b")]["feedback"] == f"{why}: " + NEAR_ONE.format("0.0683")
    assert _mark(graded, "k4", "Q181", "c") == ("correct", "ecf", "2", "")
    assert graded[("k4", "Q181", "c")]["feedback"] == (f"{why}, as your (b) is: correct given that value (error "
                                                       "carried forward; that value kept short is marked at (b) only)")


def test_a_3_figure_carrier_is_told_which_value_and_no_given_number(graded):
    """Q183 (s = 2.45): 0.917 = 1/1.09, 1 + e^-2.45 = 1.086294 kept to 3 figures. It was told
    '(-s = -2.45 as -2.5)', a number the paper prints, whose rounding gives 0.924 (review 49c F4)."""
    row = graded[("x", "Q183", "a")]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early")
    assert row["feedback"] == ("your answer is what the working gives with a value kept to too few figures of its difference from 1 "
                               "(1 + e^(-s) = 1.08629 as 1.09): " + NEAR_ONE.format("0.921"))


def test_the_stems_say_how_to_keep_a_value_near_1(paper):
    """C7's and C9's conventions sentence states the rule the answers need (review 49c F1), since
    round 56 in the words of every class's (text/conventions.NEAR_ONE_RULE), naming both sums."""
    text = (paper / "s1" / "problems.md").read_text(encoding="utf-8")
    rule = ("keep at least 4 significant figures in intermediate steps; keep a value near 1 ($1 + e^{\\pm s}$, "
            "a probability near 1, or $1/p$ for $p$ near 1) to at least 4 significant figures of its difference from 1.")
    assert NEAR_ONE_RULE.endswith(rule[-60:-1])
    assert text.count(rule) == 60   # seed 1's 30 C7 and 30 C9 questions
    assert "exp(-s)" not in text


def test_a_later_part_worked_from_a_right_a_as_written_is_correct(graded):
    """C1's (a) 0.7626 is correct (0.763); (b) -ln 0.7626 = 0.2710 worked from it as written is correct,
    full marks, saying so (it was incorrect: review 49c F3)."""
    assert round(-math.log(0.7626), 4) == 0.2710
    assert _mark(graded, "c1", "Q4", "a") == ("correct", "", "2", "")
    assert _mark(graded, "c1", "Q4", "b") == ("correct", "carried_rounding", "2", "")
    assert graded[("c1", "Q4", "b")]["feedback"] == (
        "marked from your (a) = 0.7626: correct given that value as you wrote it (your (a) is right as well)")


@pytest.mark.parametrize("student", ["u5", "u3", "k4"])
def test_a_near_1_a_that_keeps_too_few_figures_of_1_minus_it_is_no_help(graded, student):
    """C7's (a) 0.9337 is correct (0.934), but keeps 0.0663 of 1 - p-hat = 0.066020, which the stem asks
    to keep to 4 figures: (b) worked from it is rounded too early, whether (a) was written as 0.9337 or
    0.934 (review 49d F5: the same working scored 6/6 or 2/6), and (c), from the same keeping, is ECF
    from it, that one slip charged at (b) alone (review 55a F1: it was charged at both)."""
    assert _mark(graded, student, "Q181", "b") == ("imprecise", "rounded_too_early", "0", "")
    assert _mark(graded, student, "Q181", "c") == ("correct", "ecf", "2", "")
    for part in "bc":
        assert "σ(s) as 0.9337 from 1 + e^(-s) = 1.07065 as 1.071" in graded[(student, "Q181", part)]["feedback"]


def test_two_figures_and_traps_are_not_accepted_from_a_right_a(graded):
    """0.069 shows 2 figures: never correct. 2.72 is (b)'s wrong-label trap: named as before."""
    status, _, score, _ = _mark(graded, "u2", "Q181", "b")
    assert (status, score) != ("correct", "2") and status in ("imprecise", "incorrect")
    assert _mark(graded, "ut", "Q181", "b")[0] == "incorrect"
    assert _mark(graded, "ut", "Q181", "b")[3] == "wrong_label_branch"
    assert _mark(graded, "k", "Q181", "b") == ("correct", "", "2", "")


def test_the_verdicts_are_the_same_for_any_jobs(paper, graded_once):
    assert _graded(paper, "2")[0] == graded_once[0]


def test_the_drills_path_gives_the_same_verdicts(paper):
    """``carried_forward`` (the drill's and validate's ECF path) from the answers already given."""
    key = load_key_file(paper / "s1" / "key.json")
    questions = {q.id: q for q in key.questions}
    for question, a, b, note in (("Q191", "0.9510", "0.0502", "ecf"), ("Q191", "0.9524", "0.0488", "ecf"),
                                 ("Q4", "0.7626", "0.2710", "carried_rounding")):
        checkers = question_checkers(questions[question])
        first = checkers["a"](a)
        name = questions[question].parts[0].name
        verdict = carried_forward(checkers["b"], checkers["b"](b), {name: first.value}, {name: first.figures})
        assert (verdict.status.value, verdict.note) == ("correct", note), verdict


def test_a_source_is_wrong_as_its_own_part_marks_it():
    """0.9524 to 4 figures is 0.952 at the 3 asked: wrong; 0.9526 and 0.953 are right; unknown figures
    (an expression) fall back to the window, as before."""
    s = Source("a", "(a)", 0.95257, (), (), {"sigfigs": 3})
    assert source_wrong(s, 0.9524, 4) and source_wrong(s, 0.9510, 4)
    assert not source_wrong(s, 0.9526, 4) and not source_wrong(s, 0.953, 3)
    assert not source_wrong(s, 0.9524, None)


def test_a_student_who_keeps_what_the_stem_asks_is_right_on_every_c7_part(graded):
    """Seed 1's 30 C7 questions: the stem's rule gives every part; a student who keeps 1 + e^-s or p-hat
    shorter is never a bare incorrect (F1, F9: 4-figure and 3-figure carriers were, on about one part in
    five and one in eight)."""
    rows = {k: r for k, r in graded.items() if k[0] in ("rule", "carry4", "carry3")}
    assert len(rows) == 3 * 90
    assert {r["status"] for k, r in rows.items() if k[0] == "rule"} == {"correct"}
    bare = [(k, r["answer"]) for k, r in rows.items() if r["status"] == "incorrect" and not r["feedback"]]
    assert bare == []
    assert all(r["status"] in ("correct", "imprecise") for r in rows.values())
