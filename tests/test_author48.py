"""Review 48b's findings on an author's one-YAML class (tests/data/words48,
C14): a record's field the text names but the draw lacks is said in the
author's terms (F4)."""

from pathlib import Path

import pytest

BANK = Path(__file__).parent / "data" / "words48" / "c14_label_smoothing.yaml"


def _copy(tmp_path, old: str, new: str, count: int = -1) -> Path:
    """The class with ``old`` written ``new`` (``count`` times), in a bank folder of its own."""
    text = BANK.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "bank").mkdir()
    path = tmp_path / "bank" / "c14.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


@pytest.mark.parametrize("old, new, count, said", [
    ("{{ scene.words[t] }}", "{{ scene.word[t] }}", -1,
     "scene has no field 'word' in this draw (its fields: sentence, t, words; did you mean 'words'?)"),
    ('{sentence: "The chef', '{sentense: "The chef', 1,
     "scene has no field 'sentence' in this draw (its fields: sentense, t, words; did you mean 'sentense'?)"),
])
@pytest.mark.slow
def test_a_records_missing_field_is_named_with_the_records_fields(tmp_path, invoke, old, new, count, said):
    """'dict object' has no attribute 'word' named Jinja2's internals and no field of the record."""
    path = _copy(tmp_path, old, new, count)
    result = invoke("validate", path, "--samples", "20")
    assert result.exit_code == 1
    assert f"stem: undefined name in template text: {said}" in result.output
    assert "dict object" not in result.output


def test_a_template_whose_later_draw_fails_is_left_out_and_the_drill_ends_with_its_summary(tmp_path, invoke):
    """F10: the one option of a choice spelling ``sentense:`` rendered question 1 (seed 4 draws another
    option) and ended the drill at question 2 with an error, exit 2, and no summary."""
    path = _copy(tmp_path, '{sentence: "The chef', '{sentense: "The chef', 1)
    result = invoke("drill", "--bank", path.parent, "--classes", "C14", "--seed", "4", "--no-save",
                    input="s\ns\ns\n")
    said = " ".join(result.output.split())
    assert result.exit_code == 0
    assert said.count("Question ") == 1 and "Summary (1 question, stopped: no template left to draw from)" in said
    assert ("quizgen: warning: " in said and "scene has no field 'sentence' in this draw" in said
            and "this drill leaves C14's template label-smoothed-mlm-loss out from now on" in said)
    assert "from a bank not loaded now" not in said and "try: quizgen drill --classes C14" in said


@pytest.mark.slow
def test_the_variant_count_says_its_draws_and_warns_in_proportion_to_them(invoke):
    """F9: at --samples 100 a class with 185 distinct variants in 200 draws got 'only 96 distinct
    variants in 100 draws (fewer than 100)' (one pair alike trips it), and '113 distinct variants'
    after 300 samples read as 113 of 300 (they are counted over 200 draws)."""
    from quizgen.generation.variants import VariantCount
    assert [VariantCount("t", draws, distinct).few for draws, distinct in
            ((100, 96), (100, 50), (100, 49), (200, 100), (200, 99))] == [False, False, True, False, True]
    result = invoke("validate", BANK, "--samples", "100")
    assert result.exit_code == 0, result.output
    assert "distinct variants in 100 draws\n" in result.output and "warning: only" not in result.output


@pytest.mark.parametrize("old, new, said", [
    ("    accept: [", "    acept: [", "parts.3.acept: unknown key 'acept' (did you mean 'accept'?)"),
    ('    answer: "exp(z[t]) / sum(exp(z))"', '    anwser: "exp(z[t]) / sum(exp(z))"',
     "parts.0.anwser: unknown key 'anwser' (did you mean 'answer'?)"),
])
def test_a_misspelt_accept_or_answer_is_one_problem_at_the_misspelling(tmp_path, invoke, old, new, said):
    """F5: 'acept:' was told twice, also as 'parts.3.accept: expected a non-empty list of words'
    (and 'anwser:' as 'a numeric or integer part needs an 'answer' expression')."""
    path = _copy(tmp_path, old, new, 1)
    result = invoke("validate", path, "--samples", "10")
    assert result.exit_code == 1
    assert f": {said}\n" in result.output and "(1 problem)" in result.output
