"""Reading a progress file's JSON (drill/record.py keeps the record and the
file): what must hold for the file to be read at all, and each card checked
on its own, so that one bad entry is dropped with a line naming it while the
rest of the learner's record is kept (docs/drill.md, "Your progress file")."""

from __future__ import annotations

import json

from quizgen.json_names import name_given_twice
from quizgen.wording import printable, quoted, shortened
from quizgen.key.checks import MAX_ID as MAX_NAME   # a trap code's length in a key

FORMAT = "quizgen-progress"
VERSION = 2               # 2: a class card also says how its questions went (SPLIT, "last"); 1 is read too
READS = (1, 2)
BOXES = 5
MAX_COUNT = 10 ** 15      # the most the clock, sessions or a card's due, seen or right may be
MAX_CARDS = 10_000        # classes, and misconceptions, one record may hold
FIELDS = ("box", "due", "seen", "right")
CLEAN, HELPED, MISSED, SKIPPED = KINDS = ("clean", "helped", "missed", "skipped")
"""How a finished question went: right without hints; right, with hints; a part wrong (too few
figures too); skipped, no part wrong. A class card's ``last`` is one of them."""
SPLIT = (HELPED, MISSED, SKIPPED)   # a class card's counts of the questions not right without hints, by kind
CLASS_ONLY = (*SPLIT, "last")       # fields a class card may have beside FIELDS (version 2; absent in 1)
_KIND = {"classes": "class", "misconceptions": "misconception"}


class BadProgressFile(Exception):
    """A progress file that cannot be read as a record at all; ``not_json``
    when its text is no JSON (cut short, or not a record's text). A signal
    record.load turns into its warning (no ValueError, so that no
    broad ``except ValueError`` on the way takes it for Python's own)."""

    def __init__(self, reason: str, not_json: bool = False):
        super().__init__(reason)
        self.not_json = not_json


class NewerProgressFile(BadProgressFile):
    """A record written by a newer quizgen: the learner's, left as it is."""


def read_record(text: str) -> tuple:
    """``(clock, sessions, cards, dropped)`` from a progress file's text:
    ``cards`` maps "classes" and "misconceptions" to {name: fields}, each card
    checked (``card_problem``); ``dropped`` says, one line each, which were
    left out and why. BadProgressFile when the file as a whole is no record,
    naming a name given twice in one object when there is one (JSON keeps the
    second: ``"version": 2, "version": 3`` is no newer quizgen's record)."""
    data = _json(text)
    try:
        return _record(data)
    except BadProgressFile as exc:
        twice = name_given_twice(text)
        if twice is None:
            raise
        raise BadProgressFile(f"the name {quoted(twice)} is given twice in one object, and JSON keeps the "
                              "second; quizgen never writes that") from exc


def _record(data) -> tuple:
    """``read_record`` of the file's JSON ``data``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadProgressFile(f'no "format": "{FORMAT}" field')
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise NewerProgressFile(f"version {shortened(version, 20)}, this one reads {VERSION}")
    if version.__class__ is not int or version not in READS:   # 2.0 == 2 and True == 1: neither is a version
        shown = shortened(json.dumps(version), 20) if "version" in data else "missing"   # as the file writes it
        raise BadProgressFile(f"version {shown}, expected {' or '.join(map(str, READS))}")
    clock, sessions = data.get("clock"), data.get("sessions")
    if not (count(clock) and count(sessions)):
        raise BadProgressFile(f'"clock" and "sessions" must be whole numbers from 0 to {MAX_COUNT:,}')
    cards, dropped = {}, []
    for key in _KIND:
        cards[key] = {}
        for name, fields in _mapping(data, key).items():
            problem = card_problem(key, name, fields)
            if problem:
                dropped.append(f"{problem}: that {_KIND[key]} starts afresh")
            else:
                cards[key][str(name)] = fields
    return clock, sessions, cards, dropped


def _json(text: str):
    """The file's JSON; BadProgressFile (``not_json``) saying why it is none."""
    try:
        return json.loads(text)
    except ValueError as exc:
        if getattr(exc, "lineno", None) is None:   # not a JSON syntax error: Python's limit on an integer's digits
            raise BadProgressFile("it holds an integer too long to read", not_json=True) from exc
        at = "" if exc.msg.endswith(" at") else " at"   # "Unterminated string starting at"
        raise BadProgressFile(f"{exc.msg}{at} line {exc.lineno}, column {exc.colno}", not_json=True) from exc
    except RecursionError as exc:
        raise BadProgressFile("it is nested too deeply", not_json=True) from exc


def _mapping(data: dict, key: str) -> dict:
    """The cards under ``key``; BadProgressFile when they are no mapping or too many."""
    cards = data.get(key, {})
    if not isinstance(cards, dict):
        raise BadProgressFile(f'"{key}" must be a mapping')
    if len(cards) > MAX_CARDS:   # 200,000 made a one-question drill take 7.6 s
        raise BadProgressFile(f'"{key}" holds {len(cards):,} entries, more than the {MAX_CARDS:,} a record may hold')
    return cards


def card_problem(key: str, name: str, fields) -> str:
    """What is wrong with the card ``name`` under ``key`` (``classes.C1.box is
    7, expected 1 to 5``), or ''. A class card's ``right`` and SPLIT counts
    count some of its ``seen`` questions (each at most ``seen``: capped at
    MAX_COUNT, a sum might not stay within it); a misconception card's
    ``right`` counts the times it was avoided, apart from the times it was
    met, so it may be the larger. Only a class card may have CLASS_ONLY's
    fields, and need not (a record of version 1 has none)."""
    if len(name) > MAX_NAME or not printable(name) == name:
        why = f"is over {MAX_NAME} characters" if len(name) > MAX_NAME else \
            "holds a control or direction character, or half of a UTF-16 pair"
        return f"{key}: the name {quoted(name)} {why}"
    at = f"{key}.{shortened(name)}"   # cut as every message cuts a name
    more = CLASS_ONLY if key == "classes" else ()
    if not isinstance(fields, dict) or not set(FIELDS) <= set(fields) <= {*FIELDS, *more}:
        return f"{at} must have box, due, seen and right" + (" (and may have helped, missed, skipped and last)"
                                                            if more else "")
    box = fields["box"]   # told as the file writes it (true, not True), and a box's own range
    if not (isinstance(box, int) and not isinstance(box, bool) and 1 <= box <= BOXES):
        return f"{at}.box is {as_json(box)}, expected 1 to {BOXES}"
    for field in (*(f for f in FIELDS if f != "box"), *(f for f in SPLIT if f in fields)):
        if not count(fields[field]):
            return f"{at}.{field} is {as_json(fields[field])}, expected a whole number from 0 to {MAX_COUNT:,}"
    if key != "classes":
        return ""
    over = next((f for f in ("right", *SPLIT) if fields.get(f, 0) > fields["seen"]), None)
    if over:
        return f"{at}.{over} is {fields[over]}, more than its seen, {fields['seen']}"
    if fields.get("last", CLEAN) not in KINDS:
        return f"{at}.last is {as_json(fields['last'])}, expected one of {', '.join(KINDS)}"
    return ""


def as_json(value) -> str:
    """A card's value as its file spells it (``true``, ``null``, ``"1"``), cut to 20 characters."""
    return shortened(json.dumps(value, ensure_ascii=False), 20)


def count(value) -> bool:
    """Whether ``value`` is a whole number from 0 to MAX_COUNT (no drill counts further)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT
