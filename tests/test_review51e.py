"""Review 51e of round 51's marking changes: the ECF count counts only answers
whose final status is ``correct`` (F14)."""

import csv
import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

# seed 11's Q1: p = 0.90876; (a) 0.5 is plainly wrong and (b) 0.693 = -ln 0.5 is right from it
WRONG_A = [["w", "Q1", "a", "0.5"], ["w", "Q1", "b", "0.693"], ["v", "Q1", "a", "0.5"], ["v", "Q1", "b", "0.693"]]


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed11")
    generate(folder / "paper", count=1, seed=11)
    return folder / "paper" / "key.json"


def _grade(folder: Path, key: Path, rows: list, *options) -> str:
    answers = folder / "ans.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(key), "--out", str(folder / "o"), *options])
    assert result.exit_code == 0, result.output
    return result.output


def _read(path: Path) -> list:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


@pytest.mark.parametrize("credit, counted", [("0", 0), ("0.5", 2), ("1", 2)])
def test_ecf_count_holds_only_correct_answers(tmp_path, key, credit, counted):
    """F14: with ``ecf_credit: 0`` an answer right from a wrong (a) is ``incorrect`` (note ``ecf``);
    stdout, report.md and the CSVs count it under neither correct nor correct by ECF."""
    out = _grade(tmp_path, key, WRONG_A, "--ecf-credit", credit)
    graded = _read(next((tmp_path / "o").glob("*-graded.csv")))
    assert sum(r["note"] == "ecf" for r in graded) == 2
    line = next(line for line in out.splitlines() if line.strip().startswith("correct"))
    assert line.split() == (["correct", "0"] if not counted else
                            ["correct", "2", "(2", "of", "them", "by", "error", "carried", "forward)"])
    questions = {(r["question_id"], r["part"]): r["ecf"] for r in _read(next((tmp_path / "o").glob("*-questions.csv")))}
    assert questions[("Q1", "b")] == str(counted)
    items = {(r["level"], r["question_id"], r["part"]): r["ecf"] for r in _read(next((tmp_path / "o").glob("*-items.csv")))}
    assert (items[("part", "Q1", "b")], items[("question", "Q1", "")]) == (str(counted), str(counted))
    md = next((tmp_path / "o").glob("*-report.md")).read_text(encoding="utf-8")
    assert ("correct by ECF" in md) == bool(counted)
    assert ("of them by error carried forward" in md) == bool(counted)


@pytest.mark.parametrize("text, figures", [("-0.98+1", 1), ("- 0.98 + 1", 1), ("-0.3+1", 1), ("-0.5+0.75", 2),
                                           ("1-0.98", 1), ("-0.70", 2), ("-3.45e-5", 3), ("-3.45×10^-5", 3),
                                           ("-0.85+1.003", 3)])
def test_a_leading_minus_sign_does_not_hide_an_expressions_figures(text, figures):
    """F3: the figures of ``-0.98+1`` are those of the decimal the whole text states, 0.02 (1),
    not those of ``0.98+1`` = 1.98 (3), which let it escape rounded-too-early."""
    from quizgen.marking.forms import read_number

    assert read_number(text).figures == figures


def test_an_expression_with_a_leading_minus_is_rounded_too_early_as_its_mirror(tmp_path):
    """F3: seed 3's Q1 (a), 0.6999 (0.700): ``-0.3+1`` is marked and told as ``1-0.3`` is, never
    "exactly 0.70" (the figures of 0.3 + 1 = 1.3)."""
    generate(tmp_path / "paper", count=1, seed=3)
    rows = [["f", "Q1", "a", "-0.3+1"], ["g", "Q1", "a", "1-0.3"]]
    _grade(tmp_path, tmp_path / "paper" / "key.json", rows)
    graded = {r["student_id"]: r for r in _read(next((tmp_path / "o").glob("*-graded.csv")))}
    assert graded["f"]["status"] == graded["g"]["status"] == "imprecise"
    assert graded["f"]["feedback"] == graded["g"]["feedback"]
    assert "exactly 0.7," in graded["f"]["feedback"] and "exactly 0.70" not in graded["f"]["feedback"]


def _near_draw(label: str, s: float):
    from test_near_one51 import _first_draw

    return _first_draw(label, s)


