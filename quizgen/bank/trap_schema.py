"""A part's traps, checked as the schema checks the rest (``check`` is its
checker: ``fail`` and ``problem`` name file:line): code, value or words,
feedback, credit, ``when``, and ``name``, the short English label the drill
gives the misconception ("log base 10 instead of ln" for log10_instead_of_ln)."""

from __future__ import annotations

from quizgen.bank.model import Trap
from quizgen.errors import ExpressionError
from quizgen.key.checks import CODE_PATTERN, MAX_TRAP_NAME, TRAP_NAME_EXAMPLE, trap_name_problem
from quizgen.maths.answers import to_number

TRAP_KEYS = {"code", "name", "value", "words", "feedback", "credit", "when"}
__all__ = ["MAX_TRAP_NAME", "TRAP_KEYS", "trap", "trap_name", "unnamed_traps", "word_list"]


def trap(check, given, names, kind, i, j) -> Trap:
    """Trap ``j`` of part ``i`` (of type ``kind``), built from its YAML ``given``."""
    where = ("parts", i, "traps", j)
    check.keys(given, TRAP_KEYS, ("code", "feedback"), *where)
    code = check.text(given["code"], *where, "code")
    if not CODE_PATTERN.fullmatch(code):   # key.json's rule too: one rule for both
        check.fail("a misconception code is lower_snake_case", *where, "code")
    name = check.guard(trap_name, check, given.get("name"), *where, "name", default="")
    # its fields apart: a bad when, value, words, feedback and credit are all listed in one run
    when = check.guard(check.expression, given["when"], names, *where, "when") if "when" in given else None
    value = check.guard(check.expression, given["value"], names, *where, "value") if "value" in given else None
    words = check.guard(word_list, check, given["words"], *where, "words") if "words" in given else None
    if "value" not in given and "words" not in given:
        check.fail("a trap needs a 'value' or 'words'", *where)
    if kind != "word" and words is not None:
        _no_number_words(check, words, *where, "words")
    check.guard(check.jinja_text, given["feedback"], *where, "feedback")
    credit = given.get("credit", 0)
    if isinstance(credit, bool) or not isinstance(credit, (int, float)) or not 0 <= credit <= 1:
        check.fail(f"a trap's credit is a share of the part's points from 0 to 1, found {credit!r}", *where, "credit")
    return Trap(code=code, feedback=given["feedback"], value=value, words=words or (), credit=float(credit),
                when=when, name=name)


def trap_name(check, name, *where) -> str:
    """A trap's optional ``name``: one line of plain text, at most MAX_TRAP_NAME
    characters ("" when absent: the drill then reads the code as words), by
    key.json's rule for it (key/checks.py ``trap_name_problem``), so that every
    name the bank writes into a key reads back."""
    if name is None:
        return ""
    problem = trap_name_problem(name) if isinstance(name, str) else TRAP_NAME_EXAMPLE
    if problem is not None:
        check.fail(problem, *where)
    return name.strip()


def unnamed_traps(template) -> list:
    """``(keys, message)`` for each trap of ``template`` without a ``name``, for
    validate to warn at (the drill would call it by its code read as words)."""
    return [(("parts", i, "traps", j, "code"),
             f"warning: trap {trap.code} has no name: add name: \"...\", a short English label the "
             "drill shows for this misconception (without it, its code read as words)")
            for i, part in enumerate(template.parts) for j, trap in enumerate(part.traps) if not trap.name]


def word_list(check, words, *where) -> tuple:
    """A non-empty list of words (accepted answers or a trap's), each checked as Jinja2 text."""
    if not isinstance(words, list) or not words or not all(isinstance(w, (str, int, float)) for w in words):
        check.fail("expected a non-empty list of words", *where)
    for j, word in enumerate(words):
        if not str(word).strip():   # a word that renders empty in some draws is the author's choice; a blank one is not
            check.fail("a blank word matches nothing: remove it, or write the word", *where, j)
        check.jinja(str(word), *where, j)
    return tuple(str(w) for w in words)


def _no_number_words(check, words: tuple, *where) -> None:
    """A number part reads a number first: a trap word that is one (``1e3``) would never be reached."""
    for j, word in enumerate(words):
        try:
            to_number(word)
        except ExpressionError:
            continue
        check.fail(f"{word!r} reads as a number, which a number part marks by value: give it as the trap's "
                   "'value', and keep 'words' for answers that are no number (undefined, 0/0)", *where, j)
