"""What a domain expert found in the papers (review 23, second pass): C1, C2,
C7 and C8 ended on -ln of a rounded p, which missed the key in its 4th figure
(C8: 1.8067 beside a bold 1.8064) without a word; the answer is now written in
text one way, as key.csv writes it (the ``answer`` filter)."""

import re
from fractions import Fraction

import pytest
from worked_steps import without_carried_note

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.maths.numbers import key_answer, significant_or_fixed
from quizgen.text.render import render_string

BANK = {t.cls: t for t in load_bank(())}
# class: {part: index of the worked step that ends on that part's answer}
FINAL_STEPS = {"C1": {"p": 2, "loss": 3}, "C2": {"p": 2, "loss": 3}, "C7": {"p": 0, "loss_y1": 1, "loss_y0": 2},
               "C8": {"p": 1, "loss": 2}, "C4": {"lmlm": 2}, "C9": {"total": 3}, "C10": {"loss": 3}}
NOTE = re.compile(r", while the unrounded |; unrounded, ")   # the weights rounded, or p rounded twice
SHOWN = re.compile(r"(?:=|\\approx) (-?[0-9.]+)\$\s*$")   # C9: "= 0.75099 \approx 0.7510$"
STATED = re.compile(r"= (-?[0-9.]+)\$, the answer \([^)]*\)\.\s*$")


@pytest.mark.parametrize("value, written", [(Fraction(787468, 10**6), "0.78747"), (Fraction(15505459, 10**7), "1.5505"),
                                            (Fraction(32798, 10**4), "3.2798")])
def test_the_answer_filter_writes_a_value_as_the_key_does(value, written):
    assert key_answer(value, "numeric", 4) == written
    assert render_string("{{ x | answer }}", {"x": value}, "md") == written


def _final_steps(cls: str, draw: int):
    """(part, its final step's work, the key's answer) for one draw of ``cls``."""
    template = BANK[cls]
    instance = sample_instance(template, seed_label(11, template.id, draw))
    steps = question_view(Question("Q1", instance), "md")["steps"]
    for pv in instance.parts:
        if pv.part.name in FINAL_STEPS[cls]:
            work = without_carried_note(" ".join(steps[FINAL_STEPS[cls][pv.part.name]]["work"].split()))
            yield pv.part.name, work, key_answer(pv.value, pv.part.kind, pv.part.decimals)


@pytest.mark.parametrize("cls", list(FINAL_STEPS))
@pytest.mark.slow
def test_every_final_step_agrees_with_the_key_or_says_why(cls):
    """The working's last value rounds to the key's 4 figures, or the step goes on to
    give the unrounded value exactly as the bold answer prints it; it may give it too
    when the two agree at 4 figures but are printed otherwise (C9's exact sum 2.01503
    beside the key's 2.01504: round 39's domain review)."""
    noted = 0
    # C10's note is rare: since its log-2 trap redraws a colliding draw (seed 11's
    # first 60 hold 2 notes, not 3), it takes 100 draws to meet 3
    for draw in range(100 if cls == "C10" else 60):
        for part, work, key in _final_steps(cls, draw):
            shown = SHOWN.search(NOTE.split(work)[0]).group(1)
            agrees = significant_or_fixed(Fraction(shown), 4) == significant_or_fixed(Fraction(key), 4)
            if NOTE.search(work):
                noted += 1
                assert (not agrees or shown != key) and STATED.search(work).group(1) == key, (draw, part, work, key)
            else:
                assert agrees, (draw, part, work, key)
    assert noted >= 3, cls


def _overfull_lines(invoke, folder, seed: str, *classes: str) -> list:
    """The Overfull hbox warnings of pdflatex on a paper's problems.tex and solutions.tex."""
    import subprocess

    chosen = ("--classes", ",".join(classes)) if classes else ()
    assert invoke("generate", "--seed", seed, *chosen, "--format", "tex", "--out", folder).exit_code == 0
    found = []
    for name in ("problems.tex", "solutions.tex"):
        subprocess.run(["pdflatex", "-interaction=nonstopmode", "-no-shell-escape", name], cwd=folder,
                       capture_output=True, timeout=120)
        log = (folder / name).with_suffix(".log").read_text(encoding="utf-8", errors="replace")
        found += [f"{name}: {line}" for line in log.splitlines() if line.startswith("Overfull \\hbox")]
    return found


@pytest.mark.slow
def test_c9_defines_its_masked_lm_loss_inside_the_margin(invoke, tmp_path, tex):
    """C9's stem ran "L_MLM = -1/|M| sum ln p_i" inline 16.7 pt past the solutions' right margin."""
    assert _overfull_lines(invoke, tmp_path / "q", "5", "C9") == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", ["5", "9", "12"])
