"""The answer key: key.json holds everything (seed, parameters, exact values,
tolerances, misconceptions); key.csv holds what a person checks by eye."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from quizgen import __version__
from quizgen.maths.exact import Exact
from quizgen.maths.numbers import key_answer
from quizgen.maths.printing import terminating_decimal, to_latex, to_text
from quizgen.text.render import render_many
from quizgen.maths.tolerance import half_width

KEY_CSV_COLUMNS = ("question_id", "part", "class", "answer", "points", "template", "exact")
"""key.csv's columns; with student papers, ``student_id`` comes first."""


def json_params(value):
    """Parameter values as JSON: whole numbers as ints, finite decimals as
    numbers, other exact values as SymPy-syntax text."""
    cls = value.__class__
    if cls is str:
        return value
    if cls is dict:
        return {k: json_params(v) for k, v in value.items()}
    if cls is tuple or cls is list:
        return [json_params(v) for v in value]
    if cls is Fraction:
        if value.denominator == 1:
            return value.numerator
        decimal = terminating_decimal(value)
        return float(decimal) if decimal is not None else f"{value.numerator}/{value.denominator}"
    if isinstance(value, Exact):
        return to_text(value)
    return value


def _number_record(value, latex: bool = True) -> dict:
    record = {"exact": to_text(value), "value": float(f"{float(value):.12g}")}
    if latex:
        record["latex"] = to_latex(value)
    return record


def part_record(pv, inst, points: float, feedback=None) -> dict:
    """One part of a key.json question; ``feedback`` is its traps' rendered
    feedback when already at hand (see :func:`trap_feedback`)."""
    part = pv.part
    record = {"part": pv.letter, "name": part.name, "type": part.kind, "points": round(points, 4)}
    if part.kind == "word":
        record["accept"] = list(pv.accept)
        record["answer"] = pv.accept[0]
    else:
        record.update(_number_record(pv.value))
        record["answer"] = key_answer(pv.value, part.kind, part.decimals)
        record["decimals"] = part.decimals
        record["tolerance"] = dict(part.tolerance) or {"sigfigs": 3}
        record["abs_tolerance"] = float(f"{half_width(float(pv.value), part.tolerance, part.kind):.6g}")
    if feedback is None:
        feedback = trap_feedback(inst, [pv])[0]
    record["misconceptions"] = [_trap_record(trap, text, pv) for trap, text in zip(pv.traps, feedback)]
    return record


def trap_feedback(inst, parts) -> list:
    """The rendered feedback of every trap of ``parts``, one list per part, in
    one render call."""
    texts = render_many([trap.feedback for pv in parts for trap in pv.traps], inst.context, "text")
    lists, start = [], 0
    for pv in parts:
        lists.append(texts[start:start + len(pv.traps)])
        start += len(pv.traps)
    return lists


def _trap_record(trap, feedback: str, pv) -> dict:
    """A misconception of a key part: its code, feedback, and wrong value (exact
    form and decimal; its LaTeX is left out, no document prints it)."""
    record = {"code": trap.code, "feedback": feedback}
    if trap.value is not None:
        record.update(_number_record(trap.value, latex=False))
        record["abs_tolerance"] = float(f"{half_width(float(trap.value), pv.part.tolerance, pv.part.kind):.6g}")
    if trap.words:
        record["words"] = list(trap.words)
    return record


def key_data(quiz) -> dict:
    """The whole key as a JSON-ready dict (what key.json holds)."""
    from quizgen.generation.quiz import key_entry

    data = {
        "quizgen": __version__,
        "seed": quiz.seed,
        "worked_examples": quiz.worked_examples,
        "questions": [key_entry(q) for q in quiz.questions],
    }
    if quiz.papers:
        data["students"] = {paper.student_id: {"name": paper.name, "seed": paper.seed,
                                               "questions": [key_entry(q) for q in paper.questions]}
                            for paper in quiz.papers}
    return data


def key_files(quiz) -> dict:
    """key.json and key.csv as {name: text}; stable: same quiz, same bytes."""
    return {name: "".join(pieces) for name, pieces in key_streams(quiz).items()}


def key_streams(quiz) -> dict:
    """key.json and key.csv as {name: pieces of text}, to be written as made.
    Built from each question's key text (made once, in a worker with ``--jobs``),
    with one question record per line: readable, diff-friendly, and written by
    the C encoder."""
    return {"key.json": _key_json(quiz), "key.csv": _key_csv(quiz)}


def _key_json(quiz):
    from quizgen.generation.quiz import key_text

    head = {"quizgen": __version__, "seed": quiz.seed, "worked_examples": quiz.worked_examples}
    yield "{\n" + "".join(f"  {_dump(name)}: {_dump(value)},\n" for name, value in head.items())
    yield '  "questions": [\n'
    for i, question in enumerate(quiz.questions):
        yield (",\n    " if i else "    ") + key_text(question)[0]
    yield "\n  ]"
    if quiz.papers:
        yield ',\n  "students": {\n'
        yield ",\n".join(f"    {_dump(p.student_id)}: {_paper_json(p)}" for p in quiz.papers)
        yield "\n  }"
    yield "\n}\n"


def _key_csv(quiz):
    """key.csv: a row per question part of the paper handed out, or with
    student papers a row per part of each student's own paper, their id first."""
    from quizgen.generation.quiz import key_text
    from quizgen.grading.report import spreadsheet_safe

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if quiz.papers:
        writer.writerow(("student_id",) + KEY_CSV_COLUMNS)
        for paper in quiz.papers:
            student = spreadsheet_safe(paper.student_id)
            writer.writerows([student, *row] for question in paper.questions for row in key_text(question)[1])
            yield _taken(out)
    else:
        writer.writerow(KEY_CSV_COLUMNS)
        for start in range(0, len(quiz.questions), 1000):
            for question in quiz.questions[start:start + 1000]:
                writer.writerows(key_text(question)[1])
            yield _taken(out)
    yield _taken(out)


def _taken(buffer: io.StringIO) -> str:
    """What ``buffer`` holds, leaving it empty."""
    text = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    return text


_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)


def _dump(value) -> str:
    """``value`` as JSON text (records are trees made here: no cycles to look for)."""
    return _ENCODER.encode(value)


def _paper_json(paper) -> str:
    from quizgen.generation.quiz import key_text

    records = ", ".join(key_text(q)[0] for q in paper.questions)
    return f'{{"name": {_dump(paper.name)}, "seed": {_dump(paper.seed)}, "questions": [{records}]}}'


def entry_text(entry: dict) -> tuple:
    """A question's key record as (its JSON text, its key.csv rows)."""
    rows = [[entry["id"], part["part"], entry["class"], part["answer"], part["points"], entry["template"],
             part.get("exact", "")] for part in entry["parts"]]
    return _dump(entry), rows
