"""The signs in a Moodle download's own cells that a spreadsheet opened it and
saved it again (beside those of its text: a delimiter other than ``,``, an
encoding other than UTF-8, Excel's ``sep=`` line; grading/read_as.py): times
written as a spreadsheet writes them (``06.12.2026 09:07`` for Moodle's
``6 December 2026  9:07 AM``), and grades with fewer decimals than the grade
column's heading (``6.5`` under ``Grade/10.00``: Moodle writes every grade
with the heading's places). Such a save drops the zeros at the end of a
one-number answer too (``2.10`` becomes ``2.1``), which grade then does not
mark as rounded too early (review 57b F7)."""

from __future__ import annotations

import re
from datetime import datetime

from quizgen.lms.attempts import MOODLE_TIMES, started
from quizgen.lms.download_kind import MOODLE_MAXIMUM

_GRADE = re.compile(r"[0-9]+(?:[.,]([0-9]*))?")


def moodle_resave_signs(header: list, rows: list) -> str:
    """What in the cells of a Moodle download (``header``, then ``rows``) shows a
    spreadsheet's save, ``"dates as a spreadsheet writes them (06.12.2026 09:07)"``, or ""."""
    said = []
    times = [header.index(name) for name in ("Started on", "Completed") if name in header]
    shown = next((row[i].strip() for row in rows for i in times if i < len(row) and _rewritten(row[i])), "")
    if shown:
        said.append(f"dates as a spreadsheet writes them ({shown[:40]})")
    grade = next(((i, m) for i, cell in enumerate(header) if (m := MOODLE_MAXIMUM.fullmatch(cell.strip()))), None)
    if grade is not None:
        places = len(grade[1].group(1).replace(",", ".").partition(".")[2])
        short = next((row[grade[0]].strip() for row in rows if grade[0] < len(row)
                      and (m := _GRADE.fullmatch(row[grade[0]].strip())) and len(m.group(1) or "") < places), "")
        if short:
            said.append(f"grades with fewer decimals than the '{header[grade[0]].strip()}' heading ({short[:20]})")
    return ", ".join(said)


def _rewritten(cell: str) -> bool:
    """Whether a time cell reads as a time, but not as Moodle writes one (a spreadsheet's)."""
    text = cell.strip()
    if text in ("", "-") or started(text) is None:
        return False
    cleaned = " ".join(text.replace(",", " ").split())
    for layout in MOODLE_TIMES:
        try:
            datetime.strptime(cleaned, layout)
            return False
        except ValueError:
            continue
    return True
