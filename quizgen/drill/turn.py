"""One drill question being asked (``Turn``: hints shown, answers given, notes
held back) and how each of its parts went (``PartResult``, which the summary reads)."""

from __future__ import annotations

from dataclasses import dataclass

from quizgen.drill.hints import part_hints
from quizgen.drill.traps import trap_names


@dataclass
class PartResult:
    """How one part went: ``correct``, ``incorrect`` or ``skipped``."""

    cls: str
    template: str
    letter: str
    status: str
    misconception: str = ""
    feedback: str = ""
    hinted: bool = False   # a hint was shown in its question, to this part or an earlier one
    question: int = 0   # its question's number in the drill (1, 2, ...)
    own_hint: bool = False   # a hint was shown while this part was the one being answered



class Turn:
    """One question being asked: hints shown, part results, numbers given (``values``, for
    ECF, and the significant figures each showed, ``figures``, so feedback quotes it as written)."""

    def __init__(self, view: dict, template, latex: dict, records: list):
        self.view, self.template, self.hints, self.results, self.values = view, template, 0, [], {}
        self.number = 0   # the question's number in the drill, for the summary's words (Drill.question sets it)
        self.figures = {}
        self.latex = latex   # {part letter: LaTeX of its exact answer}
        self.records = records   # the key's parts, whose answers a hint must not show before their turn
        self.parts = len(view["parts"])
        self._offered = {}   # {part being answered: its PartHints}: each "h" asks again
        self.part_start = 0   # hints shown before the part being answered
        self.forecast_seen = False   # offered once a question, to the first part that asks
        self.traps_met = []   # misconception codes answered, one per part
        self.traps_avoided = set()   # codes of traps on parts answered right without hints
        self.names = trap_names([template])   # the misconceptions as this question's template names them
        self.notes = {}   # {part letter: why the later parts worked out from it need it marked (worked_from_notes)}
        self.withheld = {}   # {part letter: grade's "this is the value of part (b)" held back while (b) was to come}
        self.options = {}   # {part letter: the answers it offers, marking.offered.Offered: yes or no, C8's classes}

    def result(self, record, status: str, verdict=None) -> PartResult:
        """The result of one part, as the summary needs it."""
        return PartResult(self.template.cls, self.template.id, record.letter, status,
                          verdict.misconception if verdict else "", verdict.feedback if verdict else "",
                          self.hints > 0, self.number, self.hints > self.part_start)

    def hints_available(self):
        """The PartHints of the part being answered, fixed at its first ``h``."""
        current = len(self.results)
        if current not in self._offered:
            self._offered[current] = part_hints(self.view, self.records, current, self.forecast_seen)
        return self._offered[current]
