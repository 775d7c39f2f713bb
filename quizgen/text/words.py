"""English for counts and lists in messages and sheets: ``3 templates``,
``(a), (b) and (c)``; one place for what several modules wrote alike."""

from __future__ import annotations

from quizgen.wording import thousands


def counted(count: int, noun: str, grouped: bool = False) -> str:
    """``1 slot``, ``2 slots``, ``2 categories``: ``noun`` given singular;
    ``grouped``: the count's thousands set apart (``thousands``), ``1,200 cells``."""
    shown = thousands(count) if grouped else f"{count}"
    if count == 1:
        return f"{shown} {noun}"
    return f"{shown} {noun[:-1] + 'ies' if noun.endswith('y') else noun + 's'}"


def and_list(items) -> str:
    """``a``, ``a and b``, ``a, b and c``; "" for none."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
