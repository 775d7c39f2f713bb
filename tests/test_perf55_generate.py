"""The fifty-fifth round's cuts to generate's work (docs/performance.md): each
does less work for the same questions; each test shows the work done once
where it was done again, and that what comes out is the same."""

from fractions import Fraction
from types import SimpleNamespace

import pytest

from quizgen.errors import TemplateError
from quizgen.generation import figures, views
from quizgen.generation.figures import LossPoint, loss_curve_svg, point_label
from quizgen.text import render
from quizgen.text.render import render_many


def _counting(monkeypatch, module, name: str) -> list:
    """Calls of ``module.name`` (their arguments), the function still run."""
    calls, original = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *args: calls.append(args) or original(*args))
    return calls


def test_a_filled_text_met_again_is_checked_once(monkeypatch):
    """Two pieces filled to the same text, in one render and in the next, are checked and converted once."""
    render._kept_conversion.cache_clear()
    converted = _counting(monkeypatch, render, "_convert")
    sources = ["The {{ scene.word }} is masked.", "Sum: $x_{1} + x_{2}$ ({{ n }} terms)", "No markup."]
    first = render_many(sources, {"scene": {"word": "cat"}, "n": 3}, "md")
    again = render_many(sources, {"scene": {"word": "cat"}, "n": 3}, "md")
    other = render_many(sources, {"scene": {"word": "dog"}, "n": 3}, "md")
    assert first == again == ["The cat is masked.", "Sum: $x_{1} + x_{2}$ (3 terms)", "No markup."]
    assert other[0] == "The dog is masked." and other[1:] == first[1:]
    assert sorted(text for text, _ in converted) == sorted(first + ["The dog is masked."])


def test_a_long_filled_text_is_converted_each_time(monkeypatch):
    """Only texts up to KEPT_LENGTH characters are kept: a hostile bank's long texts hold no memory."""
    render._kept_conversion.cache_clear()
    converted = _counting(monkeypatch, render, "_convert")
    long = "{{ w }} " + "word " * render.KEPT_LENGTH
    for _ in range(2):
        render_many([long], {"w": "a"}, "md")
    assert len(converted) == 2 and render._kept_conversion.cache_info().currsize == 0


def test_a_filled_text_that_fails_its_check_fails_each_time():
    """Nothing is kept for a text the check refuses: the same refusal, every time."""
    render._kept_conversion.cache_clear()
    for _ in range(2):
        with pytest.raises(TemplateError, match="U\\+001B"):
            render_many(["a {{ '\\x1b' }} b"], {}, "md")


def test_the_solution_figure_works_its_label_out_once(monkeypatch):
    """The label's lines serve the drawing's text and its title: worked out once, the same as before."""
    point = LossPoint(0.0174723, name="1 - \\hat{p}", axis="the head's NotNext probability", shown=0.01747)
    runs = _counting(monkeypatch, figures, "label_runs")
    drawn = loss_curve_svg(point, True)
    assert len(runs) == 1
    said = ", ".join(figures.ascii_markup(figures.escape(line, quote=False)) for line in point_label(point))
    assert f"the dot marks {said}</title>" in drawn


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_the_problem_figure_is_drawn_once_for_its_axes(monkeypatch, fmt):
    """The problem paper's drawing is the template's, the same for every draw: drawn once, as any draw's was."""
    from quizgen.bank.loader import load_bank
    from quizgen.generation import problem_figure
    from quizgen.generation.problem_figure import figure_markup, problem_axes
    from quizgen.generation.sampling import sample_instance

    c3 = next(t for t in load_bank(()) if t.cls == "C3")
    draws = [sample_instance(c3, f"1/{c3.id}/{k}") for k in range(3)]
    problem_figure._blank_drawing.cache_clear()
    drawn = [figure_markup(inst, fmt)["problem"] for inst in draws]
    draw = {"md": loss_curve_svg, "tex": figures.loss_curve_tikz}[fmt]
    for inst, problem in zip(draws, drawn):
        point = figures.figure_point(inst)
        assert problem == draw(LossPoint(point.p, axis=figures.PROBLEM_AXIS), False, *problem_axes(c3))
    assert problem_figure._blank_drawing.cache_info().misses == 1


def test_the_answers_note_is_written_once_for_each_kind_of_question():
    """Every question of a template prints the same note: it is put together once."""
    views._answers_note.cache_clear()
    parts = [SimpleNamespace(kind="numeric", decimals=d, tolerance={"sigfigs": 3}) for d in (4, 0, 4)]
    first = views.answers_note(views.answers_rule(parts))
    assert views.answers_note(views.answers_rule(parts[::2])) is first and "to 4 decimal places" in first
    assert views.answers_note((frozenset([2, 4]), frozenset(), False)) != first
    assert views._answers_note.cache_info().misses == 2