@pytest.mark.parametrize("label, s, short, padded", [("near51", 1.8, "0.855", "0.8550"),
                                                      ("near51b", 2.65, "0.935", "0.9350"),
                                                      ("near51b", 2.65, "0.935", "0.93500")])
def test_zeros_after_an_a_kept_short_change_nothing(label, s, short, padded):
    """F2: (a) 0.8550 is 0.855 = 1/1.17 as written, and 0.9350 is 0.935 = 1/1.07: the same verdict, credit
    and feedback at (a), and (b), (c) worked from it ECF at ECF's credit as after 0.855 (0.8550 gave them
    full marks "marked at (a) only"; 0.9350 was a bare incorrect at (a))."""
    from quizgen.marking.rules import Credits
    from tests.paper_support import mark_paper

    draw = _near_draw(label, s)
    half = Credits(ecf=0.5, imprecise=0.5)
    marks = []
    for a in (short, padded):
        p = float(a)
        answers = {"p": a, "loss_y1": f"{-__import__('math').log(p):.4g}", "loss_y0": f"{-__import__('math').log(1 - p):.4g}"}
        marked = mark_paper(draw, answers, half)
        marks.append({part: (m.status, m.note, m.score, m.feedback.replace(a, "A")) for part, m in marked.items()})
    assert marks[0]["p"][:2] == ("imprecise", "rounded_too_early"), marks[0]
    assert marks[0] == marks[1]


@pytest.mark.parametrize("s, a, default, strict", [
    (1.15, "0.7593", "carried_rounding", "(1 + e^(-s) = 1.3166 as 1.317)"),
    (1.15, "0.759", "carried_rounding", "(1 + e^(-s) = 1.3166 as 1.317)"),
    (1.15, "1/1.32", "(1 + e^(-s) = 1.3166 as 1.32)", "(1 + e^(-s) = 1.3166 as 1.32)"),
    (1.8, "0.855", "(1 + e^(-s) = 1.1653 as 1.17)", "(1 + e^(-s) = 1.1653 as 1.17)"),
    (-2.2, "0.0997", "carried_rounding", "carried to fewer than 4 significant figures")])
def test_the_docs_examples_of_1_plus_e_minus_s_kept_short(s, a, default, strict):
    """F5, F6: docs/marking.md's examples: by default 1 + e^-s with 3 figures of e^-s is carried rounding
    (the course accepts 3-figure carrying) and the rule names what is left; with ``carried_figures: 4``,
    as the stems ask, the 3-figure keepings are named too (at s < 0 as carried short)."""
    from quizgen.marking.rules import Credits
    from tests.paper_support import mark_paper

    draw = _near_draw("doc51e", s)
    for credits, said in ((Credits(), default), (Credits(carried_figures=4), strict)):
        marked = mark_paper(draw, {"p": a}, credits)["p"]
        if said == "carried_rounding":
            assert (marked.status, marked.note) == ("correct", "carried_rounding"), marked
        else:
            assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
            assert said in marked.feedback, marked


@pytest.mark.parametrize("ecf, imprecise", [(0.0, 0.5), (0.25, 0.5), (0.5, 0.5), (0.5, 0.25)])
def test_writing_a_never_costs_a_later_part_marks(ecf, imprecise):
    """F11: (b) ln 1.17 and (c) ln(1.17/0.17) worked from (a) 0.855 = 1/1.17 earn the larger of ECF's
    credit and what they earn with (a) blank (imprecise, named near 1): with ``ecf_credit`` below
    ``imprecise_credit`` the student who showed (a) scored less than the one who left it blank."""
    from quizgen.marking.rules import Credits
    from tests.paper_support import mark_paper

    draw = _near_draw("near51", 1.8)
    credits = Credits(ecf=ecf, imprecise=imprecise)
    shown = mark_paper(draw, {"p": "0.855", "loss_y1": "0.1570", "loss_y0": "1.929"}, credits)
    blank = mark_paper(draw, {"loss_y1": "0.1570", "loss_y0": "1.929"}, credits)
    for part in ("loss_y1", "loss_y0"):
        assert shown[part].score == max(ecf, imprecise), shown[part]
        # with (a) blank the keeping is charged at (b), and (c) is ECF from it (review 53b F8)
        assert shown[part].score >= blank[part].score == (imprecise if part == "loss_y1" else max(ecf, imprecise))
        if ecf >= imprecise:   # ECF as before
            assert (shown[part].status, shown[part].note) == ("correct", "ecf")
        else:
            assert (shown[part].status, shown[part].note) == ("imprecise", "rounded_too_early")


