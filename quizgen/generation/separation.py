"""Why a draw is thrown away: ``Rejected``, the check that no answer to a
part could match two of its values (the answer and the traps) or words, and
``ran_out``, the error once no draw passes; the reference's own numbers,
which cannot be redrawn, lose a trap that lies too near instead (``drop_near_traps``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from quizgen.bank.budget import FAILED
from quizgen.bank.yamlfile import locate_line
from quizgen.errors import SamplingError
from quizgen.maths.answers import normalise_word
from quizgen.maths.exact import to_float
from quizgen.maths.rounding import figure_places, float_to_places
from quizgen.maths.tolerance import DEFAULT_SIGFIGS, half_width, matches, overlapping_pair

GAP = 0.02
"""How far apart, relative to the larger, a numeric part's answer and each
of its traps must lie: 2%, at least two units of the third
significant figure the paper asks for, so that the answer's carried rounding
(each intermediate rounded to 3 figures moves it by up to 0.5%, and a path
has a few) and the trap's own window stay apart. Half a unit apart (C1's
0.6652 and the trap 2/3) a student who carried 2-figure steps (7.4 / 11.1)
writes the trap's 0.667 without its mistake. validate checks the carried
rounding itself (validation/marking.py)."""


class Rejected(Exception):
    """A draw that must be thrown away; the message says why, and ``where``
    names the template key at fault (``("constraints", 0)``), for validate."""

    def __init__(self, message: str, where: tuple = (), clash: str | None = None):
        super().__init__(message)
        self.where, self.clash = where, clash   # clash: "answer" or "trap", the value a trap came too near
        self.part = None   # the part as valued, when its separation failed: validate holds it to ``expect``


_OUT_OF_RANGE = ("a value out of range: past 1e300, or past what a float holds (exp of more than about 709, "
                 "a power of a large number), so keep the parameters' ranges and the lists' lengths smaller")
"""What a draw's "value out of range" means to an author (the bare words name nothing)."""


_CONSTANT_OUT_OF_RANGE = ("a value out of range whatever the draw: the expression reads no parameter, and its own "
                          "value is past 1e300 or past what a float holds (a power of a large number), so write it smaller")
"""The same for an expression of numbers alone: no parameter's range would help."""


def expression_failed(exc: Exception, constant: bool = False) -> str:
    """``an expression failed: ...`` for a draw's ExpressionError, a value out of range explained
    (for a ``constant`` expression, one that reads no parameter, as its own fault)."""
    reason = str(exc)
    if reason in ('value out of range', 'number out of range'):
        return f"{FAILED}{_CONSTANT_OUT_OF_RANGE if constant else _OUT_OF_RANGE}"
    return f"{FAILED}{reason}"


def check_separation(pv, printed: tuple = ()) -> None:
    """Reject a draw where one answer could match two of the part's values (the answer and its traps) or words,
    or where the answer reads as one of the ``printed`` numbers (``check_printed``)."""
    try:
        _check_separation(pv, printed)
    except Rejected as exc:
        exc.part = pv
        raise


def _check_separation(pv, printed: tuple) -> None:
    spec, kind = pv.part.tolerance, pv.part.kind
    values = [to_float(pv.value)] if pv.value is not None else []
    values += [to_float(t.value) for t in pv.traps if t.value is not None]
    pair = overlapping_pair(values, spec, "integer" if kind == "integer" else "numeric")
    if pair is not None:
        numbers = [("the answer", ("answer",))] if pv.value is not None else []
        numbers += [(t.code, ("traps", j)) for j, t in enumerate(pv.traps) if t.value is not None]
        (name_a, _), (name_b, where) = numbers[pair[0]], numbers[pair[1]]
        raise Rejected(f"part {pv.part.name}: {name_a} ({values[pair[0]]:.6g}) and {name_b} "
                       f"({values[pair[1]]:.6g}) are within tolerance of each other", where,
                       _clash(pv, pair, values))
    if kind == "numeric" and pv.value is not None:
        _check_gap(pv)
        _check_early_roundings(pv, spec, values[0])
    if any(trap.words for trap in pv.traps):
        _check_words(pv)
    check_printed(pv, printed)


