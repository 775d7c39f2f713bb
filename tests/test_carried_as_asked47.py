"""Review 47b F12: carried rounding took any answer written to more figures than
asked inside the unrounded value's own window (its carried spans hold it), so
``6.8290`` for ln 920 = 6.8244 was ``carried_rounding`` though it is 6.83 at the
3 figures asked, which no rounding of p = 1/920 reaches, and ``6.83`` itself
was ``incorrect``. Now such an answer is judged at the figures asked, or as a
carried value written to the figures shown (docs/marking.md, "Carried rounding")."""

import csv
from decimal import ROUND_HALF_UP, Decimal

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from tests.grading_support import graded_by_cli

SEED = "review47b-seed-long-1"   # Q1 (a) e^2/(e^2 + e^0.5 + 2) = 0.66943, Q3 (b) ln 920 = 6.82437


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed47b")
    made = CliRunner().invoke(main, ["generate", "--seed", SEED, "--out", str(folder / "quiz"), "--no-solutions"])
    assert made.exit_code == 0, made.output
    return folder


def _graded(paper, name, rows, *options) -> dict:
    """``quizgen grade`` of ``rows`` against the paper's key in a fresh folder ``name``."""
    (paper / name).mkdir()
    return graded_by_cli(paper / name, paper / "quiz" / "key.json", rows, *options)


def _row(graded, student, question, part) -> tuple:
    row = graded[(student, question, part)]
    return row["answer"], row["status"], row["note"], row["score"]


@pytest.fixture(scope="module")
def reviewers(paper):
    rows = [("a", "Q3", "b", "6.8251"), ("b", "Q3", "b", "6.83"), ("c", "Q3", "b", "6.8290"),
            ("d", "Q3", "b", "6.82"), ("e", "Q3", "b", "6.8216"),
            ("f", "Q1", "a", "0.6698"), ("g", "Q1", "a", "0.66990"), ("h", "Q1", "a", "0.6695")]
    return _graded(paper, "reviewers", rows)


def test_the_key_is_the_reviewers(reviewers):
    assert reviewers[("a", "Q3", "b")]["expected"] == "6.8244"
    assert reviewers[("f", "Q1", "a")]["expected"] == "0.6694"


@pytest.mark.parametrize("student, answer", [("a", "6.8251"), ("c", "6.8290")])
def test_more_figures_that_round_to_what_no_carrying_reaches_are_incorrect(reviewers, student, answer):
    """6.83 at the 3 figures asked: -ln of p carried to 3 figures is -ln 0.00109 = 6.8216, to 4
    -ln 0.001087 = 6.8243, all 6.82; marked as 6.83 is, and no carrying claimed."""
    assert _row(reviewers, student, "Q3", "b") == (answer, "incorrect", "", "0")
    assert "carrying" not in reviewers[(student, "Q3", "b")]["feedback"]
    assert _row(reviewers, "b", "Q3", "b") == ("6.83", "incorrect", "", "0")


def test_answers_that_round_to_the_key_at_the_figures_asked_stay_plainly_correct(reviewers):
    assert _row(reviewers, "d", "Q3", "b") == ("6.82", "correct", "", "2")
    assert _row(reviewers, "e", "Q3", "b") == ("6.8216", "correct", "", "2")


@pytest.mark.parametrize("student, answer", [("f", "0.6698"), ("g", "0.66990")])
def test_q1_a_answers_at_0_670_are_no_carried_rounding(reviewers, student, answer):
    """0.670 at 3 figures: carrying e^2 and e^0.5 or the sum reaches 0.6693-0.6695 or 0.6717-0.6718.
    0.670 is e^2 kept as 7.4 (7.4 / 11.0487 = 0.66976), one step rounded too early, and since round
    57 an answer longer than asked is marked as its rounding there by that rule too (review 56c F4):
    never carried rounding, no marks."""
    assert round(7.4 / (7.4 + 1.6487213 + 2), 3) == 0.670
    row = reviewers[(student, "Q1", "a")]
    assert _row(reviewers, student, "Q1", "a")[1:] == ("imprecise", "rounded_too_early", "0"), row
    assert "carrying" not in row["feedback"] and row["feedback"].endswith(
        f"(Your answer, {answer}, is 0.670 at the 3 significant figures asked, and is marked as that.)"), row


