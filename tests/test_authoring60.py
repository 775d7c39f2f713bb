"""An author's slips that validate and generate let through or misreported: a part name that
no recipe can read back, and the like (each test names the rule it pins)."""

import pytest

from bank_support import SOFTMAX, bank_with


def _lines(result, file="c14.yaml:"):
    return [line.split(file, 1)[1] for line in result.output.splitlines() if file in line]


@pytest.mark.parametrize("name", ["p true", "p_true!", "p-true", "2p"])
def test_a_part_name_that_is_no_plain_name_is_one_problem_at_its_line(tmp_path, invoke, name):
    bank = bank_with(tmp_path, SOFTMAX, ("  - name: p_true", f'  - name: "{name}"'),
                     ("part: p_true,", f'part: "{name}",'), ("expect: {p_true:", f'expect: {{"{name}":'))
    result = invoke("validate", bank, "--samples", 0)
    assert result.exit_code == 1
    assert _lines(result) == [f"49: parts.0.name: {name!r} is not a part name: a part name is a letter or _, "
                              "then letters, digits and _ (no spaces or punctuation), at most 200 characters, "
                              "e.g. mean_loss"], result.output


def test_generate_refuses_a_bank_whose_part_name_no_key_could_grade_and_writes_nothing(tmp_path, invoke, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bank = bank_with(tmp_path, SOFTMAX, ("  - name: p_true", '  - name: "mean part!"'),
                     ("part: p_true,", 'part: "mean part!",'), ("expect: {p_true:", 'expect: {"mean part!":'))
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", 1, "--out", "out")
    assert result.exit_code != 0
    assert "'mean part!' is not a part name" in result.output
    assert not (tmp_path / "out").exists()


def _value(text):
    from quizgen.maths.evaluate import ground
    from quizgen.maths.parser import parse, template_policy
    return ground(parse(text, template_policy(set())), {})


def test_a_decimal_literal_is_read_exactly_not_cut_to_a_float():
    """1.4142135623730950488 was its float's 14142135623730951/10**16: floor(1 + 10**20*(sqrt(2) - it))
    gave -5119; sqrt(2) - it is 1.69e-21, so the floor is 1."""
    from fractions import Fraction
    assert _value("1.4142135623730950488") == Fraction("1.4142135623730950488")
    assert _value("floor(1 + 10**20 * (sqrt(2) - 1.4142135623730950488))") == 1
    assert (_value("0.1"), _value("2.5e3"), _value(".5"), _value("1e-999")) == (Fraction(1, 10), 2500, Fraction(1, 2), 0)


def test_sympy_referees_the_engines_yes_or_no(tmp_path, monkeypatch):
    """A comparison decided from floats (both sides' floats are the same) is refereed as the
    values are: SymPy's true beside the engine's false is a problem at the let. The engine now
    orders exact values exactly (settle.order) and agrees; an engine back on floats is caught."""
    from quizgen.bank.loader import load_template
    from quizgen.generation.sampling import sample_instance
    from quizgen.maths import settle
    from quizgen.validation.referee_truths import truth_disagreements

    bank = bank_with(tmp_path, SOFTMAX, ('  others: "V - 1"', '  others: "V - 1"\n'
                                         '  close: "sqrt(2) > 1.4142135623730950488"\n  whole: "isint(sqrt(V) ** 2)"'))
    instance = sample_instance(load_template(bank / "c14.yaml"), "referee/0")
    assert instance.env["close"] is True and truth_disagreements(instance) == []
    floats = (lambda a, b: (settle.to_float(a) > settle.to_float(b)) - (settle.to_float(a) < settle.to_float(b)))
    monkeypatch.setattr(settle, "order", floats)
    instance = sample_instance(load_template(bank / "c14.yaml"), "referee/0")
    assert truth_disagreements(instance) == [
        (("let", "close"), "let close: sqrt(2) > 1.4142135623730950488 is true for SymPy, "
                           "false for the engine")]
    from quizgen.validation.paper import referee_problems
    assert [str(p).split("c14.yaml:")[1][:25] for p in referee_problems(instance)] == ["30: let.close: SymPy disa"]


FORMAT_ADVICE = ("of a value in the text goes through a float (1/8 prints 0.12, and an irrational prints too); "
                 "format values with the bank's filters: dec, sig, sigdec, exactdec, pct")


@pytest.mark.parametrize("text, how", [('{{ "%.2f" | format(eps) }}', "the format filter"),
                                       ('{{ "{:.2f}".format(eps) }}', "str.format"),
                                       ('{{ "%.2f" % eps }}', "'%' formatting")])
def test_a_value_formatted_by_python_is_refused_with_the_filters_advice(tmp_path, invoke, text, how):
    """"%.2f" | format(x) was accepted (ties to even beside dec's away from zero) and "{:.2f}".format(x)
    failed with Python's TypeError: each way is one problem at its line, with the same advice."""
    bank = bank_with(tmp_path, SOFTMAX, ("the true class is class {{ tnum }}.", "the true class is class {{ tnum }}. "
                                         + text))
    result = invoke("validate", bank, "--samples", 0)
    assert result.exit_code == 1
    assert _lines(result) == [f"39: stem: {how} {FORMAT_ADVICE}"], result.output


def test_python_formats_of_literals_and_counts_are_still_text():
    from quizgen.bank.text_rules import text_rule_problems
    assert text_rule_problems('{{ "{:>5}|{:.3}".format(7, 0.5) }} {{ "%d" | format(loop.index) }} '
                              '{{ "{a}".format_map({"a": 1}) }}') == []


@pytest.mark.parametrize("answer, env, shown", [
    ("(4*d*d + 4*d) / (4*d*d + 4*d + 2*d*f + f + d + 4*d)", {"d": 12, "f": 24}, "52/107"),
    ("(1 - r) ** n", {"r": "0.07", "n": 6}, "(1 - 0.07)**6"),
    ("(1 - r) ** n", {"r": "0.12", "n": 4}, "(1 - 0.12)**4"),
    ("a / b", {"a": 2, "b": 6}, "1/3"),
])
def test_an_exact_answer_is_written_in_lowest_terms_unless_its_numbers_say_it_shorter(answer, env, shown):
    """key.json had 52/107 while key.csv and the solutions wrote the unfolded sum it came from;
    C5's (1 - 0.07)**6 still reads better than 646990183449/1000000000000. A finite decimal keeps
    its expression at any length ((1 - 0.12)**4 is as long as 234256/390625); a value with no
    finite decimal keeps it only when strictly shorter (2/6 is as long as 1/3, so 1/3)."""
    from fractions import Fraction
    from types import SimpleNamespace
    from quizgen.maths.draw_numbers import exact_in_numbers
    from quizgen.maths.evaluate import ground
    from quizgen.maths.parser import parse, template_policy
    from quizgen.maths.printing import to_text

    env = {name: Fraction(value) for name, value in env.items()}
    node = parse(answer, template_policy(set(env)))
    pv = SimpleNamespace(value=ground(node, env), part=SimpleNamespace(kind="numeric", answer=node))
    found = exact_in_numbers(pv, "0.4860", env)
    assert (to_text(pv.value) if found is None else to_text(found)) == shown


@pytest.mark.parametrize("old, new, line", [
    ('title: "Label smoothing: the smoothed cross-entropy of a classifier head"', "title: " + "T" * 22_000,
     "3: title: text of 22,000 characters exceeds the limit of 300 (see docs/authoring.md)"),
    ('feedback: "The loss uses natural logarithms."', "feedback: " + "x" * 200_000,
     "92: parts.2.traps.2.feedback: text of 200,000 characters exceeds the limit of 100,000 (see docs/authoring.md)"),
])
def test_the_text_limits_hold_for_text_with_no_jinja_too(tmp_path, invoke, old, new, line):
    """A render's text is held to 100,000 characters, but a text with no {{ }} is printed as it is,
    unrendered: a 200,000-character feedback and a 22,000-character title went into key.json."""
    result = invoke("validate", bank_with(tmp_path, SOFTMAX, (old, new)), "--samples", 0)
    assert result.exit_code == 1 and _lines(result) == [line], result.output


def test_a_name_set_in_a_branch_and_never_read_is_not_undefined():
    """{% set q = ... %} in a branch that never runs made 'q' undeclared to Jinja2: validate said
    "undefined name 'q'" at the stem's first line, though nothing reads q."""
    from quizgen.validation.text import names_used
    assert names_used("{% if k == 9 %}{% set q = nothing_here %}{% endif %}") == (("k", 1), ("nothing_here", 1))


def test_a_misspelt_loop_field_is_told_with_the_fields_and_a_suggestion():
    from quizgen.text.undefined_names import undefined_words
    assert undefined_words("'jinja2.runtime.LoopContext object' has no attribute 'indx'", {}, "{{ loop.indx }}") == (
        "loop has no field 'indx' (its fields: index, index0, revindex, revindex0, first, last, length, depth, "
        "depth0, previtem, nextitem, cycle, changed; did you mean 'index'?)")


def test_points_over_the_limit_are_printed_as_written(tmp_path, invoke):
    result = invoke("validate", bank_with(tmp_path, SOFTMAX, ("points: 6", "points: 1000001")), "--samples", 0)
    assert _lines(result)[0].startswith("4: points: points of 1,000,001 exceed the limit of 1,000,000"), result.output


def test_a_division_by_an_exact_zero_is_said_so_not_out_of_range():
    from quizgen.errors import ExpressionError
    with pytest.raises(ExpressionError, match="^division by zero$"):
        _value("1 / (2/sqrt(5) - 2/sqrt(5))")


def test_the_recompute_advice_follows_the_gap():
    """More figures help a step short of them, not a wrong one (2.0 x 0.5772 + 0.5 = 0.6544)."""
    from types import SimpleNamespace
    from quizgen.validation.paper import _advice
    assert _advice(SimpleNamespace(computed=0.65441, shown=0.6545)).startswith("show its inputs with more")
    assert _advice(SimpleNamespace(computed=1.6544, shown=0.6544)).startswith(
        "its result is not what its inputs give (not a rounding: more than 1% off)")


def test_one_expression_computing_in_the_text_is_one_problem():
    from quizgen.bank.text_rules import text_rule_problems
    assert [m.split(";")[0] for _, m in text_rule_problems("{{ a / (b + c) }}")] == \
        ["arithmetic (/, +) on values in the text"]


EXAMPLE_MARK = "<!-- example: every line of this block is in tests/data/exact_and_choice60.yaml"


def test_the_exact_and_choice_example_of_the_docs_is_a_template_that_validates(tmp_path, invoke):
    """docs/authoring.md shows how to ask for an exact fraction and for one of two choices; its
    block's lines are the test template's, and that template validates as it is."""
    import re
    from pathlib import Path
    from test_authoring_walkthrough import unmatched

    root = Path(__file__).parent
    text = (root.parent / "docs" / "authoring.md").read_text(encoding="utf-8")
    blocks = re.findall(re.escape(EXAMPLE_MARK) + r"[^\n]*\n```yaml\n(.*?)```", text, flags=re.S)
    template = (root / "data" / "exact_and_choice60.yaml").read_text(encoding="utf-8")
    assert len(blocks) == 1 and unmatched(blocks[0].splitlines(), template.splitlines()) == []
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c50.yaml").write_text(template, encoding="utf-8")
    result = invoke("validate", bank, "--samples", 20)
    assert result.exit_code == 0 and "9 tests passed" in result.output, result.output


def test_a_percentage_in_a_worked_step_is_recomputed():
    """$15\\% \\cdot 200 = 40$ passed unread, where 0.15 \\times 200 = 40 was refused."""
    from quizgen.validation.recompute import recompute_text
    assert [(s.computed, s.ok) for s in recompute_text(r"$15\% \cdot 200 = 40$ and $15\% \cdot 200 = 30$").steps] == \
        [(30.0, False), (30.0, True)]
