"""A recipe that reads a record's field (``scene.t``, directly or through a let): a
key keeps numbers, not records, so generate and validate refuse such a template at
the line that reads it rather than write a key grade would refuse."""

import re

from quizgen.maths.parser import Name
from quizgen.marking.recipes import names_read, recipe_text

_FIELD = re.compile(r"(?<![\w.:])([A-Za-z_]\w*)\.([A-Za-z_]\w*)")


def record_field_read(template, paths: dict, traps: dict, who: str = "") -> tuple | None:
    """``(part index, message)`` for the first part whose recipe (``paths``) or trap recipes
    (``traps``) read a record's field (``scene.t`` through a let ``t``; ``who`` says so, else
    "part 'name' is worked from"): a key keeps numbers, not records, so grade would refuse it."""
    for i, part in enumerate(template.parts):
        texts = ([paths[part.name].text] if part.name in paths else []) + [t for _, t in traps.get(part.name, ())]
        found = next((m for text in texts for m in _FIELD.finditer(text)), None)
        if found is not None:
            field = found.group(0)
            lets = [(name, node) for name, node in template.lets if field in names_read(node)]
            name, node = lets[0] if lets else (found.group(2), Name(field))
            through = f" through the let {name!r}" if lets else ""
            return i, (f"{who or f'part {part.name!r} is worked from'} {field}{through}, a field of the record "
                       f"{found.group(1)!r}, which a key does not keep (grade would refuse the key): make it a "
                       f"parameter, `{name}: {{value: \"{recipe_text(node)}\"}}` under params (docs/authoring.md)")
    return None
