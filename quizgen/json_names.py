"""The first name a JSON text gives twice in one object: JSON readers keep the
second silently, so a reader whose checks failed names it (key.json, a drill's
progress file) rather than blame what follows from the second. Read again only
after such a failure: a pairs hook on every read costs 12-16% of a large
key's parse. Imports nothing of quizgen."""

from __future__ import annotations

import json


class _Twice(Exception):
    """A JSON object naming ``name`` twice (a signal)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def _pairs_once(pairs):
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        raise _Twice(next(name for name, _ in pairs if name in seen or seen.add(name)))
    return data


def name_given_twice(text: str, **options) -> str | None:
    """The first name ``text`` gives twice in one object, or None (also when
    it is no JSON); ``options`` go to json.loads (a reader's own number rules)."""
    try:
        json.loads(text, object_pairs_hook=_pairs_once, **options)
    except _Twice as twice:
        return twice.name
    except (ValueError, RecursionError):
        return None
    return None
