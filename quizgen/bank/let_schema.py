"""A template's ``let`` section, checked as the schema checks the rest
(``check`` is its checker): lets are worked out in the order written, so one
that reads a let defined further down is refused, saying so."""

from __future__ import annotations

from quizgen.bank import budget
from quizgen.bank.yamlfile import locate_line
from quizgen.errors import ExpressionError
from quizgen.wording import cut_repr
from quizgen.maths.parser import parse, reserved_name_reason, template_policy
from quizgen.maths.tree import names_in


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
            cycle = let_cycle(name, given, known)
            if cycle:
                check.fail(_cycle_reason(check, cycle), "let", name)
            at = locate_line(check.path, ("let", later))
            ahead = cycle_ahead(name, given, known)
            if ahead:   # no move helps until the cycle is untangled: it is named first
                check.fail(f"bad expression {quoted_expression(source)}: {_cycle_reason(check, ahead)}; {name!r} "
                           f"reads that cycle through the lets below it: untangle it first, then move {later!r} "
                           f"(line {at}) above {name!r} (lets are worked out in order)", "let", name)
            check.fail(f"bad expression {quoted_expression(source)}: {later!r} is defined later, at line {at}; lets "
                       f"are worked out in order, so move {later!r} above {name!r}", "let", name)
    return check.expression(source, known, "let", name)


def _let_reads(given: dict, known):
    """A function giving the lets of ``given`` that one of them reads, in name order."""
    lets = {str(k): v for k, v in given.items()}
    policy = template_policy(list(known) + [n for n in lets if n not in known])

    def reads(let: str) -> list:
        try:
            return sorted(n for n in names_in(parse(str(lets[let]), policy)) if n in lets)
        except ExpressionError:
            return []
    return reads


def let_cycle(name: str, given: dict, known, reads=None) -> list:
    """The lets from ``name`` round to ``name`` again, each reading the next
    (``[a, b, a]``), or [] when ``name`` is on no cycle: moving a let above
    another cannot untangle a cycle, so it is reported as one."""
    reads = reads or _let_reads(given, known)
    path, seen = [name], set()

    def walk(let: str) -> bool:
        for nxt in reads(let):
            if nxt == name:
                path.append(nxt)
                return True
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                if walk(nxt):
                    return True
                path.pop()
        return False

    return path if walk(name) else []


def cycle_ahead(name: str, given: dict, known) -> list:
    """The first cycle (as ``let_cycle`` gives it) among the lets ``name`` reads,
    directly or through others, when ``name`` is on none: moving ``name``'s
    later lets above it cannot help until that cycle is untangled."""
    reads, seen, todo = _let_reads(given, known), {name}, [name]
    while todo:
        for let in reads(todo.pop(0)):
            if let not in seen:
                seen.add(let)
                cycle = let_cycle(let, given, known, reads)
                if cycle:
                    return cycle
                todo.append(let)
    return []


def _cycle_reason(check, cycle: list) -> str:
    """Why a let on a cycle cannot be worked out, each let named with its line."""
    line = {let: locate_line(check.path, ("let", let)) for let in cycle}
    if len(cycle) == 2:
        return f"the let {cycle[0]!r} reads itself: write it from the parameters and the lets above it"
    named = [f"{let!r} (line {line[let]})" for let in cycle[:-1]] + [repr(cycle[-1])]
    reads = f"{named[0]} reads " + ", which reads ".join(named[1:])
    return (f"the lets {' -> '.join(cycle)} refer to each other in a cycle: {reads}; no order of the lets "
            "can work them out, so write one of them from the parameters and the other lets")


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
