"""drill21: a student reviewer's drill findings. The opposite of a listed
word is no misspelling of it; one rule for answers said with doubt; a bare
log said to be read as ln; a 2-figure cut-off told; (a) a trap's value then
(b) exact from its unrounded value; a count's 1.950 told as read; ECF-right
parts, unfinished questions and practice runs in the drill's record and summary."""

import csv
import io
import json

import pytest

import quizgen
from quizgen.bank.loader import load_bank
from quizgen.drill.session import run_drill
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.forms import DOUBT_REASON, LOG_NOTE, bare_log
from quizgen.marking.spelling import clear_misspelling, opposites


@pytest.fixture(scope="module")
def checkers():
    bank = load_bank(())

    def make(cls, seed=5):
        template = next(t for t in bank if t.cls == cls)
        return question_checkers(key_entry(Question("Q1", sample_instance(template, seed_label(seed, template.id, 0)))))
    return make


def drill(cls, *answers, seed=5, **options):
    """A practice drill of ``cls`` fed ``answers``: (result, output with its lines joined)."""
    out = io.StringIO()
    options.setdefault("save", False)
    result = run_drill(io.StringIO("".join(f"{a}\n" for a in answers)), out, io.StringIO(), classes=cls,
                       seed=seed, **options)
    return result, " ".join(out.getvalue().split())


# 1. the opposite of a listed word is never "a typo" of it

def test_a_word_with_a_negating_prefix_is_no_misspelling():
    assert opposites("defined", "undefined") and opposites("finite", "infinite")
    assert opposites("well defined", "ill defined") and opposites("zero", "non zero")
    assert not opposites("indefined", "undefined")   # the same meaning, misspelt
    assert clear_misspelling("undifined", "undefined") and clear_misspelling("infinte", "infinite")
    assert not clear_misspelling("defined", "undefined") and not clear_misspelling("finite", "infinite")


def test_grade_marks_the_opposite_wrong_and_a_misspelling_for_a_person(checkers):
    lmlm = checkers("C5")["b"]   # the answer is undefined; infinite is a trap
    for word in ("defined", "well-defined", "finite"):
        assert lmlm(word).status.value == "incorrect", word
    assert lmlm("undifined").status.value == "needs_review"


@pytest.mark.slow
def test_the_drill_never_suggests_the_opposite_and_counts_it_wrong():
    result, out = drill("C5", "0", "defined", "q")
    assert "did you mean" not in out
    assert [p.status for p in result.parts] == ["correct", "incorrect"]
    for word, meant in (("well-defined", "ill-defined"), ("finite", "infinite")):
        _, out = drill("C5", "0", word, "q")
        assert f"did you mean '{meant}'" not in out
    _, out = drill("C5", "0", "undifined", "q")
    assert "did you mean 'undefined'?" in out
    _, out = drill("C5", "0", "ndefined", "q")   # grade's near spelling, but not clearly one: no word named
    assert "'ndefined' as an answer here: check its spelling." in out


# 2. one rule for hedges, words and numbers alike

@pytest.mark.parametrize("answer", ["probably undefined", "I think undefined", "undefined?", "maybe undefined"])
def test_a_hedged_word_goes_to_a_person(checkers, answer):
    verdict = checkers("C5")["b"](answer)
    assert (verdict.status.value, verdict.reason) == ("needs_review", DOUBT_REASON)


@pytest.mark.parametrize("cls,letter,answer", [("C5", "a", "probably 0"), ("C5", "a", "maybe 0"),
                                               ("C5", "a", "I think 0"), ("C5", "a", "0?"), ("C1", "a", "0.716?")])
def test_a_hedged_number_goes_to_a_person(checkers, cls, letter, answer):
    verdict = checkers(cls, 1)[letter](answer)
    assert (verdict.status.value, verdict.reason) == ("needs_review", DOUBT_REASON)


def test_the_drill_asks_again_for_a_hedged_answer():
    result, out = drill("C5", "0?", "0", "undefined?", "q")
    assert [p.status for p in result.parts] == ["correct"]
    assert out.count("it is said with doubt") == 2


# 3. a bare log is said to be read as ln

