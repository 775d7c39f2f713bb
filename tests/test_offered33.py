"""grade reads a word answer against every answer the paper offers
(marking/offered.py), not only the accepted and trap words: on C8, a class
the draw made neither the answer nor a trap still counts, so two classes
named at once go to a person, and a near spelling of any class is read the
same way whichever class it is (the drill's rule, drill/slips.py)."""

import csv
import json

from quizgen.key.model import Key
from quizgen.marking.offered import NONE_OFFERED, offered_answers, unlisted_offered


def test_the_offered_answers_are_named_fields():
    """What a word part offers is read by name, ``shown`` and ``words`` (the drill read ``[1]``): a
    yes/no part, C8's classes (both spellings of each; the options shown are the first list's), a number part."""
    yes_no = offered_answers({}, "word", ["yes"], ["no"], None)
    assert (yes_no.shown, yes_no.words) == (("yes", "no"), ("yes", "no"))
    task = {"labels": ["negative", "neutral", "positive"], "names": ["neg", "neu", "pos"]}
    classes = offered_answers({"task": task}, "word", ["neutral", "neu"], ["negative"], 3)
    assert classes.shown == ("negative", "neutral", "positive")
    assert classes.words == ("negative", "neutral", "positive", "neg", "neu", "pos")
    assert offered_answers({"task": task}, "numeric", [], [], None) == NONE_OFFERED
    assert (NONE_OFFERED.shown, NONE_OFFERED.words) == ((), ())


def _c8(invoke, tmp_path):
    """(key path, question id, the word part, a class the paper offers that neither the answer nor a trap names)."""
    assert invoke("generate", "--classes", "C8", "--seed", "3", "--count", "1", "--no-solutions",
                  "--out", tmp_path / "q").exit_code == 0
    key = Key.from_json(json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8")))
    question = key.questions[0]
    part = next(p for p in question.parts if p.kind == "word")
    trap_words = [w for trap in part.traps for w in trap.words]
    shown = offered_answers(question.params, "word", part.accept, trap_words, part.spec.choices).shown
    others = [label for label in shown if label not in {*part.accept, *trap_words}]
    assert others, shown   # the draw leaves a class that is neither the answer nor a trap
    return tmp_path / "q" / "key.json", question.id, part, others[0]


def _graded(invoke, tmp_path, key, qid, answers) -> dict:
    """{answer: (status, misconception)} of ``answers`` to part (c) of ``qid``, graded."""
    lines = "".join(f"s{n},{qid},c,{answer}\n" for n, answer in enumerate(answers))
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n" + lines, encoding="utf-8")
    assert invoke("grade", tmp_path / "a.csv", "--key", key, "--out", tmp_path / "g.csv").exit_code == 0
    return {r["answer"]: (r["status"], r["misconception"])
            for r in csv.DictReader((tmp_path / "g.csv").open(encoding="utf-8-sig"))}


def test_two_classes_named_go_to_a_person_and_any_class_misspelt_is_read_alike(invoke, tmp_path):
    key, qid, part, other = _c8(invoke, tmp_path)
    answer = part.answer
    misspelt = other[:2] + other[3] + other[2] + other[4:]   # two letters swapped: negative -> neagtive
    graded = _graded(invoke, tmp_path, key, qid, [f"{other} {answer}", f"{answer} {other}", other, misspelt,
                                                 answer, f"not {other} but {answer}"])
    assert graded[f"{other} {answer}"][0] == graded[f"{answer} {other}"][0] == "needs_review"   # was correct
    assert graded[other] == ("incorrect", "")
    assert graded[misspelt][0] == "needs_review"   # as a misspelt answer or trap word is (was incorrect)
    assert graded[answer][0] == graded[f"not {other} but {answer}"][0] == "correct"


def test_a_part_that_offers_no_list_has_no_unlisted_answers():
    assert unlisted_offered({"z": [1, 2]}, "word", ("undefined",), (), None) == ()
    assert unlisted_offered({}, "numeric", (), (), 3) == ()
    params = {"task": {"labels": ["cat", "dog", "eel"], "names": ["Cat", "Dog", "Eel"]}}
    assert unlisted_offered(params, "word", ("dog",), ("cat",), 3) == ("eel", "Eel")
