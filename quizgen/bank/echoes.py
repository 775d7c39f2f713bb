"""One mistake told once. A required key misspelt is told at the misspelling
alone (``key_problems``; at the top level, ``top_key_problems``), not also as missing. A parameter renamed, or a part renamed to another's
name, leaves every expression reading the old name and every test or ``expect`` naming the old
part with a problem of its own, the same name each time. Those problems are told as one, at the
first place, with the lines of the others; a test naming a trap code that a malformed or repeated
code replaced, or of a part whose ``traps`` key is misspelt, is told on that code's or key's line; a key indented under the mapping above its own is one
indentation slip."""

from __future__ import annotations

import re

from quizgen.wording import did_you_mean

_NAMED = re.compile(r"no part named '[^']*'|unknown name '[^']*'")
"""The words that name what is missing, the same at every place that reads it."""


def merged(problems: list, parts=None) -> list:
    """``problems`` (TemplateErrors, in the order found) with each later one naming the same
    missing part or unknown name folded into the first's, which lists the others' lines, and a
    test's misconception that a part lacks folded into the refusal of that part's trap code
    (``parts``: the template's raw parts, for their names)."""
    echoes, kept = {}, []
    for problem in _indents_told(_codes_told(problems, parts)):
        found = _NAMED.search(problem.reason)
        name = found.group(0) if found else None
        if name in echoes:
            echoes[name].append(problem)
            continue
        if name is not None:
            echoes[name] = []
        kept.append((problem, name))
    return [_folded(problem, echoes[name]) if name and echoes[name] else problem for problem, name in kept]


_CODE_KEY = re.compile(r"parts\.(\d+)\.traps\.\d+\.code")
_TRAPS_MISSPELT = re.compile(r"parts\.(\d+)\.[^.]+")
_NO_TRAP = re.compile(r"part (.+?) has no trap ('[^']*')")


def _codes_told(problems: list, parts) -> list:
    """``problems`` with each test's "part P has no trap 'c'" told at the refusal of one of P's
    trap codes (malformed or repeated: the likely cause), or of P's ``traps`` key misspelt
    (``trapz``), which names the test's line; kept apart when neither is refused."""
    named = {}
    for k, problem in enumerate(problems):
        at = _CODE_KEY.fullmatch(str(problem.key)) or (_TRAPS_MISSPELT.fullmatch(str(problem.key)) if
                                                        "(did you mean 'traps'?)" in problem.reason else None)
        part = parts[int(at[1])] if at and isinstance(parts, list) and int(at[1]) < len(parts) else None
        if isinstance(part, dict):
            named.setdefault(str(part.get("name")), k)
    told, kept = {}, []
    for k, problem in enumerate(problems):
        missing = _NO_TRAP.match(problem.reason) if str(problem.key).endswith(".misconception") else None
        if missing and missing[1] in named:
            told.setdefault(named[missing[1]], []).append(f"the test at line {problem.line} names {missing[2]}")
        else:
            kept.append((k, problem))
    return [_also(problem, told.get(k)) for k, problem in kept]


_MISSING = re.compile(r"missing required key ('[^']*')")
_UNKNOWN = re.compile(r"unknown key ('[^']*')")


def _indents_told(problems: list) -> list:
    """``problems`` with a required key missing from a mapping and the same key unknown in a
    mapping holding it (a trap's ``feedback:`` indented as the part's) told as one indentation
    slip, at the key as written."""
    unknown = {}
    for problem in problems:
        found = _UNKNOWN.match(problem.reason)
        if found and "." in str(problem.key):
            unknown.setdefault((found[1], str(problem.key).rsplit(".", 1)[0]), problem)
    slips, kept = set(), []
    for problem in problems:
        found = _MISSING.match(problem.reason)
        where = str(problem.key).split(".")
        ancestors = [".".join(where[:n]) for n in range(len(where) - 1, 0, -1)] if found else []
        up = next((unknown[(found[1], above)] for above in ancestors if (found[1], above) in unknown), None)
        if up is None:
            kept.append(problem)
            continue
        slips.add(id(up))
        reason = (f"missing required key {found[1]}: the {found[1]} at line {up.line} is indented as a key of "
                  f"{up.key.rsplit('.', 1)[0]}: indent it under {problem.key}")
        kept.append(type(problem)(reason, path=problem.path, line=up.line, key=problem.key))
    return [problem for problem in kept if id(problem) not in slips]


def _also(problem, tests):
    """``problem`` with the tests its trap code leaves naming no trap, if any."""
    if not tests:
        return problem
    reason = f"{problem.reason}; {'; '.join(tests)}, which no trap of the part has now"
    return type(problem)(reason, path=problem.path, line=problem.line, key=problem.key)


def _folded(problem, others: list):
    """``problem`` saying where else the same name is read: "; the same at lines 24, 25 and 27"."""
    places = [f"{other.line}" if other.line else str(other.key) for other in others]
    listed = ", ".join(places[:-1]) + " and " + places[-1] if len(places) > 1 else places[0]
    reason = f"{problem.reason}; the same at line{'s' * (len(places) > 1)} {listed}"
    return type(problem)(reason, path=problem.path, line=problem.line, key=problem.key)


def key_problems(mapping: dict, allowed, required) -> tuple:
    """``([(unknown key, message)], fatal)`` of a mapping's keys, ``fatal`` a missing required
    key's ``(message,)`` or None; a required key misspelt (``feedbak``) is one problem at the
    misspelling, ``(message, key)``, not also "missing required key 'feedback'"."""
    unknown = {key: did_you_mean(key, allowed) for key in mapping if key not in allowed}
    missing = [key for key in required if key not in mapping]
    meant = next(((k, m) for k, hint in unknown.items() for m in missing if hint == f" (did you mean {m!r}?)"), None)
    listed = [(k, f"unknown key {k!r}{hint}") for k, hint in unknown.items() if not meant or k != meant[0]]
    if meant:
        return listed, (f"unknown key {meant[0]!r}{unknown[meant[0]]}: {meant[1]!r} is required", meant[0])
    return listed, (f"missing required key {missing[0]!r}",) if missing else None


def top_key_problems(mapping: dict, allowed, required) -> list:
    """``[(key or None, message)]`` of a template's top-level keys: each unknown one, a required
    key misspelt (``solutoin``) told once at the misspelling, as a part's is (``key_problems``),
    and each required key missing with no misspelling near it."""
    problems, missing = [], [key for key in required if key not in mapping]
    for key in mapping:
        if key not in allowed:
            hint = did_you_mean(key, allowed)
            meant = next((m for m in missing if hint == f" (did you mean {m!r}?)"), None)
            problems.append((key, f"unknown key {key!r}{hint}" + (f": {meant!r} is required" if meant else "")))
            missing = [m for m in missing if m != meant]
    return problems + [(None, f"missing required key {key!r}") for key in missing]


def misspelt(mapping: dict, key: str, allowed) -> bool:
    """True when ``mapping`` lacks ``key`` but has an unknown key near it (``acept:``): the unknown
    key's problem tells it, with did-you-mean, so a second ("expected a list of words") would repeat it."""
    return key not in mapping and any(did_you_mean(k, allowed) == f" (did you mean {key!r}?)"
                                      for k in mapping if k not in allowed)
