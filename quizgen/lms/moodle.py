"""Moodle XML: one category per question slot holding its variants, so that a
quiz's "random question from category" gives each student their own numbers.

Multi-part questions are Cloze (``multianswer``): a ``NUMERICAL`` or
``SHORTANSWER`` sub-question per part, the answer (rounded to the figures asked: lms/window.py) first at 100% and every
trap as a 0% answer with its own tolerance and the misconception's feedback.
Single-part questions are ``numerical`` or ``shortanswer``. The escapes follow
the parser in Moodle's question/type/multianswer/questiontype.php: an answer
ends at an unescaped ``~ # }``, feedback at an unescaped ``~ }``; the importer
html-entity-decodes both, then turns ``\\}`` and ``\\#`` back into ``}`` and ``#``.
(Moodle's docs also list ``/`` and ``"``; its parser needs no escape for them.)"""

from __future__ import annotations

import base64
import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from html import escape

from quizgen.lms.html import decimal_text, feedback_html, figure_img, tag_line
from quizgen.lms.variants import Variant, VariantPart
from quizgen.maths.tolerance import half_width

CORRECT_FEEDBACK = "Correct."
IDNUMBER_MAX = 100
"""Moodle's question ID number column is 100 characters (question_bank_entries.idnumber):
a longer tag (a long template id) would fail the import, so it is left out and
the tag line of the question text alone names the variant."""
PENALTY = "0.3333333"
GRADES = (1.0, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2,
          0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0.0)
"""The answer grades Moodle accepts (question_bank::fraction_options): its XML
import refuses a numerical or short-answer file holding any other."""


def moodle_xml(slots: list, root: str = "quizgen") -> str:
    """The Moodle XML file (text) holding every variant of every slot, each
    slot in its own category under ``$course$/top/<root>`` (export names the
    root by the export's code, never its seed)."""
    quiz = ET.Element("quiz")
    for slot in slots:
        quiz.append(_category([root, f"Q{slot.number} {slot.cls} {slot.template}"],
                              f"{slot.cls}: {slot.title} ({len(slot.variants)} variant{'s' * (len(slot.variants) != 1)})"))
        quiz.extend(question(v, n) for n, v in enumerate(slot.variants, start=1))
    ET.indent(quiz)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="unicode") + "\n"


def _category(names: list, info: str) -> ET.Element:
    """A category record: the questions after it are imported into the
    category path ``names`` (a ``/`` inside a name is written ``//``)."""
    element = ET.Element("question", type="category")
    _text(ET.SubElement(element, "category"), "/".join(["$course$/top"] + [n.replace("/", "//") for n in names]))
    _text(ET.SubElement(element, "info", format="html"), escape(info))
    return element


def question(variant: Variant, number: int = 1) -> ET.Element:
    """One variant as a Moodle question: Cloze for several parts, else
    ``numerical`` or ``shortanswer``."""
    if len(variant.parts) > 1:
        kind = "multianswer"
    else:
        kind = "shortanswer" if variant.parts[0].is_word else "numerical"
    element = ET.Element("question", type=kind)
    _text(ET.SubElement(element, "name"), f"{variant.cls} {variant.template} v{number:02d} ({variant.label})")
    text = ET.SubElement(element, "questiontext", format="html")
    body = question_html(variant) if kind == "multianswer" else _single_html(variant)
    _text(text, body)
    _attach(text, _figure_name(variant), variant.figure_svg)
    feedback = ET.SubElement(element, "generalfeedback", format="html")
    _text(feedback, variant.solution_html + _figure_img(_figure_name(variant, "solution"),
                                                        variant.solution_figure_svg))
    _attach(feedback, _figure_name(variant, "solution"), variant.solution_figure_svg)
    _field(element, "defaultgrade", decimal_text(variant.points))
    _field(element, "penalty", PENALTY)
    _field(element, "hidden", "0")
    if len(variant.tag) <= IDNUMBER_MAX:
        _field(element, "idnumber", variant.tag)
    if kind != "multianswer":
        _single_answers(element, variant.parts[0])
    return element


