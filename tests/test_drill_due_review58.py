"""Review 58a F13: an open misconception due now whose classes are all secure: --stats' Due column said the
class was due "after 90 more questions" while the chooser asked it first, and the advice's command named new
classes none of which reviews the misconception. Both now follow the chooser's rule."""

import json

from quizgen.drill.summary import stats_report

RECORD = {"format": "quizgen-progress", "version": 2, "clock": 10, "sessions": 1,
          "classes": {"C1": {"box": 5, "due": 100, "seen": 5, "right": 5, "last": "clean"},
                      "C4": {"box": 5, "due": 100, "seen": 5, "right": 5, "last": "clean"}},
          "misconceptions": {"sum_instead_of_mean": {"box": 1, "due": 5, "seen": 1, "right": 0}}}


def test_stats_and_advice_count_a_class_due_through_its_open_misconception(tmp_path):
    state = tmp_path / "ch.json"
    state.write_text(json.dumps(RECORD), encoding="utf-8")
    report, _ = stats_report(str(state))
    rows = {line.split()[0]: line for line in report.splitlines() if line[:2] in ("C1", "C4")}
    assert rows["C4"].endswith(" now") and rows["C1"].endswith("after 90 more questions"), report
    assert f"- try: quizgen drill --classes C4,C9,C10 --state {state}" in report, report


def test_a_drills_own_advice_names_the_classes_that_review_it(tmp_path):
    from test_drill_hints import drill

    state = tmp_path / "ch.json"
    state.write_text(json.dumps(RECORD), encoding="utf-8")
    output, _ = drill("q\n", classes="C1,C2,C4,C9", seed=1, state=str(state))
    assert f"- try: quizgen drill --classes C4,C9 --state {state}" in output, output