def test_no_class_runs_past_the_right_margin(invoke, tmp_path, tex, seed):
    assert _overfull_lines(invoke, tmp_path / "q", seed) == []


def test_the_drill_reads_displayed_maths_as_it_reads_inline_maths():
    """Template text may display maths with \\[ ... \\] (docs/templates.md): the terminal showed it raw."""
    from quizgen.text.plain import to_plain

    assert to_plain("the masked set,\n\\[ L = -\\frac{1}{|M|}\\sum_{i \\in M} \\ln p_i. \\]\nIts head") == \
        "the masked set, L = -1/|M| sum_(i in M) ln p_i. Its head"
    assert to_plain("$$ e^{2} $$ and \\( x_{1} \\), not \\$5") == "e^2 and x_1, not $5"


@pytest.mark.parametrize("text, shown", [("0.00003449", "3.449 \\times 10^{-5}"), ("0.0005000", "5.000 \\times 10^{-4}"),
                                         ("-0.00012345", "-1.2345 \\times 10^{-4}"), ("0.001000", "0.001000"),
                                         ("0.3345", "0.3345"), ("10.2749", "10.2749"), ("0", "0")])
def test_an_answer_below_a_thousandth_is_printed_in_scientific_form_with_the_keys_digits(text, shown):
    from quizgen.text.answers import in_maths

    assert in_maths(text) == shown


def _c3_seed_1(invoke, folder, fmt="md"):
    assert invoke("generate", "--seed", "1", "--format", fmt, "--out", folder).exit_code == 0
    text = (folder / f"solutions.{fmt}").read_text(encoding="utf-8")
    start = text.index("Masked-token loss: a model with no preference")
    return text[start:text.index("Masked-LM loss over several", start)]


@pytest.mark.slow
def test_c3_writes_its_size_once_and_a_tiny_probability_in_scientific_form(invoke, tmp_path):
    """Seed 1's C3: "the 28,996-entry ... vocabulary" beside "V = 28996", and a bold
    0.00003449; key.csv keeps the decimal, and the grader takes every form."""
    block = _c3_seed_1(invoke, tmp_path / "q")
    assert "28,996" not in block and "vocabulary of BERT-base (cased), $V = 28996$ entries." in block
    assert "**$3.449 \\times 10^{-5}$** (exactly" in block
    assert "= 1/28996 = 0.00003449$, that is $3.449 \\times 10^{-5}$;" in block
    assert "p = 3.4488 &#215; 10&#8315;&#8309;" in block   # the figure's label: p to the figures whose -ln is the
    assert "= 10.2749" in block                             # loss it prints (-ln 3.449e-5 = 10.2748: review 49c F6)
    assert "Q3,a,C3,0.00003449," in (tmp_path / "q" / "key.csv").read_text(encoding="utf-8")
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry

    instance = next(sample_instance(BANK["C3"], seed_label(1, BANK["C3"].id, k)) for k in range(400)
                    if sample_instance(BANK["C3"], seed_label(1, BANK["C3"].id, k)).env["V"] == 28996)
    check = question_checkers(key_entry(Question("Q1", instance)))["a"]
    for written in ("3.449e-5", "3.449×10^-5", "3.449 x 10^-5", "1/28996", "0.00003449", "3.45e-5"):
        assert check(written).status == "correct", written


@pytest.mark.slow
def test_c3s_tiny_probability_is_drawn_on_a_log_axis_where_the_dot_shows(invoke, tmp_path):
    """The dot at p = 3.4e-5 sat on the loss axis line of a linear p axis."""
    block = _c3_seed_1(invoke, tmp_path / "q")
    axis_x = float(re.search(r'<polyline fill="none" stroke="black" points="[\d.]+,[\d.]+ ([\d.]+),', block).group(1))
    dot_x = float(re.search(r'<circle cx="([\d.]+)"', block).group(1))
    assert dot_x - axis_x > 40 and "(log scale)" in block
    tex = _c3_seed_1(invoke, tmp_path / "t", "tex")
    assert "{$10^{-6}$}" in tex and "on a log scale" in tex and "\\textbf{\\boldmath$3.449 \\times 10^{-5}$}" in tex


@pytest.mark.slow
def test_c9s_exact_sum_printed_otherwise_than_the_key_says_why():
    """Round 39: 1.9560 + 0.05903 = 2.01503 ended the step beside the key's 2.01504, with no word."""
    met = 0
    for draw in range(300):
        for part, work, key in _final_steps("C9", draw):
            shown = SHOWN.search(NOTE.split(work)[0]).group(1)
            if shown != key and len(shown) >= len(key):
                met += 1
                assert NOTE.search(work) and STATED.search(work).group(1) == key, (draw, work, key)
    assert met >= 3
