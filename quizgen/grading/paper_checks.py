"""One paper of the key made ready for grading (``PaperChecks``): its parts by
slot, its maximum score, and its part checkers, made at first need. KeyIndex
(key_index.py) makes one per paper: the class paper's and each student's own."""

from __future__ import annotations

from quizgen.grading.careful import QuestionRules
from quizgen.grading.lost_tag import LostTagChecker
from quizgen.grading.part_checker import PartChecker
from quizgen.grading.resaved_zeros import one_part_credits
from quizgen.lms.lost_tag import part_shape
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
            self._checkers = [None] * len(self.parts)
            for question, slots in self.placed:
                for slot, checker in zip(slots, _question_checkers(question, *self._made)):
                    self._checkers[slot] = checker
        return self._checkers


def _question_checkers(question, index, decimal_comma: bool, override) -> tuple:
    """The PartCheckers of ``question``'s parts, sharing its marking rules. A
    question on many papers (one object: an LMS download's variant, read once
    by key/model.py) has one set for all of them, whose verdicts are then kept
    (``index.shared_verdicts``, answer_pass.py) as the class paper's are."""
    lost = index.lost_tags.get((question.id, part_shape(question))) if not question.seed else None
    if lost is not None:   # a question of unknown variant: each part for a person
        return tuple(LostTagChecker(part, lost, decimal_comma, index.writes_comma) for part in question.parts)
    made = index.made_checkers.get(id(question))
    if made is not None and made[0] is question:
        for checker in made[1]:
            index.shared_verdicts.setdefault(id(checker), {})
        return made[1]
    credits = index.credits_for(question.template, question.cls, question.ecf_credit)
    if index.zeros_unseen and len(question.parts) == 1:   # its Moodle cell the bare number a spreadsheet rewrote
        credits = one_part_credits(credits)
    rules = QuestionRules(question, credits)
    checkers = tuple(PartChecker(part, decimal_comma, override, rules, index.figures_shown, index.writes_comma)
                     for part in question.parts)
    index.made_checkers[id(question)] = (question, checkers)
    return checkers
