"""One mistake, one problem (review 46a F7): a trap code, a required key, a part or parameter
renamed, a YAML word and a stated value that is no number each gave several lines, or a tail
that blamed what was not wrong."""

import pytest

from bank_support import SOFTMAX, bank_with

TESTS = '  - {part: p_true, answer: "0.667", status: correct}'
TARGET_TEST = TESTS + '\n  - {part: target, answer: "0.0999", status: incorrect, misconception: wrong_class_target}'


def _problems(tmp_path, invoke, *edits, samples=0):
    result = invoke("validate", bank_with(tmp_path, SOFTMAX, *edits), "--samples", samples)
    return result, [line.split("c14.yaml:", 1)[1] for line in result.output.splitlines() if "c14.yaml:" in line]


@pytest.mark.parametrize("code", ["Wrong-Class", "smoothing_excludes_true_class"], ids=["malformed", "repeated"])
def test_a_trap_code_mistake_is_not_echoed_by_a_test_naming_the_code(tmp_path, invoke, code):
    result, problems = _problems(tmp_path, invoke, (TESTS, TARGET_TEST), ("code: wrong_class_target", f"code: {code}"))
    assert result.exit_code == 1
    assert len(problems) == 1 and "parts.1.traps.1.code: " in problems[0], problems
    assert problems[0].endswith("; the test at line 129 names 'wrong_class_target', which no trap of the part has now")


def test_a_misspelt_required_key_is_one_problem_at_the_misspelling(tmp_path, invoke):
    old = '        feedback: "The softmax exponentiates every logit before dividing."'
    result, problems = _problems(tmp_path, invoke, (old, old.replace("feedback:", "feedbak:")))
    assert problems == ["59: parts.0.traps.0.feedbak: unknown key 'feedbak' (did you mean 'feedback'?): "
                        "'feedback' is required"], problems


def test_a_name_missing_at_many_places_is_one_problem_listing_their_lines(tmp_path, invoke):
    tests = TESTS + '\n  - {part: target, answer: "0.8", status: correct}' * 2
    result, problems = _problems(tmp_path, invoke, (TESTS, tests), ("  - name: target", "  - name: p_true"))
    assert problems == ["60: parts.1.name: part name 'p_true' used twice",
                        "123: canonical.expect.target: no part named 'target'; the same at lines 129 and 130"], problems


def test_a_renamed_parameter_is_one_problem_for_all_that_read_it(tmp_path, invoke):
    result, problems = _problems(tmp_path, invoke, ("  eps: {decimal:", "  sum: {decimal:"))
    assert len(problems) == 2, problems
    assert problems[0].startswith("11: params.sum: 'sum' is reserved")
    assert "unknown name 'eps'" in problems[1] and "; the same at lines 24, 25, 27" in problems[1]


def test_a_yaml_word_in_units_is_not_echoed_by_the_units_check(tmp_path, invoke):
    result, problems = _problems(tmp_path, invoke, ("units: [nats, nat]", "units: [nats, on]"))
    assert problems == ["79: parts.2.units.1: YAML reads the unquoted word 'on' as true/false; "
                        "write \"on\" in quotes"], problems


def test_a_stated_value_that_is_no_number_does_not_blame_the_answer(tmp_path, invoke):
    result, problems = _problems(tmp_path, invoke, ("expect: {p_true: 0.665,", "expect: {p_true: abc,"))
    assert problems == ["123: canonical.expect.p_true: 'abc' is not a number: unknown name 'abc'; "
                        "write the number the reference states"], problems


@pytest.mark.slow
def test_one_variant_is_refused_as_every_draw_the_same(tmp_path, invoke):
    """Every student would get the same numbers: an error now, not a warning of '1 distinct variant'."""
    result, problems = _problems(tmp_path, invoke, ("V: {integer: [3, 5]}", "V: {integer: [3, 3]}"),
                                 ("min: -1, max: 3, step: 0.5}", "min: 0, max: 2, step: 1, distinct: true}"),
                                 ("eps: {decimal: [0.05, 0.3, 0.05]}", "eps: {decimal: [0.3, 0.3, 0.1]}"),
                                 ("z: [1.5, 0.5, 2.5]", "z: [1, 0, 2]"), ("p_true: 0.665, target: 0.8", "target: 0.8"),
                                 (TESTS, ""), ('  - {part: p_true, answer: "0.665", status: correct}\n', ""),
                                 ('  - {part: p_true, answer: "0.666", status: correct}\n', ""), samples=100)
    assert result.exit_code == 1 and any("every one of 100 draws gives the same question" in p for p in problems), \
        result.output


def test_a_key_indented_under_the_wrong_mapping_is_one_indentation_problem(tmp_path, invoke):
    old = '        feedback: "The softmax exponentiates every logit before dividing."'
    result, problems = _problems(tmp_path, invoke, (old, old[4:]))
    assert problems == ["59: parts.0.traps.0: missing required key 'feedback': the 'feedback' at line 59 is indented "
                        "as a key of parts.0: indent it under parts.0.traps.0"], problems
