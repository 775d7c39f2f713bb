"""What validate proves about the grader, through the grader itself: each
sampled instance's key entry is marked by the very checkers ``grade`` and
the drill use (``question_checkers``, then ``carried_forward`` for error
carried forward), so a finding is about real marking, not a model of it.

For one instance: a careful student who carries every intermediate rounded
to 3 significant figures and reports 3 (each rounded as the paper rounds, a
tie away from zero on the exact value) is correct on every part, and so is
one who rounds every step of the working, a list element by element
(validation/steps.py); a student
who gives a trap's value (to 4 significant figures) is never accepted and
is told the trap's misconception; no trap's window meets the answers the
careful marker accepts by carried rounding, nor those it accepts as written
to more figures than asked and rounding to the answer at the figures asked
(marking/as_asked.py: a careful student is never named as making a slip,
and no trap is accepted: the sampler keeps traps 2% away, separation.py GAP);
and a student who gives the answer to 2 significant figures where 3 are
asked is never correct (unless that is the answer exactly)."""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import QuizgenError
from quizgen.generation.quiz import Question
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.as_asked import as_asked_span
from quizgen.marking.forms import significant_figures
from quizgen.marking.hull import CarriedSpans
from quizgen.marking.sources import figures_asked
from quizgen.maths.evaluate import ground
from quizgen.maths.numbers import significant
from quizgen.maths.rounding import to_figures
from quizgen.maths.tolerance import half_width
from quizgen.validation.problems import problem_at
from quizgen.validation.stated import answer_as_asked
from quizgen.validation.steps import step_student
from quizgen.key.status import Status

CAREFUL_FIGURES = 3
TRAP_FIGURES = 4


def _rounded(value, figures: int):
    """``value`` to ``figures`` significant figures by the paper's rule, on the
    exact value (0.9175 to 3 figures is 0.918, though its float lies below)."""
    if isinstance(value, (tuple, list)):
        return tuple(_rounded(v, figures) for v in value)
    if isinstance(value, (Fraction, int)) or hasattr(value, "__float__") and not isinstance(value, str):
        return to_figures(value, figures)
    return value


def careful_student(instance, figures: int = CAREFUL_FIGURES, report: int | None = None) -> dict:
    """A student's answers {part name: text}: they work the lets in order,
    carrying every result rounded to ``figures`` significant figures, and
    report ``report`` figures (default: ``figures``, or more where the part's
    tolerance asks for more; words and whole numbers as the key has them)."""
    template, env = instance.template, dict(instance.params)
    for name, node in template.lets:
        env[name] = _rounded(ground(node, env), figures)
    answers = {}
    for pv in instance.parts:
        if pv.value is None:
            answers[pv.part.name] = pv.accept[0]
        elif pv.part.kind == "integer":
            answers[pv.part.name] = str(int(pv.value))
        else:   # as many figures as the part asks for, at least ``figures``
            shown = report or max(figures, int(pv.part.tolerance.get("sigfigs", figures)))
            answers[pv.part.name] = significant(ground(pv.part.answer, env), shown)
    return answers


def mark_answers(checkers: dict, instance, answers: dict) -> dict:
    """``{part name: Verdict}`` as grade marks a paper answered in part order
    (ECF from the answers already given)."""
    values, figures, statuses, verdicts = {}, {}, {}, {}
    for pv in instance.parts:
        checker = checkers[pv.letter]
        verdict = carried_forward(checker, checker(answers[pv.part.name]), values, figures, statuses)
        values[pv.part.name], figures[pv.part.name] = verdict.value, verdict.figures
        statuses[pv.part.name] = verdict.status
        verdicts[pv.part.name] = verdict
    return verdicts


