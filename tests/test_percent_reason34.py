"""Review 34 (s010): a % on a part whose answer is no share (Q1 (b) `16.9%`, a
loss) goes to a person, but its reason was in graded.csv's feedback column and
the reason empty, unlike every other needs_review; the sheet then showed that
text as feedback and, for the empty reason, "the grader could not match your
words to an answer it knows" of an answer with no words. The reason now goes
where the others' do, and the sheet says it in the student's words."""

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.grading.feedback_review import review_words
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.percent import NOT_A_SHARE, STRAY_PERCENT

C1 = next(t for t in load_bank() if t.cls == "C1")


def _checked(text: str):
    instance = canonical_instance(C1)
    checkers = question_checkers(key_entry(Question("Q1", instance)))
    return checkers["b"](text), float(instance.parts[-1].value)


def test_a_percent_on_a_loss_gives_its_reason_as_a_reason():
    verdict, loss = _checked(f"{100 * 0.5 * 1.1:.1f}%")
    assert (str(verdict.status.value), verdict.reason, verdict.feedback) == ("needs_review", NOT_A_SHARE, "")
    right, _ = _checked(f"{loss:.4f}%")   # right but for its % sign
    assert (str(right.status.value), right.reason, right.feedback) == ("needs_review", STRAY_PERCENT, "")


def test_the_sheet_says_why_in_the_students_words():
    said = review_words(NOT_A_SHARE, "16.9%")
    assert said == ("you wrote a % sign, but this part's answer is no share or probability, so your number cannot "
                    "be read as hundredths; your marker decides what the % means.")
    assert "could not match your words" not in said
    assert review_words(STRAY_PERCENT, "0.1688%") == (
        "your number is right without its % sign, which makes it a hundredth of that; your marker decides "
        "whether the % was a slip.")
