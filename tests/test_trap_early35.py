"""A later part that falls into a named trap worked from the student's own
earlier answer scores the trap's credit times ECF's only when that earlier
answer is wrong (a trap's value, a wrong value). When the only thing wrong
there is the right value rounded too early (marked at its own part since
round 34), or nothing is, it scores the trap's credit alone, and its feedback
says where the rounding is marked. Before, with ``ecf_credit: 0.5`` the one
early rounding cost marks at (a) and again at (b)."""

import csv
import math

import pytest
from click.testing import CliRunner

from quizgen.bank.loader import load_bank
from quizgen.cli import main
from quizgen.generation.sampling import sample_instance
from quizgen.maths.numbers import significant
from quizgen.marking.rule_model import Credits
from quizgen.validation.marking import careful_student
from tests.paper_support import mark_paper, part_rules

BANK = {t.cls: t for t in load_bank()}
CODE = "log10_instead_of_ln"
CREDITS = Credits(ecf=0.5, imprecise=0.25, traps={CODE: 0.5})
NOTE = "(a)'s early rounding is marked at (a) only"


def _c2_papers() -> list:
    """(instance, (a) as written, (b) = -log10 of it) for C2 draws whose (b) is
    no rounding of the key's own trap value: only a trap worked from (a) finds it."""
    found = []
    for k in range(12):
        instance = sample_instance(BANK["C2"], f"trap35/C2/{k}")
        p = float(part_rules(instance)["p"].value)
        for text in (significant(p, 2), significant(p, 1)):
            b = significant(-math.log10(float(text)), 3)
            if abs(float(b) + math.log10(p)) > 0.005 * abs(math.log10(p)):
                found.append((instance, text, b))
    return found


def test_a_trap_worked_from_a_right_value_rounded_early_earns_the_trap_credit_alone():
    compared = 0
    for instance, a, b in _c2_papers():
        marked = mark_paper(instance, {"p": a, "loss": b}, CREDITS)
        assert marked["p"].status == "imprecise", (instance.seed_label, a)
        if not marked["loss"].feedback.startswith("marked from"):
            continue   # also the key's own trap to the figures asked: that trap, as any student's
        compared += 1
        assert (marked["loss"].misconception, marked["loss"].score) == (CODE, pytest.approx(0.5)), (a, b, marked)
        assert marked["loss"].feedback.startswith(f"marked from your (a) = {a}; {NOTE}: The loss uses"), marked
    assert compared >= 5


def test_a_trap_worked_from_a_wrong_value_still_earns_the_trap_credit_times_ecf():
    instance, _, _ = _c2_papers()[0]
    p = float(part_rules(instance)["p"].value)
    wrong = significant(p * 1.5, 3)   # no rounding of p, nor a trap's value
    b = significant(-math.log10(float(wrong)), 3)
    marked = mark_paper(instance, {"p": wrong, "loss": b}, CREDITS)
    assert (marked["loss"].misconception, marked["loss"].score) == (CODE, pytest.approx(0.25)), marked
    assert "early rounding" not in marked["loss"].feedback


