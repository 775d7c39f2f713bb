"""The drill's hints keep their promise: while a part is asked they never show
the answer of a later part (the steps that would come back as hints when that
part is reached); a right answer after hints moves no misconception up; the
summary says what a low box means and what its hint column counts."""

import io
import json
import re

import pytest

from quizgen.drill import record as learner
from quizgen.drill.session import run_drill
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry

CLASSES = [f"C{n}" for n in range(1, 11)]
QUICK_CLASSES = ("C1",)   # a softmax; the slow run tries every class
EVERY_CLASS = [c if c in QUICK_CLASSES else pytest.param(c, marks=pytest.mark.slow) for c in CLASSES]
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w^])")
STATED = re.compile(r"(?:=|~|<=|>=)\s*$")


def drill(text, **options):
    """(output, result) of a drill run on the input ``text``."""
    out = io.StringIO()
    result = run_drill(io.StringIO(text), out, io.StringIO(), **options)
    return out.getvalue(), result


def hints_by_part(output: str) -> dict:
    """The text of every hint shown, by the letter of the part being asked."""
    shown, part, in_hint = {}, None, False
    for line in output.split("Worked solution")[0].splitlines():
        if re.match(r"\(([a-z])\) ", line):
            part, in_hint = line[1], False
        elif line.startswith("  Hint "):
            in_hint = True
        elif in_hint and line.startswith("    "):
            shown[part] = shown.get(part, "") + " " + line.strip()
        else:
            in_hint = False
    return shown


def accepted_later(text: str, records: list, checkers: dict, current: int) -> list:
    """The later parts (after index ``current``) a number in ``text`` answers, as
    the grader marks it: not a value of this or an earlier part, and for a
    whole-number part only a number stated as a result (after = or >=)."""
    found = []
    for match in NUMBER.finditer(text):
        token = match.group()
        if any(checkers[r.letter](token).status == "correct" for r in records[:current + 1]):
            continue
        for record in records[current + 1:]:
            stated = STATED.search(text[:match.start()])
            if record.kind != "word" and (record.kind != "integer" or stated) \
                    and checkers[record.letter](token).status == "correct":
                found.append((record.letter, token))
    return found


@pytest.mark.parametrize("cls", EVERY_CLASS)
@pytest.mark.slow
def test_no_hint_shows_a_later_parts_answer_before_that_part(cls, templates_by_class):
    template = templates_by_class[cls]
    for seed in range(12):
        entry = key_entry(Question("Q1", sample_instance(template, seed_label(seed, template.id, 0))))
        records, checkers = list(entry.parts), question_checkers(entry)
        text = "".join("h\n" * 12 + f"{r.answer}\n" for r in records) + "q\n"
        output, result = drill(text, classes=cls, seed=seed, save=False, count=1)
        assert [p.status for p in result.parts] == ["correct"] * len(records), output
        shown = hints_by_part(output)
        for k, record in enumerate(records):
            assert not accepted_later(shown.get(record.letter, ""), records, checkers, k), (seed, record.letter)
        assert "Hint" in output and "No more hints: every step towards an answer is shown" in output   # every step is offered by the end


@pytest.mark.slow
def test_the_reviewers_c3_case_holds_back_the_loss_until_part_b():
    output, result = drill("s\ns\n" + "h\n" * 6 + "0.1\nh\nh\n10.3\nq\n", seed=11, count=10, save=False)
    question = output.split("Question 3 (C3)")[1].split("Worked solution")[0]
    part_a, part_b = question.split("\n(b) ")
    loss = re.search(r"= ln \d+ = (\d+\.\d{4})", part_b).group(1)   # the key's loss, in (b)'s last hint
    assert "Hint 4 of 4: Step 3 worked out" in part_a and loss not in part_a
    assert "No more hints for this part: its steps are all shown." in " ".join(part_a.split())
    assert "Hint 1 of 2: Step 4, Take the negative natural log" in part_b
    assert "Hint 2 of 2: Step 4 worked out" in part_b and f"Incorrect: the answer is {loss}" in part_b


@pytest.mark.parametrize("cls, title, shown_at", [("C9", "Check the claim about the sum", "c"), ("C5", "Try to divide", "b"),
                                                  ("C8", "Read off the prediction", "c")])
