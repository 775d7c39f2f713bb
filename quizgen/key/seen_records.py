"""Whole question records met before in one key: the key grade builds from an
LMS download before version 5 wrote each student's question whole, so a
variant thousands of students were given was thousands of equal records. Each
is read once (model.py ``_question``) and the one KeyQuestion stands for every
record equal to it, which grade then marks once per distinct answer."""

from __future__ import annotations

import json


class SeenRecords:
    """The KeyQuestion read from each whole record, by its id, template and seed label."""

    def __init__(self):
        self._seen = {}   # {(id, template, seed): [record, its JSON text or None until asked, KeyQuestion]}

    def question(self, record):
        """The KeyQuestion read before from a record equal to ``record``, JSON types too, or None."""
        earlier = self._seen.get(_names(record))
        if earlier is None or earlier[0] != record:
            return None
        if earlier[1] is None:   # Python's == takes false for 0 and 1 for 1.0: the texts tell them apart
            earlier[1] = json.dumps(earlier[0])
        return earlier[2] if earlier[1] == json.dumps(record) else None

    def add(self, record, question) -> None:
        """Keep ``question``, read from ``record``, for the equal records to come."""
        names = _names(record)
        if names is not None:
            self._seen[names] = [record, None, question]


def _names(record):
    """``(id, template, seed)`` of a record whose three are plain text or numbers, else None."""
    if record.__class__ is not dict:
        return None
    names = (record.get("id"), record.get("template"), record.get("seed"))
    return names if all(name.__class__ in (str, int) for name in names) else None