def test_a_trap_worked_from_a_right_answer_loses_nothing_for_ecf():
    """C1's (a) right to the 3 figures asked, then the log-2 slip on it: −log2 of a
    number near 1 magnifies (a)'s rounding beyond the trap's own window, so only
    the trap from their own (a) finds it; nothing upstream is wrong (it earned a quarter)."""
    compared = 0
    for k in range(10):
        instance = sample_instance(BANK["C1"], f"fix35n/C1/{k}")
        answers = careful_student(instance, 3)
        b = significant(-math.log2(float(answers["p"])), 3)
        marked = mark_paper(instance, {**answers, "loss": b}, Credits(ecf=0.5, traps={"log2_instead_of_ln": 0.5}))
        if marked["p"].status == "correct" and marked["loss"].feedback.startswith("marked from your (a)"):
            compared += 1
            assert (marked["loss"].misconception, marked["loss"].score) == ("log2_instead_of_ln", pytest.approx(0.5))
            assert "early rounding" not in marked["loss"].feedback
    assert compared


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Seed 3's Q2 (C2, p = 0.008581) graded with a policy crediting the log-10
    slip and half ECF: s1 rounds (a) to 1 figure, s2 gets (a) wrong, s3 too and (b) 2.06 is
    −log10 0.0087 = 2.0605, also the key's trap 2.0665 cut off."""
    folder = tmp_path_factory.mktemp("trap35")
    runner = CliRunner()
    assert runner.invoke(main, ["generate", "--seed", "3", "--out", str(folder / "k")]).exit_code == 0
    (folder / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q2,a,0.009\ns1,Q2,b,2.05\n"
                                  "s2,Q2,a,0.0500\ns2,Q2,b,1.30\ns3,Q2,a,0.0087\ns3,Q2,b,2.06\n", encoding="utf-8")
    (folder / "policy.yaml").write_text(f"ecf_credit: 0.5\nimprecise_credit: 0.25\ntraps: {{{CODE}: 0.5}}\n",
                                        encoding="utf-8")
    result = runner.invoke(main, ["grade", str(folder / "a.csv"), "--key", str(folder / "k" / "key.json"),
                                  "--policy", str(folder / "policy.yaml"), "--out", str(folder / "o" / "g.csv"),
                                  "--feedback", str(folder / "fb")])
    assert result.exit_code == 0, result.output
    with open(folder / "o" / "g.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {(row["student_id"], row["part"]): row for row in csv.DictReader(handle)}
    return rows, folder / "fb"


def test_grade_scores_and_words_the_trap_after_an_early_rounding(graded):
    rows, _ = graded
    assert (rows["s1", "a"]["status"], rows["s1", "a"]["score"]) == ("imprecise", "0.5")   # a quarter of 2
    b = rows["s1", "b"]
    assert (b["status"], b["misconception"], b["score"]) == ("incorrect", CODE, "1")   # half of 2: the trap's credit
    assert b["feedback"] == (f"marked from your (a) = 0.009; {NOTE}: The loss uses the natural logarithm (base e), "
                             "not log base 10.")
    wrong = rows["s2", "b"]   # (a) 0.0500 is wrong: the trap's credit times ECF's
    assert (wrong["misconception"], wrong["score"]) == (CODE, "0.5")
    assert wrong["feedback"] == "marked from your (a) = 0.0500: The loss uses the natural logarithm (base e), not log base 10."


def test_grade_takes_a_trap_from_their_own_a_over_a_slip_on_the_keys(graded):
    """s3's 2.06 was "(That value, cut off instead of rounded: 2.066 rounds to 2.07.)", scored
    0.5 x 0.25 of 2: the key's trap cut off, from a p the student never wrote."""
    rows, _ = graded
    b = rows["s3", "b"]
    assert (b["misconception"], b["score"]) == (CODE, "0.5")   # the trap's credit times ECF's: (a) is wrong
    assert b["feedback"] == "marked from your (a) = 0.0087: The loss uses the natural logarithm (base e), not log base 10."


def test_the_sheet_names_the_rounding_at_a_and_the_trap_at_b(graded):
    _, sheets = graded
    sheet = (sheets / "s1.md").read_text(encoding="utf-8")
    assert (f"- (b) misconception **log base 10 instead of ln**: marked from your (a) = 0.009; {NOTE}: "
            "The loss uses the natural logarithm") in sheet
    assert "- rounded too early or cut off: Q2 (a): give each final answer" in sheet
    assert "rounded before use" not in sheet   # (a) was written short: named with the answers rounded too early


def test_a_trap_from_their_own_a_is_no_slip_on_the_keys_trap():
    """(a) 0.057 (p = 0.0571..., 2 figures), (b) 1.24 = −log10 0.057 = 1.2441, rounded
    right: it was told "(That value, cut off instead of rounded: 1.247 rounds to
    1.25.)", the key's trap cut off, worked from a p the student never wrote, and
    scored the trap's credit times the imprecise credit."""
    instance = sample_instance(BANK["C2"], "trap35/C2/7")
    assert significant(float(part_rules(instance)["p"].value), 2) == "0.057"
    marked = mark_paper(instance, {"p": "0.057", "loss": "1.24"}, CREDITS)
    assert (marked["loss"].misconception, marked["loss"].score) == (CODE, pytest.approx(0.5)), marked
    assert marked["loss"].feedback == (f"marked from your (a) = 0.057; {NOTE}: The loss uses the natural logarithm "
                                       "(base e), not log base 10.")



def test_the_account_with_no_slip_never_scores_less():
    """With ECF at 0 and a wrong (a), the trap from their own (a) would score 0: the
    key's trap rounded (the slip, trap credit times imprecise credit) stands."""
    instance = sample_instance(BANK["C2"], "trap35/C2/7")
    p = float(part_rules(instance)["p"].value)
    trap = -math.log10(p)   # the key's own log-10 trap value, 1.243...
    wrong = 10 ** -float(significant(trap, 2))   # an (a) whose log-10 slip is that trap to 2 figures, exactly
    credits = Credits(ecf=0.0, imprecise=0.5, traps={CODE: 0.5})
    marked = mark_paper(instance, {"p": significant(wrong, 4), "loss": significant(trap, 2)}, credits)
    assert marked["p"].status == "incorrect", marked   # (a) 0.06310: wrong, no rounding of p
    assert (marked["loss"].misconception, marked["loss"].score) == (CODE, pytest.approx(0.25)), marked
    assert "(That value, rounded to 2 significant figures: give at least 3.)" in marked["loss"].feedback
