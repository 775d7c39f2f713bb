"""The answers a word part offers (marking/offered.py), as the drill tells a
stray word from a wrong answer and names the options in a reply."""

from __future__ import annotations

from quizgen.marking.offered import Offered, offered_answers


def part_options(params: dict, record) -> Offered:
    """The answers the word part ``record`` offers (marking/offered.py): ``.shown``, ``.words``."""
    return offered_answers(params, record.kind, record.accept, [w for trap in record.traps for w in trap.words],
                           getattr(record.spec, "choices", None), [trap.words for trap in record.traps])


def wanted(shown: tuple) -> str:
    """What a closed part asks for: ``yes or no``, ``one of negative, neutral or positive``."""
    if len(shown) == 2:   # "yes or no", "larger or smaller"
        return f"{shown[0]} or {shown[1]}"
    return f"one of {', '.join(shown[:-1])} or {shown[-1]}" if len(shown) > 1 else f"'{shown[0]}'"
