"""The verdict on an answer right given the student's own earlier answers (error carried forward, ECF):
its score under the policy's ECF and imprecise credits, and its words, including when it is that value
rounded too early or cut off. Pure helpers of rules.py, which passes ``ecf_given`` to coherence.py too."""

from __future__ import annotations

from dataclasses import replace

from quizgen.maths.numbers import significant
from quizgen.marking.early import expected, precise
from quizgen.marking.early_sources import rounding_marked_there
from quizgen.marking.forms import Reading
from quizgen.marking.quotes import those_values
from quizgen.marking.rule_model import CORRECT, EARLY, ECF, IMPRECISE, INCORRECT, Credits, PartRule, Verdict
from quizgen.marking.sources import figures_asked


def ecf_given(rule: PartRule, reading: Reading, ecf: str, target: float, credits: Credits,
              early: tuple = (), unrounded: bool = False, cut: bool = False) -> Verdict:
    """The answer read, right given the student's own earlier answers (``ecf`` names them; ``target``: the
    value worked from them; ``early``: those rounded too early, marked there; ``unrounded``: right only from
    values they round, carried on unrounded; ``cut``: the answer is ``target`` cut off, ``cut_given``): ECF,
    imprecise too when written to fewer figures than asked or cut off (both credits), and saying so when
    the policy gives ECF part or no marks."""
    there, given = f"; {rounding_marked_there(early)}" if early else "", those_values(rule.sources, unrounded)
    verdict = Verdict(CORRECT, ECF, score=credits.ecf, value=reading.value,
                      feedback=f"{ecf}: correct given {given} (error carried forward{there})")
    verdict = cut_given(rule, reading, target, credits) if cut else \
        precise(rule, reading, verdict, credits, target)
    if verdict.note == EARLY:   # right given their own answer, but to fewer figures than asked: both credits
        return replace(verdict, score=credits.ecf * credits.imprecise,
                       feedback=no_ecf_marks(f"{ecf}: {verdict.feedback}", credits))
    if not credits.ecf:   # the instructor gives ECF no marks: then it is no correct answer either
        return replace(verdict, status=INCORRECT, feedback=verdict.feedback + NO_MARKS)
    if credits.ecf < 1:   # part marks: say why the score is not the part's points
        return replace(verdict, feedback=f"{verdict.feedback}, which earns {share(credits.ecf)} of the marks "
                                         "in this course")
    return verdict


def cut_given(rule: PartRule, reading: Reading, target: float, credits: Credits) -> Verdict:
    """Imprecise (rounded too early) on the answer read, ``target`` (worked from the student's own earlier
    answers) cut off at the figures asked instead of rounded (C10: (a) 6, [EOS] left out, then (b) 1.71 for
    that method's 1.7161), in the words of the key's value cut off, each value said once: "cut off instead
    of rounded: worked from your (a), 1.716 rounds to 1.72 (from the exact (a), expected 1.90)"."""
    asked, x = figures_asked(rule.kind, rule.spec), reading.value
    labels = " and ".join(s.label for s in rule.sources)
    return Verdict(IMPRECISE, EARLY, score=credits.imprecise, value=x,
                   feedback=f"cut off instead of rounded: worked from your {labels}, {significant(target, asked + 1)} "
                            f"rounds to {significant(target, asked)} (from the exact {labels}, expected "
                            f"{expected(rule)})")


NO_MARKS = ", which earns no marks in this course"   # after the feedback of an answer ECF credit 0 scores nothing


def no_ecf_marks(feedback: str, credits: Credits) -> str:
    """``feedback`` on an answer rounded too early from wrong earlier answers, told
    that it earns nothing when ECF credit 0 zeroes the imprecise credit the policy
    gives (as part marks are told: rules.mark_value), else as it is."""
    return feedback + NO_MARKS if credits.imprecise and not credits.ecf else feedback


def share(credit: float) -> str:
    """A credit as a reader says it: 'half', else a percentage (25%, 33.3%)."""
    return "half" if credit == 0.5 else f"{float(significant(100 * credit, 3)):g}%"