def test_a_step_marked_as_showing_a_word_answer_waits_for_that_part(cls, title, shown_at, templates_by_class):
    """C9's last step says BERT predicts all masked tokens at once and the loss is a mean:
    (b) and (c)'s answers, which no number gives away; its template marks it ``shows:``."""
    template = templates_by_class[cls]
    entry = key_entry(Question("Q1", sample_instance(template, seed_label(2, template.id, 0))))
    text = "".join("h\n" * 12 + f"{r.answer}\n" for r in entry.parts) + "q\n"
    output, _ = drill(text, classes=cls, seed=2, save=False, count=1)
    before, after = output.split("Worked solution")[0].split(f"\n({shown_at}) ")
    assert "Step" in before and title not in before, output   # hints were offered, not this one
    assert title in after, output                              # offered once its part is asked


@pytest.mark.parametrize("cls", ["C5", "C8", "C9"])
def test_a_forecast_that_states_a_word_answer_is_never_a_hint(cls):
    """C8's forecast says whether the prediction is right, C9's that the claim
    fails on the order and on the sum, C5's that the case is degenerate: the
    hints start at step 1, and the worked solution after a skip still has the forecast."""
    output, _ = drill("h\n" * 12 + "s\nq\n", classes=cls, seed=3, save=False, count=1)
    hints, solution = output.split("Worked solution")
    assert ": Forecast" not in hints and "Hint 1 of" in hints, output
    assert hints.split("Hint 1 of")[1].split("\n")[0].split(": ", 1)[1].startswith("Step 1,"), output
    assert "  Forecast" in solution


def test_hints_are_counted_within_the_part_and_a_part_with_none_says_so(templates_by_class):
    """C6 (b) gets the [MASK] step as its own two hints; C9 (b), whose only
    step also answered (c) and said "No hint for this part", now has a step of its own."""
    output, _ = drill("h\nh\nh\n2580\nh\nq\n", classes="C6", seed=3, save=False, count=1)
    part_b = output.split("\n(b) ")[1]
    assert "Hint 1 of 2: Step 2, Replace 80% of the picked positions with [MASK]" in part_b, output
    output, _ = drill("1440\n1152\n" + "h\n" * 8 + "q\n", classes="C6", seed=1, save=False, count=1)
    part_c = output.split("\n(c) ")[1]   # (e)'s graded count equals (a)'s: only `shows:` holds its step back
    assert "Step 3, Give 10% of the picked positions a random token" in part_c, output
    assert "Step 4" not in part_c.split("\n(d) ")[0] and "Count the graded positions" not in part_c, output
    template = templates_by_class["C9"]
    entry = key_entry(Question("Q1", sample_instance(template, seed_label(0, template.id, 0))))
    output, _ = drill("h\n" * 5 + f"{entry.parts[0].answer}\nh\nq\n", classes="C9", seed=0, save=False, count=1)
    first_hint = output.split("\n(b) ")[1]
    assert "Hint 1 of 2: Step 5, Check the claim about the order" in first_hint, output
    # the method first, the verdict only in the working (rev-student17b: hint 1 said "the claim mixes BERT up")
    assert "Ask which tokens BERT can see" in first_hint and "mixes BERT up" not in first_hint, output


def test_the_full_solution_still_shows_every_step_after_a_skip():
    output, _ = drill("s\ns\ns\nq\n", seed=11, count=3, save=False)
    solution = output.split("Question 3 (C3)")[1]
    assert "Step 4, Take the negative natural log" in solution and "Answers: (a) 0.001252   (b) 6.6834" in solution   # V = 799


def _state(path, clock=0, **misconceptions):
    path.write_text(json.dumps({"format": learner.FORMAT, "version": learner.VERSION, "clock": clock,
                                "sessions": 1, "classes": {}, "misconceptions": misconceptions}))


