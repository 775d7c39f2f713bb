"""LMS answers made gradable, end to end: ``export moodle`` -> a Responses
download for students each given a random variant -> read back ->
``quizgen grade`` on the key and answers built from it; the verdicts are
those the answers were made to get, and agree with what Moodle itself
decides from the exported Cloze answers and tolerances."""

import csv
import io
import json

import pytest

from lms_support import moodle_download, parse_cloze
from quizgen.errors import UsageError
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.papers import grading_inputs
from quizgen.lms.responses import ResponseRow, read_responses
from quizgen.lms.variants import slots as make_slots

etree = pytest.importorskip("lxml.etree")


def _typed(part, student):
    """What a student types: the answer, a trap's value, nothing, or words."""
    return _made(part, student)[0]


def _made(part, student):
    """(typed answer, verdict it should get, misconception) for a student."""
    if part.is_word:
        return (part.words[0], "correct", "") if student % 2 else ("purple", "incorrect", "")
    trap = next((t for t in part.traps if t.value is not None), None)
    # 6 significant figures, trailing zeros kept: 0.0290000 (-ln 0.97142) is right
    # to 3 figures, where 0.029 is right to 2 only and is marked imprecise
    right = f"{part.value:#.6g}" if part.kind == "numeric" else f"{part.value:.6g}"
    choices = [(right, "correct", ""), ("", "blank", "")]
    if trap is not None:
        choices.append((f"{trap.value:.6g}", "incorrect", trap.code))
    return choices[student % len(choices)]


def _moodle_verdict(text, variant, part, answer):
    """What Moodle decides: the first exported answer whose tolerance holds the number (or the word)."""
    if not answer:
        return "blank"
    if len(variant.parts) > 1:
        sub = parse_cloze(text)[variant.parts.index(part)]["answers"]
    else:
        sub = [(1.0, w, None, "") for w in part.words] if part.is_word else [(1.0, part.shown, part.margin, "")]
    for fraction, value, tolerance, _ in sub:
        hit = (answer.lower() == value.lower() if tolerance is None
               else abs(float(answer) - float(value)) <= float(tolerance))
        if hit:
            return "correct" if fraction == 1.0 else "incorrect"
    return "incorrect"


@pytest.mark.slow
def test_moodle_round_trip_grades_as_made_and_as_moodle_would(tmp_path):
    import quizgen

    slots = make_slots("C1,C4,C5,C7,C8", count=4, seed=5)
    xml = moodle_xml(slots)
    texts = {q.findtext("idnumber"): q.findtext("questiontext/text")
             for q in etree.fromstring(xml.encode("utf-8")) if q.get("type") != "category"}
    made = moodle_download(tmp_path / "responses.csv", xml, slots, 8, _typed)
    inputs = grading_inputs(read_responses(tmp_path / "responses.csv").rows)
    (tmp_path / "key.json").write_text(json.dumps(inputs.key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(inputs.answers, encoding="utf-8")
    quizgen.grade(str(tmp_path / "answers.csv"), key=str(tmp_path / "key.json"), out=str(tmp_path / "graded.csv"))
    graded = list(csv.DictReader(io.StringIO((tmp_path / "graded.csv").read_text(encoding="utf-8-sig"))))
    got = {(r["student_id"], r["question_id"], r["part"]): (r["status"], r["misconception"]) for r in graded}
    checked = 0
    for student, _, slot, variant, part, typed in made:
        index = variant.parts.index(part)
        answer, verdict, code = _made(part, int(student[1:]) + index)
        assert verdict == _moodle_verdict(texts[variant.tag], variant, part, answer)
        if verdict == "blank":
            assert got.get((student, f"Q{slot}", part.letter), ("blank",))[0] in ("blank", "missing")
        elif answer == "purple" and got[(student, f"Q{slot}", part.letter)][0] == "needs_review":
            # none of the answers a closed part offers (C8's classes): Moodle marks it wrong, quizgen asks a person
            assert "class" in part.ask_html   # the classes the task names
        else:
            assert got[(student, f"Q{slot}", part.letter)] == (verdict, code)
            checked += 1
    assert checked > 50


def test_canvas_parts_each_get_their_own_variant():
    rows = [ResponseRow("s1", "A", 1, None, "nsp-sigmoid-loss", "1/nsp-sigmoid-loss/0", "a", "0.5744"),
            ResponseRow("s1", "A", 1, None, "nsp-sigmoid-loss", "1/nsp-sigmoid-loss/1", "b", "1"),
            ResponseRow("s1", "A", 2, None, "nsp-sigmoid-loss", "1/nsp-sigmoid-loss/2", "a", "2")]
    inputs = grading_inputs(rows, attempt="first")
    paper = inputs.key["students"]["s1"]["questions"]
    assert [(q["id"], q["seed"], [p["part"] for p in q["parts"]]) for q in paper] == [
        ("Q1a", "1/nsp-sigmoid-loss/0", ["a"]), ("Q1b", "1/nsp-sigmoid-loss/1", ["b"])]
    assert inputs.answers.splitlines()[1:] == ["s1,A,Q1a,a,0.5744,", "s1,A,Q1b,b,1,"]   # no download line given
    with pytest.raises(UsageError):
        grading_inputs(rows, attempt="best")


def test_a_formula_like_student_id_is_guarded_in_the_built_answers_and_still_graded(tmp_path):
    import dataclasses

    import quizgen

    slots = make_slots("C1", count=2, seed=5)
    moodle_download(tmp_path / "responses.csv", moodle_xml(slots), slots, 3, _typed)
    rows = read_responses(tmp_path / "responses.csv").rows
    first = rows[0].student_id
    rows = [dataclasses.replace(r, student_id="=1+2") if r.student_id == first else r for r in rows]
    inputs = grading_inputs(rows)
    assert "\n'=1+2," in inputs.answers and "\n=1+2," not in inputs.answers
    (tmp_path / "key.json").write_text(json.dumps(inputs.key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(inputs.answers, encoding="utf-8")
    result = quizgen.grade(str(tmp_path / "answers.csv"), key=str(tmp_path / "key.json"), out=str(tmp_path / "g.csv"))
    assert result.counts.get("unknown_student", 0) == 0 and len(result.students) == 3
