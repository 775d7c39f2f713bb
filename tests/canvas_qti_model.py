"""A model of what Canvas makes of one QTI 1.2 item of quizgen's Canvas zip,
in the three steps that run on import (docs/lms.md, "What Canvas makes of the
questions", names the files read):

1. ``converted_item``: QTIMigrationTool (instructure/QTIMigrationTool,
   lib/imsqtiv1.py) turns the item into a QTI 2.1 ``assessmentItem`` and a
   manifest entry. Modelled for the elements quizgen writes: a ``render_fib``
   becomes an ``extendedTextInteraction``; the ``question_type`` and
   ``points_possible`` metadata become ``instructureField`` s; the response is
   a string (``response_str``, whatever the ``fibtype``: "numeric fibtype does
   not match enclosing <response_str>, assuming string") or a float
   (``response_num``); a ``conditionvar`` with several tests is an ``and``
   (``ConditionVar.CloseObject``); ``varequal`` on a string is a
   ``stringMatch``, on a float an ``equal``; ``vargte``/``varlte`` on a string
   are ``customOperator class="vargte"``/``"varlte"`` ("vargte not supported on
   String"), on a float ``gte``/``lte``; ``other`` is ``true``; a
   ``displayfeedback`` adds its ``linkrefid`` to ``FEEDBACK``; an
   ``itemfeedback`` is a ``modalFeedback``. The tool nests the conditions after
   a ``continue="No"`` in a ``responseElse``; Canvas reads them with
   descendant selectors, so the model keeps them flat.
2. ``canvas_question``: canvas-lms gems/plugins/qti_exporter/lib/qti/
   assessment_item_converter.rb (``create_instructure_question``: the
   question type from the manifest's ``interactionType`` and
   ``question_type``; ``parse_instructure_metadata``; ``get_feedback``),
   numeric_interaction.rb (``get_answer_values``, ``get_canvas_answers``) and
   extended_text_interaction.rb (``process_response_conditions``).
3. ``canvas_marks_correct``: app/models/quizzes/quiz_question/
   numerical_question.rb and short_answer_question.rb
   (``correct_answer_parts``): how Classic Quizzes scores a typed answer.

``canvas_question`` reads the real converter's output the same way
(``read_converted``), so test_lms_canvas_questions.py can check the model of
step 1 against QTIMigrationTool itself where it is installed."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from html import escape

from lxml import etree

QTI1 = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
QTI2_NS = "http://www.imsglobal.org/xsd/imsqti_v2p1"
Q2 = "{" + QTI2_NS + "}"
CUSTOM_ON_STRING = {"vargte": "vargte", "varlte": "varlte", "vargt": "vargt", "varlt": "varlt"}
ON_FLOAT = {"vargte": "gte", "varlte": "lte", "vargt": "gt", "varlt": "lt"}


# --- step 1: QTIMigrationTool -------------------------------------------------

def converted_item(item) -> tuple:
    """(manifest interactionType, manifest question_type, QTI 2.1 item) of a QTI 1.2 ``item``."""
    fields = {f.findtext(QTI1 + "fieldlabel"): f.findtext(QTI1 + "fieldentry")
              for f in item.iter(QTI1 + "qtimetadatafield")}
    out = etree.Element(Q2 + "assessmentItem", identifier=item.get("ident"), title=item.get("title"),
                        nsmap={None: QTI2_NS})
    meta = etree.SubElement(out, "instructureMetadata")
    for name in ("question_type", "points_possible"):
        if name in fields:
            etree.SubElement(meta, "instructureField", name=name, value=fields[name])
    types = _declare_responses(item, out)
    _item_body(item, out)
    processing = etree.SubElement(out, Q2 + "responseProcessing")
    for condition in item.iter(QTI1 + "respcondition"):
        _response_condition(condition, types, processing)
    for feedback in item.iter(QTI1 + "itemfeedback"):
        modal = etree.SubElement(out, Q2 + "modalFeedback", outcomeIdentifier="FEEDBACK", showHide="show",
                                 identifier=feedback.get("ident"))
        etree.SubElement(modal, Q2 + "div", attrib={"class": "html"}).text = _mattext(feedback)
    interaction = "extendedTextInteraction" if item.find(f".//{QTI1}render_fib") is not None else None
    return interaction, fields.get("question_type"), out


def _declare_responses(item, out) -> dict:
    types = {}
    for response in item.iter(QTI1 + "response_str", QTI1 + "response_num"):
        types[response.get("ident")] = "string" if response.tag == QTI1 + "response_str" else "float"
        etree.SubElement(out, Q2 + "responseDeclaration", identifier=response.get("ident"),
                         cardinality="single", baseType=types[response.get("ident")])
    return types


def _item_body(item, out) -> None:
    body = etree.SubElement(out, Q2 + "itemBody")
    etree.SubElement(body, Q2 + "div", attrib={"class": "html"}).text = _mattext(item.find(QTI1 + "presentation"))
    for response in item.iter(QTI1 + "response_str", QTI1 + "response_num"):
        etree.SubElement(body, Q2 + "extendedTextInteraction", responseIdentifier=response.get("ident"))


def _mattext(parent) -> str:
    return "".join(m.text or "" for m in parent.iter(QTI1 + "mattext"))


def _response_condition(condition, types: dict, processing) -> None:
    response_if = etree.SubElement(etree.SubElement(processing, Q2 + "responseCondition"), Q2 + "responseIf")
    tests = [_expression(t, types) for t in condition.find(QTI1 + "conditionvar")]
    if len(tests) > 1:
        joined = etree.SubElement(response_if, Q2 + "and")
        joined.extend(tests)
    else:
        response_if.extend(tests)
    for action in condition:
        if action.tag == QTI1 + "setvar":
            outcome = etree.SubElement(response_if, Q2 + "setOutcomeValue", identifier=action.get("varname"))
            etree.SubElement(outcome, Q2 + "baseValue", baseType="float").text = action.text
        elif action.tag == QTI1 + "displayfeedback":
            outcome = etree.SubElement(response_if, Q2 + "setOutcomeValue", identifier="FEEDBACK")
            multiple = etree.SubElement(outcome, Q2 + "multiple")
            etree.SubElement(multiple, Q2 + "variable", identifier="FEEDBACK")
            etree.SubElement(multiple, Q2 + "baseValue", baseType="identifier").text = action.get("linkrefid")


def _expression(test, types: dict):
    """One QTI 1.2 condition test as the QTI 2.1 expression the tool writes."""
    name = etree.QName(test).localname
    if name == "other":
        value = etree.Element(Q2 + "baseValue", baseType="boolean")
        value.text = "true"
        return value
    if name in ("and", "or", "not"):
        operator = etree.Element(Q2 + name)
        operator.extend(_expression(t, types) for t in test)
        return operator
    base = types.get(test.get("respident"), "string")
    if name == "varequal":
        operator = etree.Element(Q2 + ("stringMatch" if base == "string" else "equal"))
        if base == "string":
            operator.set("caseSensitive", "true" if test.get("case") == "Yes" else "false")
    elif base == "string":
        operator = etree.Element(Q2 + "customOperator", attrib={"class": CUSTOM_ON_STRING[name]})
    else:
        operator = etree.Element(Q2 + ON_FLOAT[name])
    etree.SubElement(operator, Q2 + "variable", identifier=test.get("respident"))
    value = etree.SubElement(operator, Q2 + "baseValue", baseType=base, identifier=test.get("respident"))
    value.text = test.text
    return operator


def read_converted(folder) -> list:
    """(interactionType, question_type, item) of every item in a folder QTIMigrationTool wrote."""
    manifest = etree.parse(str(folder / "imsmanifest.xml"))
    found = []
    for resource in manifest.iter("{*}resource"):
        if not resource.get("type", "").startswith("imsqti_item_xmlv2p"):
            continue
        interaction = next((e.text for e in resource.iter("{*}interactionType")), None)
        kind = next((e.get("value") for e in resource.iter("{*}instructureField")
                     if e.get("name") == "question_type"), None)
        found.append((interaction, kind, etree.parse(str(folder / resource.get("href"))).getroot()))
    return found


# --- step 2: Canvas's reading of the QTI 2.1 ----------------------------------

def canvas_question(interaction: str | None, custom_type: str | None, item) -> dict:
    """The question Canvas's importer makes of a converted item: type, points, answers, comments."""
    question = {"answers": [], "question_text": _text(item, "itemBody/div"), "points_possible": 1.0}
    interaction = (interaction or "").lower()
    custom_type = (custom_type or "").lower()
    if not re.search(r"extendedtextinteraction|textinteraction|essay_question|short_answer_question", interaction):
        return dict(question, question_type=f"not modelled: {interaction}")
    numeric = "calculated" not in custom_type and re.search(r"numeric|numerical_question", custom_type)
    if numeric:
        question["question_type"] = "numerical_question"   # NumericInteraction#initialize
    _instructure_metadata(item, question)                  # then the item's own question_type
    if numeric:
        _numeric_answers(item, question)
    elif "calculated" not in custom_type:
        _text_answers(item, question)
    _feedback(item, question)
    return question