def test_a_carried_value_written_to_four_figures_stays_carried(reviewers):
    """e^2 carried as 7.39, in the numerator and the sum: 7.39 / (7.39 + 1.64872 + 2) = 0.669462,
    0.6695 to 4 figures (0.670 at 3, rounded twice): right as written, as 0.7155 is for 0.71549."""
    assert _row(reviewers, "h", "Q1", "a") == ("0.6695", "correct", "carried_rounding", "2")


def test_carried_too_short_for_the_policy_is_judged_at_the_figures_asked_too(paper):
    """With ``carried_figures: 4`` 6.8290 was told 'right if intermediate results are carried to
    fewer than 4 significant figures' (imprecise, half marks): no carrying reaches 6.83."""
    (paper / "policy.yaml").write_text("carried_figures: 4\nimprecise_credit: 0.5\n", encoding="utf-8")
    rows = [("c", "Q3", "b", "6.8290"), ("b", "Q3", "b", "6.83")]
    graded = _graded(paper, "short", rows, "--policy", paper / "policy.yaml")
    assert _row(graded, "c", "Q3", "b") == ("6.8290", "incorrect", "", "0")
    assert graded[("c", "Q3", "b")]["feedback"] == ""


def _figures(value: Decimal, figures: int) -> str:
    """``value`` to ``figures`` significant figures, a tie away from zero as the paper rounds."""
    return str(value.quantize(Decimal(1).scaleb(value.adjusted() - figures + 1), rounding=ROUND_HALF_UP))


@pytest.fixture(scope="module")
def around(paper):
    """Every 4-figure answer within 80 units of the 4th figure of each decimal part's
    answer, and that answer at the 3 figures asked, each given by its own student."""
    with open(paper / "quiz" / "key.csv", encoding="utf-8-sig", newline="") as handle:
        parts = [(r["question_id"], r["part"], r["answer"]) for r in csv.DictReader(handle) if "." in r["answer"]]
    rows, pairs = [], []
    for question, part, answer in parts:
        value = Decimal(answer)
        step = Decimal(1).scaleb(value.adjusted() - 3)
        for i in range(-80, 81):
            four = _figures(value + i * step, 4)
            pairs.append((question, part, four, _figures(Decimal(four), 3)))
            rows += [(f"f{four}", question, part, four), (f"t{four}", question, part, pairs[-1][3])]
    return pairs, _graded(paper, "around", rows)


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_more_figures_never_mark_lower_than_their_rounding(around):
    pairs, graded = around
    lower = [(q, p, four) for q, p, four, _ in pairs
             if float(graded[(f"f{four}", q, p)]["score"]) < float(graded[(f"t{four}", q, p)]["score"])]
    assert lower == []


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_a_carried_four_figure_answer_rounds_to_a_right_answer_or_is_a_carried_value(paper, around):
    """Every 4-figure answer marked carried rounding is right at the 3 figures asked, or is a value
    carried rounding reaches written to 4 figures (as 0.6695 above): none is carried for lying in
    the window of the unrounded value alone (53 were on this paper before review 47b)."""
    from quizgen.grading.careful import QuestionRules
    from quizgen.key.load import load_key_file
    from quizgen.marking.rule_model import Credits

    questions = {q.id: q for q in load_key_file(paper / "quiz" / "key.json").questions}
    pairs, graded = around
    wrong = []
    for question, part, four, three in pairs:
        if graded[(f"f{four}", question, part)]["note"] != "carried_rounding":
            continue
        if graded[(f"t{four}", question, part)]["status"] == "correct":
            continue
        spans = QuestionRules(questions[question], Credits()).rule(part).carried
        if not any(_figures(Decimal(repr(v)), 4) == four for v in spans.values()):
            wrong.append((question, part, four, three))
    assert wrong == []
