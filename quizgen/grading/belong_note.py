"""The note grade adds on the check that the answers were written for this key
(belong.py): that it had too few answers to decide (a small class graded against
another seed's key would otherwise pass without a word), or, beside the warning
that few answers match, that most correct answers were marked by error carried
forward across the paper, the sign of a wrong key (ecf_heavy.py; docs/grading.md,
"The answers, checked against the key")."""

from __future__ import annotations

from quizgen.grading.belong import FAR_LEAST, MATCH_SAMPLE, Sample, few_match
from quizgen.grading.ecf_heavy import ecf_heavy_line


class KeyCheckNote(str):
    """A line among grade's checks that is a note, not a warning: said in the summary and atop report.md."""


def key_check_note(index, students, grid, found: str, key_name: str) -> str:
    """A KeyCheckNote when the belonging check found a line (``found``, or --force or --force-key
    given) and few answers matched (belong.few_match) while most correct ones are by ECF across
    the paper (ecf_heavy.py); or when it found nothing on fewer than MATCH_SAMPLE numeric
    answers (ecf answers and right counts aside), so it could not tell a small class's answers
    written for another key; else "". The count is said with what it leaves out: a paper of
    counts and words all answered right has 0."""
    sample = Sample(index, students, grid)
    if found:
        heavy = few_match(sample.matched, sample.numeric) and ecf_heavy_line(index, students, grid, sample.read,
                                                                            key_name)
        return KeyCheckNote(heavy) if heavy else ""
    numeric = sample.numeric
    if numeric >= MATCH_SAMPLE:
        return ""
    ran = (", and below that stops grade only when most lie far from every value the key knows or a key.json "
           "near them fits them far better" if numeric >= FAR_LEAST else "")
    return KeyCheckNote(
        f"too few answers to check they were written for this key ({key_name}): {numeric} numeric "
        f"answer{'' if numeric == 1 else 's'} beside ecf answers, right counts and words, where the check needs "
        f"{MATCH_SAMPLE}{ran}; if the marks look low, make sure --key is the key of the papers they answered")
