"""Why the reference's number differs from the key (review 38): a template's
``canonical.why`` is printed beside its pair in the worked examples' note,
escaped as any author's text; validate refuses a why with no stated number
to explain, or one that is not short text, naming file:line."""

import math

from test_author32 import HARMONIC, _validate

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.generation.views import paper_reference_note, question_view

BANK = {t.cls: t for t in load_bank()}


def test_the_reference_s_own_slips_are_not_put_down_to_rounding():
    """C7's 0.2634 and 1.4634 do not come from rounding: -ln of the reference's own
    0.7685 and 0.2315 are 0.26331 and 1.46318, which the note now says."""
    assert round(-math.log(0.7685), 5) == 0.26331 and round(-math.log(0.2315), 5) == 1.46318
    view = question_view(Question("Q7", canonical_instance(BANK["C7"])), "md")
    note = paper_reference_note([{"id": "Q7", "reference": view["reference"]}])
    assert "rounds its intermediate values" not in note
    assert "Q7(b) 0.2634 in the reference, 0.2633 here (the reference's own probability, 0.7685, gives a loss " \
           "of 0.26331: its 0.2634 is a slip in the last figure, not rounding)" in note
    assert note.startswith("This key is worked from unrounded values, and two of the reference's answers")


def test_c4_s_difference_is_put_down_to_the_rounded_losses_it_averages():
    assert round((0.408 + 3.095) / 2, 4) == 1.7515
    view = question_view(Question("Q4", canonical_instance(BANK["C4"])), "md")
    assert view["reference"] == (("a", "1.7515", "1.7513", "the reference averages the two losses after rounding "
                                  "them to 0.408 and 3.095; unrounded, they are 0.40761 and 3.09492"),)


STATED = HARMONIC.replace("expect: {n: 3, h: 1.833}", "expect: {n: 3, h: 1.834}")


def test_an_author_s_why_is_printed_beside_the_pair_and_escaped(invoke, tmp_path):
    text = STATED.replace("expect: {n: 3, h: 1.834}", 'expect: {n: 3, h: 1.834}\n  why: {h: "my_notes add 1.834 [sic]"}')
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "c78.yaml").write_text(text, encoding="utf-8")
    result = invoke("generate", "--bank", tmp_path / "bank", "--classes", "C78", "--worked-examples",
                    "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    solutions = " ".join((tmp_path / "q" / "solutions.md").read_text(encoding="utf-8").split())
    assert r"Q1(b) 1.834 in the reference, 1.833 here (my\_notes add 1.834 \[sic\])" in solutions
    assert "one of the reference's answers" in solutions


def test_without_a_why_the_pair_stands_alone(invoke, tmp_path):
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "c78.yaml").write_text(STATED, encoding="utf-8")
    assert invoke("generate", "--bank", tmp_path / "bank", "--classes", "C78", "--worked-examples",
                  "--out", tmp_path / "q").exit_code == 0
    solutions = " ".join((tmp_path / "q" / "solutions.md").read_text(encoding="utf-8").split())
    assert "Q1(b) 1.834 in the reference, 1.833 here. Each pair agrees" in solutions


def test_a_why_for_a_part_with_no_stated_number_is_refused(invoke, tmp_path):
    text = STATED.replace("expect: {n: 3, h: 1.834}", 'expect: {h: 1.834}\n  why: {n: "a count"}')
    path, code, output = _validate(invoke, tmp_path, text)
    line = next(number for number, row in enumerate(text.splitlines(), 1) if "why:" in row)
    assert code != 0 and f"{path}:{line}: canonical.why.n: no expect value for part 'n'" in output, output


def test_a_why_that_is_not_short_text_is_refused(invoke, tmp_path):
    for why, said in (("{h: 3}", "canonical.why.h: expected text of 1 to 300 characters on one line"),
                      ("{h: " + "x" * 301 + "}", "canonical.why.h: expected text of 1 to 300 characters on one line"),
                      ('{h: "one\\n\\n# Heading"}', "canonical.why.h: expected text of 1 to 300 characters on one line"),
                      ("[h]", "canonical.why: expected a mapping of part names to text"),
                      ("false", "canonical.why: expected a mapping of part names to text"),
                      ('""', "canonical.why: expected a mapping of part names to text"),
                      ("{}", "canonical.why: expected a mapping of part names to text")):
        text = STATED.replace("expect: {n: 3, h: 1.834}", f"expect: {{n: 3, h: 1.834}}\n  why: {why}")
        path, code, output = _validate(invoke, tmp_path, text)
        assert code != 0 and f"{path}:" in output and said in output, (why, output)
        assert "Traceback" not in output
