"""A template's ECF recipes in the key: for each part computed from earlier
parts (or through lets a student rounds on the way), the recipe's text
(``Recipe.text`` of quizgen/marking/recipes.py) and its steps, stored once
per template in the compact key's template section (key/entries.py derives
them when the key is made; this module only reads and writes them, so the
key's model imports nothing above ``errors`` and ``maths``)::

    "recipes": {"loss_y0": {"recipe": "-log(1 - part:p)", "steps": [["q", "1 - part:p"]],
                            "traps": {"log10_instead_of_ln": "-log10(1 - part:p)"}},
     "unchanged": {"recipe": "part:chosen/10", "steps": [], "also": ["(part:chosen - part:masked)/2"]}}

A ``KeyRecipe`` is the text as read (checked: strings of bounded length);
the grader parses it with ``parse_recipe`` (the whitelist parser) against
the instance's parameter names. Version-1 keys have none."""

from __future__ import annotations

from dataclasses import dataclass

from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.work_caps import MAX_RECIPES, MAX_STEPS, check_counts
from quizgen.maths.parser import MAX_LENGTH

RECIPE_LIMIT = MAX_LENGTH   # characters in a recipe, step or trap text: the longest expression the parser reads


@dataclass(frozen=True, slots=True)
class KeyRecipe:
    """How a part is recomputed from earlier parts: ``text`` over parameters
    and ``part:<name>`` variables, ``steps``, the intermediates
    ``((let name, text), ...)`` a student may round on the way, and
    ``traps``, ``((trap code, text), ...)``: trap values that read earlier
    parts, to name a slip made from the student's own earlier answer; ``also``,
    the other ways an author declared of working the part from earlier parts
    (``ecf_also``): an answer any of them gives from the student's own
    earlier answers is ECF too. A key without them (older keys) has ()."""

    text: str
    steps: tuple = ()
    traps: tuple = ()
    also: tuple = ()   # other recipe texts that give the part from earlier parts (a template's ecf_also)

    def to_json(self) -> dict:
        record = {"recipe": self.text, "steps": [list(step) for step in self.steps]}
        if self.traps:
            record["traps"] = dict(self.traps)
        if self.also:
            record["also"] = list(self.also)
        return record


def read_recipes(record, where: Where) -> dict:
    """``{part name: KeyRecipe}`` from a template record's ``recipes``, checked."""
    check_counts(checks.mapping(record, where), where, MAX_RECIPES, "recipes")
    found = {}
    for name, entry in record.items():
        at = where / name
        checks.text(name, at, checks.MAX_ID, empty=False)
        checks.mapping(entry, at)
        text = checks.text(entry.get("recipe"), at / "recipe", RECIPE_LIMIT, empty=False)
        steps = []
        listed = checks.listing(entry.get("steps", []), at / "steps")
        check_counts(listed, at / "steps", MAX_STEPS, "steps")
        for i, step in enumerate(listed):
            pair = checks.listing(step, at / "steps" / i)
            if len(pair) != 2:
                raise (at / "steps" / i).fail("expected [let name, recipe text]")
            steps.append((checks.text(pair[0], at / "steps" / i / 0, checks.MAX_ID, empty=False),
                          checks.text(pair[1], at / "steps" / i / 1, RECIPE_LIMIT, empty=False)))
        traps = checks.mapping(entry.get("traps", {}), at / "traps")
        check_counts(traps, at / "traps", MAX_STEPS, "traps")
        for code, trap in traps.items():
            checks.text(code, at / "traps", checks.MAX_ID, empty=False)
            checks.text(trap, at / "traps" / code, RECIPE_LIMIT, empty=False)
        also = checks.listing(entry.get("also", []), at / "also")
        check_counts(also, at / "also", MAX_STEPS, "alternative recipes")
        for i, route in enumerate(also):
            checks.text(route, at / "also" / i, RECIPE_LIMIT, empty=False)
        found[name] = KeyRecipe(text, tuple(steps), tuple(traps.items()), tuple(also))
    return found