def question_html(variant: Variant) -> str:
    """The Cloze question text: stem, figure, each part's ask with its
    embedded sub-question, and the variant tag line."""
    weights = cloze_weights([p.points for p in variant.parts])
    asks = "".join(f"<p>({p.letter}) {inert_cloze(p.ask_html)} {cloze(p, w)}</p>"
                   for p, w in zip(variant.parts, weights))
    return inert_cloze(_head_html(variant)) + asks + _tag_html(variant)


# Where Moodle's Cloze parser would start a sub-question (``{1:NUMERICAL:=5}``, ``{:SA:=x}``)
# or place one (``{#2}``, str_replace'd by the renderer).
_CLOZE_OPENING = re.compile(r"\{(?=[0-9]*:|#)")


def inert_cloze(html: str) -> str:
    """A bank's text in a Cloze question made inert: a ``{`` that would open a
    sub-question or a placeholder written ``&#123;``, which Moodle's parser does
    not read as a brace and the page shows as one."""
    return _CLOZE_OPENING.sub("&#123;", html)


def cloze_weights(points: list) -> list:
    """The Cloze weight of each part: the smallest whole numbers in the ratio
    of the parts' points (0.5, 1, 2, 0.5 -> 1, 2, 4, 1; equal points -> 1 each).
    Moodle reads only a whole weight (``{2:NUMERICAL:...}``) and grades a part
    as weight / sum of weights of the question, so equal weights would give a
    3-point part and a 1-point part the same marks. Shares such as 4/3 are read
    as the fraction they print (1.3333333333333333 -> 4/3)."""
    shares = [Fraction(p).limit_denominator(1000) for p in points]
    scale = math.lcm(*(s.denominator for s in shares))
    whole = [int(s * scale) for s in shares]
    common = math.gcd(*whole)
    return [w // common for w in whole] if common else [1] * len(whole)


def _single_html(variant: Variant) -> str:
    part = variant.parts[0]
    return _head_html(variant) + f"<p>{part.ask_html}</p>" + _tag_html(variant)


def _head_html(variant: Variant) -> str:
    return variant.stem_html + _figure_img(_figure_name(variant), variant.figure_svg)


def _tag_html(variant: Variant) -> str:
    """The line that names the variant; Moodle's responses report keeps it in
    its "Question N" column, which is how quizgen recognises the variant."""
    return tag_line(variant.tag)


def cloze(part: VariantPart, weight: int = 1) -> str:
    """One embedded sub-question: ``{1:NUMERICAL:=v:tol#Correct.~%0%trap:tol#why}``
    or ``{1:SHORTANSWER:=word#Correct.~...}``."""
    if part.is_word:
        answers = [f"={cloze_answer(w)}#{cloze_feedback(CORRECT_FEEDBACK)}" for w in part.words]
        answers += [f"%{trap_percent(t.credit)}%{cloze_answer(w)}#{cloze_feedback(t.feedback)}"
                for t in part.traps for w in t.words]
        return f"{{{weight}:SHORTANSWER:{'~'.join(answers)}}}"
    answers = [f"={_right(part)}:{_margin(part)}#{cloze_feedback(CORRECT_FEEDBACK)}"]
    answers += [f"%{trap_percent(t.credit)}%{decimal_text(value)}:{decimal_text(tolerance)}"
                f"#{cloze_feedback(t.feedback)}" for t, value, tolerance in _trap_values(part)]
    return f"{{{weight}:NUMERICAL:{'~'.join(answers)}}}"


def _right(part: VariantPart) -> str:
    """The right answer Moodle holds and shows: the key's rounded to the figures asked (lms/window.py)."""
    return part.shown or decimal_text(part.value)


def _margin(part: VariantPart) -> str:
    """The tolerance about ``_right``: half a unit of its last figure, less a billionth (lms/window.py)."""
    return part.margin or decimal_text(part.tolerance)


def _trap_values(part: VariantPart) -> list:
    """``(trap, value, tolerance)`` for each answer a numeric part's traps give: each trap's value, then a
    count's whole neighbours of a trap value that is no whole number (C6's 4 and 5 for 4.5)."""
    own = [(t, t.value, t.tolerance) for t in part.traps if t.value is not None]
    return own + [(t, n, half_width(n, {}, "integer")) for t, n in part.whole_neighbours()]


def trap_percent(credit: float) -> str:
    """A trap's grade as the percent Moodle stores: its credit when that is one
    of Moodle's grades (0.5 -> ``50``, 1/3 -> ``33.33333``), else the largest
    Moodle grade below it (0.45 -> ``40``), so Moodle never gives more than quizgen."""
    grade = next(g for g in GRADES if g <= credit + 1e-7)
    return f"{100 * grade:.5f}".rstrip("0").rstrip(".")


def cloze_answer(word: str) -> str:
    """A short-answer word as Cloze answer text (``*`` escaped: it is not a wildcard)."""
    return _cloze_text(word.replace("*", "\\*"))


def cloze_feedback(text: str) -> str:
    """Plain feedback text as Cloze feedback: Moodle stores it as HTML (feedback_html: L<sub>MLM</sub>)."""
    return _cloze_text(feedback_html(text))


def _cloze_text(text: str) -> str:
    """``text`` written so that Moodle's Cloze parser gives it back: every
    ``}`` and ``#`` backslash-escaped (the importer turns ``\\}`` and ``\\#``
    back, which also keeps a ``\\#`` of the text), then HTML-escaped (the importer
    html-entity-decodes); ``~`` becomes an entity, and so does a final backslash
    or ``&``, after which Moodle would not see the delimiter."""
    text = escape(text.replace("}", "\\}").replace("#", "\\#"), quote=False).replace("~", "&#126;")
    if text.endswith("&amp;"):  # the answer pattern does not end after "&amp;"
        return text[:-5] + "&#38;"
    return text[:-1] + "&#92;" if text.endswith("\\") else text


def _single_answers(element: ET.Element, part: VariantPart) -> None:
    """The answers of a ``numerical`` or ``shortanswer`` question."""
    if part.is_word:
        _field(element, "usecase", "0")
        rows = [(w.replace("*", "\\*"), "100", CORRECT_FEEDBACK, None) for w in part.words]
        rows += [(w.replace("*", "\\*"), trap_percent(t.credit), t.feedback, None) for t in part.traps for w in t.words]
    else:
        rows = [(_right(part), "100", CORRECT_FEEDBACK, _margin(part))]
        rows += [(decimal_text(value), trap_percent(t.credit), t.feedback, decimal_text(tolerance))
                 for t, value, tolerance in _trap_values(part)]
    for text, fraction, feedback, tolerance in rows:
        answer = ET.SubElement(element, "answer", fraction=fraction, format="moodle_auto_format")
        _text(answer, text)
        _text(ET.SubElement(answer, "feedback", format="html"), f"<p>{feedback_html(feedback)}</p>")
        if tolerance is not None:
            _field(answer, "tolerance", tolerance)
    if not part.is_word:
        for name, value in (("unitgradingtype", "0"), ("unitpenalty", "0.1"), ("showunits", "3"),
                            ("unitsleft", "0")):
            _field(element, name, value)


def _figure_name(variant: Variant, kind: str = "problem") -> str:
    return f"{variant.template}-{kind}.svg"


def _figure_img(name: str, svg: str | None) -> str:
    if not svg:
        return ""
    return figure_img(f"@@PLUGINFILE@@/{name}", svg)


def _attach(parent: ET.Element, name: str, svg: str | None) -> None:
    """An SVG embedded in a text field, as Moodle's ``<file>`` element."""
    if svg:
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        ET.SubElement(parent, "file", name=name, path="/", encoding="base64").text = data


def _text(parent: ET.Element, text: str) -> None:
    ET.SubElement(parent, "text").text = text


def _field(parent: ET.Element, name: str, value: str) -> None:
    ET.SubElement(parent, name).text = value