def _instructure_metadata(item, question: dict) -> None:
    fields = {f.get("name"): f.get("value") for f in item.iter("{*}instructureField")}
    if fields.get("question_type"):
        question["question_type"] = fields["question_type"]
    if fields.get("points_possible"):
        question["points_possible"] = max(float(fields["points_possible"]), 0.0)


def _numeric_answers(item, question: dict) -> None:
    """NumericInteraction: get_answer_values (standard gte/lte/equal), then get_canvas_answers."""
    first = {name: item.find(f".//{Q2}responseCondition//{Q2}{name}/{Q2}baseValue") for name in ("gte", "lte")}
    if first["gte"] is not None and first["lte"] is not None:
        question["answers"].append({"numerical_answer_type": "range_answer", "start": _to_f(first["gte"].text),
                                    "end": _to_f(first["lte"].text), "weight": 100})
    for response_if in item.iter(Q2 + "responseIf", Q2 + "responseElseIf"):
        either = response_if.find(f".//{Q2}or")
        both = response_if.find(f".//{Q2}and")
        if either is not None:
            _exact_answer(either, question)
        elif both is not None:
            low = both.find(f".//{Q2}customOperator[@class='vargte']/{Q2}baseValue")
            high = both.find(f".//{Q2}customOperator[@class='varlte']/{Q2}baseValue")
            if low is not None or high is not None:
                question["answers"].append({"numerical_answer_type": "range_answer", "weight": 100,
                                            "start": _to_f(low.text) if low is not None else None,
                                            "end": _to_f(high.text) if high is not None else None})


