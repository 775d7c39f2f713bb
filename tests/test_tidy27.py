"""Session 27 tidy-ups whose behaviour is pinned.

1. graded.csv is copied once after the pass, even when rows were superseded
   AND some id is written otherwise (it was copied twice: once to mark the
   rows, once more to insert graded_as)."""

import csv
import io
import json

from quizgen.grading import writer


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [_part("a", 0.5), _part("b", 3.0)]}
IDS = [f"S2026{n:03d}" for n in range(6)]


def test_graded_csv_is_rewritten_once_for_superseded_rows_and_graded_as(tmp_path, invoke, monkeypatch):
    papers = {sid: {"name": sid, "seed": f"1/{sid}", "questions": [Q1]} for sid in IDS}
    (tmp_path / "key.json").write_text(json.dumps({"questions": [Q1], "students": papers}), encoding="utf-8")
    rows = "".join(f"{sid},Q1,a,0.5\n{sid},Q1,b,3\n" for sid in IDS[1:])
    rows += 'S 2026000,Q1,a,0.9\nS 2026000,Q1,b,3\nS 2026000,Q1,a,"0,5 and\na line"\n'   # resubmitted, written otherwise
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    copies = []
    real = writer.rewrite
    monkeypatch.setattr(writer, "rewrite", lambda path, copy: (copies.append(path), real(path, copy))[1])
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--out", f"{tmp_path / 'r'}/")
    assert result.exit_code == 0, result.output
    assert len(copies) == 1, copies
    graded = list(csv.DictReader(io.StringIO((tmp_path / "r" / "a-graded.csv").read_text(encoding="utf-8-sig"))))
    mine = [row for row in graded if row["student_id"] == "S 2026000"]
    assert [(row["answer"], row["graded_as"], row["status"]) for row in mine] == [
        ("0.9", "S2026000", "superseded"), ("3", "S2026000", "correct"),
        ("0,5 and\na line", "S2026000", "needs_review")]
    assert {row["graded_as"] for row in graded} == set(IDS)


# ---------------------------------------------------------------- 3. a fractional count's recipe worked out once

def test_a_fraction_worked_from_a_wrong_answer_works_the_recipe_out_once(monkeypatch):
    """C6: (a) 2885 (key 2880), then (c) 288.5, 10% of it: ECF never takes a
    fraction for a count, so only _fraction_from_own works the recipe out."""
    from quizgen.bank.loader import load_bank
    from quizgen.generation.sampling import sample_instance
    from quizgen.marking import rules
    from tests.paper_support import mark_paper
    instance = sample_instance(next(t for t in load_bank() if t.cls == "C6"), "tidy27/0")
    calls = []
    real = rules.reachable
    monkeypatch.setattr(rules, "reachable", lambda *a, **k: (calls.append(a[0]), real(*a, **k))[1])
    verdict = mark_paper(instance, {"chosen": "2885", "randomised": "288.5"})["randomised"]
    assert verdict.feedback.startswith("marked from your (a) = 2885: 288.5 is what that value gives, but a count is "
                                       "a whole number, so round it: 288 or 289 is correct"), verdict
    assert len(calls) == 1, calls


# ---------------------------------------------------------------- 5. the "no value" words, one list

NO_VALUE_SAMPLES = ("undefined", "not defined", "none", "nothing", "no value", "not applicable", "does not exist",
                    "nan", "NaN", "zero", "0", "it is undefined.", "nonexistent", "nano", "not  defined", "nothingness",
                    "value: none", "the limit does not exist", "not applicable here", "nan%")


def test_the_no_value_patterns_find_what_they_found_before():
    import re

    from quizgen.marking import asides, words
    old_words = re.compile(r"\b(?:undefined|not defined|no value|does not exist|nan)\b")
    old_asides = re.compile(r"\b(?:undefined|not defined|none|no value|not applicable|does not exist|nothing)\b")
    for new, old in ((words._NO_VALUE, old_words), (asides._NO_VALUE_WORDS, old_asides)):
        assert [bool(new.search(t)) for t in NO_VALUE_SAMPLES] == [bool(old.search(t)) for t in NO_VALUE_SAMPLES]
    assert not words._NO_VALUE.search("none") and asides._NO_VALUE_WORDS.search("nothing")
    assert words._NO_VALUE.search("nan") and not asides._NO_VALUE_WORDS.search("nan")
