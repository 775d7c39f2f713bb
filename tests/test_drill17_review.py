"""Session 17's student review of the drill: a question left after a right (a)
is named in the advice; misconceptions are named in English, not as codes with
spaces; a hint for a part neither speaks of a later part nor quotes its working
(C10's forecast waits for (b)); C5 (d)'s last hint is its working, not a
paragraph on training."""

import re

import pytest

from quizgen.bank.loader import load_bank
from quizgen.drill.traps import trap_name, trap_names
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.key.entries import key_entry

from test_drill_hints import EVERY_CLASS, drill, hints_by_part

DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w^])")


def _answers(template, seed):
    return [r.answer for r in key_entry(Question("Q1", sample_instance(template, seed_label(seed, template.id, 0)))).parts]


def test_a_question_left_after_a_right_a_is_in_the_advice(templates_by_class):
    first = _answers(templates_by_class["C1"], 1)[0]
    output, _ = drill(f"{first}\nq\n", classes="C1", seed=1, save=False)
    advice = " ".join(output.split("What to practise next:")[1].split())
    assert "C1: you answered (a) right, then left the question; an unfinished question is not recorded, " \
           "so finish it next time; this command asks it again: - same question: quizgen drill --seed 1 " \
           "--classes C1 --no-save" in advice, output   # the seed that brings it back (rev-student24)
    assert "try: quizgen drill --classes C1" in output


@pytest.mark.slow
def test_the_advice_says_which_parts_of_the_left_question_came_after_hints(templates_by_class):
    answers = _answers(templates_by_class["C6"], 1)
    output, _ = drill(f"{answers[0]}\nh\n{answers[1]}\nq\n", classes="C6", seed=1, save=False)
    advice = " ".join(output.split("What to practise next:")[1].split())
    assert "C6: you answered (a) and (b) right, with hints, then left the question" in advice, output


def test_every_shipped_trap_has_an_english_name():
    """Each shipped trap has a ``name:`` in its YAML (not its code with spaces:
    "zero mask is infinite"), with no underscore, that can stand inside a sentence; a code
    used by several templates is named the same in each."""
    named = {}
    for template in load_bank(()):
        for trap in (trap for part in template.parts for trap in part.traps):
            assert trap.name, f"{template.path}: trap {trap.code} has no name"
            named.setdefault(trap.code, set()).add(trap.name)
    assert {code: names for code, names in named.items() if len(names) > 1} == {}
    names = trap_names(load_bank(()))
    for code in named:
        name = trap_name(code, names)
        assert "_" not in name and name == name.strip() and not name.endswith("."), code
        assert name[0].islower() or name.startswith(("BERT", "0/0")), code
    assert trap_name("zero_mask_is_infinite", names) == "0/0 taken as infinite"
    assert trap_name("empty_sum_undefined", names) == "the empty sum not taken as 0"
    assert trap_name("own_bank_slip", names) == "own bank slip"   # a code no template names: read as words


@pytest.mark.slow
def test_the_summary_and_advice_name_a_trap_in_english():
    output, _ = drill("0\ninfinity\ns\nq\n", classes="C5", seed=1, save=False)
    assert "zero mask is infinite" not in output and "zero_mask_is_infinite" not in output, output
    flat = " ".join(output.split())
    assert 'matches the misconception "0/0 taken as infinite":' in flat
    assert "- 0/0 taken as infinite (1x): Dividing by zero gives no value" in flat
    assert 'misconception "0/0 taken as infinite": met 1x' in flat


@pytest.mark.parametrize("cls", EVERY_CLASS)
@pytest.mark.slow
def test_no_hint_names_or_quotes_a_later_part(cls, templates_by_class):
    """A part's hints never name a later part ("(b)", "part b") nor quote a
    decimal that only a later part's hints work out (the question text aside):
    C10's forecast of the loss's range quoted (b)'s per-position losses at (a)."""
    template = templates_by_class[cls]
    forecasts, seeds = 0, range(6)
    for seed in seeds:
        answers = _answers(template, seed)
        output, _ = drill("".join("h\n" * 12 + f"{a}\n" for a in answers) + "q\n",
                          classes=cls, seed=seed, save=False, count=1)
        shown, question = hints_by_part(output), output.split("\n(a) ")[0]
        letters = [chr(ord("a") + k) for k in range(len(answers))]
        for k, letter in enumerate(letters):
            text, later = shown.get(letter, ""), letters[k + 1:]
            assert not any(re.search(rf"\({m}\)|\bpart {m}\b", text) for m in later), (seed, letter, text)
            block = output.split(f"\n({letter}) ")[1].split("\n(")[0]
            forecast = re.search(r"Hint 1 of \d+: Forecast\n((?:    .*\n)+)", block)
            if forecast:   # it may quote the question, not what a later part's steps work out
                forecasts += 1
                quoted = set(DECIMAL.findall(forecast.group(1))) - set(DECIMAL.findall(question))
                worked_later = set().union(*(DECIMAL.findall(shown.get(m, "")) for m in later))
                assert not quoted & worked_later, (seed, letter, quoted & worked_later)
    # a forecast stating a part's answer (forecast_shows) is never a hint; every other is, once a draw
    assert forecasts == (0 if template.solution.get("forecast_shows") else len(seeds)), forecasts


@pytest.mark.slow
def test_c10s_forecast_is_a_hint_for_the_loss_not_the_count(templates_by_class):
    answers = _answers(templates_by_class["C10"], 1)
    output, _ = drill("h\nh\nh\n" + f"{answers[0]}\nh\nq\n", classes="C10", seed=1, save=False)
    part_a, part_b = output.split("\n(b) ")
    assert "Forecast" not in part_a and "Hint 1 of 2: Step 1, Count the predictions" in part_a, output
    assert "Hint 1 of 5: Forecast" in part_b and "the mean of the losses must land" in " ".join(part_b.split()), output


def test_c5_d_ends_its_hints_with_berts_count(templates_by_class):
    answers = _answers(templates_by_class["C5"], 1)
    output, _ = drill("".join(f"{a}\n" for a in answers[:3]) + "h\n" * 4 + "q\n", classes="C5", seed=1, save=False)
    part_d = output.split("\n(d) ")[1].split("Summary")[0]
    assert "Hint 2 of 2: Step 5 worked out" in part_d and "Decide what training does" not in part_d, output
    assert "No more hints: every step towards an answer is shown." in " ".join(part_d.split()), output
