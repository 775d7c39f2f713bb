"""Draws a generate run threw away because an expression failed (a division by zero, a log
of 0), counted by template and key over the draws made for the papers' questions, and the
one warning per key that says so: those parameter values never reach a
paper, and an author who never runs validate would not learn it. An export's variants
(lms/variants.py) and a drill's questions are drawn likewise and warned of in the same words. The counts come from the
questions' own seed labels, so they are the same with any ``--jobs``."""

from __future__ import annotations

from collections import Counter

from quizgen.bank.loader import shipped
from quizgen.bank.yamlfile import locate_line


class DrawFailures:
    """The tries of each template's runs (``tries``, by template id) and those thrown away by a
    failed expression (``failed``, by ``(template id, key)``, with the last one's reason in
    ``reasons``), read from each run's DrawLedger when it ends (``add``), which counts them.
    Plain dictionaries, so that a worker's tally comes back to the main process."""

    def __init__(self):
        self.tries, self.failed, self.reasons = Counter(), Counter(), {}

    def add(self, template, ledger) -> None:
        """Add what the ``ledger`` of a run of ``template`` counted: its tries, and those a failed
        expression threw away at each key with the last one's reason (bank.budget.DrawLedger.failed)."""
        self.tries[template.id] += ledger.tries
        for where, (count, reason) in ledger.failed.items():
            self.failed[template.id, where] += count
            self.reasons[template.id, where] = reason

    def merge(self, other: "DrawFailures") -> None:
        """Add a worker's tally to this one."""
        self.tries.update(other.tries)
        self.failed.update(other.failed)
        self.reasons.update(other.reasons)

    def warnings(self, templates: list) -> list:
        """One warning per key of a template of the user's own bank whose expression failed on
        some draw (the shipped bank's are held to validate's rule by the test suite)."""
        lines = []
        for template in templates:
            if shipped(template):
                continue
            for (tid, where), count in sorted(self.failed.items(), key=lambda item: str(item[0])):
                if tid == template.id:
                    lines.append(_warning(template, where, count, self.tries[tid], self.reasons[tid, where]))
        return lines


def ledger_warnings(templates: list, ledgers: dict) -> list:
    """The warnings of ``DrawFailures.warnings`` on a session's draws of ``templates``, each
    template's charged to its own ledger (``ledgers``, by template id: the drill's)."""
    failures = DrawFailures()
    for template in templates:
        if template.id in ledgers:
            failures.add(template, ledgers[template.id])
    return failures.warnings(templates)


def _warning(template, where: tuple, count: int, tries: int, reason: str) -> str:
    """The warning for one key: validate's words, counted over this run's draws."""
    line = locate_line(template.path, where)
    place = f"{template.path}{f':{line}' if line else ''}{': ' + '.'.join(map(str, where)) if where else ''}"
    return (f"{place}: {count:,} of the {tries:,} draws made for these papers were thrown away because this "
            f"expression failed ({reason}); those values never reach a paper: if that is not meant, keep such "
            "draws out with a constraint (or a trap's when), or write the expression so that it holds for every "
            "draw (quizgen validate counts it over its own draws)")
