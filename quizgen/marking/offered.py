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

from quizgen.maths.answers import normalise_word

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


def offered_answers(params: dict, kind: str, accept, trap_words, choices) -> Offered:
    """The ``Offered`` answers of a word part (``kind``; its ``accept``ed words, its traps'
    words and its ``choices``) of a question drawn with ``params``: the options to
    name in a reply (``("yes", "no")``, or the first list of the question's values
    holding an accepted word), and every word that names an option; ``NONE_OFFERED``
    when the part's answers are open (C5's "undefined" and its many phrasings)."""
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
        return NONE_OFFERED
    return Offered(tuple(lists[0]), tuple(dict.fromkeys(v for values in lists for v in values)))


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
