"""Review 55c N3 and N5: the one step of a part's working kept to 2 significant
figures (early_steps.py, early_carry.py), when one value occurs twice in the
working, and the words that name the step.

N3: equal steps, the same expression over the same value (-ln 0.55 for both of
seed 1's Q4 tokens of p = 0.55; e^0.5 for both of seed 11's Q2 logits of 0.5),
are one number a student writes once: kept short at both uses they are ONE early
rounding, and named once. By hand (C4, p = [0.55, 0.2, 0.5, 0.55]):
-ln 0.55 = 0.597837, -ln 0.2 = 1.609438, -ln 0.5 = 0.693147; the mean 0.874565
(0.875); with -ln 0.55 as 0.60 at both uses (0.60 + 1.609438 + 0.693147 + 0.60)/4
= 0.875646, `0.876`; at one use only 0.875105, the key's 0.875."""

import csv
import math
import re
from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.early_steps import value_shown
from quizgen.marking.recipes import recipe_text
from quizgen.marking.step_words import as_solutions_write, selected
from quizgen.maths.parser import parse, template_policy
from tests.grading_support import paper_grader

KEEP = "this paper asks you to keep at least 4 significant figures in intermediate results"


def _named(row) -> str:
    """The brackets of a "kept to too few figures" feedback: the steps named ("e.g. " before the one
    named as an example of several values kept short)."""
    return row["feedback"].split("kept to too few figures (", 1)[1].split("): ", 1)[0]


def test_the_hand_values():
    losses = [-math.log(v) for v in (0.55, 0.2, 0.5, 0.55)]
    assert round(sum(losses) / 4, 3) == 0.875
    assert round((0.60 + losses[1] + losses[2] + 0.60) / 4, 3) == 0.876
    assert round((0.60 + losses[1] + losses[2] + losses[3]) / 4, 3) == 0.875
    z = [0.5, -0.5, 2, 3.5, 0.5]
    exps = [math.exp(v) for v in z]
    assert round(exps[3] / sum(exps), 3) == 0.746
    assert round(exps[3] / (sum(exps) - exps[0] + 1.6), 3) == 0.747                   # one copy as 1.6
    assert round(exps[3] / (sum(exps) - exps[0] - exps[4] + 3.2), 3) == 0.747         # both
    c10 = [-math.log(v) for v in (0.05, 0.35, 0.5, 0.3, 0.7, 0.35, 0.9)]              # seed 104's Q29, 7 targets
    assert round(sum(c10) / 7, 2) == 1.06                                             # 3 figures
    assert round((sum(c10) - c10[1] - c10[5] + 2.0) / 7, 2) == 1.05                   # -ln 0.35 as 1.0 twice
    assert round((sum(c10) - c10[1] + 1.0) / 7, 2) == 1.06


@pytest.mark.parametrize("seed, count, question, rows, step", [
    (1, 1, "Q4", [("Q4", "a", "0.876")], "-ln(0.55) = "),
    (11, 3, "Q2", [("Q2", "a", "0.747")], "e^(0.5) = "),
    (104, 3, "Q29", [("s1", "Q29", "a", "7"), ("s1", "Q29", "b", "1.05")], "-ln(0.35) = ")])
def test_a_value_used_twice_and_kept_short_once_is_one_step(tmp_path, seed, count, question, rows, step):
    """Review 55c N3: the value written short once and used at both places is one early rounding
    (it was a bare `incorrect`, as two steps); one copy kept short (seed 11's 0.747, which both give
    too) is named once, not twice."""
    graded = paper_grader(tmp_path, seed, count)(rows)
    row = graded[question, rows[-1][-2], rows[-1][-1]]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert _named(row).startswith(step) and _named(row).count(step) == 1 and " or " not in _named(row), row


@pytest.fixture(scope="module")
def c9_paper(tmp_path_factory):
    """Review 55c's p7c (`generate --classes C7,C9 --seed 7 --count 40`), answered by one student a
    row: {(question, answer): graded row}."""
    folder = tmp_path_factory.mktemp("c9")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C7,C9", "--seed", "7", "--count", "40",
                                "--out", str(folder / "paper")])
    assert made.exit_code == 0, made.output
    answers = folder / "answers.csv"
    rows = [("Q60", "0.921"), ("Q68", "2.44"), ("Q43", "0.475")]
    answers.write_text("student_id,question_id,part,answer\n" + "".join(
        f"s{n},{question},a,{answer}\n" for n, (question, answer) in enumerate(rows)), encoding="utf-8")
    result = runner.invoke(main, ["grade", str(answers), "--key", str(folder / "paper" / "key.json"),
                                  "--out", str(folder / "out")])
    assert result.exit_code == 0, result.output
    with open(folder / "out" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(row["question_id"], row["answer"]): row for row in csv.DictReader(handle)}


