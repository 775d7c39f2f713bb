"""The drill's summary and advice, as a learner reads them: the "Hinted" column counts the parts a hint
was taken for, the suggested command prefers untried classes to one right a moment ago and not yet due, and
a class in box 2 right without hints more than once is told "since its last miss", as --stats' Clean counts."""

import json

from quizgen.drill import record as learner
from quizgen.drill.summary import advice, stats_report
from test_drill_hints import drill

CLASSES = [f"C{n}" for n in range(1, 11)]


def test_after_hints_counts_only_the_parts_a_hint_was_taken_for():
    output, _ = drill("h\n0.716\n0.335\nq\n", classes="C1", seed=1, save=False)
    assert "Hint 1 of" in output
    assert "C1     2/2          1       0        0" in output, output   # (b) had no hint of its own


def test_the_command_after_a_first_right_answer_names_untried_classes():
    progress = learner.Progress()
    progress.record_question("C1", learner.CLEAN)   # box 2, not due for 5 more questions
    lines = advice(progress, CLASSES, outcomes={"C1": learner.CLEAN})
    assert lines[-1] == "try: quizgen drill --classes C2,C3,C4", lines
    assert lines[0] == "C1: right once without hints, not yet secure; next review after 5 more questions."


def test_the_command_names_a_secure_class_whose_review_has_come_and_a_due_box_2_class():
    progress = learner.Progress(clock=30, classes={"C1": learner.Card(box=3, due=20, seen=4, right=4, last="clean"),
                                                   "C2": learner.Card(box=2, due=29, seen=1, right=1, last="clean"),
                                                   "C3": learner.Card(box=2, due=40, seen=1, right=1, last="clean")})
    assert advice(progress, CLASSES)[-1] == "try: quizgen drill --classes C1,C2"


def test_a_box_2_class_right_more_than_once_is_told_since_its_last_miss(tmp_path):
    state = tmp_path / "p.json"
    state.write_text(json.dumps({"format": "quizgen-progress", "version": 2, "clock": 3, "sessions": 1,
                                 "classes": {"C1": {"box": 2, "due": 8, "seen": 3, "right": 2, "missed": 1,
                                                    "last": "clean"}}, "misconceptions": {}}), encoding="utf-8")
    report, _ = stats_report(str(state))
    flat = " ".join(report.split())
    assert "C1: right once without hints since its last miss, not yet secure; next review after 5 more" in flat
    assert f"try: quizgen drill --classes C2,C3,C4 --state {state}" in flat, report