def _exact_answer(either, question: dict) -> None:
    """An exact answer with margin (the margin: the upper end less the exact answer, as BigDecimals),
    or, where the lower end is ``vargt`` and both ends end in 5 a power of ten apart about the
    answer, a "precision" answer (the importer's own "super hacky way to try to detect" them)."""
    exact = either.find(f".//{Q2}stringMatch/{Q2}baseValue")
    if exact is None:
        return
    low = either.find(f".//{Q2}and/{Q2}customOperator[@class='vargt']/{Q2}baseValue")
    high = either.find(f".//{Q2}and/{Q2}customOperator[@class='varlte']/{Q2}baseValue")
    if low is not None and high is not None and all(re.sub(r"[0.]", "", e.text).endswith("5") for e in (low, high)):
        lower, upper, value = Decimal(low.text), Decimal(high.text), Decimal(exact.text)
        width = (upper - lower).normalize()
        if value - lower == upper - value and width.as_tuple().digits == (1,):
            question["answers"].append({"numerical_answer_type": "precision_answer", "weight": 100,
                                        "approximate": _to_f(exact.text),
                                        "precision": value.adjusted() + 1 - width.adjusted()})
            return
    answer = {"numerical_answer_type": "exact_answer", "exact": _to_f(exact.text), "weight": 100}
    high = either.find(f".//{Q2}and/{Q2}customOperator[@class='varlte']/{Q2}baseValue")
    if high is not None:
        answer["margin"] = float(Decimal(high.text) - Decimal(exact.text))
    question["answers"].append(answer)