def test_a_loss_used_twice_in_a_c9_mean(c9_paper):
    """Review 55c N3's p7c Q60 (C9, p = [0.9, 0.35, 0.7, 0.9], s = -0.4, y = 0; 0.917320): -ln 0.9 =
    0.105361 kept as 0.11 at both uses makes the losses' sum 1.6265, carried to 3 figures as 1.63,
    the mean 0.4075, and with -ln(1 - σ(-0.4)) = 0.5130 the total 0.9205, `0.921`; kept so at one
    use it gives 0.9185 at most."""
    losses = [-math.log(v) for v in (0.9, 0.35, 0.7, 0.9)]
    assert round(0.22 + losses[1] + losses[2], 2) == 1.63 and round(1.63 / 4 + 0.5130, 4) == 0.9205
    assert round((0.11 + sum(losses[1:])) / 4 + math.log(1 + math.exp(-0.4)), 4) == 0.9185
    row = c9_paper["Q60", "0.921"]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert _named(row).count("-ln(0.9) = ") == 1, row


@pytest.mark.parametrize("question, answer, steps", [
    # p = [0.15, 0.45], s = 0.6, y = 0: the mean 1.347814, carried as 1.35 (the losses' sum as 2.70),
    # kept as 1.4, + ln(1 + e^0.6) = 1.037488: 2.4375, `2.44`; "1.35, carried as 1.35" said nothing
    ("Q68", "2.44", "the mean of -ln(p) = 1.348, carried as 1.35, as 1.4")])
def test_a_step_carried_first_says_the_value_kept(c9_paper, question, answer, steps):
    """Review 55c N2's leftover (N5 (4)): a step carried to 3 figures, then kept to 2, is named with
    the value it was kept from, and its own value to as many figures as show it rounds otherwise."""
    row = c9_paper[question, answer]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert _named(row).startswith(steps), row["feedback"]
    _alternatives(row)


_ALTERNATIVE = re.compile(r"^(?P<step>.+?) = (?P<value>-?[\d.]+)(?:, carried as (?P<carried>-?[\d.]+),)? as "
                          r"(?P<kept>-?[\d.]+)$")


def _alternatives(row) -> list:
    """Each step named, checked to read right: a name before its value, and the value it was kept
    from (the carried one, when said) is the kept one at 2 figures by the paper's rule."""
    found = []
    for text in _named(row).removeprefix("e.g. ").split(" or "):
        match = _ALTERNATIVE.match(text)
        assert match, f"a step with no name or value: {text!r} in {row['feedback']!r}"
        source = Decimal(match["carried"] or match["value"])
        kept = Decimal(match["kept"])
        tie = source.quantize(kept, rounding=ROUND_HALF_DOWN) == kept   # a carried tie kept either way
        assert source.quantize(kept, rounding=ROUND_HALF_UP) == kept or match["carried"] and tie, text
        found.append(match["step"])
    assert len(found) == len(set(found)), f"a step named twice: {row['feedback']!r}"
    return found


@pytest.fixture(scope="module")
def named55c(tmp_path_factory):
    """Review 55c N5's rows: seed 11's Q2 0.747, seed 44's Q26 1.37, seed 101's Q25 1.53, seed 104's
    Q27 2.07 and Q29 (b) 1.05 after (a) 7: {(seed, question, part): graded row}."""
    folder, rows = tmp_path_factory.mktemp("named55c"), {}
    for seed, answers in ((11, [("Q2", "a", "0.747")]), (44, [("Q26", "a", "1.37")]),
                          (101, [("Q25", "a", "1.53")]),
                          (104, [("Q27", "a", "2.07"), ("s9", "Q29", "a", "7"), ("s9", "Q29", "b", "1.05")])):
        graded = paper_grader(folder / str(seed), seed, 3)(answers)
        rows.update({(seed, question, part): graded[question, part, answer] for *_, question, part, answer in
                     ((None, *a) if len(a) == 3 else a for a in answers)})
    return rows


@pytest.mark.parametrize("seed, question, part, steps", [
    (11, "Q2", "a", "e^(0.5) = 1.649 as 1.6"),                  # e^0.5 = 1.6487: "1.65 as 1.6" read as 5 down
    (104, "Q29", "b", "-ln(0.35) = 1.0498 as 1.0"),             # -ln 0.35 = 1.049822
    # y = 1: P(IsNext) is σ(s), one step; as 0.40 alone it gives 2.0626, 2.06: 2.07 needs the
    # mean carried to 3 figures too (1.15 + 0.9163 = 2.0663), so several values, this one an example
    (104, "Q27", "a", "e.g. σ(s) = 0.401 as 0.40"),
    # the mean 0.924165, carried as 0.925 (the losses to 4 figures, their sum 1.8485 as 1.849), kept
    # as 0.93, the NSP loss 0.437488 unrounded: 1.367. The NSP loss as 0.44 gives 1.37 only with the
    # mean carried as 0.925 too (alone, 1.364): not named, a step that alone gives the answer is
    (44, "Q26", "a", "the mean of -ln(p) = 0.924, carried as 0.925, as 0.93"),
    # y = 0: P(NotNext) is 1 - σ(s); σ(s) as 0.67 (1 - σ(s) as 0.33) alone gives 1.5288, `1.53`;
    # -ln 0.9 as 0.11 (1.5249) or the sum as 1.3 (1.5365) alone do not, so they are not named
    (101, "Q25", "a", "σ(s) = 0.668 as 0.67 or 1 - σ(s) = 0.332 as 0.33")])
