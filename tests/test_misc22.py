"""Hostile inputs, session 22: a progress file whose counters are too large to
save again, fullwidth and Cyrillic/Greek look-alike student ids, and an answers
row too wide or too long to hold in memory."""

import json

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.drill import record as learner
from quizgen.marking.student_ids import id_hint, nearest_ids, normalise_id


def progress_text(clock=1, seen=1):
    return json.dumps({"format": "quizgen-progress", "version": 1, "clock": clock, "sessions": 1,
                       "classes": {"C1": {"box": 1, "due": 3, "seen": seen, "right": 0}}, "misconceptions": {}})


def test_a_clock_too_large_to_save_again_is_moved_aside_with_one_line(tmp_path):
    state = tmp_path / "work.json"
    state.write_text(progress_text(clock=int("9" * 4300)))   # readable, but one more question could not be saved
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C1", "--state", str(state)],
                                input="0.7\nq\n")
    assert result.exit_code == 0 and result.exception is None
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and "moved it to work.json.bad" in warnings[0]
    assert "from 0 to 1,000,000,000,000,000" in warnings[0]
    assert learner.parse(state.read_text()).clock == 1   # a fresh record, saved
    assert (tmp_path / "work.json.bad").exists()


def test_every_counter_is_capped_and_stats_only_reports_it(tmp_path):
    state = tmp_path / "work.json"
    state.write_text(progress_text(seen=learner.MAX_COUNT + 1))
    stats = CliRunner().invoke(main, ["drill", "--stats", "--state", str(state)])
    assert "bad numbers" in stats.stderr and "left as it is" in stats.stderr
    assert state.exists() and not (tmp_path / "work.json.bad").exists()
    assert learner.parse(progress_text(clock=learner.MAX_COUNT, seen=learner.MAX_COUNT)).clock == learner.MAX_COUNT


def test_a_fullwidth_id_is_the_ascii_one():
    assert normalise_id("ｓ１") == normalise_id("S1") == "s1"
    assert normalise_id("Ｓ　０１２") == "s012"


def test_a_cyrillic_look_alike_is_not_merged_but_named_alone_and_explained():
    assert normalise_id("\u04551") != normalise_id("s1")   # Cyrillic dze: maybe another person
    assert nearest_ids("s1", ["\u04551", "s2"]) == ["\u04551"]
    hint = id_hint("s1", ["\u04551", "s2"])
    assert hint.startswith("did you mean \u04551? \u04551 holds non-Latin letters that look Latin")
    assert "Cyrillic \u0455 U+0455 for s" in hint
    greek = id_hint("AB12", ["\u0391\u039212", "AB13"])   # Greek capital alpha and beta
    assert "Greek \u0391 U+0391 for A, Greek \u0392 U+0392 for B" in greek
    assert id_hint("O000027", ["0000027", "0000028"]) == ("did you mean 0000027? O and 0 look alike: correct the "
                                                          "id in the answers file and grade again")


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [
    {"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}]}


def grade_with_roster(tmp_path, roster_id):
    (tmp_path / "key.json").write_text(json.dumps(KEY))
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\ns2,Q1,a,0.5\n")
    (tmp_path / "roster.csv").write_text(f"student_id,name\n{roster_id},Ada\ns2,Bo\n", encoding="utf-8")
    return CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                     "--roster", str(tmp_path / "roster.csv"), "--out", str(tmp_path / "graded.csv")])


def test_a_fullwidth_roster_id_is_its_student_in_grade(tmp_path):
    result = grade_with_roster(tmp_path, "ｓ１")
    assert result.exit_code == 0, result.output
    assert "not on the roster" not in result.output and "gave no answer" not in result.output


def test_a_cyrillic_roster_id_is_named_with_what_is_wrong(tmp_path):
    result = grade_with_roster(tmp_path, "\u04551")
    assert result.exit_code == 0, result.output
    assert ("not on the roster: s1 (did you mean \u04551? \u04551 holds non-Latin letters that look Latin "
            "(Cyrillic \u0455 U+0455 for s)") in result.output
