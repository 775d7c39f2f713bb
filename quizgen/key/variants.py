"""Reading a version-4 key's part variants (written by quizgen/key/compact.py):
a template part's ``"variants"``, a list of the other forms the part takes
(each the fields that differ from the part, as an instance's own fields are
written), and an instance part's ``"variant": i``, its place in that list.
Both are checked field by field; a problem is one line naming its JSON path."""

from __future__ import annotations

from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.parts import PartSpec, read_spec

VARIANT_FIELDS = frozenset(("name", "points", "decimals", "tolerance", "accept", "traps", "trap_texts", "percent",
                            "choices", "range", "units"))
"""The fields a variant may set: a part's own (its letter and type stay the template part's)."""
MAX_VARIANTS = 1000   # variants of one part (generate writes one per other option of a choice parameter)

INCONSISTENT = ("a key before version 4 has no part variants (version 4 added them), so this key is inconsistent; "
                "regenerate it with quizgen generate (the same --seed and options) for a version-4 key")


def read_variants(record: dict, spec: PartSpec, where: Where, version: int) -> tuple:
    """The variant specs of a template part ``record`` whose spec is ``spec``:
    each variant's fields read over ``spec`` (() when it lists none)."""
    if "variants" not in record:
        return ()
    where = where / "variants"
    if version < 4:
        raise where.fail(INCONSISTENT)
    items = checks.listing(record["variants"], where)
    if not items or len(items) > MAX_VARIANTS:
        raise where.fail(f"expected a list of 1 to {MAX_VARIANTS} variants (or no such field), got {len(items)}")
    found = []
    for place, item in enumerate(items):
        at = where / place
        fields = checks.mapping(item, at)
        other = sorted(set(fields) - VARIANT_FIELDS)
        if other:
            raise (at / other[0]).fail(f"a variant sets only a part's own fields ({', '.join(sorted(VARIANT_FIELDS))})")
        found.append(read_spec(fields, at, spec))
    return tuple(found)


def variant_spec(record: dict, variants: tuple, where) -> PartSpec:
    """The spec an instance part names by ``"variant": i`` among ``variants``
    (its template part's); ``where()`` gives the part's path, made only for a
    problem. A place that is plainly right (the usual case) is taken at once."""
    place = record["variant"]
    if place.__class__ is int and 0 <= place < len(variants):
        return variants[place]
    at = where() / "variant"
    if not variants:
        raise at.fail("its template's part lists no variants")
    if not isinstance(place, int) or isinstance(place, bool):   # 1.0 is no place in a list
        raise at.fail(f"expected a whole number from 0 to {len(variants) - 1}, got {checks.shown(place)}")
    return variants[checks.integer(place, at, 0, len(variants) - 1)]
