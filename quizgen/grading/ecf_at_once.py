"""Error carried forward: the one rule by which grade's ECF pass
(quizgen/grading/ecf_pass.py, after the pass, from the student's final
answers) and the drill and validate (at once, from the answers already
given: ``carried_forward``) re-mark an answer to a part worked from earlier
parts (``ecf_verdict``). Moved out of part_checker.py, which keeps the rules
for one answer alone."""

from __future__ import annotations

import re
from typing import NamedTuple

from quizgen.grading.careful import ecf_inputs
from quizgen.grading.ecf_routes import main_sources, route_verdict
from quizgen.key.status import Status
from quizgen.marking.early_once import named_once, reading_of
from quizgen.marking.early_sources import rounded_only, rounding_marked_there
from quizgen.marking.rule_model import CARRIED, ECF, EARLY
from quizgen.marking.forms import LOG_NOTE, with_log_note
from quizgen.marking.quotes import marked_from
from quizgen.marking.carry import inside
from quizgen.marking.coherence import range_told
from quizgen.marking.early_carry import coarse_beyond, coarse_carry
from quizgen.marking.slips import trap_rounded_or_cut
from quizgen.marking.sources import figures_asked, own_trap_inputs, own_trap_read

REMARKED = frozenset({Status.INCORRECT, Status.IMPRECISE})
"""The statuses ECF may change: an answer correct, blank, ... stands."""


def part_letters(question) -> dict:
    """{part name: letter} of ``question``'s parts, the first part so named."""
    return {part.name: part.letter for part in reversed(question.parts)}


def ecf_verdict(checker, outcome, sources, own_answers, kept: dict | None = None):
    """The verdict ECF gives ``outcome`` (``checker``'s verdict on the answer
    alone: a Verdict or a grade Outcome), or None when it stands. ``sources``:
    ``(name, letter, status, value, figures)`` of each earlier part the part's
    recipe, or another route of it, reads (``careful.ecf_inputs``); ``own_answers()``: the values and
    figures of the named parts before it (and those ``sources`` name), two
    dicts (a trap worked from them: ``own_trap``), asked for only when such a
    trap is looked for; ``kept``: what ``_own_trap_of`` works out, kept
    by the caller (a class paper's students share them; up to
    ``KEPT``). An earlier part a person must read makes this one
    ``needs_review`` too (``read_with``)."""
    if outcome.status not in REMARKED:
        return _reworded(checker, outcome, sources) if outcome.note == CARRIED else None
    unread = [letter for _, letter, status, _, _ in sources if status == Status.NEEDS_REVIEW]
    if unread:   # ECF from an answer no one has read yet: a person marks both
        return read_with(checker, outcome, unread)
    if outcome.value is None:
        return None
    main = main_sources(checker, sources)   # those its own recipe reads; the rest only its other routes do
    verdict = None if _all_the_keys(checker, main) else checker.remark(
        outcome.value, outcome.figures, *_as_given(main))   # quoted as written: 0.0100
    if verdict is None or verdict.note != ECF:   # another right method on their own answers (C6 (c): ((a) - (b))/2)
        verdict = route_verdict(checker, outcome, sources, lambda reads: _all_the_keys(checker, reads)) or verdict
    if verdict is None:   # a trap from their own (a)? C2: -log10 of their own (a); C8 (b) 0.5000, a copy of it
        verdict = _own_trap_of(checker, outcome, own_answers, {} if kept is None else kept)
    if verdict is None and outcome.status == Status.INCORRECT and not outcome.misconception \
            and (not outcome.feedback or range_told(outcome)):
        verdict = _coarse_told(checker, outcome, sources)   # (a) carried at 1 figure: said, still incorrect
    if verdict is None and outcome.note == EARLY or verdict is not None and verdict.note == EARLY:
        verdict = rounded_once(checker, verdict or outcome, own_answers)
        verdict = None if verdict is outcome else verdict
    if verdict is not None and _scores_less(verdict, outcome):
        return None
    return None if verdict is None else keep_log_note(outcome, verdict)   # "log is read as ln" stays


def _scores_less(verdict, outcome) -> bool:
    """Whether ECF's ``verdict`` would score less than ``outcome``, the answer's own ``imprecise``
    verdict (a value near 1 kept short, named with the earlier parts blank too): a later part earns
    the larger of the credits it qualifies for, so writing (a) never costs marks where ``ecf_credit``
    is below ``imprecise_credit`` ((b) from (a) 0.855 = 1/1.17 would score 0 under
    ``ecf_credit: 0``, the same (b) with (a) blank half)."""
    return outcome.status == Status.IMPRECISE and verdict.score < outcome.score