def _text_answers(item, question: dict) -> None:
    """ExtendedTextInteraction: every stringMatch/match value is a 100% answer; none: an essay."""
    for match in item.iter(Q2 + "stringMatch", Q2 + "match"):
        text = match.findtext(f"{Q2}baseValue")
        if text and all(a["text"] != text for a in question["answers"]):
            question["answers"].append({"text": text, "weight": 100})
    question["question_type"] = (question.get("question_type") or "short_answer_question") if question["answers"] \
        else "essay_question"


def _feedback(item, question: dict) -> None:
    """get_feedback: a modalFeedback's identifier picks the comment it fills."""
    for modal in item.iter(Q2 + "modalFeedback"):
        ident, text = modal.get("identifier"), _text(modal, "div")
        if re.search(r"wrong|incorrect|(_IC$)", ident, re.I):
            question["incorrect_comments"] = text
        elif re.search(r"correct|(_C$)", ident, re.I):
            question["correct_comments"] = text
        elif re.search(r"solution", ident, re.I):
            question["example_solution"] = text
        elif re.search(r"general_|_all", ident, re.I):
            question["neutral_comments"] = text


def _text(node, path: str) -> str:
    found = node.find(f"{Q2}{path.replace('/', '/' + Q2)}")
    return "" if found is None else found.text or ""


def _to_f(text: str) -> float:
    """Ruby's String#to_f, for the decimal texts quizgen writes."""
    return float(text)


# --- step 3: Classic Quizzes scoring -----------------------------------------

def canvas_marks_correct(question: dict, typed: str) -> bool:
    """Whether Canvas marks ``typed`` right: any numerical answer (all are correct
    answers) covering the number, or any short answer equal to it, case aside."""
    if question["question_type"] == "numerical_question":
        try:
            number = Decimal(typed.strip())
        except InvalidOperation:
            number = Decimal(0)
        return any(_covers(answer, number) for answer in question["answers"])
    said = escape(typed).strip().lower()
    return any(escape(a["text"].strip().lower()) == said for a in question["answers"] if a["text"].strip())


def _covers(answer: dict, number: Decimal) -> bool:
    """FlexRange (bounds sorted) for a range; exact +/- margin for an exact answer;
    BigDecimal of each float's shortest text, as Ruby's Float#to_s gives."""
    if answer["numerical_answer_type"] == "exact_answer":
        exact, margin = Decimal(repr(answer["exact"])), Decimal(repr(answer.get("margin") or 0.0))
        return exact - margin <= number <= exact + margin
    if answer["numerical_answer_type"] == "precision_answer":   # sign, exponent and leading digits, cut
        mine, key, digits = number.normalize().as_tuple(), Decimal(repr(answer["approximate"])).normalize(), \
            answer["precision"]
        return mine.sign == key.as_tuple().sign and number.adjusted() == key.adjusted() \
            and mine.digits[:digits] == key.as_tuple().digits[:digits]
    if answer.get("start") is None or answer.get("end") is None:
        return False   # Ruby: BigDecimal(nil.to_s) raises, the answer is never matched
    low, high = sorted((Decimal(repr(answer["start"])), Decimal(repr(answer["end"]))))
    return low <= number <= high