def marking_problems(instance, recipe_paths=None, reach: dict | None = None) -> list:
    """The careful student not correct, or a trap accepted or not named, on one instance
    (``recipe_paths``: its template's steps.paths_once, for the step-rounding student);
    ``reach`` ({part index: widest carried reach}) keeps the widest met (``note_reach``)."""
    try:
        checkers = question_checkers(key_entry(Question("Q1", instance)))
        answers = careful_student(instance)
    except (QuizgenError, ArithmeticError, ValueError):
        return []   # an instance that cannot build a key is reported by the other checks
    path, seed = instance.template.path, instance.seed_label
    problems = []
    for i, (pv, verdict) in enumerate(zip(instance.parts, mark_answers(checkers, instance, answers).values())):
        if verdict.status != Status.CORRECT:
            problems.append(problem_at(path, ("parts", i, "answer"), (
                f"a student who carries {CAREFUL_FIGURES} significant figures answers "
                f"{answers[pv.part.name]} and is marked {verdict.status}, not correct (seed {seed}); "
                f"it rounds each let it goes through: write the answer from the parameters "
                f"(docs/authoring.md, section 10)")))
    problems += printed_answer_problems(checkers, instance)
    if not problems:
        problems += _step_student_problems(checkers, instance, answers, recipe_paths)
    for i, pv in enumerate(instance.parts):
        checker = checkers[pv.letter]
        if reach is not None:
            note_reach(reach, i, pv, carried_spans(checker), seed)
        for j, trap in enumerate(pv.traps):
            if trap.value is None or pv.value is None:
                continue
            text = significant(float(trap.value), TRAP_FIGURES)
            if pv.part.kind == "integer" and "." in text:   # a count's 7.500 reads as 7500: write 7.5
                text = text.rstrip("0").rstrip(".")
            verdict = checker(text)
            if verdict.status == Status.CORRECT or verdict.misconception != trap.code:
                problems.append(problem_at(path, ("parts", i, "traps", j, "value"), (
                    f"the trap's value {text} is marked {verdict.status}"
                    f"{' (' + verdict.misconception + ')' if verdict.misconception else ''}, not "
                    f"incorrect ({trap.code}) (seed {seed})")))
        problems += _traps_in_carried_reach(checker, pv, path, seed, i)
        problems += _two_figures_correct(checker, pv, path, seed, i)
    return problems


def printed_answer_problems(checkers: dict, instance) -> list:
    """A part whose answer as key.csv and the worked solutions write it, or as its
    tolerance asks it rounded (to its figures, or its decimal places), is marked
    other than correct by the real marker: a marker working from the key, or a
    student who rounds as told, would then disagree with ``quizgen grade``."""
    key = {pv.part.name: pv.written for pv in instance.parts}
    rounded = {pv.part.name: answer_as_asked(pv) or pv.written for pv in instance.parts}
    found = {}
    for answers, how in ((key, "as key.csv and the worked solutions write it"), (rounded, "rounded as asked")):
        if all(checkers[pv.letter](answers[pv.part.name]).status == Status.CORRECT for pv in instance.parts):
            continue   # each right as it stands: no earlier answer to carry forward (the common case, quick)
        for i, (pv, verdict) in enumerate(zip(instance.parts, mark_answers(checkers, instance, answers).values())):
            if verdict.status != Status.CORRECT and i not in found:
                found[i] = problem_at(instance.template.path, ("parts", i), (
                    f"the answer {how}, {answers[pv.part.name]}, is marked {verdict.status}, not correct "
                    f"(seed {instance.seed_label}): make the part's tolerance and decimals fit the figures "
                    f"its text asks (docs/templates.md, parts)"))
    return list(found.values())


def _step_student_problems(checkers: dict, instance, careful: dict, recipe_paths=None) -> list:
    """The student who rounds every step of the working, a list element by
    element (validation/steps.py), marked other than correct: carried rounding
    misses a way of working that the paper's rounding rule allows."""
    try:
        stepped = step_student(instance, CAREFUL_FIGURES, recipe_paths)
    except (QuizgenError, ArithmeticError, ValueError):
        return []
    answers = {**careful, **stepped}
    found = []
    for i, (pv, verdict) in enumerate(zip(instance.parts, mark_answers(checkers, instance, answers).values())):
        if pv.part.name in stepped and verdict.status != Status.CORRECT:
            found.append(problem_at(instance.template.path, ("parts", i, "answer"), (
                f"a student who rounds every step of the working to {CAREFUL_FIGURES} significant figures, a list "
                f"element by element, answers {answers[pv.part.name]} and is marked {verdict.status}, not correct "
                f"(seed {instance.seed_label}); carried rounding does not reach it: keep such draws out with a "
                f"constraint")))
    return found


