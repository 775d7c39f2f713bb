"""The math core: one table of functions read by the parser, the evaluator
(exact and float modes) and the printers; trees hold no caches, the caches
their users keep are bounded, and the core imports nothing above it."""

import math
import pickle
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick
from test_module_structure import imports, modules

import quizgen.maths
from quizgen.errors import ExpressionError
from quizgen.maths import functions, printing
from quizgen.maths.answer_floats import answer_value
from quizgen.maths.evaluate import EXACT, ground
from quizgen.maths.parser import ANSWER_FUNCTIONS, TEMPLATE_FUNCTIONS, Policy, parse, parse_answer, template_policy
from quizgen.maths.printing import to_latex, to_sympy, to_text


def test_the_parser_whitelists_exactly_the_table():
    assert TEMPLATE_FUNCTIONS == set(functions.TABLE)
    assert ANSWER_FUNCTIONS == {row.name for row in functions.ROWS if row.answers}
    assert {"exp", "log", "ln", "sqrt"} <= ANSWER_FUNCTIONS and "sum" not in ANSWER_FUNCTIONS


def test_every_answer_function_has_all_its_forms():
    for name in ANSWER_FUNCTIONS:
        row = functions.TABLE[name]
        assert row.float is not None and row.sympy is not None, name


def test_adding_a_function_is_one_row(monkeypatch):
    cube = functions.Function("cube", (1, 1), lambda a: a ** 3 if isinstance(a, Fraction) else None,
                              lambda x: x ** 3, lambda args, show: f"({show(args[0])})**3",
                              lambda args, show: f"{show(args[0])}^{{3}}", lambda sp, x: x ** 3, answers=True)
    monkeypatch.setitem(functions.TABLE, "cube", cube)
    policy = Policy(ANSWER_FUNCTIONS | {"cube"})
    node = parse("cube(1.5)", policy)
    assert ground(node, {}) == Fraction(27, 8)
    assert answer_value(node) == 3.375
    assert (to_text(node), to_latex(node), to_sympy(node)) == ("(1.5)**3", "1.5^{3}", sympy.Rational(27, 8))
    with pytest.raises(ExpressionError, match="cube\\(\\) takes one argument"):
        parse("cube(1, 2)", policy)


@pytest.mark.parametrize("text", ["exp(1, 2)", "sqrt()", "log(1, 2, 3)"])
def test_arity_comes_from_the_table(text):
    with pytest.raises(ExpressionError, match="takes one"):
        parse_answer(text)


answer_numbers = st.fractions(min_value=Fraction(1, 10), max_value=5, max_denominator=12)


AGREE = settings(max_examples=150, deadline=None)
FORMS = given(a=answer_numbers, b=answer_numbers, form=st.sampled_from([
    "exp(A) - log(B)", "sqrt(A) * ln(B) / (1 + A)", "log(A, 2) + log10(B) - log2(A)", "abs(A - B) ** 2",
    "-log(exp(A)/(exp(A) + exp(B) + 1))", "exp(log(A + e))", "log(1/(B + pi))"]))


@quick(AGREE)
@FORMS
def test_exact_and_float_modes_of_the_one_evaluator_agree(a, b, form):
    node = parse(form, template_policy(["A", "B"]))
    exact = ground(node, {"A": a, "B": b})
    floated = answer_value(parse_answer(form.replace("A", f"({a})").replace("B", f"({b})")))
    assert float(exact) == pytest.approx(floated, rel=1e-12, abs=1e-12)


test_exact_and_float_modes_agree_many = many_copy(test_exact_and_float_modes_of_the_one_evaluator_agree, FORMS, AGREE)


def test_float_mode_refuses_what_is_not_an_answer():
    with pytest.raises(ExpressionError, match="not a number"):
        answer_value(parse("x + 1", template_policy(["x"])))
    with pytest.raises(ExpressionError, match="cannot be used in an answer"):
        answer_value(parse("sum(1)", template_policy([])))


def test_trees_hold_no_caches_and_pickle_by_function_name():
    node = parse("-log(p[0]) + exp(x) / 2", template_policy(["p", "x"]))
    value = ground(node, {"p": (Fraction(1, 2),), "x": Fraction(1)})
    to_text(value), to_latex(value)
    for each in (node, value.node, node.left.operand):
        assert not hasattr(each, "__dict__")
        assert type(each).__slots__ is not None
    copy = pickle.loads(pickle.dumps(node))
    assert copy.left.operand.func is functions.TABLE["log"]
    assert to_text(ground(copy, {"p": (Fraction(1, 4),), "x": Fraction(2)})) == "-log(0.25) + exp(2)/2"


@pytest.mark.parametrize("keep", [pytest.param(20, id="small-memo"),
                                  pytest.param(EXACT.keep, id="shipped-memo", marks=pytest.mark.slow)])
def test_the_evaluator_and_printer_memos_stay_bounded(keep, monkeypatch):
    monkeypatch.setattr(EXACT, "keep", keep)
    for k in range(EXACT.keep + 50):
        ground(parse(f"exp({k}/1000) + 1", template_policy([])), {})
    assert len(EXACT._compiled) <= EXACT.keep
    text_memo = printing.Printer(printing._text_form, keep=10)
    for k in range(25):
        text_memo.show(parse(f"{k} + exp({k})", template_policy([])))
    assert len(text_memo._printed) <= 10


def test_a_template_tree_compiles_once():
    node = parse("exp(a) + a", template_policy(["a"]))
    first = EXACT.compiled(node)
    ground(node, {"a": Fraction(2)})
    assert EXACT.compiled(node) is first