def check_printed(pv, printed: tuple) -> None:
    """Reject a draw where a numeric part's answer that is not a whole number
    lies within tolerance of a number the question prints in every draw (its
    heading's points and title numbers, plan.heading_numbers, and the numbers its
    stem and questions write outside Jinja2's tags, plan.text_numbers), which the student
    could then read as the answer, as the leak check reads the stem
    (validation/leaks.py). A whole answer equal to a whole printed number (4
    predictions under "4 points") gives nothing away, as there: a template
    that keeps its counts off every printed number lists the heading's among
    them (C6's ``printed``). Sampling passes no printed numbers for an answer that
    reads no parameter: the same in every draw, no redraw could move it."""
    if not printed or pv.value is None or pv.part.kind != "numeric" or whole_value(pv.value):
        return
    answer = to_float(pv.value)
    reach = half_width(answer, pv.part.tolerance)   # the answer's window (``matches``), worked out once
    for number in printed:
        if abs(number - answer) <= reach:
            raise Rejected(f"part {pv.part.name}: the answer ({answer:.6g}) reads as the {number:g} the "
                           f"question prints", ("answer",))


def whole_value(value) -> bool:
    """True when an exact answer is a whole number: a Fraction over 1, or an
    expression whose value is one (log2(4), sqrt(4))."""
    if value.__class__ is Fraction:
        return value.denominator == 1
    return to_float(value).is_integer()


def too_near(a: float, b: float) -> bool:
    """True when ``a`` and ``b`` lie within ``GAP`` of the larger of them (a trap too near to tell apart)."""
    return abs(a - b) <= GAP * max(abs(a), abs(b))


def near_answer(pv) -> list:
    """The indexes of ``pv``'s number traps within ``GAP`` of its answer."""
    if pv.value is None or pv.part.kind != "numeric":
        return []
    answer = to_float(pv.value)
    return [j for j, t in enumerate(pv.traps) if t.value is not None and too_near(answer, to_float(t.value))]


def drop_near_traps(pv) -> None:
    """Leave out, as a false ``when`` would, the traps of the reference's own
    numbers (which cannot be drawn again) that lie within the separation gap
    of the answer: such a trap cannot tell a slip from a careful answer, so
    the worked-examples key does not name it (C1's 2/3 beside 0.6652). A trap
    the answer's own window takes in stays, and the draw is rejected: that is
    a mistake in the template, said once, by ``check_separation``."""
    answer = None if pv.value is None else to_float(pv.value)
    for j in near_answer(pv):
        if not matches(to_float(pv.traps[j].value), answer, pv.part.tolerance, pv.part.kind):
            pv.traps[j] = replace(pv.traps[j], value=None)


def _check_gap(pv) -> None:
    """Reject a draw where a trap of a numeric part lies within ``GAP`` of the
    answer: no answer matches both, but a student's answer cannot tell the
    slip from a careful answer. (Two traps only need their windows apart: which
    of two slips a student made matters less than whether they made one.)"""
    near = near_answer(pv)
    if near:
        j, answer = near[0], to_float(pv.value)
        trap = to_float(pv.traps[j].value)
        raise Rejected(f"part {pv.part.name}: the answer ({answer:.6g}) and {pv.traps[j].code} ({trap:.6g}) are "
                       f"within {GAP:.0%} of each other", ("traps", j), "near answer")


def _check_early_roundings(pv, spec: dict, answer: float) -> None:
    """Reject a draw where the answer rounded one figure too early (0.7513 to
    0.75 where 3 significant figures are asked for) falls into a trap (C1's
    z_t / sum z = 3/4): such an answer could be either slip, and the grader
    would name the trap to a student who only rounded early. An answer two
    figures short (0.6 for 0.5761) is more likely the trap's slip than so
    coarse a rounding, and the trap names it."""
    if answer == 0 or "atol" in spec or "rtol" in spec:
        return   # a window, not figures, is asked for
    figures = spec.get("sigfigs", DEFAULT_SIGFIGS)
    if figures < 2:
        return
    early = float_to_places(answer, figure_places(answer, figures - 1))
    for j, trap in enumerate(pv.traps):
        value = None if trap.value is None else to_float(trap.value)
        if value is not None and matches(early, value, spec):
            raise Rejected(f"part {pv.part.name}: {trap.code} ({value:.6g}) is the answer ({answer:.6g}) rounded "
                           f"too early ({early:.6g})", ("traps", j), "early")


