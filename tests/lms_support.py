"""What the LMS tests share: a small port of Moodle's Cloze parser
(question/type/multianswer/questiontype.php: ANSWER_REGEX,
ANSWER_ALTERNATIVE_REGEX, NUMERICAL_ALTERNATIVE_REGEX and the loop of
qtype_multianswer_extract_question) to read back what quizgen exports exactly
as Moodle's importer would; running an export beside ``generate``; and a
Moodle Responses download built in the layout Moodle's report code writes."""

import csv
import html
import io
import json
import re

from quizgen.key.model import Key

FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
# PCRE's (?<!\\|&|&amp;) as three fixed-width look-behinds (Python needs fixed widths).
ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
ALTERNATIVE = f"({FRACTION})?({ANSWER})(#({FEEDBACK}))?"
NUMBER = r"-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)"
NUMERICAL_ALTERNATIVE = f"^({NUMBER})(:{NUMBER})?$"
TYPES = r"(NUMERICAL|NM)|(SHORTANSWER|SA|MW)"
ANSWER_REGEX = r"\{([0-9]*):(" + TYPES + "):(" + ALTERNATIVE + "(~" + ALTERNATIVE + r")*)\}"


def parse_cloze(text: str) -> list:
    """The sub-questions of a Cloze question text, each as
    {"type", "weight", "answers": [(fraction, answer, tolerance, feedback)]},
    answers and feedback decoded as Moodle stores them."""
    subs = []
    while (match := re.search(ANSWER_REGEX, text, re.S)) is not None:
        numerical = bool(match.group(3))
        subs.append({"type": "numerical" if numerical else "shortanswer",
                     "weight": match.group(1) or "1",
                     "answers": _alternatives(match.group(5), numerical)})
        text = text.replace(match.group(0), "{#%d}" % len(subs), 1)
    return subs


def _alternatives(remaining: str, numerical: bool) -> list:
    answers = []
    while (alt := re.search("~?" + ALTERNATIVE, remaining, re.S)) is not None:
        fraction = 1.0 if alt.group(1) == "=" else (0.01 * float(alt.group(2).replace(",", ".")) if alt.group(2)
                                                    else 0.0)
        feedback = _decode(alt.group(5)) if alt.group(4) is not None else ""
        number = re.search(NUMERICAL_ALTERNATIVE, alt.group(3), re.S) if numerical else None
        if number:
            answers.append((fraction, number.group(1), number.group(6) or "0", feedback))
        else:
            answers.append((fraction, _decode(alt.group(3)), None, feedback))
        remaining = remaining.split(alt.group(0), 1)[1]
    return answers


def _decode(text: str) -> str:
    """html_entity_decode, then \\} -> } and \\# -> #, in Moodle's order."""
    return html.unescape(text).replace("\\}", "}").replace("\\#", "#")


