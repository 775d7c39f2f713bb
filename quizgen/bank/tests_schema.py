"""A template's ``tests``, its example answers: each entry checked when the
template loads, before any is run (validation/canonical.py runs them), and
every problem of every entry listed in one run: a part that does not exist, a
status that is none of the marker's, a misconception its part has no trap for,
an earlier answer to a part that does not exist or does not come first. The
checks of one entry that do not depend on each other are made apart (a
misconception is looked up only once its part is known)."""

from __future__ import annotations

from collections.abc import Hashable

from quizgen.wording import did_you_mean
from quizgen.key.status import MARKER_VERDICTS

TEST_KEYS = {"part", "answer", "status", "misconception", "earlier"}
MARKER_STATUSES = tuple(s.value for s in MARKER_VERDICTS)
"""The statuses a test may expect: the marker's own verdicts."""


def part_traps(parts) -> dict | None:
    """``{part name: its trap codes}`` of a template's raw ``parts`` list, in
    the parts' order; None when it is no list or a part has no name (reported by the
    parts' own check: a test naming that part would be told it names none)."""
    if not isinstance(parts, list) or any(isinstance(p, dict) and "name" not in p for p in parts):
        return None
    found = {}
    for part in parts:
        if isinstance(part, dict) and isinstance(part.get("name"), Hashable):   # a part with no name: None
            traps = part.get("traps")
            codes = [t.get("code") for t in traps if isinstance(t, dict)] if isinstance(traps, list) else []
            found.setdefault(part.get("name"), codes)
    return found


def tests_section(check, tests, parts: dict | None) -> tuple:
    """The ``tests`` list, each entry checked (``parts``: ``part_traps``)."""
    tests = [] if tests is None else tests   # tests: {} is refused, not read as no tests in silence
    if not isinstance(tests, list):
        check.fail("expected a list of example answers", "tests")
    for i, test in enumerate(tests):
        check.guard(_test, check, test, parts, i)
    return tuple(tests)


def _test(check, test, parts, i: int) -> None:
    check.keys(test, TEST_KEYS, ("part", "answer", "status"), "tests", i)
    known = parts is not None and check.guard(_part, check, test["part"], parts, i, default=False)
    check.guard(_status, check, test["status"], i)
    check.guard(_answer, check, test["answer"], ("tests", i, "answer"))
    if known:
        check.guard(_misconception, check, test.get("misconception"), test["part"], parts[test["part"]], i)
    check.guard(_earlier, check, test.get("earlier"), parts, test["part"] if known else None, i)


def _part(check, name, parts: dict, i: int) -> bool:
    if not isinstance(name, Hashable) or name not in parts:
        check.fail(f"no part named {name!r}{did_you_mean(name, parts)}", "tests", i, "part")
    return True


ANSWER_WANTED = "expected an answer as a student writes it (text or a number; quote a yes or no)"


def _answer(check, answer, where: tuple) -> None:
    """A test's answer, or an earlier one: text or a number, as a student writes it."""
    if isinstance(answer, bool) or not isinstance(answer, (str, int, float)):
        check.fail(ANSWER_WANTED, *where)


def _status(check, status, i: int) -> None:
    if not isinstance(status, Hashable) or status not in MARKER_STATUSES:
        check.fail(f"status must be one of {', '.join(MARKER_STATUSES)}{did_you_mean(str(status), MARKER_STATUSES)}",
                   "tests", i, "status")


def _misconception(check, code, part: str, codes: list, i: int) -> None:
    if code and code not in codes:
        check.fail(f"part {part} has no trap {code!r}{did_you_mean(str(code), [c for c in codes if c])}",
                   "tests", i, "misconception")


def _earlier(check, earlier, parts, part, i: int) -> None:
    """A test's ``earlier``: the student's answers to parts before the test's
    (``part``, None when unknown), a mapping of part names to answers."""
    if earlier is None:
        return
    if not isinstance(earlier, dict):
        check.fail("expected a mapping of earlier part names to the student's answers, "
                   "such as {p: \"0.231\"}", "tests", i, "earlier")
    names = list(parts or ())
    before = names[:names.index(part)] if part in names else None
    for name, answer in earlier.items():
        where = ("tests", i, "earlier", name)
        if parts is not None and (not isinstance(name, Hashable) or name not in parts):
            check.problems.append(check.problem(f"no part named {name!r}{did_you_mean(str(name), parts)}", *where))
        elif before is not None and name not in before:
            check.problems.append(check.problem(
                f"part {name} does not come before part {part}: earlier answers are those to "
                f"{', '.join(before) or 'no part (it is the first)'}", *where))
        check.guard(_answer, check, answer, where)
