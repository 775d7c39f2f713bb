"""Each part's most common wrong answer over the class, for the class report: many students
writing the same wrong number on a part nobody scored on is the sign of a wrong key or a
misprinted number, not of a topic untaught (report/flags.hard_reason says so)."""

from __future__ import annotations

from collections import Counter

from quizgen.key.status import Status
from quizgen.report.formatting import decimal_mark


def common_wrong(matrix, gone, comma: bool = False) -> list:
    """Per slot of ``matrix`` (grading.matrix.VerdictMatrix), ``(value, students, code)``: the number
    most students answered wrongly (status incorrect), written as read (``9.99``; a decimal comma when
    ``comma``), how many wrote it and the trap it met ("" for none); None when no wrong answer was a
    number, or when the part's students hold more than one paper (per-student papers: each student's
    own numbers, so one value shared by many says nothing of the key). ``gone``: the student numbers
    left out of the class report's figures (absent, marked only by overrides, every answer blank)."""
    found = []
    for slot in range(len(matrix.slots)):
        papers = {matrix.papers[n] for n in range(len(matrix)) if matrix.on_paper(n, slot)}
        wrong = Counter((outcome.value, outcome.misconception) for n, outcome in enumerate(matrix.column(slot))
                        if outcome.status is Status.INCORRECT and outcome.value is not None and n not in gone)
        if len(papers) > 1 or not wrong:
            found.append(None)
            continue
        (value, code), count = min(wrong.items(), key=lambda item: (-item[1], item[0][0], item[0][1]))
        found.append((decimal_mark(_written(value), comma), count, code))
    return found


def _written(value: float) -> str:
    """A number as its shortest exact decimal (``9.99``, ``0.000123``), never in exponent form."""
    text = repr(float(value))
    if "e" in text or "E" in text:
        text = format(value, ".15f").rstrip("0").rstrip(".")
        text = format(value, "f") if text in ("", "-0") else text
    return text[:-2] if text.endswith(".0") else text
