"""Distinct variants on one paper: no two instances of a template on one paper
(the class's, or one student's) repeat each other, as far as the template's
variants allow. Two instances repeat when they share, within tolerance, an
answer of a part that can tell questions apart (:func:`telling_parts`: any
such part of one against any such part of the other), or, in a template
without such a part, when they are the same variant (every answer agrees part
by part). A part whose answer takes only a few values (C10's count of
predicted positions) or is the same in every draw (C5's empty sum) cannot tell
questions apart: four C10 questions must share that count, but not their loss.

An instance that repeats an earlier one is redrawn from a derived seed label
(``{label}/redraw{n}``, recorded in the key like any other); when REDRAWS
redraws all repeat, the instance has run out of variants: its first draw is
kept and the caller warns once. Later instances are still checked until
RUN_OUTS instances have run out: the template's variants are then used up on
this paper, and the rest are kept as first drawn (repeating deterministically)."""

from __future__ import annotations

from bisect import bisect_left, insort

from quizgen.bank.budget import DrawLedger
from quizgen.generation.sampling import sample_instance
from quizgen.generation.variants import answers_of, same_variant, telling_parts

REDRAWS = 12
RUN_OUTS = 3


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


class PaperRun:
    """The instances of one template kept so far on one paper, as the answers
    that decide whether a new instance repeats one of them."""

    def __init__(self, template):
        self.telling = telling_parts(template)
        self.index, self.variants = AnswerIndex(), []

    def compared(self, instance) -> tuple:
        """The answers of ``instance`` that decide: its telling parts', or all of them when it has none."""
        answers = answers_of(instance)
        return tuple(answers[i] for i in sorted(self.telling)) if self.telling else answers

    def repeats(self, answers: tuple) -> bool:
        """True when ``answers`` (:meth:`compared`) repeat an instance kept so far."""
        if self.telling:
            return self.index.shares(answers)
        return any(same_variant(answers, held) for held in self.variants)

    def add(self, answers: tuple) -> None:
        """Keep an instance, given by its :meth:`compared` answers."""
        if self.telling:
            self.index.add(answers)
        else:
            self.variants.append(answers)


def distinct_instances(template, labels: list) -> tuple:
    """``(instances, ran_out)``: one instance of ``template`` per seed label (one
    paper's run of that template, in order), each redrawn while it repeats an
    earlier one; ``ran_out`` is True when the template could not give this
    many distinct variants. Each instance's answers are worked out once; the
    draws of the whole run, redraws too, share one budget (``DrawLedger``)."""
    ledger = DrawLedger(template)
    if len(labels) == 1:
        return [sample_instance(template, labels[0], ledger=ledger)], False
    run, instances, run_outs = PaperRun(template), [], 0
    for label in labels:
        instance = sample_instance(template, label, ledger=ledger)
        answers = run.compared(instance)
        if run_outs < RUN_OUTS and run.repeats(answers):
            instance, answers, ran_out = _redrawn(template, label, run, instance, answers, ledger)
            run_outs += ran_out
        run.add(answers)
        instances.append(instance)
    return instances, run_outs > 0


def _redrawn(template, label: str, run: PaperRun, first, first_answers: tuple, ledger) -> tuple:
    """``(instance, its compared answers, ran_out)``: the first redraw repeating no kept instance, else ``first``."""
    for n in range(1, REDRAWS + 1):
        instance = sample_instance(template, f"{label}/redraw{n}", ledger=ledger)
        answers = run.compared(instance)
        if not run.repeats(answers):
            return instance, answers, False
    return first, first_answers, True


def ran_out_warning(template_ids) -> str:
    """The one warning for templates that could not fill a paper with distinct variants."""
    names = ", ".join(sorted(set(template_ids)))
    return (f"not enough distinct variants of {names} for every question of a paper: "
            f"some questions repeat an earlier one's answers")