def export_and_key(folder, export: list, count: int, seed: int):
    """Run ``quizgen export <export...>`` and ``quizgen generate`` with the same
    count and seed in ``folder``; returns generate's key questions by seed label."""
    from click.testing import CliRunner
    from quizgen.cli import main

    runner = CliRunner()
    for args in (["export", *export, "--count", count, "--seed", seed],
                 ["generate", "--count", count, "--seed", seed, "--out", folder / "quiz"]):
        result = runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
    key = Key.from_json(json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8")))
    return {q.seed: {"template": q.template, "seed": q.seed, "parts": [_part_record(p) for p in q.parts]}
            for q in key.questions}


def canvas_export(folder, count: int, seed: int):
    """``quizgen export canvas`` of every class into ``folder``: the zip, opened."""
    import zipfile
    from click.testing import CliRunner
    from quizgen.cli import main

    result = CliRunner().invoke(main, ["export", "canvas", "--out", str(folder / "quiz.zip"), "--count", str(count),
                                       "--seed", str(seed)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return zipfile.ZipFile(io.BytesIO((folder / "quiz.zip").read_bytes()))


def export_labels(key_file) -> dict:
    """{(template, code): seed label} of the export whose key file is ``key_file``."""
    from quizgen.lms.exportkey import code_labels, load_export_key

    data = load_export_key(key_file)
    return code_labels(data, data["templates"])


def moodle_window(part) -> tuple:
    """(answer, tolerance) Moodle should hold for a key number part, from the marking's own span
    (as_asked.as_asked_span): the key rounded to the figures asked, half the span's narrower side
    (a tie's neighbours both right: the exact answer and its window instead; review 53a F1)."""
    from quizgen.marking.as_asked import as_asked_span
    from quizgen.marking.rule_model import figures_asked
    from quizgen.maths.rounding import to_figures

    key = part.rational if part.rational is not None else part.value
    span = as_asked_span(key, part.kind, part.tolerance)
    if span is None or float(key) in span:
        return part.value, part.half_width()
    centre = float(to_figures(key, figures_asked(part.kind, part.tolerance)))
    return centre, min(centre - span[0], span[1] - centre)


def _part_record(part) -> dict:
    """A key part as a plain record with its windows worked out (what the LMS must hold)."""
    record = {"part": part.letter, "type": part.kind, "accept": list(part.accept), "points": part.points}
    if part.kind != "word":
        record.update(value=part.value, abs_tolerance=part.half_width(), moodle=moodle_window(part))
    record["misconceptions"] = [
        {"code": trap.code, "feedback": trap.feedback, "words": list(trap.words),
         **({} if value is None else {"value": value, "abs_tolerance": part.trap_half_width(i)})}
        for i, (trap, value) in enumerate(zip(part.traps, part.trap_values))]
    return record


def moodle_csv(header: list, rows: list) -> str:
    """Rows as Moodle's CSV download writes them."""
    out = io.StringIO()
    csv.writer(out).writerows([header] + rows)
    return out.getvalue()


def question_summary(question_html: str) -> str:
    """Moodle's question summary: the question text as plain text, each Cloze
    sub-question replaced by _____ (qtype_multianswer_question::get_question_summary)."""
    text = re.sub(ANSWER_REGEX, "_____", question_html, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text)).strip()


def moodle_download(path, xml: str, slots: list, students: int, typed) -> list:
    """Write to ``path`` a Responses download (mod/quiz/report/responses, downloading:
    Last name, First name, the identity fields, State, the time and grade columns,
    then Question N / Response N / Right answer N) of ``students`` each shown a
    variant of every slot, typing ``typed(part, student)``; a Cloze response is
    ``part 1: x; part 2: y``. Returns (student id, name, slot, variant, part, typed) per answer."""
    from lxml import etree

    tree = etree.fromstring(xml.encode("utf-8"))
    texts = {q.findtext("idnumber"): q.findtext("questiontext/text") for q in tree if q.get("type") != "category"}
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00"]
    for n in range(1, len(slots) + 1):
        header += [f"Question {n}", f"Response {n}", f"Right answer {n}"]
    rows, made = [], []
    for s in range(students):
        row = [f"S{s}", "Test", f"s{s:03d}", f"s{s}@example.org", "Finished", "", "", "", "5.00"]
        for n, slot in enumerate(slots, start=1):
            variant = slot.variants[(3 * s + n) % len(slot.variants)]
            answers = [typed(part, s + i) for i, part in enumerate(variant.parts)]
            shown = (answers[0] or "-") if len(answers) == 1 else "; ".join(
                f"part {i}: {a}" for i, a in enumerate(answers, start=1))
            row += [question_summary(texts[variant.tag]), shown.strip(), ""]   # the report trims each cell
            made += [(f"s{s:03d}", f"Test S{s}", n, variant, part, answer)
                     for part, answer in zip(variant.parts, answers)]
        rows.append(row)
    path.write_text(moodle_csv(header, rows), encoding="utf-8")
    return made


def exported_download(invoke, folder, classes: str, count: int, students: int, seed: int = 42) -> list:
    """``quizgen export moodle`` of ``classes`` into ``folder`` (questions.xml and
    its key), then a download of ``students`` answering 0.5 everywhere
    (responses.csv): its rows, header first."""
    from quizgen.lms.exportkey import with_codes
    from quizgen.lms.variants import slots as make_slots

    assert invoke("export", "moodle", "--classes", classes, "--count", count, "--seed", seed,
                  "--out", folder / "questions.xml").exit_code == 0
    secret = json.loads((folder / "questions-key.json").read_text(encoding="utf-8"))["secret"]
    slots = with_codes(make_slots(classes, count=count, seed=seed), secret)
    moodle_download(folder / "responses.csv", (folder / "questions.xml").read_text(encoding="utf-8"), slots, students,
                    lambda part, s: "0.5")
    return list(csv.reader(io.StringIO((folder / "responses.csv").read_text(encoding="utf-8"))))


def download_with(invoke, folder, column: str, value: str, count: int = 1) -> None:
    """responses.csv (exported_download: an export of C1, ``count`` variants, 2
    students) with the second student's ``column`` cell set to ``value``."""
    header, *rows = exported_download(invoke, folder, "C1", count, 2)
    rows[1][header.index(column)] = value
    (folder / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")


def lms_agrees(lms_right: bool, verdict, x, answer: str, asked: int, where, ties_in: bool = False) -> None:
    """What the LMS's window about ``answer`` (its right answer, decimal text, at ``asked`` figures)
    marks right, grade marks plainly correct; what grade marks plainly correct and the window leaves
    out (``x``, a Decimal) is quizgen's alone: a tie at the window's end (unless ``ties_in``: Canvas
    holds both), the wider side of a power of ten (``1.003`` for 1.00), or a tie answer's upper half."""
    from decimal import Decimal
    from quizgen.key.status import Status
    centre = Decimal(answer)
    unit = Decimal(1).scaleb(centre.adjusted() - asked + 1)
    plainly = verdict.status == Status.CORRECT and verdict.note == ""
    if lms_right:
        assert plainly, where
    elif plainly:
        tie_key = len(answer.lstrip("-0.").replace(".", "")) > asked
        decade = centre.copy_abs() == Decimal(1).scaleb(centre.adjusted())
        wide_side = decade and abs(x) > abs(centre) and abs(x - centre) < unit / 2
        assert (abs(x - centre) == unit / 2 and not ties_in) or wide_side or tie_key, where


def drawn_number_parts(count: int, label: str):
    """``(where, part, rules, asked)`` for each number part that asks figures, of ``count`` variants of
    every built-in class drawn from ``{label}/{template}/{k}`` (``where``: class, k, part letter): the
    parts whose LMS window tests/test_lms_window53.py and test_lms_canvas_window54.py mark a grid in."""
    from quizgen.bank.loader import load_bank
    from quizgen.generation.quiz import Question
    from quizgen.generation.sampling import sample_instance
    from quizgen.grading.careful import QuestionRules
    from quizgen.key.entries import key_entry
    from quizgen.marking.rule_model import Credits, figures_asked
    for template in sorted(load_bank(), key=lambda t: t.cls):
        for k in range(count):
            question = key_entry(Question("Q1", sample_instance(template, f"{label}/{template.id}/{k}")))
            rules = QuestionRules(question, Credits())
            for part in question.parts:
                asked = None if part.kind == "word" else figures_asked(part.kind, part.tolerance)
                if part.value is not None and asked is not None:
                    yield (template.cls, k, part.letter), part, rules, asked
