"""One warning for a wide-form answers file whose lines hold fewer cells than its header:
their missing cells are graded as blank answers, which a file cut short (a truncated
export, a tool dropping a row's last cells) would otherwise pass off as parts left
unanswered (review 50a F7). A line with more cells is invalid, named by its line."""

from __future__ import annotations

from quizgen.errors import InputFileError
from quizgen.grading.csv_rows import Records
from quizgen.grading.timestamps import SHOWN
from quizgen.wording import first_few, thousands


def short_rows_warnings(source) -> list:
    """The warning naming a wide file's lines with fewer cells than the header (the first few), [] for none."""
    if source.form != "wide":
        return []
    try:
        short = _short_lines(source)
    except (OSError, ValueError, InputFileError):   # gone since graded: the warning is left out
        return []
    if not short:
        return []
    width, (line, cells) = len(source.header), short[0]
    others = f" ({thousands(len(short))} such lines: {first_few([s[0] for s in short], SHOWN)})" if len(short) > 1 else ""
    return [f"{source.path.name}: line {line} has {cells} cells where the header has {width}{others}: the cells "
            f"missing at a line's end are graded as blank answers (line {line}: its last {width - cells}); if the "
            "file was cut short (a truncated export), export it again"]


def _short_lines(source) -> list:
    """``[(line, cells)]`` of every line of the file, read again, holding some text but fewer cells than its header."""
    width, found = len(source.header), []
    with source.open() as handle:
        records = Records(handle, source.delimiter, width, source.first_line)
        records.skip(source.skip_lines)
        for row, _ in records:
            if len(row) < width and any(cell.strip() for cell in row):
                found.append((records.line, len(row)))
    return found
