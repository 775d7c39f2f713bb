import pytest
"""What a learner (rev-student19) found: a misspelt word was told to "type just
the answer" (they had), a misconception met in two classes was explained in
the first class's words only, and C9's feedback spoke of "the student's sum"
to the student reading it."""

def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_misspelt_word_is_told_to_check_its_spelling(invoke):
    result = invoke("drill", "--seed", "3", "--classes", "C5", "--no-save", input="h\nh\nh\n0\nundefind\nq\n")
    said = _flat(result.output)
    assert "I do not know the word 'undefind' as an answer here: did you mean 'undefined'?" in said
    assert "type just the answer" not in said


def test_a_sentence_it_cannot_mark_still_asks_for_just_the_answer(invoke):
    result = invoke("drill", "--seed", "3", "--classes", "C5", "--no-save",
                    input="h\nh\nh\n0\nwell it might be undefind\nq\n")
    assert "type just the answer, the word or short phrase asked for" in _flat(result.output)


@pytest.mark.slow
def test_a_misconception_met_in_two_classes_is_explained_in_each_ones_words(invoke):
    result = invoke("drill", "--seed", "10", "--classes", "C7,C1", "--no-save",
                    input="0.5\n0.3\n0.1\n0.1\n0.1\n0.1\n0.1\n0.1\nq\n")
    summary = _flat(result.output.split("Misconceptions met:")[1].split("What to practise next")[0])
    assert "the probability given as the loss (2x): In C1: That is p itself, the softmax's share for the hidden word" in summary
    assert "In C7: That is the probability p_hat of IsNext" in summary


def test_c9_feedback_speaks_of_the_claim_not_of_the_student(templates_by_class):
    texts = [trap.feedback for part in templates_by_class["C9"].parts for trap in part.traps]
    assert texts and not any("student's" in text for text in texts), texts
