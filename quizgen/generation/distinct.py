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
this paper, and the rest are kept as first drawn (repeating deterministically).

A template's ``distinct_on_paper`` choice parameters (C1's scene) are spread
the same way: an instance taking an option an earlier one of the paper took is
redrawn (up to SPREAD_REDRAWS times) while some option is not yet taken; once
every option has been, only the option of the instance just before is avoided
(two in a row never share it; a full cycle each time would cost about 1.5
redraws a question with six options, one in six is 0.2). Failing that, the
first redraw with distinct answers is kept, with no warning (a scene met twice
is no repeated question), and the paper's later questions of the template are
not spread: options the constraints rarely allow would cost 40 redraws each."""

from __future__ import annotations

from bisect import bisect_left, insort

from quizgen.bank.budget import DrawLedger
from quizgen.generation.plan import plan_for
from quizgen.generation.sampling import sample_instance
from quizgen.generation.variants import answers_of, same_variant, telling_parts

REDRAWS = 12
RUN_OUTS = 3
SPREAD_REDRAWS = 40   # with 1 of 6 options left, (5/6)^40: a draw in 1,500 keeps a taken one


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
        options = plan_for(template).options
        self.options = {name: _distinct(options[name]) for name in template.distinct_on_paper}
        self.taken = {name: [] for name, count in self.options.items() if count > 1}
        self.cycled = set()   # the parameters whose every option has been taken on this paper

    def takes_taken(self, instance) -> bool:
        """True when ``instance`` takes an option of a ``distinct_on_paper`` parameter already taken."""
        return any(instance.params[name] in taken for name, taken in self.taken.items())

    def take(self, instance) -> None:
        """Note the options ``instance`` takes; once all of a parameter's have been, only the last is held."""
        for name, taken in self.taken.items():
            option = instance.params[name]
            if name in self.cycled or len(taken) + (option not in taken) >= self.options[name]:
                self.cycled.add(name)
                taken[:] = [option]
            elif option not in taken:
                taken.append(option)

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


def distinct_instances(template, labels: list, failures=None) -> tuple:
    """``(instances, ran_out)``: one instance of ``template`` per seed label (one
    paper's run of that template, in order), each redrawn while it repeats an
    earlier one; ``ran_out`` is True when the template could not give this
    many distinct variants. Each instance's answers are worked out once; the
    draws of the whole run, redraws too, share one budget (``DrawLedger``), and
    are counted in ``failures`` (generation/failures.py's ``DrawFailures``) when given."""
    ledger = DrawLedger(template)
    try:
        return _distinct_run(template, labels, ledger)
    finally:
        if failures is not None:
            failures.add(template, ledger)


def _distinct_run(template, labels: list, ledger) -> tuple:
    """:func:`distinct_instances`, its draws charged to ``ledger``."""
    if len(labels) == 1:
        return [sample_instance(template, labels[0], ledger=ledger)], False
    run, instances, run_outs = PaperRun(template), [], 0
    for label in labels:
        instance = sample_instance(template, label, ledger=ledger)
        answers = run.compared(instance)
        if run_outs < RUN_OUTS and (run.repeats(answers) or run.takes_taken(instance)):
            instance, answers, ran_out = _redrawn(template, label, run, instance, answers, ledger)
            run_outs += ran_out
        run.add(answers)
        if run.takes_taken(instance):
            run.taken = {}   # no fresh option found: stop spreading on this paper
        run.take(instance)
        instances.append(instance)
    return instances, run_outs > 0


def _redrawn(template, label: str, run: PaperRun, first, first_answers: tuple, ledger) -> tuple:
    """``(instance, its compared answers, ran_out)``: the first draw (``first``, then its redraws)
    repeating no kept instance and taking no taken option; else the first repeating no kept
    instance; else ``first``, run out."""
    fallback = None if run.repeats(first_answers) else (first, first_answers, False)
    redraws = SPREAD_REDRAWS if run.taken and run.takes_taken(first) else REDRAWS
    for n in range(1, redraws + 1):
        instance = sample_instance(template, f"{label}/redraw{n}", ledger=ledger)
        answers = run.compared(instance)
        if not run.repeats(answers):
            if not run.takes_taken(instance):
                return instance, answers, False
            fallback = fallback or (instance, answers, False)
    return fallback or (first, first_answers, True)


def _distinct(options: list) -> int:
    """How many different options a choice parameter has (a list may name one twice)."""
    kept = []
    for option in options:
        if option not in kept:
            kept.append(option)
    return len(kept)


def ran_out_warning(template_ids) -> str:
    """The one warning for templates that could not fill a paper with distinct variants."""
    names = ", ".join(sorted(set(template_ids)))
    return (f"not enough distinct variants of {names} for every question of a paper: "
            f"some questions repeat an earlier one's answers")