def imported_by(folder: Path, names=None) -> dict:
    """``{file name: the quizgen modules it imports}`` of the modules in ``folder`` (those ``names``, else
    all): every ``import quizgen.x``, ``from quizgen.x import y`` and relative ``from ..x import y``,
    anywhere in the file (test_module_structure.imports, which the cycle check uses)."""
    known = modules()
    return {path.name: imports(path, name, known) for name, path in known.items()
            if path.parent == folder and (names is None or path.name in names)}


def test_the_import_reader_sees_plain_and_relative_imports(tmp_path):
    path = tmp_path / "fake.py"
    path.write_text("import quizgen.grading\n"
                    "def f():\n    from ..text import words\n    from .parser import parse\n    from . import printing\n",
                    encoding="utf-8")
    known = {name: None for name in ("quizgen.grading", "quizgen.text", "quizgen.text.words", "quizgen.maths",
                                     "quizgen.maths.parser", "quizgen.maths.printing", "quizgen.maths.fake")}
    assert imports(path, "quizgen.maths.fake", known) == {"quizgen.grading", "quizgen.text.words",
                                                          "quizgen.maths.parser", "quizgen.maths.printing"}


def _within(module: str, *packages) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


@pytest.mark.slow
def test_the_math_core_imports_nothing_of_quizgen_but_errors_and_wording():
    found = imported_by(Path(quizgen.maths.__file__).parent)
    assert "parser.py" in found and "quizgen.errors" in set().union(*found.values())   # the files were read
    outside = {name: sorted(m for m in modules if not _within(m, "quizgen.errors", "quizgen.wording", "quizgen.maths"))
               for name, modules in found.items()}
    assert {name: above for name, above in outside.items() if above} == {}


def test_exp_and_log_cancel_keeping_the_inner_value_exact():
    env = {"a": Fraction(3, 2)}
    assert ground(parse("exp(log(a))", template_policy(["a"])), env) == Fraction(3, 2)
    inner = ground(parse("log(1/(a + exp(a)))", template_policy(["a"])), env)
    assert to_text(inner) == "-log(1.5 + exp(1.5))"
    assert float(inner) == -math.log(1.5 + math.exp(1.5))


SIG_IDIOM = "round(({x}) * 10**({k} - floor(log10({x})))) / 10**({k} - floor(log10({x})))"


ROUNDING_MANY = settings(max_examples=200, deadline=None)
SIG_VALUES = given(st.one_of(st.fractions(min_value=Fraction(1, 10**6), max_value=10**6, max_denominator=10**9),
                             st.integers(-60, 60).map(lambda k: f"exp({k}/10)"),
                             st.integers(1, 99).map(lambda k: f"1/(2 + exp({k}/10))")),
                   st.integers(1, 6))
SIGDEC_VALUES = given(st.one_of(st.fractions(min_value=Fraction(1, 10**6), max_value=10**3, max_denominator=10**9),
                                st.integers(-90, 60).map(lambda k: f"exp({k}/10)")),
                      st.integers(1, 6))


@quick(ROUNDING_MANY)
@SIG_VALUES
def test_sig_is_the_long_rounding_form_in_one_call(x, figures):
    """``sig(x, n)`` gives exactly what the bank's long form gave (the same
    Fraction, a tie away from zero as ``round``), for rationals and irrationals alike."""
    policy = template_policy([])
    text = str(x) if not isinstance(x, Fraction) else f"{x.numerator}/{x.denominator}"
    short = ground(parse(f"sig({text}, {figures})", policy), {})
    long = ground(parse(SIG_IDIOM.format(x=text, k=figures - 1), policy), {})
    assert short.__class__ is Fraction and short == long


def test_sig_rounds_lists_signs_and_zero_and_refuses_other_figures():
    policy = template_policy(["v"])
    value = ground(parse("sig(v, 2)", policy), {"v": [Fraction(12345, 100000), Fraction(-7, 3), Fraction(0)]})
    assert list(value) == [Fraction(12, 100), Fraction(-23, 10), 0]
    assert ground(parse("sig(0.0125, 2)", policy), {}) == Fraction(13, 1000)   # a tie goes away from zero
    for figures in ("0", "16", "2.5"):
        with pytest.raises(ExpressionError, match="whole number of figures from 1 to 15"):
            ground(parse(f"sig(0.5, {figures})", policy), {})


test_sig_is_the_long_rounding_form_in_one_call_many = many_copy(test_sig_is_the_long_rounding_form_in_one_call,
                                                               SIG_VALUES, ROUNDING_MANY)


@quick(ROUNDING_MANY)
@SIGDEC_VALUES
def test_sigdec_keeps_n_decimals_and_at_least_n_figures(x, digits):
    """``sigdec(x, n)`` is ``x`` to n decimals where those show n figures or
    more (from 0.1 up), else ``sig(x, n)``: the finer of the two roundings."""
    policy = template_policy([])
    text = str(x) if not isinstance(x, Fraction) else f"{x.numerator}/{x.denominator}"
    both = ground(parse(f"sigdec({text}, {digits})", policy), {})
    decimals = ground(parse(f"round(({text}) * 10**{digits}) / 10**{digits}", policy), {})
    figures = ground(parse(f"sig({text}, {digits})", policy), {})
    value = float(ground(parse(text, policy), {}))
    expected = figures if value < 0.1 else decimals   # n decimals show n figures from 0.1 up, whatever n
    assert both.__class__ is Fraction and both == expected
    assert ground(parse("sigdec(0.05129333, 4)", policy), {}) == Fraction(5129, 100000)
    assert ground(parse("sigdec(2.99573, 4)", policy), {}) == Fraction(29957, 10000)


test_sigdec_keeps_n_decimals_and_at_least_n_figures_many = many_copy(
    test_sigdec_keeps_n_decimals_and_at_least_n_figures, SIGDEC_VALUES, ROUNDING_MANY)