@pytest.mark.parametrize("a", [None, "0.587", "0.588"])
def test_the_solutions_own_route_to_1_minus_p_is_named_as_1_minus_1_over_kept(a):
    """F1: C7 with s = 0.35, y = 1 (p-hat 0.586618, (c) 0.8834): 1 - p-hat worked as the solutions write
    it, e^(-s)/(1 + e^(-s)) = 0.704688/1.70 (1 + e^(-s) = 1.70469 kept as 1.70), gives (c) 0.881, a bare
    ``incorrect``; the same keeping through 1 - 1/1.70 gives 0.887, named. Both are named now, with the
    same verdict and credit, whatever (a) is."""
    from quizgen.marking.rules import Credits
    from tests.paper_support import mark_paper

    draw = _near_draw("route51e", 0.35)
    assert round(float(draw.parts[0].value), 6) == 0.586618
    half = Credits(ecf=0.5, imprecise=0.5)
    verdicts = [mark_paper(draw, {"loss_y0": c, **({"p": a} if a else {})}, half)["loss_y0"] for c in ("0.881", "0.887")]
    assert (verdicts[0].status, verdicts[0].note, verdicts[0].score) == ("imprecise", "rounded_too_early", 0.5)
    # through 1 - 1/1.70 from an (a) of 1/1.70 as written, (c) is ECF (review 51a F12), at the same credit
    said = ("correct", "ecf") if a == "0.588" else ("imprecise", "rounded_too_early")
    assert (verdicts[1].status, verdicts[1].note, verdicts[1].score) == (*said, 0.5), verdicts[1]
    assert "(1 - σ(s) as 0.4145 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 1.7047 as 1.70, where it is " \
           "0.4134)" in verdicts[0].feedback


@pytest.mark.slow
def test_c7_c_through_the_solutions_route_with_1_plus_e_kept_short_is_never_bare():
    """F1 over 150 C7 draws: (c) = -ln(e^(-s)/kept), 1 + e^(-s) kept to 3 or 4 figures (fewer than 4 of
    e^(-s)), e^(-s) unrounded, written to 3 or 5 figures, with (a) blank or right: correct, or told
    the value kept short, never a bare ``incorrect``."""
    import math

    from quizgen.maths.numbers import significant
    from test_near_one51_properties import HALF, NAMED, _draws, _kept_short

    checked = kept_named = 0
    for instance in _draws("C7"):
        s = float(instance.params["s"])
        right = significant(float(instance.parts[0].value), 3)
        for kept, figures in ((k, f) for k in _kept_short(s) for f in (3, 5)):
            c = significant(-math.log(math.exp(-s) / kept), figures)
            for a in (None, right):
                verdict = mark_paper_c(instance, c, a, HALF)
                checked += 1
                named = verdict.status == "imprecise" and verdict.feedback   # near 1, or another early rounding
                assert verdict.status == "correct" or named, (instance.seed_label, kept, a, c, verdict)
                kept_named += NAMED in verdict.feedback
    assert checked > 200 and kept_named >= 20, (checked, kept_named)


def mark_paper_c(instance, c: str, a, credits):
    from tests.paper_support import mark_paper

    return mark_paper(instance, {"loss_y0": c, **({"p": a} if a else {})}, credits)["loss_y0"]


def test_a_told_value_is_not_said_twice():
    """F8: ln(14.44) = 2.6700021 was told "its value, 2.67, is 2.67 at ...", which reads as a slip: its
    value keeps its 6 figures where stripping its zeros would make it its own rounding."""
    from quizgen.marking.rule_model import PartRule
    from quizgen.marking.rules import mark_part

    verdict = mark_part(PartRule("c", "(c)", "numeric", 2.7183, {}), "ln(14.44)", {}, {})
    assert verdict.feedback == "its value, 2.67000, is 2.67 at the 3 significant figures asked (expected 2.72)"


