"""A template's ``canonical`` section, checked as the schema checks the rest
(``check`` is its checker: ``fail`` and ``problem`` name file:line): the
reference's own parameters, the numbers it states (``expect``) and, where
one of them differs from the key in its last figure, why (``why``: the
worked examples' solutions print it beside the pair)."""

from __future__ import annotations

CANONICAL_KEYS = {"params", "expect", "why"}
MAX_WHY = 300   # characters of a canonical ``why`` text: one clause in the worked examples' note


def canonical_section(check, canonical, names, part_names) -> dict:
    """The template's ``canonical`` mapping, checked: ``params`` (a mapping; each value is checked
    against its declaration when the instance is made), ``expect`` and ``why`` by part name."""
    check.keys(canonical, CANONICAL_KEYS, ("params",), "canonical")
    if not isinstance(canonical["params"], dict):
        check.fail("expected a mapping of parameter values", "canonical", "params")
    expect = canonical.get("expect") or {}
    if not isinstance(expect, dict):
        check.fail("expected a mapping of part names to values", "canonical", "expect")
    for name in expect:
        if part_names is not None and name not in part_names:
            check.problems.append(check.problem(f"no part named {name!r}", "canonical", "expect", name))
    if "why" in canonical:
        _canonical_why(check, canonical["why"], expect)
    return canonical


def _canonical_why(check, why, expect) -> None:
    """``canonical.why``: {part: why the reference's number differs from the key}, each
    a part with an ``expect`` number, its text plain and short (the note prints it as written)."""
    if not isinstance(why, dict) or not why:
        check.fail("expected a mapping of part names to text", "canonical", "why")
    for name, text in why.items():
        if not isinstance(expect, dict) or name not in expect:
            check.problems.append(check.problem(f"no expect value for part {name!r}: a why explains the number "
                                                "stated there", "canonical", "why", name))
        elif not isinstance(text, str) or not text.strip() or len(text) > MAX_WHY or "\n" in text or "\r" in text:
            check.problems.append(check.problem(f"expected text of 1 to {MAX_WHY} characters on one line",
                                                "canonical", "why", name))
