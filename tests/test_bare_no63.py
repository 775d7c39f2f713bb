"""A bare no (``no``, ``nope``, ``not``, ...: unlisted.BARE_NO_WORDS) is read by the part's lists: the
part's no where a list holds one, else its false (a no to "true or false?" says false), else the other
answer where a list holds only a yes, else a person's. At a true/false part (accept "false", trap "true")
a "no" was marked incorrect silently, though it says what the accepted "false" says; and at C9's yes/no
parts a bare "not" was incorrect where "no" was right. The no-words are one list (unlisted.NO_WORDS),
which words._POLARITY reads as "no" at the head of an answer."""

import csv

import pytest

from quizgen.generation.sampling import sample_instance
from quizgen.marking import unlisted, words
from quizgen.marking.unlisted import BARE_NO_REASON, BARE_NO_WORDS
from quizgen.marking.words import read_words
from test_trap_leaks58 import TWO_PRODUCTS

SAID = ("no", "No!", "nope", "nah", "no way", "never", "not")

TRUE_FALSE = TWO_PRODUCTS.replace("NAME", "the other factor").replace("FEEDBACK", "You used the other factor.").replace(
    'ask: "Which is larger, the first product or the second?"', 'ask: "True or false: the first product is larger."'
).replace('accept: [second, "the second"]', '''accept: ["false"]
    traps:
      - code: first_larger
        name: "taking 2.5 x for the larger"
        words: ["true"]
        feedback: "3.7 x is the larger: x is positive."''').replace("bigger: second", 'bigger: "false"')
"""test_trap_leaks58's template with its (c) a true/false part: accept "false", the trap's word "true"."""


@pytest.mark.slow
def test_at_a_true_false_part_of_a_custom_bank_a_bare_no_is_its_false(invoke, tmp_path):
    bank, quiz = tmp_path / "bank", tmp_path / "quiz"
    bank.mkdir()
    (bank / "c21.yaml").write_text(TRUE_FALSE, encoding="utf-8")
    result = invoke("generate", "--bank", bank, "--classes", "C21", "--seed", "1", "--out", quiz)
    assert result.exit_code == 0, result.output
    answers = quiz / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       + "".join(f"s{k},Q1,c,{said}\n" for k, said in enumerate(SAID, 1)), encoding="utf-8")
    result = invoke("grade", answers, "--key", quiz / "key.json")
    assert result.exit_code == 0, result.output
    with open(quiz / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {row["answer"]: row["status"] for row in csv.DictReader(handle)}
    assert graded == dict.fromkeys(SAID, "correct")   # was incorrect, silently


@pytest.mark.parametrize("said", SAID)
def test_a_bare_no_reads_as_the_part_s_false_or_contradicts_its_yes(said):
    assert read_words(said, ["false"], {"took_half": ["true"]}).status == "accept"
    assert read_words(said, ["true"], {"said_false": ["false"]}) == read_words("false", ["true"], {"said_false": ["false"]})
    assert read_words(said, ["yes", "it stays the same"], {"grows": ["it grows"]}).status == "unknown"   # wrong
    assert read_words(said, ["undefined"], {"zero": ["0"]}).reason == BARE_NO_REASON   # a person's


@pytest.mark.parametrize("said", ["no?", "Never?"])
def test_a_bare_no_said_with_doubt_at_a_true_false_part_is_for_a_person(said):
    assert read_words(said, ["false"], {"took_half": ["true"]}).status == "needs_review"


def test_a_true_only_part_leaves_a_bare_no_to_a_person():
    """No yes, no or false is listed: the no contradicts nothing a list holds, and a person reads it."""
    assert read_words("nope", ["true"], {"undefined": ["undefined"]}).reason == BARE_NO_REASON


@pytest.mark.slow
def test_at_c9_s_yes_no_parts_every_bare_no_reads_as_no_does(templates_by_class):
    """Each way of asking (b) and (c): the accepted no where no is right, the trap where yes is."""
    seen = set()
    for k in range(40):
        inst = sample_instance(templates_by_class["C9"], f"bare63/{k}")
        for pv in (pv for pv in inst.parts if pv.part.name in ("left_to_right", "grows_with_masks")):
            traps = {trap.code: trap.words for trap in pv.traps}
            seen.add((pv.part.name, pv.accept[0]))
            no = read_words("no", pv.accept, traps)
            assert no.status == ("accept" if pv.accept[0] == "no" else "trap")
            assert [read_words(said, pv.accept, traps) for said in SAID] == [no] * len(SAID), (pv.part.name, k)
    assert len(seen) == 4   # both parts, each asked both ways


def test_the_no_words_are_one_list():
    no_words = {word for word, meaning in words._POLARITY.items() if meaning == "no"}
    assert no_words == unlisted.NO_WORDS | {"n", "wrong", "incorrect"}
    assert BARE_NO_WORDS == unlisted.NO_WORDS | {"no way", "not"}
