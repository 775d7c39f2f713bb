"""The students whose graded answers to one question come from more than one
line of a wide answers file: a form submitted again whose later line left
blank a part an earlier line answered (a blank is no new answer, so the
earlier answer stands: docs/grading.md, "Answers given more than once").
Such a student is graded on a set of answers they never submitted together,
and a later part may lose its ECF, worked from the earlier line's (a) but
marked against the later one's; the note names them and the lines, so that
a person can check (and decide with --overrides)."""

from __future__ import annotations

from quizgen.errors import named_few, shortened
from quizgen.grading.timestamps import SHOWN


def mixed_lines(source, index, students, grid, resubmitted: dict) -> list:
    """One note naming each student of a wide file who submitted again and
    whose graded answers to a question come from two or more of its lines
    ([] when none, and for a long file, whose every line holds one part)."""
    owners = sorted(n for n, count in resubmitted.items() if count and 0 <= n < grid.students)
    if source.form != "wide" or not owners:
        return []
    graded = {}   # {answer row: (student, question, part)}: the answers graded for a resubmitting student
    for n in owners:
        for slot, info in enumerate(index.slots):
            row = grid.rows[n * grid.width + slot]
            if row >= 0:
                graded[row] = (n, info["question_id"], info["part"])
    try:
        lines = _lines_of(source, graded)
    except OSError:   # gone or unreadable since the pass (same_id.py warns of it): no lines to name
        return []
    mixed = {}   # {(student, question): {line: [parts]}}
    for row, (n, question, part) in sorted(graded.items()):
        if row in lines:
            mixed.setdefault((n, question), {}).setdefault(lines[row], []).append(part)
    found = [(n, question, by_line) for (n, question), by_line in mixed.items() if len(by_line) > 1]
    if not found:
        return []
    shown = [f"{shortened(students.ids[n])} {question} ("
             + "; ".join(f"{', '.join(f'({p})' for p in parts)} from line {line}" for line, parts in by_line.items())
             + ")" for n, question, by_line in found]
    return [f"{len({n for n, _, _ in found})} student(s) have the answers to a question graded from more than one "
            "submission (line of the file): a later one left a part blank, so an earlier one's answer to it stands, "
            "and they are graded on answers never submitted together (a later part may lose the ECF its own line's "
            "earlier parts gave it; check, and decide with --overrides): " + named_few(shown, SHOWN)]


def _lines_of(source, rows: dict) -> dict:
    """``{answer row: file line}`` for the answer ``rows`` (numbered from 0 in file
    order), read again from the file up to the last of them (a wide file: one line a submission)."""
    found, last = {}, max(rows)
    for number, record in enumerate(source.records()):
        if number in rows:
            found[number] = record[0]
        if number >= last:
            break
    return found
