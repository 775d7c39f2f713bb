"""A bank author's review (rev-author32): what an author writing a class meets
in `quizgen validate`, each template written into tmp_path and driven through
the CLI as an author would."""

from pathlib import Path

from test_list_recipes31 import TAIL, WEIGHTED   # a user template's solution block; two weights of a list

AUTHOR = Path(__file__).parent / "data" / "author" / "c11_scaled.yaml"


def _validate(invoke, tmp_path, text: str, *options):
    """Validate one template file holding ``text``; its path, exit code and output."""
    path = tmp_path / "c11.yaml"
    path.write_text(text, encoding="utf-8")
    result = invoke("validate", path, "--samples", 3, *options)
    return path, result.exit_code, result.output + result.stderr


def test_a_caret_in_a_let_is_told_to_be_written_as_two_stars(invoke, tmp_path):
    """'^' was refused as "operator BitXor is not allowed", Python's name for it."""
    text = AUTHOR.read_text().replace('root: "sqrt(d)"', 'root: "d ^ 0.5"')
    path, code, output = _validate(invoke, tmp_path, text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "root:" in row)
    assert code != 0 and f"{path}:{line}: let.root: " in output
    assert "'^' is not a power" in output and "write ** for a power" in output
    assert "BitXor" not in output


def test_another_refused_operator_is_named_by_its_sign(invoke, tmp_path):
    text = AUTHOR.read_text().replace('root: "sqrt(d)"', 'root: "d // 2"')
    _, code, output = _validate(invoke, tmp_path, text)
    assert code != 0 and "operator '//' is not allowed (use + - * / **)" in output and "FloorDiv" not in output


def _bare_print_examples() -> list:
    """The examples docs/templates.md gives of what a bare ``{{ x }}`` prints: (value, printed)."""
    import re

    docs = (Path(__file__).parent.parent / "docs" / "templates.md").read_text(encoding="utf-8")
    paragraph = docs[docs.index("A bare `{{ x }}` prints"):].split("\n\n")[0]
    return re.findall(r"`([-0-9./]+)` prints `([-0-9.]+)`", paragraph)


def test_the_docs_say_what_a_bare_value_prints():
    """The docs said a bare {{ x }} prints finite decimals in full; it prints 4 significant
    figures of one with more than 4 decimals (0.857375 as 0.8574)."""
    from fractions import Fraction

    from quizgen.text.render import jinja_context, render_string

    examples = _bare_print_examples()
    assert ("0.857375", "0.8574") in examples and len(examples) >= 4
    for value, printed in examples:
        context = jinja_context({"x": Fraction(value)})
        assert render_string("{{ x }}", context, "md") == printed, value




def _paper(invoke, tmp_path, template: str) -> dict:
    """The params of a one-question paper of ``template``, a user bank in tmp_path."""
    import json

    bank = tmp_path / "bank"
    bank.mkdir(exist_ok=True)
    (bank / "c77.yaml").write_text(template, encoding="utf-8")
    made = invoke("generate", "--bank", bank, "--classes", "C77", "--seed", 1, "--out", tmp_path / "out")
    assert made.exit_code == 0, made.stderr
    return json.loads((tmp_path / "out" / "key.json").read_text(encoding="utf-8"))["questions"][0]["params"]


