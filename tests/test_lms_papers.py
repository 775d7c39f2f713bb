"""LMS answers made gradable, end to end: ``export moodle`` -> a Responses
download for students each given a random variant -> read back ->
``quizgen grade`` on the key and answers built from it; the verdicts are
those the answers were made to get, and agree with what Moodle itself
decides from the exported Cloze answers and tolerances."""

import csv
import io
import json

import pytest

from lms_moodle_cloze import parse_cloze
from quizgen.errors import UsageError
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.papers import grading_inputs
from quizgen.lms.responses import ResponseRow, read_responses
from quizgen.lms.variants import slots as make_slots
from test_lms_responses import _moodle_text, _summary

etree = pytest.importorskip("lxml.etree")


def _answer(part, student):
    """(typed answer, verdict it should get, misconception) for a student."""
    if part.is_word:
        return (part.words[0], "correct", "") if student % 2 else ("no idea", "incorrect", "")
    trap = next((t for t in part.traps if t.value is not None), None)
    choices = [(f"{part.value:.6g}", "correct", ""), ("", "blank", "")]
    if trap is not None:
        choices.append((f"{trap.value:.6g}", "incorrect", trap.code))
    return choices[student % len(choices)]


def _download(tmp_path, slots, students):
    """A Moodle Responses download (CSV) of ``students`` answering a random
    variant of each slot, and the verdicts expected per (student, Q, part)."""
    tree = etree.fromstring(moodle_xml(slots).encode("utf-8"))
    texts = {q.findtext("idnumber"): q.findtext("questiontext/text") for q in tree if q.get("type") != "category"}
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00"]
    for n in range(1, len(slots) + 1):
        header += [f"Question {n}", f"Response {n}", f"Right answer {n}"]
    rows, expected = [], {}
    for s in range(students):
        row = [f"S{s}", "Test", f"s{s:03d}", "", "Finished", "", "", "", ""]
        for n, slot in enumerate(slots, start=1):
            variant = slot.variants[(3 * s + n) % len(slot.variants)]
            made = [_answer(part, s + i) for i, part in enumerate(variant.parts)]
            typed = [m[0] for m in made]
            shown = typed[0] if len(typed) == 1 else "; ".join(f"part {i}: {a}" for i, a in enumerate(typed, 1))
            row += [_summary(texts[variant.tag]), shown or "-" if len(typed) == 1 else shown, ""]
            for part, (answer, verdict, code) in zip(variant.parts, made):
                expected[(f"s{s:03d}", f"Q{n}", part.letter)] = (verdict, code, _moodle_verdict(
                    texts[variant.tag], variant, part, answer))
        rows.append(row)
    path = tmp_path / "responses.csv"
    path.write_text(_moodle_text(header, rows), encoding="utf-8")
    return path, expected


def _moodle_verdict(text, variant, part, answer):
    """What Moodle decides: the first exported answer whose tolerance holds the number (or the word)."""
    if not answer:
        return "blank"
    if len(variant.parts) > 1:
        sub = parse_cloze(text)[variant.parts.index(part)]["answers"]
    else:
        sub = [(1.0, w, None, "") for w in part.words] if part.is_word else [(1.0, str(part.value), str(part.tolerance), "")]
    for fraction, value, tolerance, _ in sub:
        hit = (answer.lower() == value.lower() if tolerance is None
               else abs(float(answer) - float(value)) <= float(tolerance))
        if hit:
            return "correct" if fraction == 1.0 else "incorrect"
    return "incorrect"


def test_moodle_round_trip_grades_as_made_and_as_moodle_would(tmp_path):
    import quizgen

    slots = make_slots("C1,C4,C5,C7,C8", count=4, seed=5)
    path, expected = _download(tmp_path, slots, students=8)
    inputs = grading_inputs(read_responses(path))
    (tmp_path / "key.json").write_text(json.dumps(inputs.key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(inputs.answers, encoding="utf-8")
    quizgen.grade(str(tmp_path / "answers.csv"), key=str(tmp_path / "key.json"), out=str(tmp_path / "graded.csv"))
    graded = list(csv.DictReader(io.StringIO((tmp_path / "graded.csv").read_text(encoding="utf-8-sig"))))
    got = {(r["student_id"], r["question_id"], r["part"]): (r["status"], r["misconception"]) for r in graded}
    answered = {k: v for k, v in expected.items() if v[0] != "blank"}
    assert {k: v[:2] for k, v in answered.items()} == {k: got[k] for k in answered}
    assert all(verdict == moodle for verdict, _, moodle in expected.values())
    for key in set(expected) - set(answered):
        assert key not in got or got[key][0] in ("blank", "missing")


def test_canvas_parts_each_get_their_own_variant():
    rows = [ResponseRow("s1", "A", 1, None, "nsp-sigmoid-loss", "1/nsp-sigmoid-loss/0", "a", "0.5744"),
            ResponseRow("s1", "A", 1, None, "nsp-sigmoid-loss", "1/nsp-sigmoid-loss/1", "b", "1"),
            ResponseRow("s1", "A", 2, None, "nsp-sigmoid-loss", "1/nsp-sigmoid-loss/2", "a", "2")]
    inputs = grading_inputs(rows, attempt="first")
    paper = inputs.key["students"]["s1"]["questions"]
    assert [(q["id"], q["seed"], [p["part"] for p in q["parts"]]) for q in paper] == [
        ("Q1", "1/nsp-sigmoid-loss/0", ["a"]), ("Q2", "1/nsp-sigmoid-loss/1", ["b"])]
    assert inputs.answers.splitlines()[1:] == ["s1,A,Q1,a,0.5744", "s1,A,Q2,b,1"]
    with pytest.raises(UsageError):
        grading_inputs(rows, attempt="best")
