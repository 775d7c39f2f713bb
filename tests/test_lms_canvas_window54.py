"""Round 54, Canvas's side of review 53a F1, F3 (Moodle's was round 53's,
test_lms_window53.py): a numeric part is an exact answer, the key's rounded to
the figures asked (``0.732``, which "Show correct answers" prints, not a range
of two 16-digit bounds), with half a unit of the last figure as margin, both
ties in (lms/window.canvas_window: Canvas keeps 4 decimals of a typed number,
so a tie it holds may be a right answer typed in full); and ``quizgen grade`` judges a Canvas download's
number at the figures asked too, so that over drawn variants of every class
and a grid of answers at 3 to 5 figures, stored as Canvas stores them (4
decimals), whatever Canvas's window holds quizgen marks correct, and what
quizgen marks plainly correct that it leaves out is the wider side of a power
of ten or the upper half of a tie key's window."""

from decimal import Decimal

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import PartChecker
from quizgen.key.entries import key_entry
from quizgen.key.status import Status
from lms_support import drawn_number_parts, lms_agrees
from quizgen.lms.canvas import answer_margin
from quizgen.lms.variants import VariantPart, variant
from quizgen.lms.window import answer_window, canvas_window
from quizgen.marking.canvas_kept import plain

etree = pytest.importorskip("lxml.etree")
import canvas_qti_model as model  # noqa: E402  (needs lxml)

BANK = {t.cls: t for t in load_bank()}


def _imported(exact: str, high: str) -> dict:
    """The question Canvas's import makes of an exact answer with margin (numeric_interaction.rb:
    the margin is the upper bound less the exact answer, each a BigDecimal, kept as a float)."""
    return {"question_type": "numerical_question", "answers": [
        {"numerical_answer_type": "exact_answer", "exact": float(exact), "weight": 100,
         "margin": float(Decimal(high) - Decimal(exact))}]}


def _stored(x: Decimal) -> str:
    """What Classic Quizzes keeps of a typed number: toFixed(4), trailing zeros stripped."""
    return plain(f"{float(x):.4f}")


def test_the_reviews_variant_shows_0_732_and_both_judge_0_7327_wrong():
    """rev53a F3: Canvas's "Show correct answers" printed 0.7317735... and 0.7327735...; it
    prints the exact answer and its margin, now 0.732 and 0.0005; 0.7327 (0.733 at 3 figures) is
    wrong in both; the ties 0.7315 and 0.7325, which Canvas may have stored from 0.73146 and
    0.73249 typed, right in both."""
    part = variant(BANK["C1"], "463161482964449917/mlm-confident-correct/1").parts[0]
    exact, low, high = answer_margin(part)
    assert (exact, low, high) == ("0.732", "0.7315", "0.7325")
    question = _imported(exact, high)
    assert repr(question["answers"][0]["exact"]) == "0.732"
    checker = PartChecker(key_entry(Question("Q1", sample_instance(
        BANK["C1"], "463161482964449917/mlm-confident-correct/1"))).parts[0], figures_shown=False)
    for typed, right in (("0.7327", False), ("0.7318", True), ("0.732", True), ("0.7325", True), ("0.7315", True),
                          ("0.7314", False), ("0.7326", False)):
        assert model.canvas_marks_correct(question, typed) == right, typed
        assert (checker(typed).status == Status.CORRECT) == right, typed


def _variant_part(kind: str, value: float, spec: dict) -> VariantPart:
    shown, margin = answer_window(kind, spec, value, ties=True)
    return VariantPart("a", "", kind, value, 0.0, (), 1, (), shown=shown, canvas_margin=margin)


def test_a_small_answer_and_a_count_keep_every_digit():
    exact, low, high = answer_margin(_variant_part("numeric", 1.5e-12, {"sigfigs": 3}))
    assert "e" not in exact + low + high and 0 < float(low) < 1.5e-12 < float(high)
    assert answer_margin(_variant_part("integer", 45.0, {})) == ("45.0", "44.999999999", "45.000000001")
    assert answer_margin(_variant_part("numeric", 1.2477629684903682, {"sigfigs": 3})) == ("1.25", "1.245", "1.255")


def _grid(centre: Decimal, margin: Decimal, figures: int):
    step = Decimal(1).scaleb(centre.adjusted() - figures + 1)
    for n in range(int((centre - 3 * margin) / step), int((centre + 3 * margin) / step) + 1):
        if n % 10:   # written to ``figures`` exactly
            yield n * step


def _compare(count: int) -> int:
    """Mark the grid, stored as Canvas stores it, of every numeric part of ``count`` variants of every
    class, by Canvas's import of its export and by grade of a Canvas download; the number compared."""
    compared = 0
    for where, part, rules, asked in drawn_number_parts(count, "w54"):
        shown, margin = canvas_window(part)
        exact, _, high = answer_margin(VariantPart("a", "", part.kind, part.value, 0.0, (), 1, (),
                                                   shown=shown, canvas_margin=margin))
        imported, checker = _imported(exact, high), PartChecker(part, question=rules, figures_shown=False)
        for stored in sorted({_stored(typed) for figures in (3, 4, 5)
                              for typed in _grid(Decimal(exact), Decimal(margin), figures)}, key=Decimal):
            verdict = checker(stored)
            lms_agrees(model.canvas_marks_correct(imported, stored), verdict, Decimal(stored), exact, asked,
                       (*where, part.value, exact, stored, verdict.status, verdict.note), ties_in=True)
            compared += 1
    return compared