def _as_given(sources) -> tuple:
    """``({part name: value}, {part name: figures shown})`` of the earlier answers ``sources`` name."""
    return {s[0]: s[3] for s in sources}, {s[0]: s[4] for s in sources}


def _all_the_keys(checker, sources) -> bool:
    """True when every earlier answer the recipe reads is its part's own value:
    the same number, or a right count (``exp(ln(5.000))`` is 5 to a count's
    tolerance); re-marked from them, the answer is marked as it was alone."""
    parts = {part.name: part for part in reversed(checker.question_rules().question.parts)}
    return all(value is not None and name in parts and _the_keys(parts[name], value) for name, _, _, value, _ in sources)


def _the_keys(part, value: float) -> bool:
    """Whether ``value`` is ``part``'s own: equal, or a count within its tolerance."""
    return value == part.value or part.kind == "integer" and abs(value - part.value) <= part.half_width()


def _reworded(checker, outcome, sources):
    """ECF's verdict on ``outcome``, a correct carried-rounding answer, when it
    is what the student's own earlier answer as written gives and that answer
    was marked rounded too early at its part (rules.py, ``worked_from_early``:
    (a) ``0.91``, then (b) ``0.0943`` = -ln 0.91, said as (a) ``0.9`` then
    (b) ``0.105`` is); None otherwise, and whenever ECF's status or marks would
    differ: the words change, never the marks. Grade's pass re-marks only an
    answer reading an earlier part marked imprecise, so it costs nothing more
    elsewhere."""
    if outcome.value is None or not any(status in (Status.IMPRECISE, None) for _, _, status, _, _ in sources):
        return None   # None: the drill, which keeps no statuses (the careful marker decides)
    verdict = checker.remark(outcome.value, outcome.figures, *_as_given(sources))
    if verdict is None or verdict.note != ECF or (verdict.status, verdict.score) != (outcome.status, outcome.score):
        return None
    return keep_log_note(outcome, verdict)


def _coarse_told(checker, outcome, sources):
    """``outcome``, incorrect with nothing said of it, with early_carry's
    ``coarse_carry`` words when the student's own earlier answer rounded to 1
    significant figure gives it (its status and marks as they are); else None."""
    question = checker.question
    if checker.kind != "numeric" or checker.override or question is None:
        return None
    values, figures = _as_given(sources)
    if coarse_beyond(checker.rule, outcome.value, outcome.figures, values, question.parameters, question.credits) \
            or not question.usable():   # the hull first: most such answers are far off, and usable() costs more
        return None
    said = coarse_carry(checker.rule, outcome.value, outcome.figures, values, question.env, figures, question.credits)
    return checker.incorrect._replace(score=outcome.score, feedback=said, value=outcome.value,
                                      figures=outcome.figures) if said else None


KEPT = 100_000
"""What ``ecf_verdict`` keeps in its caller's ``kept`` before starting afresh."""


def _own_trap_of(checker, outcome, own_answers, kept: dict):
    """``ecf_verdict``'s own trap: ``own_trap``'s verdict on ``outcome``, from the student's own answers,
    unless that scored more. An outcome named a key trap worked from the right earlier answers, or a
    slip of one (``_slip_named``) within that trap's window, stands, except where an earlier answer the
    own trap reads is wrong and the own trap is another: their figures explain it, the key's (a) they
    did not write does not (C1 (a) 0.727, (b) 0.138 = -log10 0.727 is not named log2 of
    the right p). Worked out cheapest first, each piece kept in ``kept`` by what it reads: whether the
    misconception may be a slip (by checker and outcome), the trap found (by the answers it is worked
    from, ``own_trap_inputs``), and whether the answer is within the slip's trap window (``inside``),
    asked only once a trap is found (a class paper's students share it)."""
    if len(kept) >= KEPT:
        kept.clear()
    answers, written = own_answers()
    inputs = kept.get(("inputs", checker))
    if inputs is None:
        inputs = kept["inputs", checker] = own_trap_inputs(checker.question_rules(), checker.part.letter)
    named, slip = outcome.misconception, None
    if named:
        slip = kept.get(("slip", checker, outcome), kept)
        if slip is kept:
            slip = kept["slip", checker, outcome] = _slip_named(checker, outcome)
        wrong = checker.question_rules().any_wrong(inputs, answers)
        if not wrong and (slip is None or kept.get(("inside", checker, outcome))):
            return None   # the key's trap, from their right (a)
    key = ("trap", checker, outcome.value, *[answers.get(name) for name in inputs])
    found = kept.get(key, kept)
    if found is kept:
        found = kept[key] = _own_trap_found(checker, outcome.value, answers)
    if found is None:
        return None
    keyed = named and (found[0].code == named or not wrong)   # the key's trap may stand
    if keyed and (slip is None or _inside_slip(checker, outcome, slip, kept)):
        return None   # the key's trap it is (or its slip, within its window)
    verdict = _own_trap_verdict(checker, found, outcome.value, outcome.figures, answers, written)
    if verdict is not None and named and verdict.score < outcome.score:
        return None   # the key's trap scored more: never less for the account that needs no slip
    return verdict


