"""Distinct variants on one paper: no two instances of a template on one paper
(the class's, or one student's) share a numeric answer within tolerance, as far
as the template's variants allow (a part whose answer is the same in every
draw, such as C5's empty sum, is left out of the comparison). An instance that shares one is redrawn from
a derived seed label (``{label}/redraw{n}``, recorded in the key like any
other); when REDRAWS redraws all share one, the template has run out of
variants for this paper: the first draw is kept and so are all later ones
(repeating deterministically), and the caller warns once."""

from __future__ import annotations

from bisect import bisect_left, insort

from quizgen.generation.plan import plan_for
from quizgen.generation.sampling import sample_instance
from quizgen.generation.variants import answers_of

REDRAWS = 12


class AnswerIndex:
    """The numeric answers of one paper's instances of one template, sorted,
    with the widest half-width met, for a quick within-tolerance search."""

    def __init__(self):
        self.values, self.widths, self.widest = [], {}, 0.0

    def shares(self, answers: tuple) -> bool:
        """True when any of ``answers`` (:func:`answers_of` an instance) agrees with one already held."""
        for answer in answers:
            if answer.value is None:
                continue
            reach = answer.half_width + self.widest
            i = bisect_left(self.values, answer.value - reach)
            while i < len(self.values) and self.values[i] <= answer.value + reach:
                held = self.values[i]
                if abs(held - answer.value) <= answer.half_width + self.widths[held]:
                    return True
                i += 1
        return False

    def add(self, answers: tuple) -> None:
        """Hold the numeric ``answers`` (:func:`answers_of` an instance)."""
        for answer in answers:
            if answer.value is not None:
                if answer.value not in self.widths:
                    insort(self.values, answer.value)
                self.widths[answer.value] = max(answer.half_width, self.widths.get(answer.value, 0.0))
                self.widest = max(self.widest, answer.half_width)


def distinct_instances(template, labels: list) -> tuple:
    """``(instances, ran_out)``: one instance of ``template`` per seed label (one
    paper's run of that template, in order), each redrawn while it shares an
    answer with an earlier one; ``ran_out`` is True when the template could not
    give this many distinct variants. Each instance's answers are worked out once."""
    if len(labels) == 1:
        return [sample_instance(template, labels[0])], False
    index, instances, ran_out = AnswerIndex(), [], False
    constant = plan_for(template).constant_answers
    for label in labels:
        instance = sample_instance(template, label)
        answers = _compared(instance, constant)
        if not ran_out and index.shares(answers):
            instance, answers, ran_out = _redrawn(template, label, index, instance, answers, constant)
        index.add(answers)
        instances.append(instance)
    return instances, ran_out


def _compared(instance, constant: frozenset) -> tuple:
    """The answers of ``instance`` that can tell variants apart: a part whose
    answer is the same in every draw (``constant``) would make every pair share one."""
    answers = answers_of(instance)
    return tuple(a for i, a in enumerate(answers) if i not in constant) if constant else answers


def _redrawn(template, label: str, index: AnswerIndex, first, first_answers: tuple, constant: frozenset) -> tuple:
    """``(instance, its compared answers, ran_out)``: the first redraw sharing no answer, else ``first``."""
    for n in range(1, REDRAWS + 1):
        instance = sample_instance(template, f"{label}/redraw{n}")
        answers = _compared(instance, constant)
        if not index.shares(answers):
            return instance, answers, False
    return first, first_answers, True


def ran_out_warning(template_ids) -> str:
    """The one warning for templates that could not fill a paper with distinct variants."""
    names = ", ".join(sorted(set(template_ids)))
    return (f"not enough distinct variants of {names} for every question of a paper: "
            f"some questions repeat an earlier one's answers")