SHORT_FIGURES = 2


def _two_figures_correct(checker, pv, path, seed, i: int) -> list:
    """A problem when part ``pv``'s answer written to ``SHORT_FIGURES``
    significant figures, where it asks for more, is marked correct (only the
    answer exactly, ``0.50`` for 1/2, may be)."""
    asked = figures_asked(pv.part.kind, pv.part.tolerance) if pv.value is not None else None
    if asked is None or asked <= SHORT_FIGURES or float(pv.value) == 0:
        return []
    text = significant(pv.value, SHORT_FIGURES)   # 0.09996 to 2 is 0.100: 3 figures shown, right to 3
    if (significant_figures(text) or 0) >= asked or float(text) == float(pv.value) \
            or checker(text).status != Status.CORRECT:
        return []
    return [problem_at(path, ("parts", i, "answer"), (
        f"the answer to {SHORT_FIGURES} significant figures, {text}, is marked correct where the part asks for "
        f"{asked} (seed {seed})"))]


def carried_spans(checker) -> tuple:
    """The ``(low, high)`` spans of answers ``checker`` accepts by carried rounding."""
    rule = getattr(checker, "rule", None)
    if rule is None:
        return ()   # a checker without the careful marker's rule accepts nothing by carrying
    found = rule.carried
    return found.spans() if isinstance(found, CarriedSpans) else tuple(found)


def note_reach(reach: dict, i: int, pv, spans, seed) -> None:
    """Keep in ``reach[i]`` the widest carried-rounding reach of part ``pv`` met so far, relative to
    its answer: ``(relative width, low, high, answer, seed)``."""
    if pv.value is None or pv.part.kind != "numeric" or not spans or float(pv.value) == 0:
        return
    value = float(pv.value)
    low, high = min(s[0] for s in spans), max(s[1] for s in spans)
    width = (high - low) / abs(value)
    if width > reach.get(i, (0.0,))[0]:
        reach[i] = (width, low, high, value, seed)


def _traps_in_carried_reach(checker, pv, path, seed, i: int) -> list:
    """Problems for the traps of part ``pv`` whose window meets its carried-rounding spans."""
    if pv.value is None or pv.part.kind != "numeric" or not any(t.value is not None for t in pv.traps):
        return []
    rounding = as_asked_span(pv.value, pv.part.kind, pv.part.tolerance)
    spans, problems = carried_spans(checker), _traps_in_rounding(pv, rounding, path, seed, i)
    for j, trap in enumerate(pv.traps):
        if trap.value is None:
            continue
        value = float(trap.value)
        width = half_width(value, pv.part.tolerance)
        met = [(low, high) for low, high in spans if low <= value + width and high >= value - width]
        if met:
            problems.append(problem_at(path, ("parts", i, "traps", j, "value"), (
                f"the trap's value {value:.6g} comes within tolerance of {met[0][0]:.6g} to {met[0][1]:.6g}, "
                f"answers a careful student reaches by carried rounding: such a student would be named as "
                f"making the slip (seed {seed}); keep the trap further from the answer with a constraint")))
    return problems


def _traps_in_rounding(pv, rounding: tuple | None, path, seed, i: int) -> list:
    """Problems for the traps of part ``pv`` whose window meets ``rounding``,
    the answers accepted as rounding to the part's answer (as_asked_span)."""
    if rounding is None:
        return []
    problems = []
    for j, trap in enumerate(pv.traps):
        value = None if trap.value is None else float(trap.value)
        width = 0.0 if value is None else half_width(value, pv.part.tolerance)
        if value is None or not (rounding[0] <= value + width and rounding[1] >= value - width):
            continue
        problems.append(problem_at(path, ("parts", i, "traps", j, "value"), (
            f"the trap's value {value:.6g} comes within tolerance of {rounding[0]:.6g} to {rounding[1]:.6g}, "
            f"answers that round to the part's answer at the figures asked, which are correct: such a student "
            f"would be named as making the slip, or the trap accepted (seed {seed}); keep the trap further from "
            f"the answer with a constraint")))
    return problems