def _clash(pv, pair: tuple, values: list) -> str:
    """What a trap came too near, for the advice when no draw passes (``ran_out``):
    equal values (to float noise: two routes to one exact value may differ in
    the last bit) or merely near ones."""
    what = "answer" if pv.value is not None and pair[0] == 0 else "trap"
    a, b = values[pair[0]], values[pair[1]]
    return what if abs(a - b) <= _SAME * max(abs(a), abs(b), _SMALL) else f"near {what}"


_SAME = 1e-12
_SMALL = 1e-3   # below it the noise is absolute: an answer of 0 and a trap of 5.6e-17 are one value
_ADVICE = {"answer": "this trap's value equals the answer: change the trap",
           "near answer": "this trap's value comes within tolerance, or 2%, of the answer in most draws: change "
                          "the trap, or add a constraint that keeps them apart",
           "early": "this trap's value is the answer rounded to fewer figures than asked in most draws: change "
                    "the trap, or add a constraint that keeps them apart",
           "trap": "these two traps have the same value: change one of them",
           "near trap": "these two traps come within tolerance of each other in most draws: change one "
                        "of them, or add a constraint that keeps them apart"}


def clash_advice(clash) -> str:
    """``"; what to do"`` for the clash of the rejection most draws met (generate and validate say the same)."""
    return f"; {_ADVICE[clash]}" if clash in _ADVICE else ""


_WORDS_APART: set = set()
WORDS_APART_LIMIT = 4096


def _check_words(pv) -> None:
    """No trap word of ``pv`` (a sampling.PartValue) is accepted, and no word is in two traps.
    A part's words come back the same from draw to draw (text/repeats.py fills them once per
    set of the values they read: C9's four sets over 600 draws, each of 160 us to check), so
    the words found apart are remembered, up to WORDS_APART_LIMIT sets, and not checked again;
    words that clash are not remembered, and fail again each time."""
    key = (tuple(pv.accept), tuple((trap.code, tuple(trap.words)) for trap in pv.traps))
    if key in _WORDS_APART:
        return
    _check_words_apart(pv)
    if len(_WORDS_APART) >= WORDS_APART_LIMIT:
        _WORDS_APART.clear()
    _WORDS_APART.add(key)


def _check_words_apart(pv) -> None:
    """:func:`_check_words`, worked out."""
    accepted = {normalise_word(w) for w in pv.accept}
    seen = {}
    for j, trap in enumerate(pv.traps):
        for word in map(normalise_word, trap.words):
            if word in accepted:
                raise Rejected(f"part {pv.part.name}: trap {trap.code} word {word!r} is also accepted",
                               ("traps", j, "words"))
            if seen.setdefault(word, trap.code) != trap.code:
                raise Rejected(f"part {pv.part.name}: word {word!r} is in two traps", ("traps", j, "words"))


def ran_out(template, counts, last: dict) -> SamplingError:
    """No draw passed: name the most frequent rejection (a clash of a trap with
    the answer, say, rather than whichever constraint failed last)."""
    if not counts:
        return SamplingError(f"template {template.id} ({template.path}): no parameters passed; no attempt made")
    (where, count), = counts.most_common(1)
    message, clash = last[where]
    reason = f"{'.'.join(map(str, where))}: {message}" if where else message
    advice = clash_advice(clash)
    line = locate_line(template.path, where) if where else None
    return SamplingError(f"template {template.id} ({template.path}{f':{line}' if line else ''}): no parameters "
                         f"passed in {template.max_tries} tries; {count} were rejected at {reason}{advice}")