def test_each_step_is_named_once_and_reads_right(named55c, seed, question, part, steps):
    """Review 55c N5: every step named by what it is (C9's NSP loss and probability of the true label
    were a bare value, "or 0.437 as 0.44"), none twice ("σ(s) = 0.401 as 0.40 or 0.401 as 0.40"), its
    value to as many figures as read as the keeping named, and a value carried first said so."""
    row = named55c[seed, question, part]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert _named(row) == steps, row["feedback"]
    _alternatives(row)


@pytest.mark.parametrize("y, text", [(1, "-log(1/(1 + exp(-s)))"), (0, "-log(1 - 1/(1 + exp(-s)))")])
def test_a_label_selects_its_term(y, text):
    """step_words.selected: C9's -ln of the true label's probability as this draw's working has it."""
    tree = parse("-log(y*(1/(1 + exp(-s))) + (1 - y)*(1 - 1/(1 + exp(-s))))", template_policy({"y", "s"}))
    assert recipe_text(selected(tree, {"y": y, "s": 0.6})) == text
    assert as_solutions_write(recipe_text(selected(tree, {"y": y, "s": 0.6}))) == \
        ("-ln(σ(s))" if y else "-ln(1 - σ(s))")
    other = parse("y*exp(-s)", template_policy({"y", "s"}))   # a label times a step, with s = 1: s itself is never put in
    assert recipe_text(selected(other, {"y": 1, "s": 1})) == "exp(-s)"


def test_a_carried_sum_is_quoted_as_a_student_writes_it(tmp_path):
    """Review 56a F10: C10's sum of -ln(p) (8.2429) reaches 8.3 only carried as the sum of its terms
    kept to 3 figures (8.250); that value is quoted to the figures that give 8.3, "carried as 8.25",
    not as the float 8.25029 no step of the working shows. The answer below, 1.04, is also -ln(0.35)
    alone carried as 1.05 and kept as 1.1, the other losses unrounded: that step, which alone gives
    it, is the one named; the sum, which needs its terms kept to 3 figures too, is not."""
    assert value_shown(8.242929, 8.3, 3, (8.25029, 8.2429)) == "8.24, carried as 8.25,"
    p = [0.15, 0.75, 0.15, 0.55, 0.4, 0.45, 0.35, 0.45]
    terms = [float(f"{-math.log(v):.3g}") for v in p]
    assert round(sum(terms), 3) == 8.25 and round(-sum(math.log(v) for v in p), 4) == 8.2429
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C10", "--count", "2", "--seed", "6",
                                "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\nk,Q2,b,1.04\n", encoding="utf-8")
    result = runner.invoke(main, ["grade", str(answers), "--key", str(tmp_path / "paper" / "key.json"),
                                  "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    with open(next((tmp_path / "out").glob("*-graded.csv")), newline="", encoding="utf-8-sig") as handle:
        row = next(csv.DictReader(handle))
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    # or -ln 0.35 = 1.049822 carried as 1.05 and kept as 1.1 by the paper's rule: (8.2429 - 1.0498 + 1.1)/8 =
    # 1.0366, a carried tie kept short (review 56c F3)
    assert round((-sum(math.log(v) for v in p) + math.log(0.35) + 1.1) / 8, 2) == 1.04
    assert _named(row) == "-ln(0.35) = 1.0498, carried as 1.05, as 1.1", row["feedback"]


def test_a_tie_kept_half_down_explains_nothing(c9_paper):
    """Q43 (p = [0.9, 0.45, 0.55, 0.85], s = -2.7, y = 0): `0.475` is reached only by the mean carried
    as 0.415 (the sum 1.664224 as 1.66) and that tie kept as 0.41, half towards zero where 0.41 is odd,
    which neither the paper's rule nor half to even gives (roundings.each_rounding): no early rounding
    a student makes explains it."""
    assert round(1.66 / 4, 3) == 0.415 and round(0.41 + 0.065044, 3) == 0.475
    row = c9_paper["Q43", "0.475"]
    assert row["status"] == "incorrect" and "kept to too few figures" not in row["feedback"], row
