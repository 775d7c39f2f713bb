"""A template must not contradict itself: what the key prints is graded correct,
the rounding the text asks is the rounding the tolerance marks, the working ends
on the key's answer, every drawn value an answer needs is shown, the draws
differ, and every parameter and let is read. Built from docs/authoring.md's
minimum template, one change a test."""

import pytest

from quizgen.bank.loader import build_template, builtin_bank_dir, read_yaml, template_files
from quizgen.key.compact import written_answer
from quizgen.validation.run import validate_file
from quizgen.validation.shown import unshown_problems, unused_warnings
from quizgen.validation.stated import stated_problems, stated_rounding
from test_authoring_minimum57 import minimum_template

MINIMUM = minimum_template()
ASK = '    ask: "What probability does the softmax give label 1?"\n'
STEP = "so $p = 1 / (1 + {{ e_s | sigdec(4) }}) = {{ p_s | sig(4) }}$."


def _file(tmp_path, *changes) -> tuple:
    """The minimum template with each ``(old, new)`` of ``changes`` made; its path and text."""
    text = MINIMUM
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "c50.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text


def _line(text: str, row: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line == row.rstrip("\n"))


def _template(path):
    return build_template(read_yaml(path), path)


def _shipped():
    return [_template(path) for path in template_files(builtin_bank_dir())]


# ---------------------------------------------------------------- the key's own answer

SIX = ("    answer: p\n", "    answer: p\n    tolerance: {sigfigs: 6}\n")
SIX_ASKED = ("Give answers to 3 significant figures", "Give answers to 6 significant figures")


def test_validate_grades_the_key_s_printed_answer(tmp_path, monkeypatch):
    """Without the key's fix (the answer written to 4 figures whatever the tolerance), validate says so."""
    import quizgen.generation.sampling as sampling

    path, text = _file(tmp_path, SIX, SIX_ASKED, ("expect: {p1: 0.679}", "expect: {p1: 0.679179}"),
                       ('answer: "0.679", status: correct', 'answer: "0.679179", status: correct'))
    monkeypatch.setattr(sampling, "written_answer", lambda value, kind, decimals, tolerance:
                        written_answer(value, kind, decimals, {}))
    problems = [str(p) for p in validate_file(path, 3, referee=False).problems]
    line = _line(text, "  - name: p1                    # tests and the key name the part by it")
    assert any(p.startswith(f"{path}:{line}: parts.0: the answer as key.csv and the worked solutions write it, ")
               and "is marked imprecise, not correct" in p for p in problems), problems


# ---------------------------------------------------------------- the rounding the text states

@pytest.mark.parametrize("text, stated", [
    ("Give answers to 3 significant figures ({{ rounding_rule }}) and keep at least 4 significant figures "
     "in intermediate steps.", [("sigfigs", 3)]),
    ("Give your answer to two decimal places.", [("places", 2)]),
    ("Round to the nearest whole number.", [("places", 0)]),
    ("Answer to 4 s.f.; round intermediate values to 6 significant figures.", [("sigfigs", 4)]),
    ("Give it exactly, as a fraction in lowest terms.", [("exact", None), ("exact", None)]),
    ("{{ rounding_rule }}", []),
])
def test_the_rounding_a_text_states(text, stated):
    assert stated_rounding(text) == stated


RULE_ROW = "  its softmax. Give answers to 3 significant figures ({{ rounding_rule }}) and keep at"