def _graded(invoke, tmp_path, students: dict) -> dict:
    """``students`` ({id: {letter: answer}}) graded by the CLI against tmp_path's paper: rows by (id, letter)."""
    import csv

    with open(tmp_path / "a.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question", "part", "answer"],
                                      *[[sid, "Q1", letter, text] for sid, answers in students.items()
                                        for letter, text in answers.items()]])
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "out" / "key.json")
    assert result.exit_code == 0, result.stderr
    with open(tmp_path / "a-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(row["student_id"], row["part"]): row for row in csv.DictReader(handle)}


def test_ecf_from_two_earlier_answers_says_those_values(invoke, tmp_path):
    """Feedback said "correct given that value" of a part worked from (a) and (b)."""
    params = _paper(invoke, tmp_path, WEIGHTED)
    a, b, v = params["a"], params["b"], params["v"]
    p1, p2 = a / (a + b) + 0.1, b / (a + b) - 0.1   # both wrong
    out = p1 * v[0] + p2 * v[1]
    rows = _graded(invoke, tmp_path, {
        "full": {"a": f"{p1:.4g}", "b": f"{p2:.4g}", "c": f"{out:.4g}"},
        "short": {"a": f"{p1:.4g}", "b": f"{p2:.4g}", "c": f"{out:.2g}"}})
    full, short = rows["full", "c"], rows["short", "c"]
    assert (full["status"], full["note"]) == ("correct", "ecf"), full
    assert f"(a) = {p1:.4g}, (b) = {p2:.4g}: correct given those values (error carried forward" in full["feedback"]
    assert short["status"] == "imprecise" and "given those values, give at least 3 (error carried forward: from your (a) and (b)" in short["feedback"], short
    assert "that value" not in full["feedback"] + short["feedback"]


def test_a_template_test_is_graded_after_the_earlier_answers_it_gives(invoke, tmp_path):
    """A template's tests were graded alone, without ECF: a part worked from a wrong
    (a) and (b) could not be tested as grade marks it. From (a) 0.3, (b) 0.7 the
    weighted sum of (2, 7) is 5.5 (the key's is 6): correct by ECF."""
    ecf = '  - {part: out, answer: "5.5", earlier: {p1: "0.3", p2: "0.7"}, status: correct}\n'
    text = WEIGHTED.replace("solution:", ecf + "solution:")
    _, code, output = _validate(invoke, tmp_path, text)
    assert code == 0 and "2 tests passed" in output, output
    wrong = text.replace(ecf, ecf.replace("correct}", "incorrect}"))
    path, code, output = _validate(invoke, tmp_path, wrong)
    line = next(n for n, row in enumerate(wrong.splitlines(), 1) if "earlier:" in row)
    assert code != 0 and f"{path}:{line}: tests.1: answer '5.5' to part out (after (a) 0.3, (b) 0.7) is graded " \
                         "correct, the test expects incorrect" in output, output


def test_a_template_test_s_earlier_answer_must_be_to_an_earlier_part(invoke, tmp_path):
    text = WEIGHTED.replace("solution:", '  - {part: p2, answer: "0.8", earlier: {out: "6"}, status: correct}\n'
                                         "solution:")
    _, code, output = _validate(invoke, tmp_path, text)
    assert code != 0 and "tests.1.earlier.out: part out does not come before part p2: earlier answers are those " \
                         "to p1" in output, output


LIST_CASES = [("count(z, v)", {"z": ("3", "1", "3", "0", "2.5"), "v": "3"}),
              ("count(z, v)", {"z": ("0.1", "0.2", "0.3"), "v": "0.3"}),
              ("count(z + 1, v)", {"z": ("0.5", "-1", "0.5"), "v": "1.5"}),
              ("count(z, v)", {"z": ("2", "4"), "v": "7"}),
              ("sum(1 / (range(v) + 1))", {"z": ("1",), "v": "6"}),
              ("sum(range(v, 9))", {"z": ("1",), "v": "-3"}),
              ("len(range(v))", {"z": ("1",), "v": "0"}),
              ("isint(v)", {"z": ("1",), "v": "4"}),
              ("isint(v)", {"z": ("1",), "v": "2.5"}),
              ("isint(v / 4)", {"z": ("8", "8"), "v": "6"})]


def _sympy_value(text: str, z, v):
    """The case's value worked by SymPy, the referee: its own Range, is_integer and equality."""
    import sympy as sp

    zs, w = [sp.Rational(x) for x in z], sp.Rational(v)
    count = lambda items, target: sum(1 for x in items if sp.Eq(x, target) == sp.true)
    worked = {"count(z, v)": lambda: count(zs, w), "count(z + 1, v)": lambda: count([x + 1 for x in zs], w),
              "sum(1 / (range(v) + 1))": lambda: sum(sp.Rational(1, k + 1) for k in sp.Range(w)),
              "sum(range(v, 9))": lambda: sum(sp.Range(w, 9)), "len(range(v))": lambda: len(sp.Range(w)),
              "isint(v)": lambda: int(bool(w.is_integer)),
              "isint(v / 4)": lambda: int(bool((w / 4).is_integer))}
    return float(worked[text]())


def test_count_range_and_isint_work_in_floats_as_exact_mode_and_sympy_do():
    """count, isint and range had no float form: a recipe using them got no ECF."""
    from fractions import Fraction

    from quizgen.maths.evaluate import ground, list_floats
    from quizgen.maths.parser import parse, template_policy

    for text, values in LIST_CASES:
        node = parse(text, template_policy(["z", "v"]))
        exact = {"z": tuple(Fraction(x) for x in values["z"]), "v": Fraction(values["v"])}
        floats = {"z": tuple(float(x) for x in values["z"]), "v": float(values["v"])}
        worked = float(list_floats(node)(floats))
        assert worked == float(ground(node, exact)) == _sympy_value(text, values["z"], values["v"]), text


def test_range_in_floats_refuses_what_exact_mode_refuses():
    import pytest

    from quizgen.errors import ExpressionError
    from quizgen.maths.evaluate import list_floats
    from quizgen.maths.parser import parse, template_policy

    for text, v, why in [("range(v)", 2.5, "whole numbers"), ("range(v)", 1e6, "too long"),
                         ("count(v, v)", 1.0, "needs a list")]:
        with pytest.raises(ExpressionError, match=why):
            list_floats(parse(text, template_policy(["v"])))({"v": v})


HARMONIC = """id: t-harmonic
class: C78
title: "A user template"
points: 2
params:
  V: {integer: [3, 9]}
let:
  n: "V - 1"
stem: |
  A sequence has {{ V }} tokens. Give answers to 3 significant figures ({{ rounding_rule }}).
parts:
  - name: n
    points: 1
    type: integer
    ask: "How many positions are predicted, one fewer than the tokens?"
    answer: n
  - name: h
    points: 1
    ask: "What is the sum of 1/(k + 1) over those positions k = 0, 1, ...?"
    answer: "sum(1 / (range(n) + 1))"
canonical:
  params: {V: 4}
  expect: {n: 3, h: 1.833}
tests:
  - {part: n, answer: "3", status: correct}
  - {part: h, answer: "1.83", status: correct}
  - {part: h, answer: "2.08", earlier: {n: "4"}, status: correct}
""" + TAIL


def test_a_recipe_using_range_or_count_gets_ecf(invoke, tmp_path):
    """validate warned "range() cannot be worked in floats: ECF will not be given"; from
    (a) 4, 1 + 1/2 + 1/3 + 1/4 = 2.083 is now correct by ECF, and from (a) 2, count(z, 2)/5."""
    _, code, output = _validate(invoke, tmp_path, HARMONIC)
    assert code == 0 and "3 tests passed" in output and "warning" not in output, output
    counted = HARMONIC.replace('answer: "sum(1 / (range(n) + 1))"', 'answer: "count(list(0, 1, 1, 2, 3), n) / 5"')
    counted = counted.replace("t-harmonic", "t-counted").replace("h: 1.833", "h: 0.2").replace('answer: "1.83"', 'answer: "0.2"')
    counted = counted.replace('answer: "2.08", earlier: {n: "4"}', 'answer: "0.4", earlier: {n: "1"}')
    _, code, output = _validate(invoke, tmp_path, counted)
    assert code == 0 and "3 tests passed" in output and "warning" not in output, output


def test_a_let_reading_a_cycle_it_is_not_on_gets_the_cycle_named_first(invoke, tmp_path):
    """'half' reads the later 'score', which reads the cycle b1 -> c1 -> b1: validate advised
    "move 'score' above 'half'", which no order can make work, before naming the cycle."""
    text = AUTHOR.read_text().replace('let:\n  root: "sqrt(d)"', 'let:\n  half: "score / 2"\n  root: "sqrt(d)"\n'
                                      '  b1: "c1 + 1"\n  c1: "b1 * 2"')
    text = text.replace('score: "dot / root"', 'score: "dot / root + 0 * b1"')
    path, code, output = _validate(invoke, tmp_path, text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "half:" in row)
    half = next(row for row in output.splitlines() if row.startswith(f"{path}:{line}: let.half: "))
    assert code != 0 and half.index("the lets b1 -> c1 -> b1 refer to each other in a cycle") \
        < half.index("untangle it first, then move 'score' (line 18) above 'half'"), half


def _c2_draw(k: int):
    from quizgen.bank.loader import builtin_bank_dir, load_template
    from quizgen.generation.quiz import seed_label
    from quizgen.generation.sampling import sample_instance

    template = load_template(builtin_bank_dir() / "c2_confident_wrong.yaml")
    return sample_instance(template, seed_label("validate", template.id, k), [])


def test_a_student_rounding_each_exponential_is_correct_on_c2_draw_12():
    """rev-author31's step student answered C2 (a) 0.0223 at seed validate/mlm-confident-wrong/12,
    marked imprecise: it rounded e^0.5 to 1.65 in the sum (73.75, so 73.8) but kept 1.6487 in the
    numerator, one value rounded two ways. Rounded as in the list, the numerator gives
    1.65 / 73.8 = 0.02236, 0.0224: correct, as carried rounding has it."""
    from quizgen.generation.quiz import Question
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry
    from quizgen.validation.marking import mark_answers
    from quizgen.validation.steps import step_student

    instance = _c2_draw(12)
    answers = step_student(instance)
    assert answers == {"p": "0.0224", "loss": "3.80"}
    verdicts = mark_answers(question_checkers(key_entry(Question("Q1", instance))), instance, answers)
    assert [v.status for v in verdicts.values()] == ["correct", "correct"]


def test_validate_reports_a_step_student_the_marker_does_not_accept(monkeypatch):
    """validate's careful student rounded each let from the exact values before it, never a
    sum of rounded list elements: a student working so was not checked at all."""
    from quizgen.validation import marking

    monkeypatch.setattr(marking, "step_student", lambda instance, figures, recipe_paths=None: {"p": "0.0300"})
    found = marking.marking_problems(_c2_draw(12))
    assert [p.key for p in found] == ["parts.0.answer"]
    assert "rounds every step of the working to 3 significant figures, a list element by element, answers " \
           "0.0300 and is marked incorrect" in found[0].message



def test_a_softmax_numerator_indexed_by_argmax_is_rounded_as_in_the_list():
    """The reviewer's C20 asks exp(z[argmax(z)] / tau) / sum(exp(z / tau)), with z / tau a let: carried
    rounding took z[argmax(z)] / tau for no element of that step, so it reached 2.2222 unrounded over a
    sum of 3-figure terms, but not the student who divides the top logit once, 2.22 for both:
    e^2.22 / 12.854 = 0.71629, written 0.716, was imprecise (validate's step student found it)."""
    from quizgen.bank.loader import load_template
    from quizgen.generation.quiz import Question, seed_label
    from quizgen.generation.sampling import sample_instance
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry

    template = load_template(Path(__file__).parent / "data" / "author" / "c20_temperature.yaml")
    instance = sample_instance(template, seed_label("validate", template.id, 2), [])
    checker = question_checkers(key_entry(Question("Q1", instance)))["a"]
    assert round(float(instance.parts[0].value), 5) == 0.7168
    assert (checker("0.716").status, checker("0.716").note) == ("correct", "carried_rounding")
    # since review 46a F12 the sum is a step too: e^(z/tau) kept whole, their sum 12.874 carried as 12.9,
    # 9.2278 / 12.9 = 0.7153; a student carrying 3 figures reaches 0.714 to 0.717 (0.719 mixing levels), not 0.713
    assert (checker("0.715").status, checker("0.715").note) == ("correct", "carried_rounding")
    assert checker("0.713").status != "correct"
