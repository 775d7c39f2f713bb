"""One warning for a wide-form answers file whose lines end before some of its answer columns:
those answers are graded as blank, which a file cut short (a truncated export, a tool dropping
a row's last cells) would otherwise pass off as parts left unanswered (review 50a F7). A line
missing only cells of other columns (a comment column, or the empty header cells a spreadsheet
leaves after the last column) loses no answer and is not named (review 51a F4). A line with more
cells is invalid, named by its line."""

from __future__ import annotations

from bisect import bisect_left

from quizgen.errors import InputFileError
from quizgen.grading.csv_rows import Records
from quizgen.grading.timestamps import SHOWN
from quizgen.wording import first_few, printable, shortened, thousands

LABELS_SHOWN = 3
"""How many of the first short line's missing answer columns the warning names."""


def short_rows_warnings(source) -> list:
    """The warning naming a wide file's lines that end before an answer column (the first few), [] for none."""
    if source.form != "wide":
        return []
    answers = sorted(column for column, _, _ in source.wide if column not in source.stray)
    try:
        short = _short_lines(source, answers)
    except (OSError, ValueError, InputFileError):   # gone since graded: the warning is left out
        return []
    if not short:
        return []
    line, cells = short[0]
    lost = answers[bisect_left(answers, cells):]
    others = f" ({thousands(len(short))} such lines: {first_few([s[0] for s in short], SHOWN)})" if len(short) > 1 else ""
    labels = first_few([shortened(printable(source.header[c].strip()), 30) for c in lost], LABELS_SHOWN)
    return [f"{source.path.name}: line {line} has {cells} cells where the header has {len(source.header)}{others}: "
            f"the answers missing at a line's end are graded as blank (line {line}: {thousands(len(lost))} "
            f"answer{'s' if len(lost) > 1 else ''}, {labels}); if the file was cut short (a truncated export), "
            "export it again"]


def _short_lines(source, answers: list) -> list:
    """``[(line, cells)]`` of every line of the file, read again, holding some text but ending before
    its last answer column (``answers``: the indexes of the columns holding answers, in order)."""
    width, found = len(source.header), []
    last = answers[-1] if answers else -1
    with source.open() as handle:
        records = Records(handle, source.delimiter, width, source.first_line)
        records.skip(source.skip_lines)
        for row, _ in records:
            if len(row) <= last and any(cell.strip() for cell in row):
                found.append((records.line, len(row)))
    return found
