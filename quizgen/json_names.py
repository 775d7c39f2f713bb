"""The first name a JSON text gives twice in one object: JSON readers keep the
second silently. key.json is read with ``refuse_twice`` as its pairs hook (a
name given twice refused, whatever it is, as YAML banks and policy files
refuse theirs); ``line_twice`` then says on which line the object starts. A
drill's progress file is read again with it only after its checks failed
(``name_given_twice``). Imports nothing of quizgen."""

from __future__ import annotations

import json
import json.scanner


class Twice(Exception):
    """A JSON object naming ``name`` twice (a signal; no ValueError, so that a reader tells it from the JSON's own)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def refuse_twice(pairs):
    """A pairs hook for json.loads: the object's dict, or Twice naming the first name given twice."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        raise Twice(next(name for name, _ in pairs if name in seen or seen.add(name)))
    return data


def name_given_twice(text: str, **options) -> str | None:
    """The first name ``text`` gives twice in one object, or None (also when
    it is no JSON); ``options`` go to json.loads (a reader's own number rules)."""
    try:
        json.loads(text, object_pairs_hook=refuse_twice, **options)
    except Twice as twice:
        return twice.name
    except (ValueError, RecursionError):
        return None
    return None


def line_twice(text: str, **options) -> int | None:
    """The line of ``text`` on which the first object naming a name twice starts,
    or None; read again by the Python scanner (slow), which knows where each
    object starts: only once such a name was found."""
    decoder = json.JSONDecoder(object_pairs_hook=refuse_twice, **options)

    def parse_object(s_and_end, *args):
        try:
            return json.decoder.JSONObject(s_and_end, *args)
        except Twice as twice:
            twice.at = getattr(twice, "at", s_and_end[1])   # the innermost object's, its "{" just before
            raise

    decoder.parse_object = parse_object
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except Twice as twice:
        return text.count("\n", 0, twice.at) + 1
    except (ValueError, RecursionError):
        return None
    return None