@pytest.mark.parametrize("hints, card", [
    ([], {"box": 2, "due": 6, "seen": 1, "right": 1}),
    (["h"], {"box": 1, "due": 3, "seen": 1, "right": 0}),
])
def test_a_right_answer_after_hints_moves_no_misconception_up(tmp_path, templates_by_class, hints, card):
    state = tmp_path / "progress.json"
    _state(state, log10_instead_of_ln={"box": 1, "due": 0, "seen": 1, "right": 0})
    template = templates_by_class["C1"]
    entry = key_entry(Question("Q1", sample_instance(template, seed_label(1, template.id, 0))))
    answers = "".join(f"{r.answer}\n" for r in entry.parts)
    drill("\n".join(hints) + ("\n" if hints else "") + answers + "q\n", classes="C1", seed=1, state=state)
    assert json.loads(state.read_text())["misconceptions"]["log10_instead_of_ln"] == card


def test_the_summary_says_why_a_class_is_in_box_1(templates_by_class):
    template = templates_by_class["C1"]
    entry = key_entry(Question("Q1", sample_instance(template, seed_label(1, template.id, 0))))
    answers = "".join(f"{r.answer}\n" for r in entry.parts)
    helped, _ = drill("h\n" + answers, classes="C1", seed=1, save=False, count=1)
    skipped, _ = drill("s\n", classes="C1", seed=1, save=False, count=1)
    missed, _ = drill("0.5\n0.5\n", classes="C1", seed=1, save=False, count=1)
    # a practice run (save=False) keeps no record: no box or due date, what this run did (drill21)
    assert "C1: right with hints this time." in helped
    assert "missed" not in helped.split("What to practise next")[1]
    assert "C1: skipped this time." in skipped   # round 39: a skip was called "missed this time"
    assert "C1: missed this time." in missed


def test_stats_cannot_tell_a_miss_from_hints_and_says_both(tmp_path, invoke):
    state = tmp_path / "progress.json"
    state.write_text(json.dumps({"format": learner.FORMAT, "version": learner.VERSION, "clock": 1, "sessions": 1,
                                 "classes": {"C1": {"box": 1, "due": 3, "seen": 1, "right": 0},
                                             "C2": {"box": 2, "due": 7, "seen": 1, "right": 1}},
                                 "misconceptions": {}}))
    output = " ".join(invoke("drill", "--stats", "--state", str(state)).output.split())   # the advice is wrapped
    assert "C1: missed, or right only with hints, last time; next review after 2 more questions." in output
    assert "C2: right once without hints, not yet secure; next review after 6 more questions." in output


def test_the_hinted_column_counts_parts_answered_after_a_hint(templates_by_class):
    template = templates_by_class["C1"]
    entry = key_entry(Question("Q1", sample_instance(template, seed_label(1, template.id, 0))))
    first = entry.parts[0].answer
    output, _ = drill(f"h\nh\nh\n{first}\ns\nq\n", classes="C1", seed=1, save=False)
    assert "Class  Parts right  Hinted  Skipped  Misconceptions" in output
    assert "C1     1/2          1       1        0" in output   # three hints, one part answered after them


def test_a_slip_the_draw_cannot_make_is_not_counted_as_avoided(tmp_path, templates_by_class):
    """C6 at BERT's own 15% has no used_bert_15_percent trap (when: r != 0.15): a right
    answer there moved its card up as if the learner had avoided it."""
    from fractions import Fraction

    template = templates_by_class["C6"]
    seed = next(s for s in range(50)
                if sample_instance(template, seed_label(s, template.id, 0)).env["r"] == Fraction(15, 100))
    entry = key_entry(Question("Q1", sample_instance(template, seed_label(seed, template.id, 0))))
    state = tmp_path / "progress.json"
    due = {"box": 1, "due": 0, "seen": 1, "right": 0}
    _state(state, used_bert_15_percent=dict(due), split_applied_to_all_tokens=dict(due))
    drill("".join(f"{r.answer}\n" for r in entry.parts) + "q\n", classes="C6", seed=seed, state=state, count=1)
    cards = json.loads(state.read_text())["misconceptions"]
    unmade = cards["used_bert_15_percent"]
    assert (unmade["box"], unmade["right"]) == (1, 0)            # a slip this draw could not make: not avoided
    assert cards["split_applied_to_all_tokens"]["right"] >= 1    # one it could, avoided
