"""Checks on the canonical instance: it builds from the stated parameters,
reproduces the numbers ``expect`` states, and grades the template's own
example answers (``tests``) as they say."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from quizgen.bank.model import Template
from quizgen.errors import BankLimitError, ExpressionError, TemplateError
from quizgen.wording import did_you_mean
from quizgen.generation.canonical_params import canonical_param_problems
from quizgen.generation.plan import plan_for
from quizgen.generation.sampling import canonical_instance, exact_from_yaml
from quizgen.generation.quiz import Question
from quizgen.generation.separation import GAP
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.forms import NUMBER, read_number
from quizgen.marking.percent import asks_percent
from quizgen.marking.rule_model import ECF
from quizgen.maths.answers import normalise_word
from quizgen.maths.exact import to_float
from quizgen.maths.printing import to_text
from quizgen.maths.tolerance import half_width, matches
from quizgen.validation.ecf_check import ecf_warnings
from quizgen.validation.marking import mark_answers
from quizgen.validation.problems import Report, from_error, problem_at
from quizgen.key.status import Status


def check_canonical(template: Template, report: Report, found):
    """The canonical instance: it must build, reproduce ``expect`` and pass ``tests``."""
    found.add_all(_unknown_params(template))
    undrawable = [from_error(exc, template.path) for exc in canonical_param_problems(template)]
    if undrawable:  # reported alone: the instance they would build misleads every later check
        found.add_all(undrawable)
        return None
    try:
        inst = canonical_instance(template)
    except BankLimitError:
        raise  # ends this template's checks (validation.run.validate_file)
    except TemplateError as exc:
        where = getattr(exc.__cause__, "where", ())
        if not where:
            raise
        found.add_all(_expect_problems(template, _valued_part(exc.__cause__), report))
        found.add(problem_at(template.path, where, f"with the canonical parameters: {exc.__cause__}"))
        return None
    found.add_all(_expect_problems(template, inst, report))
    found.add_all(_test_problems(template, inst, report))
    report.warnings += _unchecked(template, inst) + ecf_warnings(inst)
    return inst


def _unchecked(template: Template, inst) -> list:
    """A warning for each part with no ``expect`` value or no correct test, and
    each trap no test answers with (one that is empty in the canonical instance,
    such as C8's conditional trap word, has nothing to test): the template may
    be right, but nothing checks it against the author's own working."""
    expect = template.canonical.get("expect") or {}
    tested = {(test["part"], test["status"] == Status.CORRECT, test.get("misconception")) for test in template.tests}
    warnings = []
    for i, pv in enumerate(inst.parts):
        name = pv.part.name
        if name not in expect:
            where = ("canonical", "expect") if "expect" in template.canonical else ("canonical",)
            warnings.append(problem_at(template.path, where, f"warning: no expected value for part {name}: "
                                       "under expect, state what your hand-worked example gives"))
        if (name, True, None) not in tested:
            warnings.append(problem_at(template.path, ("parts", i), f"warning: no test answers part {name} "
                                       f"correctly: add {{part: {name}, answer: ..., status: correct}} under tests"))
        for j, trap in enumerate(pv.traps):
            if any(key[0] == name and key[2] == trap.code for key in tested):
                continue
            if trap.value is not None or trap.words:
                warnings.append(problem_at(template.path, ("parts", i, "traps", j), (
                    f"warning: no test answers with this trap: add {{part: {name}, answer: ..., status: "
                    f"incorrect, misconception: {trap.code}}} under tests")))
            elif (near := _left_out_near(template, inst, pv, j)) is not None:
                warnings.append(problem_at(template.path, ("parts", i, "traps", j), _near_warning(near, pv.value)))
    return warnings


def _left_out_near(template: Template, inst, pv, j: int):
    """The value of ``pv``'s trap ``j`` when the canonical draw left it out for lying within
    ``GAP`` of the answer (generation/separation.py, ``drop_near_traps``) and no test of the
    part answers at that value, else None. No test can answer with such a trap, and an answer
    at its value is marked as if it did not exist. One whose ``when`` is false
    there is the author's own statement that the slip cannot be made, and gets no warning."""
    model = pv.part.traps[j]
    if model.value is None or pv.value is None:
        return None
    functions = plan_for(template).functions
    try:
        if model.when is not None and functions[model.when](inst.env) is not True:
            return None
        value = to_float(functions[model.value](inst.env))
    except ExpressionError:
        return None
    answered = (_number(test["answer"], pv.part) for test in template.tests if test["part"] == pv.part.name)
    if any(number is not None and matches(number, value, pv.part.tolerance, pv.part.kind) for number in answered):
        return None
    return value


def _near_warning(value: float, answer) -> str:
    """What validate says of a trap the canonical draw left out for lying near the answer."""
    return (f"warning: no test can answer with this trap: at the canonical parameters its value, {value:.4g}, "
            f"lies within {GAP:.0%} of the answer, {to_float(answer):.4g}, so that draw leaves the trap out and "
            f"grades an answer of {value:.4g} as if it did not exist; pick canonical parameters where the two lie "
            f"further apart, or add a test at {value:.4g} with the status it gets there")


def _number(answer, part):
    """A test's answer to ``part`` (bank.model.Part) as a float, read as grade reads a student's
    (marking.forms.read_number, with the part's percent, whole-number and unit words), or None
    when it reads no number."""
    reading = read_number(str(answer), asks_percent(part.ask), whole=part.kind == "integer", units=part.units)
    return reading.value if reading.status == NUMBER else None


def _unknown_params(template: Template) -> list:
    """A problem for each canonical parameter that is not a random parameter
    of the template: a misspelt name would otherwise be ignored (and the
    real one reported missing), a derived one silently recomputed."""
    kinds = {param.name: param.kind for param in template.params}
    drawn = [name for name, kind in kinds.items() if kind not in ("value", "insert")]
    problems = []
    for name in template.canonical.get("params") or {}:
        if name not in kinds:
            why = f"{name!r} is not a parameter of this template{did_you_mean(str(name), drawn)}"
        elif name not in drawn:
            why = f"{name!r} is computed from the other parameters ({kinds[name]}); leave it out"
        else:
            continue
        problems.append(problem_at(template.path, ("canonical", "params", name), why))
    return problems


def _valued_part(rejection):
    """A stand-in instance holding the one part the canonical draw valued before
    rejecting it (a trap equal to the answer, say), or none: its answer can still
    be held to ``expect``, and a wrong answer is the likelier mistake."""
    part = getattr(rejection, "part", None)
    return SimpleNamespace(parts=[part] if part is not None else [])


def _expect_problems(template: Template, inst, report: Report) -> list:
    """A problem, listed first (it points at the answer itself, which the other
    problems may only echo), for each ``expect`` value of ``inst``'s parts that
    the canonical instance does not reproduce."""
    parts = {pv.part.name: pv for pv in inst.parts}
    problems = []
    for name, stated in (template.canonical.get("expect") or {}).items():
        if name not in parts:
            continue
        problem = _expect_problem(parts[name], stated)
        if problem and parts[name].part.kind != "word" and not problem.endswith(_NOT_A_NUMBER):
            problem += f"; if {stated} is right, the part's answer is wrong ({_answer_at(template, name)})"
        if problem:
            problems.append(replace(problem_at(template.path, ("canonical", "expect", name), problem), first=True))
        else:
            report.expected += 1
    return problems


def _answer_at(template: Template, name: str) -> str:
    """Where part ``name``'s answer is written: its key and line."""
    i = next(i for i, part in enumerate(template.parts) if part.name == name)
    at = problem_at(template.path, ("parts", i, "answer"), "")
    return f"{at.key}, line {at.line}" if at.line else at.key


_NOT_A_NUMBER = "; write the number the reference states"
"""The end of a stated value that is no number: the part's answer is not blamed."""


def _expect_problem(pv, stated):
    """What is wrong with one stated canonical number (or word), or None."""
    if pv.part.kind == "word":
        if normalise_word(str(stated)) in {normalise_word(w) for w in pv.accept}:
            return None
        return f"states {stated!r} but the canonical instance accepts {', '.join(map(repr, pv.accept))}"
    try:
        number = float(exact_from_yaml(stated))
    except ExpressionError as exc:
        return f"{stated!r} is not a number: {exc}{_NOT_A_NUMBER}"
    value = float(pv.value)
    if matches(number, value, pv.part.tolerance, pv.part.kind):
        return None
    width = half_width(value, pv.part.tolerance, pv.part.kind)
    return (f"states {stated} but the canonical instance gives {value:.6g} (exactly {to_text(pv.value)}); "
            f"the part's tolerance allows {value - width:.6g} to {value + width:.6g}")


def _test_problems(template: Template, inst, report: Report) -> list:
    """The template's example answers, each marked as ``grade`` marks a
    student's paper: by the key entry's own checkers (traps, carried rounding,
    answers as people write them), after the earlier parts (``_as_a_student``),
    so that ECF from the test's ``earlier`` answers applies."""
    parts = {pv.part.name: (i, pv) for i, pv in enumerate(inst.parts)}
    entry = key_entry(Question("Q1", inst)) if template.tests else None
    checkers = question_checkers(entry) if template.tests else {}
    problems = []
    for n, test in enumerate(template.tests):
        _, pv = parts[test["part"]]   # each entry's part, status, misconception and earlier parts: bank/tests_schema.py
        verdict = _as_a_student(checkers, inst, entry, test)
        want = (test["status"], test.get("misconception") or "")
        if (verdict.status, verdict.misconception) != want:
            problems.append(problem_at(template.path, ("tests", n), f"answer {test['answer']!r} to part "
                                     f"{pv.part.name}{_after(test, parts)} is graded "
                                     f"{_verdict(verdict.status, verdict.misconception)}, the test expects "
                                     f"{_verdict(*want)}{_why(pv, verdict, want[1])}"))
        else:
            report.tests += 1
    return problems


def _as_a_student(checkers: dict, inst, entry, test: dict):
    """The verdict on a test's answer as grade gives it on a paper: the earlier
    parts answered first, as the test's ``earlier`` gives them (else with the
    key's answer, as a student who got them right writes it), so that error
    carried forward and carried rounding from them apply."""
    earlier = test.get("earlier") or {}
    answers = {pv.part.name: str(earlier[pv.part.name]) if pv.part.name in earlier else kp.answer
               for pv, kp in zip(inst.parts, entry.parts)}
    answers[test["part"]] = "" if test["answer"] is None else str(test["answer"])
    return mark_answers(checkers, inst, answers)[test["part"]]


def _after(test: dict, parts: dict) -> str:
    """`` (after (a) 0.231)`` when the test gives earlier answers: the failure names them."""
    earlier = test.get("earlier") or {}
    given = ", ".join(f"({parts[name][1].letter}) {earlier[name]}" for name in earlier)
    return f" (after {given})" if given else ""


def _why(pv, verdict, code: str) -> str:
    """Why the test failed: an answer right from the test's wrong earlier answers
    but incorrect is so for the template's ``ecf_credit: 0``, which the
    canonical answer's window would not tell; else ``_numbers_behind``."""
    if verdict.note == ECF and verdict.status == Status.INCORRECT:
        return ("; it is right given the earlier answers (error carried forward), which the template's "
                "ecf_credit: 0 gives no marks: a test of such an answer expects status: incorrect, no misconception")
    return _numbers_behind(pv, code)


def _numbers_behind(pv, code: str) -> str:
    """The value a test's answer was meant to match and the range the part's
    tolerance accepts around it (the canonical answer, or the expected trap's
    value), so an author sees at once whether the answer or the test is wrong."""
    trap = next((t for t in pv.traps if t.code == code and t.value is not None), None) if code else None
    if code and trap is None and any(t.code == code and t.value is not None for t in pv.part.traps):
        return (f"; the trap {code} is left out at the canonical parameters: its when is false there, "
                f"or its value lies within {GAP:.0%} of the answer (docs/authoring.md, section 6)")
    value = trap.value if trap is not None else pv.value
    if value is None or pv.part.kind == "word":
        return ""
    number, what = float(value), f"the trap {code}" if trap is not None else "the canonical answer"
    width = half_width(number, pv.part.tolerance, pv.part.kind)
    return f"; {what} is {number:.6g}, matched from {number - width:.6g} to {number + width:.6g}"


def _verdict(status: str, misconception: str) -> str:
    return f"{status} ({misconception})" if misconception else status