def test_a_fraction_prints_the_same_through_the_kept_conversion():
    """The kept conversion is the conversion: LaTeX's, plain text's and Markdown's alike."""
    render._kept_conversion.cache_clear()
    for fmt in ("md", "tex", "text"):
        source = "Half is {{ h }}, **bold** and $a < b$."
        assert render_many([source], {"h": Fraction(1, 2)}, fmt) == \
            [render._convert(render._fill(render.markdown_maths(source) if fmt == "md" else source,
                                          {"h": Fraction(1, 2)}, fmt), fmt)]


# --- text/answers.py: a decimal's size read from its zeros ---

from quizgen.text.answers import SMALL, scientific_parts


@pytest.mark.parametrize("text", ["0.001", "0.00099999", "0.0009", "-0.00012", "0,000345", "0.01", "0.0123",
                                  "0.1", "0.99", "-0.0010", "0.000", "0", "1.5", "12.003", " 0.00045 ", "-0.000001"])
def test_a_decimal_below_a_thousandth_is_told_by_its_zeros(text):
    """Three zeros after the point or more: below 0.001, as the decimal's own value says."""
    below = text.strip() not in ("0.000", "0") and abs(Fraction(text.strip().replace(",", "."))) < SMALL
    assert (scientific_parts(text) is not None) == below


def test_a_decimal_below_a_thousandth_is_not_read_as_a_fraction(monkeypatch):
    """The decision takes no Fraction of the text (one parse cost as much as the rest of the filter)."""
    from quizgen.text import answers

    monkeypatch.setattr(answers, "Fraction", None)
    assert scientific_parts("0.00003449") == ("3.449", -5) and scientific_parts("0.0123") is None


# --- text/limits.py: a filter's lone whole-number width weighed by nothing more ---

def test_a_lone_whole_number_width_skips_the_inputs_check(monkeypatch):
    """check_inputs weighs a call's text and list arguments, never a whole number: a lone
    width (``sig(4)``) is not weighed; a text argument still is, and its refusal stands."""
    from quizgen.errors import BankLimitError
    from quizgen.text import limits

    weighed = _counting(monkeypatch, limits, "check_inputs")
    context = {"x": Fraction(2, 3), "t": "word\nword"}
    assert render_many(["{{ x | sig(4) }} {{ x | dec }} {{ x | sigdec(digits=3) }}"], context, "text") == \
        ["0.6667 0.67 0.667"]
    assert [args[2:] for args in weighed] == [((), {"digits": 3})]
    assert render_many(["{{ t | indent('> ') }}"], context, "text")[0].endswith("> word")
    assert weighed[-1][2] == ("> ",)
    with pytest.raises(BankLimitError, match="characters made"):
        render_many(["{{ ('x' * 90000) | indent('y' * 200) }}"], context, "text")


# --- a part's written answer worked out once for the solutions and the key ---

def test_a_parts_written_answer_is_worked_out_once_for_the_view_and_the_key(monkeypatch):
    from quizgen.bank.loader import load_bank
    from quizgen.generation import sampling
    from quizgen.generation.quiz import Question
    from quizgen.generation.sampling import sample_instance
    from quizgen.generation.views import question_view
    from quizgen.key.entries import key_entry
    from quizgen.maths.numbers import key_answer

    c7 = next(t for t in load_bank(()) if t.cls == "C7")
    question = Question("Q1", sample_instance(c7, "1/perf55/0"))
    written = _counting(monkeypatch, sampling, "written_answer")
    view, entry = question_view(question, "md"), key_entry(question)
    numeric = [pv for pv in question.instance.parts if pv.part.kind != "word"]
    assert len(written) == len(numeric) == 3
    for pv, shown, part in zip(question.instance.parts, view["parts"], entry.parts):
        assert shown["answer"] == part.answer == key_answer(pv.value, pv.part.kind, pv.part.decimals)


# --- separation.check_printed: the answer's window worked out once ---

def test_the_printed_numbers_are_held_to_the_answers_window_once(monkeypatch):
    """Each printed number is held to the answer's window as ``matches`` holds it; the window is worked out once."""
    from quizgen.bank.loader import load_bank
    from quizgen.generation import separation
    from quizgen.generation.plan import plan_for
    from quizgen.generation.sampling import Rejected, sample_instance
    from quizgen.maths.tolerance import matches

    c1 = next(t for t in load_bank(()) if t.cls == "C1")
    pv = sample_instance(c1, "1/perf55/0").parts[0]
    answer = float(pv.value)
    printed = plan_for(c1).printed + (answer * 1.0004, answer * 1.01)
    widths = _counting(monkeypatch, separation, "half_width")
    with pytest.raises(Rejected, match="reads as the"):
        separation.check_printed(pv, printed)
    assert len(widths) == 1
    assert [matches(number, answer, pv.part.tolerance) for number in printed][-2:] == [True, False]
    separation.check_printed(pv, printed[:-2] + printed[-1:])
