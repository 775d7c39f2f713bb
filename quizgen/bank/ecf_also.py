"""A part's ``ecf_also``: other ways, besides the one its ``answer`` and the
lets give, that a careful marker accepts for working the part out from the
student's own earlier answers (C6 (c): what is left of (a) after (b), split
evenly, ``(chosen - masked) / 2``). Each is an expression in which the name
of an earlier part stands for the student's answer to that part; other names
are the template's parameters and lets. quizgen/marking/recipes.py writes
each as a stored recipe (``alternative_recipes``); grade gives ECF to a later
answer that any of them gives (docs/grading.md), and validate refuses one that
does not give the part's answer from the right earlier answers (docs/authoring.md)."""

from __future__ import annotations

from quizgen.maths.tree import Compare, Logic, names_in

MAX_ALSO = 8   # routes one part may declare: a few ways of working it, not a list of answers


def ecf_also_section(check, parts, names) -> dict:
    """``{part name: (expression tree, ...)}`` of every part of the raw
    ``parts`` list that declares ``ecf_also``, each checked: a list of at
    most MAX_ALSO expressions over ``names`` and the earlier parts' names,
    each reading at least one earlier part and no part from its own on."""
    if not isinstance(parts, list):
        return {}
    listed = [part.get("name") if isinstance(part, dict) else None for part in parts]
    found = {}
    for i, part in enumerate(parts):
        if isinstance(part, dict) and "ecf_also" in part:
            routes = check.guard(_routes, check, part, listed, names, i, default=())
            if routes:
                found[part["name"]] = routes
    return found


def _routes(check, part: dict, listed: list, names, i: int) -> tuple:
    """Part ``i``'s ``ecf_also`` expressions, checked."""
    raw, where = part["ecf_also"], ("parts", i, "ecf_also")
    if part.get("type", "numeric") == "word" or "answer" not in part:
        check.fail("ecf_also: is for a numeric or integer part with an answer (other ways to work it out "
                   "from earlier answers)", *where)
    if not isinstance(raw, list) or not raw or len(raw) > MAX_ALSO:
        check.fail(f"expected a list of 1 to {MAX_ALSO} expressions, each reading earlier parts by name", *where)
    earlier = {name for name in listed[:i] if isinstance(name, str)}
    later = {name for name in listed[i:] if isinstance(name, str)}
    routes = []
    for j, text in enumerate(raw):
        node = check.expression(text, set(names) | earlier, *where, j)
        if _compares(node):
            check.fail("a route is a number worked from earlier answers: it may not compare or use and/or/not",
                       *where, j)
        read = names_in(node)
        ahead = sorted(read & later - earlier)
        if ahead:
            check.fail(f"reads {ahead[0]!r}, which is this part or a later one: ecf_also may read only the "
                       "parts before it", *where, j)
        if not read & earlier:
            check.fail("reads no earlier part: name at least one part before this one (its name stands for "
                       "the student's answer to it)", *where, j)
        routes.append(node)
    return tuple(routes)


def _compares(node) -> bool:
    """Whether ``node`` compares or uses and/or/not anywhere (no recipe can be written of it)."""
    if isinstance(node, (Compare, Logic)):
        return True
    children = [getattr(node, slot) for slot in ("left", "right", "operand", "base", "index") if hasattr(node, slot)]
    return any(map(_compares, children + list(getattr(node, "args", ()))))
