"""The students whose graded answers to one question come from more than one
line of a wide answers file: a form submitted again whose later line left
blank a part an earlier line answered, or gave it an answer too long to read
(a blank is no new answer, and an unreadable one never replaces one that was
read, so the earlier answer stands: docs/grading.md, "Answers given more than
once"); the note says which, line by line.
Such a student is graded on a set of answers they never submitted together,
and a later part may lose its ECF, worked from the earlier line's (a) but
marked against the later one's; the note names them and the lines, so that
a person can check (and decide with --overrides)."""

from __future__ import annotations

from quizgen.wording import named_few, shortened
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
        lines = source.file_lines(graded)
    except OSError:   # gone or unreadable since the pass (same_id.py warns of it): no lines to name
        return []
    mixed = {}   # {(student, question): {line: [parts]}}
    for row, (n, question, part) in sorted(graded.items()):
        if row in lines:
            mixed.setdefault((n, question), {}).setdefault(lines[row], []).append(part)
    found = [(n, question, by_line) for (n, question), by_line in mixed.items() if len(by_line) > 1]
    if not found:
        return []
    try:
        left = _left_on(source, index, {line: question for _, question, by_line in found for line in by_line})
    except OSError:
        left = {}
    shown = [f"{shortened(students.ids[n])} {question} ("
             + "; ".join(f"{_parts(parts)} from line {line}{_what_left(left.get(line, {}))}"
                         for line, parts in by_line.items())
             + ")" for n, question, by_line in found]
    return [f"{len({n for n, _, _ in found})} student(s) have the answers to a question graded from more than one "
            "submission (line of the file): a later one left a part blank or gave it an answer too long to read, "
            "so an earlier one's answer to it stands, and they are graded on answers never submitted together (a "
            "later part may lose the ECF its own line's earlier parts gave it; check, and decide with --overrides): "
            + named_few(shown, SHOWN)]


def _parts(parts) -> str:
    return ", ".join(f"({p})" for p in parts)


def _what_left(left: dict) -> str:
    """What a line did with the parts another line's answer was graded for:
    ``, which left (b) blank and gave (c) an answer too long to read``; "" when it answered them
    (an answer that lost to another line's later time is the usual resubmission)."""
    blank = [part for part, why in left.items() if why == "blank"]
    long = [part for part, why in left.items() if why == "long"]
    said = ([f"left {_parts(blank)} blank"] if blank else []) + (
        [f"gave {_parts(long)} {'an answer' if len(long) == 1 else 'answers'} too long to read"] if long else [])
    return f", which {' and '.join(said)}" if said else ""


def _left_on(source, index, lines: dict) -> dict:
    """``{line: {part: "blank" or "long"}}``: the parts of the question
    ``lines[line]`` that each of the ``lines`` left blank or answered too long
    to read (answers_file.LongAnswer), read again from the file up to the last of them."""
    left, last = {}, max(lines)
    for line, _, _, question, part, answer, _, problem in source.records():
        if line > last:
            break
        if line not in lines or problem is not None:
            continue
        slot = index.slot(question, part)
        if slot.__class__ is not int or index.slots[slot]["question_id"] != lines[line]:
            continue
        why = "long" if hasattr(answer, "too_long") else "blank" if not answer.strip() else None
        if why is not None:
            left.setdefault(line, {})[index.slots[slot]["part"]] = why
    return left
