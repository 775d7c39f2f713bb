"""The note grade adds when the check that the answers were written for this
key (belong.py) had too few answers to decide: a small class graded against
another seed's key would otherwise pass without a word (docs/grading.md,
"Answers for another key")."""

from __future__ import annotations

from quizgen.grading.belong import FAR_LEAST, MATCH_SAMPLE, Sample


class KeyCheckNote(str):
    """A line among grade's checks that is a note, not a warning: said in the summary and atop report.md."""


def too_few_note(index, students, grid, found: str, key_name: str) -> str:
    """A KeyCheckNote when the belonging check found nothing (``found`` "": no stop or
    warning line, and no --force or --force-key, which skip it) on fewer than
    MATCH_SAMPLE numeric answers (ecf answers and right counts aside), so it could
    not tell a small class's answers written for another key; else "". The count is said with
    what it leaves out: a paper of counts and words all answered right has 0."""
    if found:
        return ""
    numeric = Sample(index, students, grid).numeric
    if numeric >= MATCH_SAMPLE:
        return ""
    ran = (", and below that stops grade only when most lie far from every value the key knows or a key.json "
           "near them fits them far better" if numeric >= FAR_LEAST else "")
    return KeyCheckNote(
        f"too few answers to check they were written for this key ({key_name}): {numeric} numeric "
        f"answer{'' if numeric == 1 else 's'} beside ecf answers, right counts and words, where the check needs "
        f"{MATCH_SAMPLE}{ran}; if the marks look low, make sure --key is the key of the papers they answered")