def _inside_slip(checker, outcome, slip, kept: dict) -> bool:
    """Whether ``outcome`` lies within the window of ``slip``'s trap (``inside``), kept in ``kept``."""
    within = kept.get(("inside", checker, outcome))
    if within is None:
        within = kept["inside", checker, outcome] = inside(outcome.value, slip.carried)
    return within


def _slip_named(checker, outcome):
    """The key's trap (a TrapRule) whose value ``outcome``, a misconception, was named as rounded to fewer
    figures or cut off (rules.py's ``_slip``), or None. Unless the answer is within that trap's window
    (``inside``, asked last: it costs most), a trap worked from the student's own earlier answers
    (``own_trap``) explains it with no slip (C2 (a) 0.057, (b) 1.24, -log10 0.057 = 1.244 rounded, was
    told "cut off instead of rounded: 1.247 rounds to 1.25", of the key's p they never wrote)."""
    if checker.kind != "numeric" or outcome.value is None:
        return None
    part = checker.part   # its rule's traps, value, kind and tolerance, read without making the rule (most never ask)
    asked = figures_asked(part.kind, checker._spec())
    traps = [_KeyTrap(t.code, v) for t, v in zip(part.traps, part.trap_values)]
    found = trap_rounded_or_cut(traps, asked, outcome.value, outcome.figures, part.value) if asked else None
    if found is None or found[0].code != outcome.misconception:
        return None
    return next(trap for trap in checker.rule.traps if trap.code == found[0].code)   # its window: the rule's


class _KeyTrap(NamedTuple):
    """A key trap's code and this instance's value (None: left out), as ``trap_rounded_or_cut`` reads the
    rule's TrapRules: ``_slip_named`` asks it of every trap answer, and the rule is made only for a slip."""
    code: str
    value: float | None


def own_trap(checker, value: float, figures, answers: dict, written: dict | None = None):
    """``checker``'s verdict on an incorrect (or imprecise) answer that is a trap worked from the student's
    own ``answers`` (part name -> value; ``written``: the figures each showed) to the parts its recipe reads
    (``own_trap_read``), or None. Its credit is the trap's times the ECF credit when one of those answers is
    wrong (a trap's value, a wrong value): a slip made on a wrong (a) never earns more than the right method
    on it. When the only thing wrong there is the right value rounded too early or cut off, marked at its own
    part, it is the trap's credit alone, as the right method on it earns in full (``rounded_only``), and the
    feedback says where that rounding is marked."""
    found = _own_trap_found(checker, value, answers)
    return None if found is None else _own_trap_verdict(checker, found, value, figures, answers, written)


def _own_trap_found(checker, value: float, answers: dict):
    """``own_trap_read`` for ``checker``'s part: (the trap, the parts it reads), or None."""
    return own_trap_read(checker.question_rules(), checker.part.letter, value, answers, checker._spec(),
                         checker.kind)


def _own_trap_verdict(checker, found: tuple, value: float, figures, answers: dict, written: dict | None):
    """``own_trap``'s verdict once its trap is ``found``."""
    question = checker.question_rules()
    trap, reads = found
    written, letters = written or {}, part_letters(question.question)
    sources = [question.source(letters[name]) for _, name in reads]   # not each earlier part's whole rule
    upstream = rounded_only(sources, answers, written) if None not in (answers[n] for _, n in reads) else None
    credits = question.credits
    credit = credits.traps.get(trap.code, trap.credit) * (1.0 if upstream is not None else credits.ecf)
    feedback, reads = question.own_wording(checker.part.letter, trap.feedback, reads, answers, written)
    shown = marked_from((label, answers[name], written.get(name)) for label, name in reads)
    there = f"; {rounding_marked_there(upstream)}" if upstream else ""
    return checker.incorrect._replace(score=credit * float(checker.part.points), misconception=trap.code,
                                      feedback=f"{shown}{there}: {feedback}", value=value, figures=figures)


