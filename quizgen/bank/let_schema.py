"""A template's ``let`` section, checked as the schema checks the rest
(``check`` is its checker): lets are worked out in the order written, so one
that reads a let defined further down is refused, saying so."""

from __future__ import annotations

from quizgen.bank import budget
from quizgen.bank.yamlfile import locate_line
from quizgen.errors import ExpressionError, cut_repr
from quizgen.maths.parser import parse, reserved_name_reason, template_policy


def lets(check, given, names) -> tuple:
    """The ``let`` mapping: each a new identifier whose expression reads only the
    parameters and the lets above it."""
    given = given or {}
    if not isinstance(given, dict):
        check.fail("expected a mapping of names to expressions", "let")
    if len(given) > budget.MAX_LETS:
        raise budget.limit_error(check, ("let",), f"{len(given)} lets", budget.MAX_LETS)
    built, known = [], list(names)
    for name, source in given.items():
        built.append((str(name), check.guard(_let, check, name, source, list(known), given)))
        known.append(str(name))
    return tuple(built)


def _let(check, name, source, known, given: dict):
    """One let's expression over ``known`` names; a name that is a later let of ``given`` is said to be one."""
    if not isinstance(name, str) or not name.isidentifier():
        check.fail("a name must be a plain identifier", "let", name)
    refuse_reserved(check, name, "let", name)
    if name in known:
        check.fail(f"{name!r} is already defined", "let", name)
    try:
        return parse(str(source), template_policy(known))
    except ExpressionError as exc:
        later = getattr(exc, "unknown_name", None)
        if later in given and later not in known:
            check.fail(f"bad expression {quoted_expression(source)}: {later!r} is defined later, at line "
                       f"{locate_line(check.path, ('let', later))}; lets are worked out in order, "
                       f"so move {later!r} above {name!r}", "let", name)
    return check.expression(source, known, "let", name)


def refuse_reserved(check, name: str, *where) -> None:
    """Refuse a parameter or let named like a constant or function of the
    expressions (``e``, ``pi``, ``exp``, ...): it would be silently shadowed."""
    reason = reserved_name_reason(name)
    if reason:
        check.fail(reason, *where)


def quoted_expression(source, limit: int = 80) -> str:
    """An expression quoted for a one-line message: cut to ``limit`` characters
    (a 20,000-term condition was echoed whole), the parser's reason says the rest."""
    return cut_repr(str(source), limit)