@pytest.mark.parametrize("changes, row, message", [
    ([("    answer: p\n", "    answer: p\n    tolerance: {sigfigs: 4}\n")], RULE_ROW,
     "stem: the stem says to give answers to 3 significant figures, but part p1's tolerance marks them to 4 "
     "significant figures: a student"),
    ([("to 3 significant figures", "to 2 decimal places")], RULE_ROW.replace("to 3 significant figures", "to 2 decimal places"),
     "stem: the stem says to give answers to 2 decimal places, but part p1's tolerance marks them to 3 significant "
     "figures (the default): a student"),
    ([("Give answers to 3 significant figures ({{ rounding_rule }}) and", "Please"),
      ("    answer: p\n", "    answer: p\n    tolerance: {sigfigs: 5}\n")], ASK,
     "parts.0.ask: the tolerance marks answers to 5 significant figures, but neither the stem nor this "
     "part's ask says so (\"keep at least 4 significant figures\" is said of the working), and a paper's header asks 3"),
])
def test_a_stated_rounding_the_tolerance_does_not_mark_is_refused(tmp_path, changes, row, message):
    """Told at the line that states the rounding (the stem's), or, where none is stated, at the ask that should."""
    path, text = _file(tmp_path, *changes)
    problems, _ = stated_problems(_template(path))
    assert len(problems) == 1 and str(problems[0]).startswith(f"{path}:{_line(text, row)}: {message}"), \
        [str(p) for p in problems]


def test_the_rounding_a_part_s_ask_states_is_the_part_s_own(tmp_path):
    path, _ = _file(tmp_path, ("    answer: p\n", "    answer: p\n    tolerance: {sigfigs: 4}\n"),
                    (ASK, '    ask: "What probability does the softmax give label 1, to 4 significant figures?"\n'))
    assert stated_problems(_template(path)) == ([], [])


def test_no_stated_rounding_and_no_stated_log_base_are_warnings(tmp_path):
    path, text = _file(tmp_path, ("Give answers to 3 significant figures ({{ rounding_rule }}) and", "Please"),
                       ('p: "1 / (1 + exp(-diff / T))"', 'p: "1 / (1 + exp(-diff / T)) + 0 * log(T)"'))
    problems, warnings = stated_problems(_template(path))
    assert problems == []
    assert [w.key for w in warnings] == ["parts.0.ask", "parts.0.answer"]
    assert "neither the stem nor this part's ask says how to round its answer" in warnings[0].message
    assert "takes a logarithm, and neither the stem nor this part's ask says its base" in warnings[1].message
    said, _ = _file(tmp_path, ('p: "1 / (1 + exp(-diff / T))"', 'p: "1 / (1 + exp(-diff / T)) + 0 * log(T)"'),
                    ("before\n  its softmax.", "before\n  its softmax. Use natural logarithms."))
    assert stated_problems(_template(said)) == ([], [])


def test_the_shipped_bank_states_every_rounding_it_marks():
    assert [stated_problems(t) for t in _shipped()] == [([], [])] * len(_shipped())


# ---------------------------------------------------------------- the working ends on the answer

def test_working_that_ends_off_the_key_s_answer_is_refused(tmp_path):
    path, text = _file(tmp_path, ('p_s: "sig(1 / (1 + e_s), 4)"', 'p_s: "sig(1 / (1 + e_s), 1)"'),
                       (STEP, STEP.replace("sig(4)", "sig(1)")),
                       ("{{ p_s | sig(4) }} is over", "{{ p_s | sig(1) }} is over"))
    problems = [str(p) for p in validate_file(path, 0, referee=False).problems]
    row = next(r for r in text.splitlines() if r.startswith("      work: "))
    let = next(r for r in text.splitlines() if r.startswith("  p_s: "))
    assert problems == [f"{path}:{_line(text, let)}: let.p_s: no value the working shows gives part "
                        "(a)'s answer 0.679 at the figures asked (key 0.6792); the value nearest it is 0.7, made by "
                        f"this let and first shown in solution.steps.0.work (line {_line(text, row)}) (seed "
                        "canonical): end the working on a value that rounds to the key's answer at the figures asked "
                        "(work this let, or those it is made from, to more figures, or show the answer itself)"], problems


def test_working_that_shows_the_answer_to_more_figures_passes(tmp_path):
    path, _ = _file(tmp_path, ('p_s: "sig(1 / (1 + e_s), 4)"', 'p_s: "sig(1 / (1 + e_s), 6)"'),
                    (STEP, STEP.replace("sig(4)", "sig(6)")))
    assert validate_file(path, 0, referee=False).problems == []


# ---------------------------------------------------------------- drawn values shown, values read

