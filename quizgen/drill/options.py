"""The answers a word part offers (marking/offered.py), as the drill tells a
stray word from a wrong answer and names the options in a reply."""

from __future__ import annotations

import re

from quizgen.marking.offered import Offered, offered_answers
from quizgen.maths.answers import normalise_word

def part_options(params: dict, record) -> Offered:
    """The answers the word part ``record`` offers (marking/offered.py): ``.shown``, ``.words``."""
    return offered_answers(params, record.kind, record.accept, [w for trap in record.traps for w in trap.words],
                           getattr(record.spec, "choices", None))


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
