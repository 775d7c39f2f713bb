"""Canvas QTI 1.2: a zip (imsmanifest.xml, the assessment, the figures) that
Canvas imports into Classic Quizzes and, through the QTI import, New Quizzes.

Per slot and part, a ``section`` question group whose ``selection_ordering``
picks one variant. Canvas questions grade a single blank with a tolerance
only as ``numerical_question`` (``fill_in_multiple_blanks`` matches text
exactly), so a multi-part template becomes one question per part, each
repeating its variant's stem. A numeric answer is an exact answer with margin
(lms/window.canvas_window): the key's answer at the figures asked, which Canvas
shows as the right answer, and half a unit of its last figure, so that Canvas
judges a number as ``quizgen grade`` judges it in a Canvas download. Canvas gives no feedback per wrong numeric
answer, so the incorrect-answer feedback lists each misconception with its
value; the general feedback holds the worked solution, without the solution
figure, which shows the answers (a package's files are course files a student
can fetch while the quiz is open)."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from decimal import Decimal
from html import escape

from quizgen.lms.html import decimal_text, feedback_html, figure_img, tag_line
from quizgen.maths.numbers import key_answer
from quizgen.text.answers import in_plain
from quizgen.lms.variants import Variant, VariantPart

QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
CP_NS = "http://www.imsglobal.org/xsd/imscp_v1p1"
FIGURES = "quizgen_figures"
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def canvas_zip(slots: list, title: str, quiz_id: str = "quizgen") -> bytes:
    """The Canvas QTI zip (bytes; the same slots give the same bytes)."""
    quiz_id = safe_ident(quiz_id)
    figures = {}
    assessment = assessment_xml(slots, title, quiz_id, figures)
    files = {"imsmanifest.xml": manifest_xml(quiz_id, title, sorted(figures)),
             f"{quiz_id}/{quiz_id}.xml": assessment}
    files.update({f"{FIGURES}/{name}": svg for name, svg in sorted(figures.items())})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, _ZIP_TIME), text.encode("utf-8"))
    return out.getvalue()


def assessment_xml(slots: list, title: str, quiz_id: str, figures: dict) -> str:
    """The QTI assessment: a group per slot and part; each figure used is added to ``figures``.
    Group and item identifiers end with ``quiz_id`` (the export's code): Canvas's import finds a
    question to overwrite by identifier across the course, so another export's must differ."""
    root = ET.Element("questestinterop", xmlns=QTI_NS)
    assessment = ET.SubElement(root, "assessment", ident=quiz_id, title=title)
    top = ET.SubElement(assessment, "section", ident="root_section")
    for slot in slots:
        for index, letter in enumerate(p.letter for p in slot.variants[0].parts):
            top.append(_group(slot, index, letter, figures, quiz_id))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _group(slot, index: int, letter: str, figures: dict, quiz_id: str) -> ET.Element:
    """A question group picking one variant of part ``letter`` of ``slot``."""
    multi = len(slot.variants[0].parts) > 1
    name = f"Q{slot.number}{letter if multi else ''}"
    section = ET.Element("section", ident=safe_ident(f"g_{name}_{slot.template}_{quiz_id}"),
                         title=f"{name} {slot.cls} {slot.title}")
    points = slot.variants[0].parts[index].points
    order = ET.SubElement(section, "selection_ordering")
    selection = ET.SubElement(order, "selection")
    ET.SubElement(selection, "selection_number").text = "1"
    extension = ET.SubElement(selection, "selection_extension")
    ET.SubElement(extension, "points_per_item").text = decimal_text(points)
    for k, variant in enumerate(slot.variants, start=1):
        section.append(item(variant, index, f"{name}_v{k:02d}", figures, quiz_id))
    return section


def item(variant: Variant, index: int, label: str, figures: dict, quiz_id: str) -> ET.Element:
    """Part ``index`` of ``variant`` as one Canvas question."""
    part = variant.parts[index]
    multi = len(variant.parts) > 1
    element = ET.Element("item", ident=safe_ident(f"{label}_{variant.template}_{quiz_id}"),
                         title=f"{variant.cls} {variant.template} {label}")
    kind = "short_answer_question" if part.is_word else "numerical_question"
    meta = ET.SubElement(ET.SubElement(element, "itemmetadata"), "qtimetadata")
    for field, value in (("question_type", kind), ("points_possible", decimal_text(part.points))):
        entry = ET.SubElement(meta, "qtimetadatafield")
        ET.SubElement(entry, "fieldlabel").text = field
        ET.SubElement(entry, "fieldentry").text = value
    presentation = ET.SubElement(element, "presentation")
    _mattext(presentation, question_html(variant, part, multi, figures))
    response = ET.SubElement(presentation, "response_str", ident="response1", rcardinality="Single")
    fib = ET.SubElement(response, "render_fib", fibtype="String" if part.is_word else "Decimal")
    ET.SubElement(fib, "response_label", ident="answer1")
    _processing(element, part)
    _feedback(element, "general_fb", solution_html(variant))
    _feedback(element, "general_incorrect_fb", slips_html(part))
    return element


def question_html(variant: Variant, part: VariantPart, multi: bool, figures: dict) -> str:
    """The question text: stem, figure, the ask, and the tag naming variant and part
    (Canvas's student-analysis CSV keeps it in the question's column header)."""
    ask = f"({part.letter}) {part.ask_html}" if multi else part.ask_html
    tag = f"{variant.tag}:{part.letter}"
    return (variant.stem_html + _figure(variant, "problem", variant.figure_svg, figures)
            + f"<p>{ask}</p>" + tag_line(tag))


CANVAS_ROUNDING_RULE = "more figures are accepted"
"""What ``{{ rounding_rule }}`` prints in a Canvas question: not the paper's promise
that an answer rounded to fewer figures is marked rounded too early, since Canvas
drops trailing zeros (0.630 arrives as 0.63) and its download cannot show the figures typed."""


def solution_html(variant: Variant) -> str:
    """The worked solution, shown to every student as general feedback, without its figure:
    the package's files become course files that a student can fetch by link or numeric id
    while the quiz is open, and the solution figure shows the answers."""
    return variant.solution_html


def slips_html(part: VariantPart) -> str:
    """What Canvas shows after a wrong answer: each misconception of the part
    with the value (or words) it leads to and why it is wrong."""
    items, neighbours = [], {}
    for trap, n in part.whole_neighbours():   # a count's 4.5 is typed 4 or 5
        neighbours.setdefault(trap.code, []).append(f"{n:.0f}")
    for trap in part.traps:
        if trap.value is None and not trap.words:
            continue   # a slip this draw cannot make (C8's true class when it is also the prediction)
        whole = part.kind == "integer" and float(trap.value or 0).is_integer()   # a count's slip: 900, not 900.0
        said = _either(trap.words[:3]) if trap.value is None else in_plain(key_answer(trap.value, "integer" if whole
                                                                                       else "numeric", 0))
        if trap.code in neighbours:
            said += f" ({' or '.join(neighbours[trap.code])} as a whole number)"
        items.append(f"<li>An answer of {escape(said, quote=False)}: {feedback_html(trap.feedback)}</li>")
    if not items:
        return "<p>Compare your working with the worked solution.</p>"
    return "<p>Not the expected answer. Common slips on this part:</p><ul>" + "".join(items) + "</ul>"


def _either(words) -> str:
    """Words as alternatives: "yes", "true" or "left to right"."""
    quoted = [f'"{word}"' for word in words]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _processing(element: ET.Element, part: VariantPart) -> None:
    """Scoring: 100 inside the answer range (or on an accepted word), and the
    general and incorrect-answer feedback."""
    processing = ET.SubElement(element, "resprocessing")
    outcomes = ET.SubElement(processing, "outcomes")
    ET.SubElement(outcomes, "decvar", maxvalue="100", minvalue="0", varname="SCORE", vartype="Decimal")
    _show(processing, "general_fb", "Yes")
    right = ET.SubElement(processing, "respcondition", attrib={"continue": "No"})
    condition = ET.SubElement(right, "conditionvar")
    if part.is_word:
        for word in part.words:
            ET.SubElement(condition, "varequal", respident="response1").text = word
    else:   # an exact answer with margin, as Canvas's own QTI export writes one (lib/cc/qti/qti_items.rb)
        exact, low, high = answer_margin(part)
        either = ET.SubElement(condition, "or")
        ET.SubElement(either, "varequal", respident="response1").text = exact
        both = ET.SubElement(either, "and")
        ET.SubElement(both, "vargte", respident="response1").text = low
        ET.SubElement(both, "varlte", respident="response1").text = high
    ET.SubElement(right, "setvar", action="Set", varname="SCORE").text = "100"
    _show(processing, "general_incorrect_fb", "Yes")


def answer_margin(part: VariantPart) -> tuple:
    """``(exact, low, high)``, decimal text: Canvas's right answer of a numeric part, the key's at the
    figures asked, with half a unit of its last figure as margin (``part.shown``, ``part.canvas_margin``:
    lms/window.canvas_window), and its two ends, every digit kept. Canvas's import takes the margin as
    ``high`` less ``exact`` (numeric_interaction.rb), and "Show correct answers" prints ``exact`` and
    that margin, ``0.732 (with margin 0.0005)``, not two 16-digit ends of a range."""
    exact, margin = Decimal(part.shown), Decimal(part.canvas_margin)
    return part.shown, format(exact - margin, "f"), format(exact + margin, "f")


def _show(processing: ET.Element, feedback: str, go_on: str) -> None:
    condition = ET.SubElement(processing, "respcondition", attrib={"continue": go_on})
    ET.SubElement(ET.SubElement(condition, "conditionvar"), "other")
    ET.SubElement(condition, "displayfeedback", feedbacktype="Response", linkrefid=feedback)


def _feedback(element: ET.Element, ident: str, html: str) -> None:
    feedback = ET.SubElement(element, "itemfeedback", ident=ident)
    _mattext(ET.SubElement(feedback, "flow_mat"), html)


def _mattext(parent: ET.Element, html: str) -> None:
    ET.SubElement(ET.SubElement(parent, "material"), "mattext", texttype="text/html").text = html


def _figure(variant: Variant, kind: str, svg: str | None, figures: dict) -> str:
    """An ``<img>`` for the figure, whose file goes into the zip's figure folder, named by the
    variant's code (the one its question's tag shows: a problem figure shows no answer)."""
    if not svg:
        return ""
    name = safe_ident(f"{variant.template}-{variant.label}-{kind}") + ".svg"
    figures[name] = svg
    return figure_img(f"$IMS-CC-FILEBASE$/{FIGURES}/{name}", svg)


def manifest_xml(quiz_id: str, title: str, figure_names: list) -> str:
    """imsmanifest.xml: the assessment resource and one web resource per figure."""
    manifest = ET.Element("manifest", identifier=f"{quiz_id}_manifest", xmlns=CP_NS)
    metadata = ET.SubElement(manifest, "metadata")
    ET.SubElement(metadata, "schema").text = "IMS Content"
    ET.SubElement(metadata, "schemaversion").text = "1.1.3"
    ET.SubElement(manifest, "organizations")
    resources = ET.SubElement(manifest, "resources")
    quiz = ET.SubElement(resources, "resource", identifier=quiz_id, type="imsqti_xmlv1p2")
    ET.SubElement(quiz, "file", href=f"{quiz_id}/{quiz_id}.xml")
    for name in figure_names:
        figure = ET.SubElement(resources, "resource", identifier=safe_ident(f"fig_{name}"),
                               type="webcontent", href=f"{FIGURES}/{name}")
        ET.SubElement(figure, "file", href=f"{FIGURES}/{name}")
    ET.indent(manifest)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(manifest, encoding="unicode") + "\n"


def safe_ident(text: str) -> str:
    """``text`` as a QTI/zip-safe identifier: letters, digits, ``_ . -``."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_") or "x"
