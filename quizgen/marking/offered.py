"""The answers a word part offers (a yes/no part: yes and no; a part that says
how many answers it offers, ``choices:``, C8's classes: the list of its
question's values that holds its accepted word, ``task.labels`` and
``task.names`` beside it), and those of them no list of the part names. grade
reads an answer against these too (marking/words.py ``mark_words``), so that
``negative neutral`` names two offered classes (a person reads it) and
``negitive`` is a near spelling of one, whether or not the draw made it a
trap; the drill tells a stray word from a wrong answer by them."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.errors import ExpressionError
from quizgen.maths.answers import normalise_word, to_number

OFFERED = "@offered"
"""The meaning read_words gives the offered answers no list of the part names."""

MAX_SEARCHED = 10_000   # values looked at in one question's parameters


class Offered(NamedTuple):
    """The answers a word part offers: ``shown``, the options a reply names, in
    the question's order (``("yes", "no")``); ``words``, every word that names
    one of them (both spellings of each: ``neutral``, ``neu``)."""

    shown: tuple = ()
    words: tuple = ()


NONE_OFFERED = Offered()
"""What a number part, or a word part whose answers are open, offers: nothing."""


def offered_answers(params: dict, kind: str, accept, trap_words, choices, trap_lists=()) -> Offered:
    """The ``Offered`` answers of a word part (``kind``; its ``accept``ed words, its traps'
    words and its ``choices``) of a question drawn with ``params``: the options to
    name in a reply (``("yes", "no")``, the first list of the question's values
    holding an accepted word, or the part's own meanings, ``listed_options``, when
    ``trap_lists``, each trap's words, gives as many as ``choices``), and every word
    that names an option; ``NONE_OFFERED`` when the part's answers are open (C5's
    "undefined" and its many phrasings)."""
    if kind != "word":
        return NONE_OFFERED
    listed = {normalise_word(w) for w in [*accept, *trap_words]}
    if {"yes", "no"} <= listed:
        return Offered(("yes", "no"), ("yes", "no"))
    count, accepted = choices, {normalise_word(w) for w in accept}
    if not count:
        return NONE_OFFERED
    lists = [values for values in _string_lists(params)
             if len(values) == count and accepted & {normalise_word(v) for v in values}]
    if not lists:
        return listed_options(accept, trap_lists, count)
    return Offered(tuple(lists[0]), tuple(dict.fromkeys(v for values in lists for v in values)))


def listed_options(accept, trap_lists, count) -> Offered:
    """The answers a part offers when its own lists say them all: its accepted
    words and each trap's words are ``count`` meanings, no word in two (a
    ``larger``/``smaller`` part, ``choices: 2``, the other word its trap); each
    shown by its first word, in alphabetical order (a draw's answer is not told
    by the order). ``NONE_OFFERED`` otherwise."""
    meanings = [[normalise_word(w) for w in words] for words in (accept, *trap_lists) if words]
    words = [w for meaning in meanings for w in meaning]
    if len(meanings) != count or len(set(words)) != len(words) or not all(words):
        return NONE_OFFERED
    return Offered(tuple(sorted(meaning[0] for meaning in meanings)), tuple(dict.fromkeys(words)))


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


def unlisted_offered(params: dict, kind: str, accept, trap_words, choices) -> tuple:
    """The offered answers (``offered_answers``) that neither ``accept`` nor ``trap_words`` names."""
    if kind != "word":   # a number part offers none (every wrong numeric answer's rule asks)
        return ()
    listed = {normalise_word(w) for w in [*accept, *trap_words]}
    return tuple(w for w in offered_answers(params, kind, accept, trap_words, choices).words
                 if normalise_word(w) not in listed)


def unoffered_reason(said: str, shown: tuple) -> str:
    """Why a word answer that names none of the answers a part offers (``shown``)
    goes to a person: it may be another word for one of them (``bigger`` at a
    part asking larger or smaller), which no list of the part holds; '' when the
    part offers none, or ``said`` is a number (``1.2`` at a yes/no part is wrong)."""
    if not shown or is_number(said):
        return ""
    options = f"{', '.join(shown[:-1])} or {shown[-1]}" if len(shown) > 1 else shown[0]
    return (f"{said.strip()!r} is none of the answers this part offers ({options}) as written; it may be "
            "another word for one of them: a person reads it")


def is_number(text: str) -> bool:
    """True when ``text`` reads as a number or an expression of one (not a word: ``1.2``, ``100/7``)."""
    try:
        to_number(text)
    except ExpressionError:
        return False
    return True
