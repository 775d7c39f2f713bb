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

from quizgen.maths.tree import Compare, Logic, Name, children, names_in

MAX_ALSO = 8   # routes one part may declare: a few ways of working it, not a list of answers


def ecf_also_section(check, parts, names, params=()) -> dict:
    """``{part name: (expression tree, ...)}`` of every part of the raw
    ``parts`` list that declares ``ecf_also``, each checked: a list of at
    most MAX_ALSO expressions over ``names`` and the earlier parts' names,
    each reading at least one earlier part and no part from its own on, and
    only what a key keeps as a number: no word part, no parameter of
    ``params`` (Param) that is no number, no record's field.
    ``names`` are the parameters' and lets' names."""
    if not isinstance(parts, list):
        return {}
    listed = [part.get("name") if isinstance(part, dict) else None for part in parts]
    numbers = [_has_number(part) for part in parts]
    wordy = _no_numbers(params)
    found = {}
    for i, part in enumerate(parts):
        if isinstance(part, dict) and "ecf_also" in part:
            routes = check.guard(_routes, check, part, (listed, numbers, wordy), names, i, default=())
            if routes:
                found[part["name"]] = routes
    return found


def _routes(check, part: dict, layout: tuple, names, i: int) -> tuple:
    """Part ``i``'s ``ecf_also`` expressions, checked (``layout``: the parts'
    names, whether each has a number answer, the parameters that are no number)."""
    (listed, numbers, wordy), raw, where = layout, part["ecf_also"], ("parts", i, "ecf_also")
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
        _check_reads(check, node, read, (listed[:i], numbers[:i], wordy), (*where, j))
        routes.append(node)
    return tuple(routes)


def _check_reads(check, node, read: set, layout: tuple, where: tuple) -> None:
    """Refuse a route reading what a key keeps no number of: a word part (its
    value is no number: validate crashed on it, grade never used the route), a
    parameter that is no number (grade refuses the key), a record's field."""
    listed, numbers, wordy = layout
    word = next((name for name, number in zip(listed, numbers) if name in read and not number), None)
    if word is not None:
        check.fail(f"reads {word!r}, an earlier part with no number answer (a word part): a route may read "
                   "only earlier parts with a number answer, and parameters and lets that are numbers", *where)
    other = sorted(read & set(wordy))
    if other:
        check.fail(f"reads the parameter {other[0]!r}, which is not a number ({wordy[other[0]]}): a "
                   "route may read only earlier parts, and parameters and lets that are numbers", *where)
    field = next((name for name in _dotted(node) if "." in name), None)
    if field is not None:
        check.fail(f"reads {field}, a field: a route may read earlier parts, and parameters and lets that are "
                   "numbers, by their names only", *where)


def _no_numbers(params) -> dict:
    """``{name: what it is}`` of the parameters (Param) that are no number: a choice of
    records or words, and a ``value`` that works out to one, whole or as a field that is
    no number (``s: {value: "scene"}``, ``w: {value: "scene.source"}``: the key keeps no
    such parameter, so grade would refuse the key of a route reading it). A value of a
    field that is a number (``t: {value: "scene.t"}``) or worked out by arithmetic is one."""
    options, found = {}, {}
    for param in params:
        if param.kind == "choice":
            values, what = param.spec, "a choice of records or words"
        elif param.kind == "value":
            values = _picked(param.compiled.get("value"), options)
            what = f"its value, {param.spec!r}, is a record or words"
        else:
            continue
        options[param.name] = values
        if values is not None and not _number(values):
            found[param.name] = what
    return found


def _picked(node, options: dict):
    """The values a ``value`` parameter's expression ``node`` may take when it names a
    choice (or such a value) whole or a field of its records (``scene.t``), from
    ``options`` ({name: its values}); None for any other expression."""
    if not isinstance(node, Name) or node.name.partition(".")[0] not in options:
        return None
    head, *fields = node.name.split(".")
    values = options[head]
    if values is None:
        return None
    for name in fields:
        values = [value.get(name) if isinstance(value, dict) else None for value in values]
    return values


def _has_number(part) -> bool:
    """Whether a raw part has a number answer (a numeric or integer part with an ``answer``)."""
    return isinstance(part, dict) and part.get("type", "numeric") != "word" and "answer" in part


def _number(value) -> bool:
    """Whether a choice's options (or one option) are numbers (a list of numbers counts: a key keeps it)."""
    if isinstance(value, (list, tuple)):
        return all(map(_number, value))
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _dotted(node) -> list:
    """Every name ``node`` reads, as written (a field read keeps its dot: ``scene.t``)."""
    if isinstance(node, Name):
        return [node.name]
    return [name for child in children(node) for name in _dotted(child)]


def _compares(node) -> bool:
    """Whether ``node`` compares or uses and/or/not anywhere (no recipe can be written of it)."""
    if isinstance(node, (Compare, Logic)):
        return True
    return any(map(_compares, children(node)))
