"""The sign of a wrong key that grade names beside the warning that few answers
match it (belong.py): most correct numeric answers marked by error carried
forward, across the paper (docs/grading.md, "The answers, checked against the key").

A part worked from the student's own earlier answers is right by ECF under any
key of the same templates, so answers written for another seed's paper score
their dependent parts by ECF and almost nothing else: their (a)s are wrong,
while words and counts are right under any key. A real class that took one
question's (a) wrong gets much ECF on that question alone, so the share must
hold without the question with the most ECF answers too."""

from __future__ import annotations

from quizgen.key.status import Status
from quizgen.marking.rules import ECF
from quizgen.text.words import counted
from quizgen.wording import thousands

HEAVY = 2 / 3   # the share of correct numeric answers marked ecf, with and without the question with the most


def ecf_counts(index, students, grid, numbers) -> dict:
    """``{question id: [correct, by ECF]}`` over the final answers of the students ``numbers``
    (their paper's parts): correct answers to number parts, a right count not by ECF (another
    seed's paper often asks the same small whole number) and words (right under any key) aside."""
    counts = {}
    for number in numbers:
        parts = index.papers[students.paper_numbers[number]].parts
        for slot, outcome in enumerate(grid.row(number)):
            part = parts[slot]
            if outcome.status is not Status.CORRECT or part is None or part.kind == "word":
                continue
            ecf = outcome.note == ECF
            if ecf or part.kind != "integer":
                tally = counts.setdefault(index.slots[slot]["question_id"], [0, 0])
                tally[0] += 1
                tally[1] += ecf
    return counts


def is_ecf_heavy(counts: dict) -> bool:
    """Whether at least HEAVY of the correct answers ``counts`` (``ecf_counts``) are by ECF, and
    still so once the question with the most ECF answers is left out (which must leave some)."""
    if not counts:
        return False
    correct, ecf = (sum(c[i] for c in counts.values()) for i in (0, 1))
    top = max(counts.values(), key=lambda c: c[1])
    rest_correct, rest_ecf = correct - top[0], ecf - top[1]
    return ecf >= HEAVY * correct and rest_ecf > 0 and rest_ecf >= HEAVY * rest_correct


def ecf_heavy_line(index, students, grid, numbers, key_name: str) -> str:
    """The line naming the sign when the students ``numbers`` (the belonging check's sample) show
    it (``is_ecf_heavy``); else ""."""
    counts = ecf_counts(index, students, grid, numbers)
    if not is_ecf_heavy(counts):
        return ""
    correct, ecf = (sum(c[i] for c in counts.values()) for i in (0, 1))
    questions = sum(1 for c in counts.values() if c[1])
    whose = ("" if len(numbers) == len(students.paper_numbers) else
             f" of the {counted(len(numbers), 'student', True)} read")
    share = f"all {thousands(ecf)}" if ecf == correct else f"{thousands(ecf)} of the {thousands(correct)}"
    return (f"{share} correct numeric answers{whose} (right counts and words aside) were marked by error carried "
            f"forward, on {questions} questions, while few answers match {key_name}: the sign of answers written for "
            "another seed's or key's paper, which are right by ECF wherever they follow the student's own earlier "
            "answers; if so, grade them again with the right --key")