def test_an_answer_reading_a_drawn_value_no_text_shows_is_refused(tmp_path):
    path, text = _file(tmp_path, ("the temperature $T = {{ T | dec(1) }}$", "a temperature"))
    problems = unshown_problems(_template(path))
    assert [str(p) for p in problems] == [
        f"{path}:{_line(text, '  T: {decimal: [1.5, 6, 0.5]}')}: params.T: the answer of part p1 depends on T, "
        "which no text of the question shows (stem, asks, figure), nor any value worked from it: a student "
        "cannot work it out; show T in the stem"]


def test_a_drawn_value_shown_through_a_value_worked_from_it_counts_as_shown(tmp_path):
    path, _ = _file(tmp_path, ("$z_1 = {{ z1 | dec(1) }}$ and\n  $z_2 = {{ z2 | dec(1) }}$",
                               "a gap $z_1 - z_2 = {{ diff | dec(1) }}$"))
    assert unshown_problems(_template(path)) == []


def test_a_parameter_and_a_let_nothing_reads_are_warnings(tmp_path):
    path, text = _file(tmp_path, ("  T: {decimal: [1.5, 6, 0.5]}\n", "  T: {decimal: [1.5, 6, 0.5]}\n  spare: {integer: [1, 9]}\n"),
                       ('  diff: "z1 - z2"\n', '  diff: "z1 - z2"\n  leftover: "2 * diff"\n'))
    assert [(w.key, w.message) for w in unused_warnings(_template(path))] == [
        ("params.spare", "warning: the parameter spare is never read (by a text, an answer, a trap, a constraint "
                         "or another value): remove it, or use it where it was meant to be"),
        ("let.leftover", "warning: the let leftover is never read (by a text, an answer, a trap, a constraint "
                         "or another value): remove it, or use it where it was meant to be")]


def test_the_shipped_bank_shows_what_its_answers_read_and_reads_what_it_defines():
    """A let that is a step inside an answer (C1's total and exp_z) is read by carried rounding."""
    assert [(unshown_problems(t), unused_warnings(t)) for t in _shipped()] == [([], [])] * len(_shipped())


# ---------------------------------------------------------------- every draw the same, ids

@pytest.mark.slow
def test_a_template_whose_every_draw_is_the_same_fails(tmp_path, invoke):
    path, text = _file(tmp_path, ("z1: {decimal: [0.5, 5, 0.1]}", "z1: {decimal: [2, 2, 0.1]}"),
                       ("z2: {decimal: [-3, 0, 0.1]}", "z2: {decimal: [-1, -1, 0.1]}"),
                       ("T: {decimal: [1.5, 6, 0.5]}", "T: {decimal: [4, 4, 0.5]}"))
    result = invoke("validate", "--samples", "20", path)
    assert result.exit_code == 1
    assert f"{path}:{_line(text, 'params:                         # drawn afresh for every question')}: params: " \
           "every one of 20 draws gives the same question, so every student gets the same numbers and answers" \
           in result.output, result.output


def test_validate_path_refuses_a_built_in_id(tmp_path, invoke):
    path, text = _file(tmp_path, ("id: two-label-temperature", "id: mlm-confident-correct"))
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code == 1
    row = next(r for r in text.splitlines() if r.startswith("id: "))
    assert f"{path}:{_line(text, row)}: id: template id 'mlm-confident-correct' is also used by the built-in " \
           "bank's " in result.output, result.output


def test_validate_path_reads_the_built_in_ids_without_building_the_bank(tmp_path, invoke, monkeypatch):
    """The built-in ids come from each file's YAML: building the ten built-in templates
    was most of the time of a `validate PATH` of one small template."""
    import quizgen.validation.clashes as clashes
    monkeypatch.setattr(clashes, "load_template", lambda path: pytest.fail(f"built the built-in {path}"))
    path, text = _file(tmp_path, ("id: two-label-temperature", "id: mlm-confident-correct"))
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code == 1
    assert "also used by the built-in bank's " in result.output and "c1_confident_correct.yaml, which generate" \
           in result.output, result.output
