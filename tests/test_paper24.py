"""What a domain expert found (rev-maths24): C6's parts could be read to count
something else ((a) one sequence's picks, (d) every token of the batch left as
it was); C7's Check added the key's p-hat to the working's 1 - p-hat and said
"up to rounding" where the working's own pair adds to exactly 1; the figures'
p axis said "the true label" on every template, and a bare p beside C7's p-hat
where its p is 1 - p-hat."""

import dataclasses
import re
from fractions import Fraction

import pytest

from quizgen.bank.loader import load_bank
from quizgen.errors import TemplateError
from quizgen.generation.figure_words import named_point, unsafe_words
from quizgen.generation.problem_figure import figure_markup
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry

BANK = {t.cls: t for t in load_bank(())}


def _draws(cls: str, seeds=(1, 5, 9, 42), count: int = 40):
    template = BANK[cls]
    for seed in seeds:
        for k in range(count):
            yield sample_instance(template, seed_label(seed, template.id, k))


# ------------------------------------------------------------------ C6


def test_c6_every_part_says_what_it_counts():
    view = question_view(Question("Q1", next(_draws("C6"))), "md")
    asks = [part["ask"] for part in view["parts"]]
    assert "in the whole batch" in asks[0] and "in the whole batch" in asks[4]
    assert all(ask.startswith("How many of the batch's picked positions ") for ask in asks[1:4])
    assert asks[3] == "How many of the batch's picked positions keep the token they had?"


def test_c6_the_check_keeps_the_never_picked_positions_out_of_every_count():
    """The Check said "The other 4160 positions are neither changed nor graded", the
    reading under which (d) "left unchanged" is 4160 + 104."""
    for instance in _draws("C6", seeds=(42,), count=5):
        verify = " ".join(question_view(Question("Q1", instance), "md")["verify"].split())
        unpicked = int(instance.env["N"] - instance.env["chosen"])
        assert f"The batch's other {unpicked} positions were never picked" in verify
        assert "none of the counts above includes them" in verify and "neither changed" not in verify


@pytest.mark.slow
def test_c6_one_sequences_count_in_a_is_named_when_the_batch_holds_several():
    named = alone = 0
    feedbacks = set()
    for instance in _draws("C6"):
        env = instance.env
        checker = question_checkers(key_entry(Question("Q1", instance)))["a"]
        per_sequence = str(int(env["r"] * env["L"]))
        verdict = checker(per_sequence)
        if env["B"] > 1:
            named += 1
            assert (verdict.status, verdict.misconception) == ("incorrect", "per_sequence_count"), per_sequence
            assert "one sequence's count" in verdict.feedback and "every sequence in it" in verdict.feedback
            feedbacks.add(verdict.feedback)
        else:
            alone += 1
            assert verdict.status == "correct"   # one sequence: its count is the batch's
    assert named > 100
    # one text for every draw, so key.json keeps it once for the template, not on each
    # student's paper (quoting r and L took the per-student key past 800 bytes a question)
    assert len(feedbacks) == 1, feedbacks


@pytest.mark.slow
def test_c6_first_step_shows_the_per_sequence_route_when_there_are_several():
    for instance in _draws("C6", count=10):
        work = question_view(Question("Q1", instance), "md")["steps"][0]["work"]
        env = instance.env
        assert (f"in each of its {int(env['B'])} sequences" in work) == (env["B"] > 1)


# ------------------------------------------------------------------ C7


def _shown(work: str, before: str) -> str:
    """The last '= number$' of a step's working before ``before`` (its note on the unrounded value)."""
    return re.findall(r"= (-?[0-9.]+)\$", work.partition(before)[0])[-1]


@pytest.mark.slow
def test_c7s_check_adds_the_pair_its_steps_show():
    """Step 1's p-hat and step 3's 1 - p-hat, as the steps show them; '= 1' when they add to 1."""
    exact = 0
    for instance in _draws("C7"):
        view = question_view(Question("Q1", instance), "md")
        steps, verify = view["steps"], " ".join(view["verify"].split())
        p_hat = _shown(re.split(r", while the unrounded |; unrounded,", steps[0]["work"])[0], "\0")
        q_hat = _shown(steps[2]["work"].partition(", so $L")[0], "\0")
        pair = re.search(r"as steps 1 and 3 show them, \$(\S+) \+ (\S+) (=|\\approx) 1\$", verify)
        assert pair and pair.group(1, 2) == (p_hat, q_hat), verify
        adds_up = Fraction(p_hat) + Fraction(q_hat) == 1
        assert (pair.group(3) == "=") == adds_up and ("up to rounding:" in verify) != adds_up
        exact += adds_up
    assert exact > 100