def test_bare_log_is_noted_in_grade_feedback(checkers):
    loss = checkers("C1", 1)["b"]   # -ln(0.7157) = 0.33449: p carried to 4 figures (round 50: judged by its value)
    assert loss("-log(0.7157)").status.value == "correct"
    assert loss("-log(0.7157)").feedback.endswith(LOG_NOTE)
    assert LOG_NOTE not in loss("-ln(0.7157)").feedback and loss("-log10(0.7157)").feedback.find(LOG_NOTE) < 0
    assert bare_log("log 2") and not bare_log("log(8, 2)") and bare_log("log(8,2)", decimal_comma=True)


def test_bare_log_note_survives_ecf_in_grade(tmp_path):
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C7", worked_examples=True)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.700\ns1,Q1,b,-log(0.700)\n",
                                          encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "quiz" / "key.json")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        row = {r["part"]: r for r in csv.DictReader(handle)}["b"]
    assert (row["status"], row["note"]) == ("correct", "ecf")
    assert row["feedback"].endswith("; " + LOG_NOTE)


def test_the_drill_says_log_is_read_as_ln():
    _, out = drill("C1", "-log(0.3)", "q", seed=1)
    assert f"(Your -log(0.3) uses log: {LOG_NOTE}; write log10 for base 10.)" in out


# 4. cut off at fewer figures than asked

@pytest.mark.slow
def test_a_two_figure_cut_off_is_told_and_rounded_too_early(checkers):
    """It was incorrect; marks33: right to 1 figure, as 2 (imprecise) is, so imprecise too."""
    verdict = checkers("C4")["a"]("1.5")   # 1.5505: 1.6 to 2 figures
    assert (verdict.status.value, verdict.note) == ("imprecise", "rounded_too_early")
    assert verdict.feedback == ("cut off instead of rounded, and to too few figures: 1.551 rounds to 1.6 at 2 "
                                "significant figures, and this part asks for at least 3 (expected 1.55)")
    assert checkers("C4")["a"]("1.6").status.value == "imprecise"
    _, out = drill("C4", "1.5", "q")
    assert "Cut off instead of rounded, and to too few figures" in out


# 5. a trap's value in (a), then (b) exact from its unrounded value

@pytest.mark.slow
def test_exact_from_the_unrounded_trap_is_ecf():
    result, out = drill("C3", "0.0498", "3", "q")   # e^-3, a trap; -ln(e^-3) = 3 exactly
    assert [p.status for p in result.parts] == ["incorrect", "correct"]
    assert "carried unrounded as 0.0497871: correct given that value" in out
    result, _ = drill("C3", "0.0496", "3", "q")   # -ln 0.0496 = 3.0037: 3.00, and 3 shows one figure
    assert [p.status for p in result.parts] == ["incorrect", "imprecise"]


# 6. a count's point between thousands

def test_a_count_with_a_thousands_point_is_told_how_it_was_read():
    result, out = drill("C6", "1.950", "q")   # a count is never 1.95 (forms22): 1950, right
    assert [p.status for p in result.parts] == ["correct"] and "was read as" not in out
    _, out = drill("C6", "2.950", "q")
    assert "(Your 2.950 was read as 2950.)" in out
    _, out = drill("C6", "1950", "q")
    assert "was read as" not in out


# 7. the drill's record and summary

def test_a_part_right_only_by_ecf_avoids_no_misconception(tmp_path):
    state = tmp_path / "p.json"
    state.write_text(json.dumps({"format": "quizgen-progress", "version": 1, "clock": 0, "sessions": 0,
                                 "classes": {}, "misconceptions": {
                                     "log10_instead_of_ln": {"box": 1, "due": 0, "seen": 1, "right": 0}}}))
    result, _ = drill("C1", "0.408", "0.897", "q", seed=1, save=True, state=state)
    assert [(p.status, p.misconception) for p in result.parts][1] == ("correct", "")
    card = json.loads(state.read_text())["misconceptions"]["log10_instead_of_ln"]
    assert (card["box"], card["right"]) == (1, 0)


def test_an_unfinished_question_is_not_counted_as_done():
    _, out = drill("C5", "0", "undefined", "q")
    assert "Summary (0 questions, 1 left unfinished, stopped: quit)" in out
    assert "Total: 2 of 2 parts right (all in the question left unfinished, which is not recorded)." in out


def test_a_practice_run_tells_no_box_or_due_date():
    _, out = drill("C4", "1.5", "q")
    advice = out.split("What to practise next:")[1]
    assert "C4: missed this time." in advice
    assert "box" not in advice and "due" not in advice
