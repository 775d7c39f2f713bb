"""The answers a word part offers, as the drill tells a stray word from a wrong
answer: a yes/no part offers yes and no; a part that says how many answers it
offers (``choices:``, C8's classes) offers the list of its question's values
that holds its accepted word (``task.labels``, and ``task.names`` beside it)."""

from __future__ import annotations

import re

from quizgen.maths.answers import normalise_word

MAX_SEARCHED = 10_000   # values looked at in one question's parameters


def part_options(params: dict, record) -> tuple:
    """``(shown, words)`` for the word part ``record`` of a question drawn with
    ``params``: the options to name in a reply (``("yes", "no")``, or the first
    list of the question's values holding an accepted word), and every word that
    names an option (both spellings of each: ``neutral``, ``neu``); ``((), ())``
    when the part's answers are open (C5's "undefined" and its many phrasings)."""
    if record.kind != "word":
        return (), ()
    listed = {normalise_word(w) for w in [*record.accept, *(w for trap in record.traps for w in trap.words)]}
    if {"yes", "no"} <= listed:
        return ("yes", "no"), ("yes", "no")
    count, accepted = getattr(record.spec, "choices", None), {normalise_word(w) for w in record.accept}
    if not count:
        return (), ()
    lists = [values for values in _string_lists(params)
             if len(values) == count and accepted & {normalise_word(v) for v in values}]
    if not lists:
        return (), ()
    return tuple(lists[0]), tuple(dict.fromkeys(v for values in lists for v in values))


def _string_lists(value):
    """The lists (tuples) of strings among ``value``'s nested values, first found first."""
    stack, seen = [value], 0
    while stack and seen < MAX_SEARCHED:
        item, seen = stack.pop(0), seen + 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            if item and all(isinstance(v, str) for v in item):
                yield list(item)
            else:
                stack.extend(item)


def names_option(text: str, words: tuple) -> bool:
    """Whether ``text`` names one of the options ``words`` as a whole word or phrase."""
    said = _spaced(text)
    return any(_spaced(w) in said for w in words)


def _spaced(text: str) -> str:
    """``text``'s words, lower case, between single spaces: `` not spam ``."""
    return " " + " ".join(_WORD.findall(normalise_word(text))) + " "


_WORD = re.compile(r"[^\W_]+")


def wanted(shown: tuple) -> str:
    """What a closed part asks for: ``yes or no``, ``one of negative, neutral or positive``."""
    if tuple(shown) == ("yes", "no"):
        return "yes or no"
    return f"one of {', '.join(shown[:-1])} or {shown[-1]}" if len(shown) > 1 else f"'{shown[0]}'"
