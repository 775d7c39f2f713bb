"""A version-3 or later key's choice parameters: a template record's
``choices`` (the options its instances pick from) and an instance's picks by
place put back as the options themselves (``picked``). Moved out of model.py,
which reads the rest of the key."""

from __future__ import annotations

from quizgen.key import checks
from quizgen.key.checks import Where


class NoChoices(dict):
    """A version-2 template's options: none, since choices came in version 3."""


INCONSISTENT = ("a version-2 key has no choices (version 3 added them), so this key is inconsistent; "
                "regenerate it with quizgen generate (the same --seed and options) for a version-3 key")


def choice_options(record: dict, where: Where) -> dict:
    """{parameter: (option, ...)} of a version-3 template record's ``choices``:
    the options its instances' ``choices`` pick from by place, each checked
    (``checks.option``) and all of one kind, as generate writes them."""
    options = checks.mapping(record.get("choices", {}), where / "choices")
    found = {}
    for name, values in options.items():
        at = where / "choices" / name
        checks.text(name, at, checks.MAX_ID, empty=False)
        values = found[name] = tuple(checks.listing(values, at))
        if not values:
            raise at.fail("expected a non-empty list of options")
        kind = checks.option_kind(values[0])
        for place, value in enumerate(values):
            checks.option(value, at / place)
            if checks.option_kind(value) != kind:
                raise (at / place).fail(f"expected {kind} as the parameter's option 0 is, "
                                        f"got {checks.shown(value)}")
    return found


def picked(record: dict, params: dict, options: dict, where) -> dict:
    """``params`` with each choice an instance record names by its place
    (``"choices": {"claim": 2}``) put back as the option itself; a place that
    is plainly right (the usual case) is taken at once."""
    picks = record["choices"]
    if picks.__class__ is not dict:
        checks.mapping(picks, where() / "choices")
    params = dict(params)
    for name, place in picks.items():
        values = options.get(name)
        if values is None or name in params or place.__class__ is not int or not 0 <= place < len(values):
            place = _checked_place(name, place, params, options, where() / "choices" / name)
        params[name] = values[place]
    return params


def _checked_place(name: str, place, params: dict, options: dict, where: Where) -> int:
    """A choice's place, checked field by field; InputFileError names what is wrong."""
    if isinstance(options, NoChoices):
        raise where.fail(INCONSISTENT)
    if name not in options:
        raise where.fail("its template lists no options for this parameter")
    if name in params:
        raise where.fail("this parameter is also given whole under params: give it once")
    if not isinstance(place, int) or isinstance(place, bool):   # 1.0 is no place among options
        raise where.fail(f"expected a whole number from 0 to {len(options[name]) - 1}, got {checks.shown(place)}")
    return checks.integer(place, where, 0, len(options[name]) - 1)
