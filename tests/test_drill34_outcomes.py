"""Round 34 (drill review): ``quizgen drill --stats`` could not say whether a
class's questions were missed, right only with hints, or given up: the progress
file kept only the box. A class card now counts its questions by how they went
(``helped``, ``missed``, ``skipped``, beside ``right``) and keeps how the last
went (``last``), in version 2 of the file; a version-1 file still loads."""

import json

import pytest

from quizgen.drill import record as learner
from drill_support import strict_parse
from quizgen.generation.sampling import sample_instance
from quizgen.generation.quiz import seed_label
from quizgen.key.entries import key_part


def _answers(templates_by_class, clock: int) -> list:
    """The right answers to the C1 question ``--seed 1`` asks at ``clock``."""
    template = templates_by_class["C1"]
    inst = sample_instance(template, seed_label(1, template.id, clock))
    return [key_part(pv, inst, 2.0).answer for pv in inst.parts]


def _old_record(tmp_path, classes: dict, version: int = 1):
    state = tmp_path / "progress.json"
    state.write_text(json.dumps({"format": "quizgen-progress", "version": version, "clock": 9, "sessions": 3,
                                 "classes": classes, "misconceptions": {}}))
    return state


def test_each_question_is_counted_by_how_it_went_and_stats_shows_it(tmp_path, invoke, templates_by_class):
    state = tmp_path / "progress.json"
    typed = ["s",                                      # given up: skipped, no part wrong
             "0.5", "0.5",                             # a part wrong
             "h", *_answers(templates_by_class, 2),    # right after a hint
             *_answers(templates_by_class, 3), "q"]    # right without hints
    session = invoke("drill", "--seed", 1, "--classes", "C1", "--state", state, input="".join(f"{a}\n" for a in typed))
    assert session.exit_code == 0, session.output
    card = json.loads(state.read_text())["classes"]["C1"]
    assert card == {"box": 2, "due": 3 + 6, "seen": 4, "right": 1, "helped": 1, "missed": 1, "skipped": 1,
                    "last": "clean"}
    assert json.loads(state.read_text())["version"] == 2
    stats = invoke("drill", "--stats", "--state", state)
    assert "Class  Box  Questions  Clean  Hints  Wrong  Skipped  Due" in stats.output
    assert "C1     2    4          1      1      1      1        after 5 more questions" in stats.output
    assert "Not in Hints" not in stats.output   # every question is in a column


@pytest.mark.parametrize("typed, last, advice", [
    (["s"], "skipped", "C1: skipped last time (given up)"),
    (["0.5", "0.5"], "missed", "C1: missed last time (a part wrong)"),
    (["h", "ANSWERS"], "helped", "C1: right only with hints last time")])
def test_stats_says_how_the_last_question_of_a_weak_class_went(tmp_path, invoke, templates_by_class, typed, last,
                                                               advice):
    state = tmp_path / "progress.json"
    if typed == ["h", "ANSWERS"]:
        typed = ["h", *_answers(templates_by_class, 0)]
    invoke("drill", "--seed", 1, "--classes", "C1", "--count", 1, "--state", state,
           input="".join(f"{a}\n" for a in typed))
    assert json.loads(state.read_text())["classes"]["C1"]["last"] == last
    stats = " ".join(invoke("drill", "--stats", "--state", state).output.split())
    assert f"{advice}; next review after 2 more questions." in stats


def test_a_version_1_file_still_loads_and_its_earlier_questions_are_said_apart(tmp_path, invoke):
    state = _old_record(tmp_path, {"C1": {"box": 1, "due": 10, "seen": 4, "right": 1},
                                   "C2": {"box": 3, "due": 20, "seen": 3, "right": 3}})
    stats = invoke("drill", "--stats", "--state", state)
    assert stats.exit_code == 0 and stats.stderr == "", stats.output
    assert "C1     1    4          1      0      0      0        after 1 more question" in stats.output
    said = " ".join(stats.output.split())
    assert ("Not in Hints, Wrong or Skipped: 3 earlier questions not right without hints (C1: 3), recorded before "
            "the progress file kept how each went.") in said
    assert "C1: missed, or right only with hints, last time" in said   # a version-1 record cannot tell


