"""An earlier answer the drill cannot mark (a sentence, which grade leaves to a
person, or an unreadable one) is never counted: grade holds a later part worked
out from it for a person too (ecf_pass._read_with), and the drill, with no
person, asks again and says why: the later part is checked against the
learner's own earlier answer, so that answer is needed as a number first."""

import pytest
import io

from quizgen.drill.session import run_drill

NOTE_C1 = "Part (b) is worked out from (a): give (a) as a number, and (b) is then checked against your own (a)."


def drill(cls, *answers, seed=1):
    """A practice drill of ``cls`` fed ``answers`` as typed lines; (result, output with lines joined)."""
    out = io.StringIO()
    result = run_drill(io.StringIO("".join(f"{a}\n" for a in answers)), out, io.StringIO(), classes=cls,
                       seed=seed, save=False)
    return result, " ".join(out.getvalue().split())


@pytest.mark.slow
def test_a_sentence_or_an_unreadable_a_is_asked_again_saying_b_is_marked_from_it():
    result, out = drill("C1", "I think it is 0.408", "1/0", "0.408", "I think it is 0.897", "0.897", "q")
    sentence, unreadable, _, last = out.split("> ")[1:5]
    assert sentence.startswith("I think it is 0.408 I cannot mark") and NOTE_C1 in sentence
    assert unreadable.startswith("1/0 I cannot read") and NOTE_C1 not in unreadable   # said once a part, not again
    assert "(b) What is" not in sentence + unreadable   # (b) waits for an (a) that is marked
    assert last.startswith("I think it is 0.897 I cannot mark") and "worked out from" not in last   # nothing reads (b)
    assert [(p.letter, p.status) for p in result.parts] == [("a", "incorrect"), ("b", "correct")]
    # -ln 0.408 = 0.8965, 0.896: 0.897 is what a value that rounds to 0.408 gives (review 53b F2)
    assert ("Marked from your (a) = 0.408: correct given a value that rounds to it, carried on unrounded (error "
            "carried forward).") in out


def test_the_reason_a_is_needed_is_said_once_a_part_not_on_every_reply():
    _, out = drill("C1", "xyz", "what", "1/0", "q")
    assert out.count(NOTE_C1) == 1 and out.count("I cannot read") == 3


def test_a_comma_in_an_unreadable_answer_leads_with_the_decimal_comma_advice():
    """-log(0,7157) is log's two arguments (a log of 0) as written; the likely slip, the decimal comma, is said first."""
    _, out = drill("C1", "-log(0,7157)", "q")
    said = out.split("> ")[1]
    assert said.startswith("-log(0,7157) I cannot read '-log(0,7157)' as an answer. If the comma is a decimal comma, "
                           "write a point (14.3) or start the drill with --decimal-comma (as written: not a number")
    _, out = drill("C1", "xyz", "q")
    assert "decimal comma" not in out and "as an answer (not a number: a word" in out


@pytest.mark.slow
def test_every_part_worked_out_from_a_is_named():
    result, out = drill("C6", "about a hundred", "1500", "1200", "q")
    assert ("Parts (b), (c), (d) and (e) are worked out from (a): give (a) as a number, and they are then "
            "checked against your own (a).") in out
    assert [(p.letter, p.status) for p in result.parts][:2] == [("a", "incorrect"), ("b", "correct")]
    assert "Marked from your (a) = 1500" in out
    _, out = drill("C5", "I think it is 7", "q")   # no part of C5 is worked out from (a)
    assert "I cannot mark" in out and "worked out from" not in out
