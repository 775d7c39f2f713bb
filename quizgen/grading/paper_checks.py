"""One paper of the key made ready for grading (``PaperChecks``): its parts by
slot, its maximum score, and its part checkers, made at first need. KeyIndex
(key_index.py) makes one per paper: the class paper's and each student's own."""

from __future__ import annotations

from quizgen.grading.careful import QuestionRules
from quizgen.grading.lost_tag import LostTagChecker
from quizgen.grading.part_checker import PartChecker
from quizgen.scores import score_total


class PaperChecks:
    """One paper's parts, indexed by slot (a question part of the whole key):
    ``parts`` (a KeyPart, or None where this paper has no such part), and
    ``checkers`` (a PartChecker or None), made at first need: with
    per-student papers, each half of a big file makes only its own
    students' (grading/parallel.py), and the reports read ``parts`` alone."""

    def __init__(self, questions: tuple, index, decimal_comma: bool, override):
        self.parts = parts = [None] * len(index.slots)
        self.placed = []   # (question, (slot of each part, ...))
        for question in questions:
            slots = index.layout(question)
            for slot, part in zip(slots, question.parts):
                parts[slot] = part
            self.placed.append((question, slots))
        self.max_score = score_total([part.spec.points for question in questions for part in question.parts])
        self.part_count = sum(len(question.parts) for question in questions)
        self._made = (index, decimal_comma, override)
        self._checkers = None

    @property
    def checkers(self) -> list:
        """A PartChecker per slot (None where the paper has no such part), the
        parts of a question sharing its marking rules; a LostTagChecker for
        each part of a question of unknown variant (``index.lost_tags``: lost_tag.py)."""
        if self._checkers is None:
            index, decimal_comma, override = self._made
            self._checkers = [None] * len(self.parts)
            for question, slots in self.placed:
                lost = index.lost_tags.get(question.id) if not question.seed else None
                if lost is not None:
                    for slot, part in zip(slots, question.parts):
                        self._checkers[slot] = LostTagChecker(part, lost, decimal_comma)
                    continue
                rules = QuestionRules(question, index.credits_for(question.template, question.cls))
                for slot, part in zip(slots, question.parts):
                    self._checkers[slot] = PartChecker(part, decimal_comma, override, rules, index.figures_shown)
        return self._checkers