def carried_forward(checker, verdict, values: dict, figures: dict | None = None, statuses: dict | None = None):
    """``verdict`` (``checker``'s, a PartChecker of ``question_checkers``), or
    the verdict ECF gives it (``ecf_verdict``) from the answers already given
    to the earlier parts (``values``: part name -> number; ``figures``: the
    significant figures each showed; ``statuses``: their statuses, so that a
    part worked from one a person must read waits for that person too), as
    grade's ECF pass gives it from the final answers."""
    if verdict.status not in REMARKED and verdict.note != CARRIED:   # correct, blank, ...: ECF never changes it
        return verdict
    question = checker.question.question if checker.question is not None else None
    depends = ecf_inputs(question).get(checker.part.letter) if question is not None else None
    if not depends:
        return verdict
    figures, statuses = figures or {}, statuses or {}
    letters = part_letters(question)
    sources = tuple((name, letters.get(name, name), statuses.get(name), values.get(name), figures.get(name))
                    for name in depends)
    def own_answers() -> tuple:
        return ({part.name: values.get(part.name) for part in question.parts},
                {part.name: figures.get(part.name) for part in question.parts})

    found = ecf_verdict(checker, verdict, sources, own_answers)
    return verdict if found is None else found


def rounded_once(checker, verdict, own_answers):
    """``verdict``, rounded too early, or ECF when it is right from an earlier
    answer rounded to 2 figures and an earlier part of the question, worked
    from that answer rounded the same way, is marked for it (early_once.py:
    one early rounding, named once). That part's verdict is worked out again
    from the student's answers (``own_answers()``), so grade's pass and the
    drill, which marks a part at once, agree."""
    question = checker.question
    if question is None or checker.override or not question.usable():
        return verdict
    values, written = own_answers()
    before = []
    for part in question.question.parts:
        if part.letter == checker.part.letter:
            break
        if values.get(part.name) is not None:
            before.append((question.rule(part.letter), reading_of(values[part.name], written.get(part.name))))
    mark = named_once(checker.rule, reading_of(verdict.value, verdict.figures), before, values, written, question)
    return verdict if mark is None else checker._verdict(mark, verdict.figures)


def keep_log_note(before, after):
    """``after`` (ECF's verdict) with the LOG_NOTE of ``before`` (a Verdict or Outcome on the same answer)."""
    if LOG_NOTE in before.feedback and LOG_NOTE not in after.feedback:
        return after._replace(feedback=with_log_note(after.feedback))
    return after


def read_with(checker, outcome, letters: list):
    """The verdict on an answer, not correct on its own, to ``checker``'s part,
    computed from earlier answers of which those in ``letters`` need a person
    to read them: needs_review too, saying so (else a silent zero that no
    override of the earlier part, which ECF does not follow, would lift)."""
    parts = " and ".join(f"({letter})" for letter in letters)
    alone = ", ".join(filter(None, (outcome.status.value, outcome.misconception, outcome.note)))
    return checker.incorrect._replace(
        status=Status.NEEDS_REVIEW, reason=f"depends on {parts}, which a person must read: mark this part with "
                                          f"{'it' if len(letters) == 1 else 'them'} (on its own: {alone})")


MARKER_DECIDED = ", which the marker decided"
"""How a part resting on earlier answers says, once an override decided them, that it still
awaits the marker (``decided_reason``); feedback_words words it for the student by it."""
_RESTING = re.compile(r"depends on ((?:\([^()]+\)(?: and )?)+), which a person must read: mark this part with "
                      r"(?:it|them) (\(on its own: .*\))$")   # read_with's reason, read back


def decided_reason(reason: str, decided, source: str) -> str | None:
    """``reason`` (read_with's, of a part resting on earlier answers a person must read)
    as it reads once an override in ``source`` decided every one of them (``decided(letter)``
    says whether it did): the part still awaits the marker, as ECF does not follow an
    override; None for any other reason, or when one of them is still undecided."""
    found = _RESTING.match(reason)
    if found is None or not all(map(decided, re.findall(r"\(([^()]+)\)", found.group(1)))):
        return None
    return (f"depends on {found.group(1)}{MARKER_DECIDED} ({source}): an override does not re-mark the parts "
            f"worked from it, so decide this one too {found.group(2)}")

