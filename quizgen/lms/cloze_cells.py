"""A Moodle response cell split into its Cloze parts: Moodle writes a Cloze
response as ``part 1: x; part 2: y`` (qtype_multianswer's summarise_response),
other questions as the answer alone (quizgen.lms.responses reads the cells)."""

from __future__ import annotations

import re


def cloze_parts(summary: str) -> list:
    """A response summary as [(part letter, answer)]: Moodle writes a Cloze
    response as ``part 1: x; part 2: y`` (qtype_multianswer's summarise_response
    joins 'part {$a->i}: {$a->response}' with '; '), other questions as the answer.
    The Responses report trims the cell, so a blank last part ends it with
    ``part 3:`` (no space after the colon), and an untouched Cloze is
    ``part 1: ; part 2: ; part 3:``: each part is found by ``; part N:``
    whatever the spaces around it (a spreadsheet may drop them too), a blank
    part reading "". A cell naming a part twice (``; part 2:`` typed into box 1) cannot be
    split as Moodle saw it: every part gets the whole cell, which a person reads (needs_review),
    as a cell whose parts are out of order is read whole."""
    if not _CLOZE_FIRST.match(summary):
        return [("a", summary.strip())]
    answers, start, number = [], summary.index(":") + 1, 1   # each part searched for from where the last ended:
    for marker in _CLOZE_NEXT.finditer(summary, start):     # linear time (slicing off the rest per part was
        if marker.group(1) == str(number + 1):               # quadratic)
            answers.append((letter_of(number - 1), summary[start:marker.start()].strip()))
            start, number = marker.end(), number + 1
    answers.append((letter_of(number - 1), summary[start:].strip()))
    return [(letter, summary.strip()) for letter, _ in answers] if part_named_twice(summary) else answers


def part_named_twice(summary: str) -> str | None:
    """The number, as written, of the first Cloze part a response cell ``summary``
    names a second time (``"2"`` for ``part 1: 0.1; part 2: 0.8; part 2: ; part 3:``),
    for which cloze_parts gives each part the whole cell; None when it names none twice."""
    if not _CLOZE_FIRST.match(summary):
        return None
    named = {"1"}
    for marker in _CLOZE_NEXT.finditer(summary, summary.index(":") + 1):
        if marker.group(1) in named:
            return marker.group(1)
        named.add(marker.group(1))
    return None


def odd_first_part(summary: str) -> str | None:
    """The number, as written, of the part a cell that reads as a Cloze response
    (``part N: x; part M: y``) starts with when it is not part 1, which every
    Moodle Cloze summary starts with (``part -1: 0.5; part 0: 1; part 1: 0.57``:
    numbers no Cloze question has, a hand edit); None for any other cell.
    Such a cell is read whole, as one answer, and a person reads it."""
    first = _ODD_FIRST.match(summary)
    return first.group(1) if first is not None and first.group(1) != "1" else None


_ODD_FIRST = re.compile(r"part ([-+]?\d+):[^;]*;\s*part [-+]?\d+:")
_CLOZE_FIRST = re.compile(r"part 1:")
_CLOZE_NEXT = re.compile(r";\s*part (\d+):")


def letter_of(index: int) -> str:
    """Part letters: a, b, ..., z, aa, ab, ... (as quizgen numbers parts)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[index] if index < 26 else letter_of(index // 26 - 1) + letters[index % 26]
