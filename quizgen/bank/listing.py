"""What ``quizgen list`` prints: one line per template (class, id, title, parts), or,
with ``paths``, the folders a lecturer copies from: the built-in bank and the example
user bank, which an installed quizgen keeps inside its package."""

from __future__ import annotations

from pathlib import Path

from quizgen.bank.loader import builtin_bank_dir, example_bank_dir, load_bank


def listing(banks=(), paths: bool = False) -> list:
    """The lines of ``quizgen list``: the templates of the built-in bank and ``banks``,
    or with ``paths`` the two folders of shipped templates and the ``banks`` given."""
    templates = load_bank(banks)   # a --bank folder is checked with --paths too
    if paths:
        return [f"built-in bank: {builtin_bank_dir()}",
                f"example user bank (attention, layer normalisation, perplexity): {example_bank_dir()}",
                *(f"--bank: {Path(folder).resolve()}" for folder in banks)]
    return _columns(templates)


def _columns(templates) -> list:
    """One line a template, class, id and title each in a column wide enough for the
    longest (an id may run to 100 characters), the id at least 2 spaces from its title."""
    cls = max([4, *(len(t.cls) for t in templates)])
    ids = max([28, *(len(t.id) + 1 for t in templates)])
    return [f"{t.cls:<{cls}} {t.id:<{ids}} {t.title}  [{', '.join(p.name for p in t.parts)}]" for t in templates]