@pytest.mark.parametrize("key, asked, unit", [(0.09996, 3, 0.001), (9.9996, 3, 0.1), (2.7183, 3, 0.01),
                                              (0.0996, 3, 0.0001)])
def test_the_last_unit_is_the_answers_at_the_figures_asked(key, asked, unit):
    """F9: 0.09996 is 0.100 at 3 figures, whose last figure is 0.001 (it gave 0.0001, a tenth of it); 9.9996 is
    10.0, whose last figure is 0.1 (it gave 0.01)."""
    from quizgen.marking.expression_value import _last_unit

    assert _last_unit(key, asked) == pytest.approx(unit)


@pytest.mark.parametrize("text", ["1-0.98", "0.05-0.03", "3-2.98", "1+(-0.98)", "-0.98+1", "1/50", "0.02"])
def test_a_difference_states_its_decimal_under_trailing_zeros_optional(text):
    """F4: ``1-0.98`` is exactly 0.02, the answer 0.0200 with its zeros left off, as ``1/50`` is: correct
    under ``trailing_zeros: optional`` (its float, 0.020000000000000018, was compared with 0.02), and
    told the zeros clause under ``required``."""
    from quizgen.marking.rule_model import Credits, PartRule
    from quizgen.marking.rules import mark_part

    rule = PartRule("c", "(c)", "numeric", 0.02004, {})   # 0.0200 at the 3 figures asked
    assert mark_part(rule, text, {}, {}, Credits(zeros_optional=True)).status == "correct"
    required = mark_part(rule, text, {}, {})
    assert required.status == "imprecise"
    assert "zeros at the end of a decimal count" in required.feedback, required.feedback


@pytest.mark.parametrize("a, quoted", [("1/1.0703", "1 - (a) is 0.065683 from its value,"),
                                       ("0.9343", "1 - (a) is 0.0657 as you wrote it,")])
def test_1_minus_a_is_quoted_as_a_is(a, quoted):
    """F12: after (a) ``1/1.0703`` (0.934317..., an expression), (b) ln 1.0703 was told "1 - (a) is
    0.065682518919929 as you wrote it": 1 - (a) is quoted to the 6 figures (a) is, from its value."""
    from quizgen.marking.rules import Credits
    from tests.paper_support import mark_paper

    draw = _near_draw("near51b", 2.65)
    b = "0.0679" if a.startswith("1/") else "0.06796"
    marked = mark_paper(draw, {"p": a, "loss_y1": b}, Credits())["loss_y1"]
    assert quoted in marked.feedback, marked.feedback


def test_a_padded_answer_a_value_near_1_kept_short_explains_is_named_so():
    """F13: C7 with s = 3.85 (p-hat 0.979164): (a) 0.9804 = 1/1.02 is named "1 + e^(-s) = 1.02128 as 1.02",
    and 0.980, the same working to the 3 figures asked, was told only it padded 0.98 with a zero: it is named
    as 0.9804 is, then as that padded rounding (round 59: both are true of it, so both are said)."""
    from tests.paper_support import mark_paper

    draw = _near_draw("f13", 3.85)
    said = [mark_paper(draw, {"p": a})["p"] for a in ("0.980", "0.9804")]
    for marked in said:
        assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
        assert "(1 + e^(-s) = 1.02128 as 1.02)" in marked.feedback, marked
    assert said[0].feedback == said[1].feedback + (
        "; or it is the answer rounded too early: 0.980 is 0.98, right to 2 significant figures, with a zero "
        "written after it, which is not one of the answer's figures")


def test_parts_from_a_padded_a_kept_short_are_ecf_at_its_credit():
    """F13, as 51a F12 for 0.855: (b) -ln 0.980 from (a) 0.980 = 1/1.02, named near 1 at (a), is ECF at
    ``ecf_credit``, not full marks "(a)'s early rounding is marked at (a) only"."""
    from quizgen.marking.rules import Credits
    from tests.paper_support import mark_paper

    draw = _near_draw("f13", 3.85)
    marked = mark_paper(draw, {"p": "0.980", "loss_y1": "0.0202"}, Credits(ecf=0.5))["loss_y1"]
    assert (marked.status, marked.note, marked.score) == ("correct", "ecf", 0.5), marked