def test_a_drill_on_a_version_1_file_keeps_its_cards_and_adds_the_new_counts(tmp_path, invoke, templates_by_class):
    state = _old_record(tmp_path, {"C1": {"box": 3, "due": 9, "seen": 4, "right": 3}})
    invoke("drill", "--seed", 1, "--classes", "C1", "--count", 1, "--state", state, input="s\n")
    saved = json.loads(state.read_text())
    assert saved["version"] == 2
    assert saved["classes"]["C1"] == {"box": 1, "due": 9 + 3, "seen": 5, "right": 3, "skipped": 1, "last": "skipped"}
    said = " ".join(invoke("drill", "--stats", "--state", state).output.split())
    assert "1 earlier question not right without hints (C1: 1)" in said


def test_the_record_stays_small_a_count_of_0_is_not_written():
    progress = learner.Progress(classes={"C1": learner.Card(box=2, due=5, seen=1, right=1, last="clean"),
                                         "C2": learner.Card(box=1, due=3, seen=2, missed=2, last="missed")},
                                misconceptions={"x": learner.Card(box=1, due=3, seen=1)})
    data = json.loads(progress.to_json())
    assert data["classes"] == {"C1": {"box": 2, "due": 5, "seen": 1, "right": 1, "last": "clean"},
                               "C2": {"box": 1, "due": 3, "seen": 2, "right": 0, "missed": 2, "last": "missed"}}
    assert data["misconceptions"] == {"x": {"box": 1, "due": 3, "seen": 1, "right": 0}}
    assert strict_parse(progress.to_json()) == progress


@pytest.mark.parametrize("fields, said", [
    ({"last": "lucky"}, "classes.C1.last is \"lucky\", expected one of clean, helped, missed, skipped"),
    ({"last": 3}, "classes.C1.last is 3, expected one of clean, helped, missed, skipped"),
    ({"helped": 5}, "classes.C1.helped is 5, more than its seen, 4"),
    ({"skipped": -1}, "classes.C1.skipped is -1, expected a whole number from 0 to 1,000,000,000,000,000"),
    ({"missed": True}, "classes.C1.missed is true, expected a whole number"),
    ({"hinted": 1}, "classes.C1 must have box, due, seen and right (and may have helped, missed, skipped and last)"),
])
def test_a_class_card_whose_new_fields_make_no_sense_starts_afresh_alone(tmp_path, invoke, fields, said):
    state = _old_record(tmp_path, {"C1": {"box": 2, "due": 10, "seen": 4, "right": 1, **fields},
                                   "C2": {"box": 3, "due": 20, "seen": 3, "right": 3, "last": "clean"}}, version=2)
    stats = invoke("drill", "--stats", "--state", state)
    assert said in stats.stderr and "that class starts afresh" in stats.stderr
    assert "C2     3" in stats.output and "C1     " not in stats.output


def test_a_misconception_card_has_no_outcome_fields():
    text = json.dumps({"format": "quizgen-progress", "version": 2, "clock": 1, "sessions": 1, "classes": {},
                       "misconceptions": {"x": {"box": 1, "due": 3, "seen": 1, "right": 0, "last": "missed"}}})
    progress, dropped = learner.parse_kept(text)
    assert not progress.misconceptions and dropped == ["misconceptions.x must have box, due, seen and right: "
                                                       "that misconception starts afresh"]


def test_counts_at_the_limit_are_read_back_after_the_drill_writes_them():
    """Each count capped at 10^15 stays at most its capped seen, so the drill reads back what it saved."""
    limit = learner.MAX_COUNT
    progress = learner.Progress(classes={"C1": learner.Card(box=1, due=0, seen=limit, right=limit, helped=limit)})
    progress.record_question("C1", learner.SKIPPED)
    read = strict_parse(progress.to_json()).classes["C1"]
    assert (read.seen, read.right, read.helped, read.skipped, read.last) == (limit, limit, limit, 1, "skipped")


def test_a_skip_sends_the_class_to_box_1_as_a_miss_does():
    progress = learner.Progress(classes={"C1": learner.Card(box=4), "C2": learner.Card(box=4)})
    assert progress.record_question("C1", learner.SKIPPED).box == progress.record_question("C2", learner.MISSED).box == 1
