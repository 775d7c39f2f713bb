"""What Canvas's QTI import makes of every exported question (the model in
canvas_qti_model.py; docs/lms.md, "What Canvas makes of the questions"): a
numeric part is a numerical_question with one exact answer, the key's at the
figures asked with half a unit as margin, that Canvas scores as quizgen does; a word part a short_answer_question with
the accepted words; the part's points, the incorrect-answer feedback naming
the misconceptions and the worked solution arrive. With QTIMigrationTool
installed (``QUIZGEN_QTI_MIGRATE=/path/to/migrate.py``), a slow test runs it
on the zip and checks the model of its conversion against it."""

import os
import subprocess
import sys
import zipfile
from decimal import Decimal
from html import escape
from io import BytesIO
from pathlib import Path

import pytest

from quizgen.lms.canvas import answer_margin, canvas_zip, slips_html, solution_html
from quizgen.lms.html import feedback_html
from quizgen.lms.variants import slots as make_slots

etree = pytest.importorskip("lxml.etree")
import canvas_qti_model as model  # noqa: E402  (needs lxml)

QTI1 = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"


@pytest.fixture(scope="module")
def export():
    """(slots, zip bytes, [(variant, part, QTI 1.2 item)]) of every class, 2 variants each."""
    slots = make_slots("all", 2, 8)
    data = canvas_zip(slots, "T", quiz_id="quizgen_T")
    root = etree.fromstring(zipfile.ZipFile(BytesIO(data)).read("quizgen_T/quizgen_T.xml"))
    groups = iter(root.find(f"{QTI1}assessment/{QTI1}section").findall(QTI1 + "section"))
    items = []
    for slot in slots:
        for index in range(len(slot.variants[0].parts)):
            group = next(groups).findall(QTI1 + "item")
            assert len(group) == len(slot.variants)
            items += [(v, v.parts[index], item) for v, item in zip(slot.variants, group)]
    assert next(groups, None) is None
    return slots, data, items


def imported(item) -> dict:
    return model.canvas_question(*model.converted_item(item))


@pytest.mark.slow
def test_every_part_imports_as_one_question_of_its_kind(export):
    slots, _, items = export
    assert len(items) == sum(len(v.parts) for slot in slots for v in slot.variants)
    kinds = {imported(item)["question_type"] for _, _, item in items}
    assert kinds == {"numerical_question", "short_answer_question"}   # never fill-in-blanks or dropdowns
    for _, part, item in items:
        question = imported(item)
        assert question["question_type"] == ("short_answer_question" if part.is_word else "numerical_question")
        assert question["points_possible"] == part.points


def test_a_numeric_part_is_one_exact_answer_canvas_scores_as_the_key(export):
    """The key's answer at the figures asked with half a unit as margin (lms/window.canvas_window,
    round 54): Canvas shows it as the right answer, and scores its two ends and the key's value right."""
    _, _, items = export
    numeric = [(v, p, item) for v, p, item in items if not p.is_word]
    assert len(numeric) > 40
    for variant, part, item in numeric:
        question = imported(item)
        exact, low, high = answer_margin(part)
        assert exact == part.shown and float(exact) == pytest.approx(part.value, abs=part.tolerance)
        assert question["answers"] == [{"numerical_answer_type": "exact_answer", "weight": 100,
                                        "exact": float(exact), "margin": float(Decimal(part.canvas_margin))}]
        margin = float(part.canvas_margin)
        assert model.canvas_marks_correct(question, repr(part.value)), variant.tag
        assert model.canvas_marks_correct(question, low) and model.canvas_marks_correct(question, high)
        assert not model.canvas_marks_correct(question, repr(float(high) + margin + abs(part.value) * 1e-9))
        assert not model.canvas_marks_correct(question, repr(float(low) - margin - abs(part.value) * 1e-9))
        for trap in part.traps:
            if trap.value is not None and abs(trap.value - part.value) > 2 * part.tolerance:
                assert not model.canvas_marks_correct(question, repr(trap.value)), (variant.tag, trap.code)


@pytest.mark.slow
def test_a_word_part_accepts_every_word_and_no_trap(export):
    _, _, items = export
    words = [(p, item) for _, p, item in items if p.is_word]
    assert words
    for part, item in words:
        question = imported(item)
        assert sorted(a["text"] for a in question["answers"]) == sorted(set(part.words))   # Canvas keeps one of a repeat
        assert all(model.canvas_marks_correct(question, f" {w.upper()} ") for w in part.words)
        for trap in part.traps:
            assert not any(model.canvas_marks_correct(question, w) for w in trap.words), trap.code


@pytest.mark.slow
def test_feedback_arrives_as_neutral_and_incorrect_comments(export):
    _, _, items = export
    for variant, part, item in items:
        question = imported(item)
        assert question["neutral_comments"] == solution_html(variant)
        assert question["incorrect_comments"] == slips_html(part)
        assert all(feedback_html(t.feedback) in question["incorrect_comments"] for t in part.traps
                   if t.value is not None or t.words)   # a trap left out of this draw (its when) is no slip here
        assert f"[{escape(variant.tag)}:{part.letter}]" in question["question_text"]


def test_a_numeric_item_has_the_shape_of_canvas_own_exact_answer_export(export):
    """lib/cc/qti/qti_items.rb writes an exact answer with margin as response_str + render_fib
    fibtype Decimal and one continue=No respcondition: an or of varequal and an and of vargte,
    varlte; then setvar 100. vargte, not vargt: the importer reads an exact answer whose lower
    end is vargt as a "precision" answer, which Canvas scores by cutting digits, not rounding."""
    _, _, items = export
    for _, part, item in items:
        if part.is_word:
            continue
        response = item.find(f"{QTI1}presentation/{QTI1}response_str")
        assert response.get("ident") == "response1"
        assert response.find(QTI1 + "render_fib").get("fibtype") == "Decimal"
        (scored,) = [c for c in item.iter(QTI1 + "respcondition") if c.find(QTI1 + "setvar") is not None]
        assert scored.get("continue") == "No"
        (either,) = scored.find(QTI1 + "conditionvar")
        tests = [(etree.QName(t).localname, t.get("respident"), t.text) for t in either.iter()][1:]
        exact, low, high = answer_margin(part)
        assert tests == [("varequal", "response1", exact), ("and", None, either[1].text),
                         ("vargte", "response1", low), ("varlte", "response1", high)]
        assert (scored.find(QTI1 + "setvar").get("action"), scored.findtext(QTI1 + "setvar")) == ("Set", "100")


@pytest.mark.slow
def test_the_model_of_the_conversion_matches_qtimigrationtool(export, tmp_path):
    tool = os.environ.get("QUIZGEN_QTI_MIGRATE")
    if not tool or not Path(tool).is_file():
        pytest.skip("set QUIZGEN_QTI_MIGRATE to QTIMigrationTool's migrate.py (github instructure/QTIMigrationTool)")
    _, data, items = export
    zipfile.ZipFile(BytesIO(data)).extractall(tmp_path / "in")
    run = subprocess.run([sys.executable, tool, "--ucvars", "--nogui", "--overwrite", f"--cpout={tmp_path / 'out'}",
                          str(tmp_path / "in")], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:]
    real = {item.get("identifier"): model.canvas_question(interaction, kind, item)
            for interaction, kind, item in model.read_converted(tmp_path / "out")}
    assert len(real) == len(items)
    for _, _, item in items:
        assert real[item.get("ident")] == imported(item), item.get("ident")