@pytest.mark.slow
def test_c7s_check_is_exact_on_the_reviewers_papers(invoke, tmp_path):
    """generate --seed 5 --count 60 gave "here up to rounding" in 20 of its 60 C7 solutions."""
    assert invoke("generate", "--seed", 5, "--count", 60, "--classes", "C7", "--out", tmp_path / "q").exit_code == 0
    text = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    checks = re.findall(r"as steps 1 and 3 show them, \$(\S+) \+ (\S+) = 1\$", text)
    assert len(checks) == 60 and "up to rounding:" not in text
    assert all(Fraction(a) + Fraction(b) == 1 for a, b in checks)


# ------------------------------------------------------------------ the figures' p axis


def _c7(y: int):
    return next(i for i in _draws("C7") if i.env["y"] == y)


@pytest.mark.parametrize("y, tex, svg", [
    (1, r"{\small $p = \hat{p}$, the head's IsNext probability}", "p = p\u0302, the head's IsNext probability"),
    (0, r"{\small $p = 1 - \hat{p}$, the head's NotNext probability}", "p = 1 \u2212 p\u0302, the head's NotNext probability")])
def test_c7s_solution_axis_names_p_by_the_stems_p_hat(y, tex, svg):
    """The solution's figure names p as the stem does; the problem paper's names
    no label (round 33: "NotNext probability" there told part (c)'s term)."""
    instance = _c7(y)
    assert tex in figure_markup(instance, "tex")["solution"]
    drawing = figure_markup(instance, "md")["solution"]
    assert svg.encode("ascii", "xmlcharrefreplace").decode() in drawing.replace("<tspan font-style=\"italic\">p</tspan>", "p")
    assert "true label" not in drawing
    for fmt in ("tex", "md"):
        problem = figure_markup(instance, fmt)["problem"]
        assert "a probability" in problem
        assert not any(word in problem for word in ("IsNext", "NotNext", "hat", "p&#770;", "1 -", "1 &#8722;"))


@pytest.mark.parametrize("cls, words", [("C1", "the true word"), ("C2", "the true word"), ("C3", "the true token"),
                                        ("C8", "the true class")])
def test_each_figure_says_what_p_is_as_its_stem_does(cls, words):
    instance = next(_draws(cls, seeds=(1,), count=1))
    assert named_point(instance).axis == f"the probability given to {words}"
    assert words in question_view(Question("Q1", instance), "md")["parts"][0]["ask"]


@pytest.mark.parametrize("words, why", [("the \\input{x} word", "holds '\\\\'"), ("50% of p", "holds '%'"),
                                        ("p$ leaks", "holds '$'"), ("a <b> tag", "holds '<'"),
                                        ("x" * 49, "has 49 characters")])
def test_axis_words_are_plain_and_short(words, why):
    assert why in unsafe_words(words)


def test_a_filled_axis_that_is_not_plain_words_stops_the_draw_naming_its_key():
    instance = _c7(1)
    template = dataclasses.replace(instance.template, figure_axis="the {{ '\\\\' }}input{x} probability")
    with pytest.raises(TemplateError) as caught:
        named_point(dataclasses.replace(instance, template=template))
    assert "figure.axis" in str(caught.value) and "plain words" in str(caught.value)


def test_a_misspelt_figure_key_is_refused(tmp_path, invoke):
    text = BANK["C1"].path and open(BANK["C1"].path, encoding="utf-8").read()
    bad = tmp_path / "bank" / "c1.yaml"
    bad.parent.mkdir()
    bad.write_text(text.replace('axis: "the probability', 'axes: "the probability'), encoding="utf-8")
    result = invoke("validate", bad.parent)
    assert result.exit_code != 0 and "unknown key 'axes' (did you mean 'axis'?)" in result.output
