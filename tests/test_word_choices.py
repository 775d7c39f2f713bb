"""A word part's ``choices``: a negated answer ("not positive") names the
other answer only on a two-way question. C8 asks which class the model
predicts; with three classes or more, "not <the true class>" may mean any of
the others, so a person reads it; with two it is the prediction."""

from pathlib import Path

import pytest

from quizgen.errors import InputFileError
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import check_answer
from quizgen.key.entries import key_entry
from quizgen.key.model import Key, KeyPart
from quizgen.marking.forms import REVIEW
from quizgen.marking.words import read_words

BANK = Path(__file__).resolve().parents[1] / "question_bank"
SENTIMENT = {"": ["negative", "neg"], "true_class_as_prediction": ["positive", "pos"]}


@pytest.mark.parametrize("choices, meaning", [(None, "accept"), (2, "accept"), (3, REVIEW), (5, REVIEW)])
def test_a_negated_trap_word_is_the_answer_only_on_a_two_way_question(choices, meaning):
    accept, traps = SENTIMENT[""], {"true_class_as_prediction": SENTIMENT["true_class_as_prediction"]}
    assert read_words("not positive", accept, traps, choices=choices).status == meaning
    assert read_words("it is not pos", accept, traps, choices=choices).status == meaning
    assert read_words("negative", accept, traps, choices=choices).status == "accept"   # said outright: no doubt


def _wrong_prediction(templates_by_class, classes: int):
    """A C8 key part (c) where the model predicts a class other than the true one, among ``classes``."""
    for k in range(400):
        instance = sample_instance(templates_by_class["C8"], f"choices/{k}")
        env = instance.env
        if int(env["K"]) == classes and env["pred"] != env["y"]:
            return instance, key_entry(Question("Q1", instance)).parts[2]
    raise AssertionError(f"no C8 draw with {classes} classes and a wrong prediction")


@pytest.mark.parametrize("classes", [3, 4, 5])
def test_c8_not_the_true_class_goes_to_a_person_when_there_are_more_than_two(templates_by_class, classes):
    instance, part = _wrong_prediction(templates_by_class, classes)
    labels = instance.env["task"]["labels"]
    true_label, predicted = labels[int(instance.env["y"])], labels[int(instance.env["pred"])]
    assert part.spec.choices == classes
    assert check_answer(part, f"not {true_label}").status == "needs_review"
    assert check_answer(part, predicted).status == "correct"
    assert check_answer(part, true_label).misconception == "true_class_as_prediction"


def test_c8_not_the_true_class_is_the_prediction_when_there_are_two(templates_by_class):
    instance, part = _wrong_prediction(templates_by_class, 2)
    true_label = instance.env["task"]["labels"][int(instance.env["y"])]
    assert part.spec.choices == 2
    assert check_answer(part, f"not {true_label}").status == "correct"


def test_choices_travel_through_key_json_and_a_bad_value_is_one_line(templates_by_class):
    instance, part = _wrong_prediction(templates_by_class, 4)
    question = key_entry(Question("Q1", instance))
    key = Key(questions=(question,))
    again = Key.from_json(key.to_json())
    assert again.questions[0].parts[2].spec.choices == 4
    record = part.to_json()
    assert KeyPart.from_json(record).spec.choices == 4
    for bad in (1, 2.5, "three", True):
        with pytest.raises(InputFileError, match=r"choices: expected a whole number from 2 to 1000"):
            KeyPart.from_json({**record, "choices": bad}, "key.json: questions.0.parts.2")
    number = key_entry(Question("Q1", instance)).parts[0].to_json()
    with pytest.raises(InputFileError, match=r"parts.0: choices: only a word part says how many answers it offers; "
                                             r"this part is numeric"):
        KeyPart.from_json({**number, "choices": 3}, "key.json: questions.0.parts.0")


@pytest.mark.slow
def test_choices_on_a_number_part_is_refused_at_its_line(invoke, tmp_path):
    source = (BANK / "c8_classifier_head.yaml").read_text(encoding="utf-8")
    broken = source.replace("  - name: loss\n", "  - name: loss\n    choices: K\n", 1)
    assert broken != source
    (tmp_path / "c8.yaml").write_text(broken, encoding="utf-8")
    result = invoke("validate", tmp_path / "c8.yaml")
    assert result.exit_code != 0
    assert "choices: is for word parts" in result.output and "c8.yaml:" in result.output


@pytest.mark.parametrize("expression, found", [
    ("1", "found the number 1"), pytest.param("K / 10", "found the number 3/10", marks=pytest.mark.slow),
    pytest.param("list(K, K)", "found a list", marks=pytest.mark.slow)])
def test_choices_that_are_not_a_count_of_two_or_more_are_named_by_validate(invoke, tmp_path, expression, found):
    source = (BANK / "c8_classifier_head.yaml").read_text(encoding="utf-8")
    (tmp_path / "c8.yaml").write_text(source.replace("choices: K ", f"choices: {expression} ", 1), encoding="utf-8")
    result = invoke("validate", tmp_path / "c8.yaml")
    assert result.exit_code == 1
    assert "choices must be a whole number from 2 to 1000" in result.output and found in result.output


@pytest.mark.parametrize("text", ["isn't positive", "it isn’t positive", "doesn't predict positive",
                                  "it wasn't positive", "aren't positive", "it can't be positive",
                                  "it won't be positive", "it cannot be positive"])
def test_a_negative_contraction_negates_as_not_does(text):
    """Apostrophes are read as spaces, so "isn't" became "isn t" and was no
    negation at all: "isn't positive" was the trap "positive", and "it can't
    be negative" was "negative", full marks where negative was the answer."""
    accept, traps = SENTIMENT[""], {"true_class_as_prediction": SENTIMENT["true_class_as_prediction"]}
    assert read_words(text, accept, traps, choices=2).status == "accept"
    assert read_words(text, accept, traps, choices=3).status == REVIEW


def test_a_negated_word_that_is_no_listed_answer_goes_to_a_person():
    """C8 with the prediction right has no trap words: "not positive" named
    nothing listed and was a silent incorrect; "positive" alone still is incorrect."""
    assert read_words("not positive", ["negative", "neg"], {}, choices=2).status == REVIEW
    assert read_words("positive", ["negative", "neg"], {}, choices=2).status == "unknown"
    assert read_words("no idea", ["negative", "neg"], {}, choices=2).status == "blank"   # no answer: no reader needed


def test_a_listed_word_is_read_as_an_answer_is():
    """An answer's "doesn't" is read as "does not"; a part that listed only
    "doesn't exist" (not also "does not exist") no longer missed the very words it lists."""
    assert read_words("doesn't exist", ["doesn't exist"], {}).status == "accept"
    assert read_words("it can't be computed", ["can't be computed"], {}).status == "accept"
    assert read_words("L = 0", ["undefined"], {"zero": ["L = 0"]}).status == "trap"