@pytest.mark.parametrize("count, least", [(1, 1000), pytest.param(20, 20000, marks=pytest.mark.slow)])
def test_canvas_window_agrees_with_quizgens_marking_of_a_canvas_download(count, least):
    assert _compare(count) > least


def test_the_lower_end_is_vargte_lest_canvas_read_a_precision_answer():
    """Canvas's importer reads an exact answer whose lower end is ``vargt`` and whose ends, both ending
    in 5, lie a power of ten apart about it as a "precision" answer (numeric_interaction.rb), which
    Classic Quizzes scores by cutting digits: 0.7327 would be right for 0.732. Canvas's margin has that
    shape (0.7315, 0.7325), so the export's lower end is ``vargte``, and the answer an exact one."""
    part = variant(BANK["C1"], "463161482964449917/mlm-confident-correct/1").parts[0]
    exact, low, high = answer_margin(part)
    item = etree.fromstring(f"""<item xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2" ident="x" title="x">
      <itemmetadata><qtimetadata><qtimetadatafield><fieldlabel>question_type</fieldlabel>
      <fieldentry>numerical_question</fieldentry></qtimetadatafield></qtimetadata></itemmetadata>
      <presentation><material><mattext>q</mattext></material><response_str ident="response1">
      <render_fib fibtype="Decimal"><response_label ident="answer1"/></render_fib></response_str></presentation>
      <resprocessing><outcomes><decvar/></outcomes><respcondition continue="No"><conditionvar><or>
      <varequal respident="response1">{exact}</varequal><and><vargt respident="response1">{low}</vargt>
      <varlte respident="response1">{high}</varlte></and></or></conditionvar>
      <setvar action="Set" varname="SCORE">100</setvar></respcondition></resprocessing></item>""")
    precision = model.canvas_question(*model.converted_item(item))
    assert precision["answers"][0]["numerical_answer_type"] == "precision_answer"
    assert model.canvas_marks_correct(precision, "0.7327")   # what vargt would do
    exported = model.canvas_question(*model.converted_item(etree.fromstring(item_xml())[0]))
    assert exported["answers"][0]["numerical_answer_type"] == "exact_answer"
    assert not model.canvas_marks_correct(exported, "0.7327")


def item_xml() -> str:
    """The Canvas item of the review's variant's (a), in its QTI 1.2 namespace, as text."""
    import xml.etree.ElementTree as ET
    from quizgen.lms.canvas import QTI_NS, item
    shown = variant(BANK["C1"], "463161482964449917/mlm-confident-correct/1")
    return f'<questestinterop xmlns="{QTI_NS}">{ET.tostring(item(shown, 0, "Q1_v01", {}, "T"), encoding="unicode")}' \
           "</questestinterop>"


def test_grade_of_a_canvas_download_gives_canvas_verdict(tmp_path):
    """End to end: the review's variant exported to Canvas, its Student Analysis graded: 0.7327 wrong
    (0.733 at the 3 figures asked; before, grade said correct, as Canvas's range did), the tie 0.7325
    right, as Canvas says, 0.6043 for v01's 0.6037489 right (0.604; before, wrong in Canvas), and 0.7314
    wrong (0.731 at 3 figures, as on paper; before, Canvas wrong and grade correct, carried rounding)."""
    import csv
    from click.testing import CliRunner
    from lms_support import export_labels, moodle_csv
    from quizgen.cli import main
    seed, template = "463161482964449917", "mlm-confident-correct"
    done = CliRunner().invoke(main, ["export", "canvas", "--classes", "C1", "--count", "2", "--seed", seed,
                                     "--out", str(tmp_path / "quiz.zip")])
    assert done.exit_code == 0, done.output
    code = {label: c for (_, c), label in export_labels(tmp_path / "quiz-key.json").items()}
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt"]
    typed = {"s1": (1, "0.7327"), "s2": (1, "0.7325"), "s3": (0, "0.6043"), "s4": (1, "0.7314")}
    rows = []
    for n, (student, (k, answer)) in enumerate(typed.items()):
        cells = [f"S {student}", str(500 + n), student, "A", "77", "", "2026-11-30 15:43:20 UTC", "1"]
        for v in range(2):   # a column per variant of (a); the student's own holds their answer
            cells += [answer, "0.0"] if v == k else ["", ""]
        rows.append(cells + ["0", "1", "0.0"])
    for v in range(2):
        header += [f"{9100 + v}: p ... [quizgen:{template}:{code[f'{seed}/{template}/{v}']}:a]", "2.0"]
    (tmp_path / "analysis.csv").write_text(moodle_csv(header + ["n correct", "n incorrect", "score"], rows),
                                           encoding="utf-8")
    done = CliRunner().invoke(main, ["grade", str(tmp_path / "analysis.csv"), "--key", str(tmp_path / "quiz-key.json"),
                                     "--out", str(tmp_path / "out"), "--no-html"])
    assert done.exit_code in (0, 1), done.output
    with open(tmp_path / "out" / "analysis-graded.csv", encoding="utf-8-sig") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle) if row["part"] == "a"}
    assert {student: row["status"] == "correct" for student, row in rows.items()} == \
        {"s1": False, "s2": True, "s3": True, "s4": False}
    # wrong, no marks: since round 57 0.7327 and 0.7314 are marked as 0.733 and 0.731 are at the 3
    # figures asked, a step kept to 2 figures (e^0.5 as 1.6; e^0.5 carried as 1.65 and kept as 1.7)
    assert all(rows[s]["score"] == "0" and rows[s]["status"] in ("incorrect", "imprecise") for s in ("s1", "s4"))
