"""An answer written to more figures than asked that rounds, at the figures
asked, to the key's answer so rounded: correct (docs/marking.md, "Statuses
and notes"). The plain window (maths/tolerance.half_width) is centred on the
exact value, so 0.7162 for 0.715664 (0.716 to 3 s.f.) lies outside it though
it rounds to 0.716, as the paper says more figures are accepted. An answer in
a trap's window is never so accepted (a trap is never correct), nor one
showing fewer figures than asked (a 2 s.f. answer is never correct)."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from quizgen.maths.rounding import to_figures
from quizgen.maths.tolerance import matches
from quizgen.marking.carry import inside
from quizgen.marking.expression_value import ValueFigures
from quizgen.marking.quotes import quoted
from quizgen.marking.rule_model import INCORRECT, figures_asked
from quizgen.marking.slips import cut_to, same


def rounds_as_asked(value: float, key, kind: str, spec: dict, figures: int | None, traps=()) -> bool:
    """True when ``value``, written to ``figures`` significant figures (at
    least those the part asks; None: unknown, never), rounds at the figures
    asked to ``key`` (the part's exact answer) so rounded, and lies in no
    trap's window (``traps``: their values, None skipped)."""
    asked = figures_asked(kind, spec)
    if asked is None or figures is None or figures < asked or not math.isfinite(value) or far(value, key, asked):
        return False
    if any(t is not None and matches(value, t, spec, kind) for t in traps):
        return False
    return to_figures(_as_written(value), asked) == to_figures(key, asked)


def far(value: float, key, asked: int) -> bool:
    """True when ``value`` lies further from ``key`` than a 10**(2 - asked)
    share of it (a hundred units of the last figure asked, or ten), so surely
    rounds at ``asked`` figures to another number than ``key`` so rounded
    (at most five and a half units away: half a unit, and half of the next
    decade's unit, 0.9996 rounding to 1.00): the careful marker's answers are
    mostly far off, and this is its quick look before exact rounding."""
    try:
        key = float(key)
    except OverflowError:
        return False
    return abs(value - key) > abs(key) * 10.0 ** (2 - asked)


def rounds_otherwise(value: float, key, kind: str, spec: dict, figures: int | None) -> bool:
    """True when ``value``, written to more significant figures than the part
    asks, rounds at the figures asked to another number than ``key`` (the
    exact answer) so rounded, and is not ``key`` itself rounded to the figures
    written (seed 1's Q8 (b), 1.0239: 1.0285 rounds to 1.03, the answer to 1.02):
    wrong at the figures asked though within the plain window, which is
    centred on the exact value. ``0.7155`` for 0.71549 is that value to 4
    figures, and stays right. Written to the figures asked, True when it lies below
    the key's power of ten (``below_the_keys_decade``: 0.999 for 1.0004)."""
    asked = _asked_if_more_written(value, figures, kind, spec)
    if asked is None:
        return figures is not None and figures == figures_asked(kind, spec) and below_the_keys_decade(value, key)
    written, key = _as_written(value), Fraction(key) if not isinstance(key, Fraction) else key
    nudge = key * Fraction(1, 10 ** 12)   # an answer that is a tie is right either way (1230 for 1235), as lms/window.py says
    return to_figures(written, asked) not in (to_figures(key, asked), to_figures(key - nudge, asked)) \
        and written != to_figures(key, figures)


def carried_accepts(value: float, figures: int | None, spans, kind: str, spec: dict, traps=()) -> bool:
    """True when carried rounding accepts ``value`` written to ``figures``
    significant figures: within ``spans`` (the part's carried spans) when
    written to the figures asked or fewer (or unknown), else judged at the
    figures asked (``carried_as_asked``). The spans hold the unrounded value's
    own window, so a more-figured answer inside it that rounds at the figures
    asked to what no carrying reaches is no carried rounding (as
    ``6.8290`` for ln 920 = 6.8244 is 6.83, reached by no rounding of 1/920)."""
    if _asked_if_more_written(value, figures, kind, spec) is None:
        return inside(value, spans)
    traps = tuple(t for t in traps if t is not None)
    return carried_as_asked(value, figures, spans, kind, spec, traps) or inside(value, spans) \
        and reached_as_written(value, figures, spans) and not any(matches(value, t, spec, kind) for t in traps)


def reached_as_written(value: float, figures: int, spans) -> bool:
    """True when ``value`` is a value carried rounding reaches written to the
    ``figures`` it shows (``spans.values()``, the carried set; False for spans
    that keep none): q1's Q1 (a) 0.66943, ``0.6695`` is the carried 0.669463
    to 4 figures, right as written though 0.670 at the 3 asked, as ``0.7155``
    stays right for 0.71549 (``rounds_otherwise``)."""
    values = getattr(spans, "values", None)
    if values is None or not value:
        return False
    written = _as_written(value)
    unit = 10.0 ** (math.floor(math.log10(abs(value))) - figures + 1)
    return any(to_figures(_as_written(v), figures) == written for v in values() if abs(v - value) <= unit)


def carried_as_asked(value: float, figures: int | None, spans, kind: str, spec: dict, traps=()) -> bool:
    """True when ``value``, written to more significant figures than the part
    asks, rounds at the figures asked to an answer carried rounding accepts
    (``spans``, the part's carried spans), and neither it nor that rounding lies
    in a trap's window: seed 3's Q4 (0.8311), ``0.8319`` is 0.832 at the 3
    figures asked, as carried as ``0.832``, so more figures never mark lower.
    A tie written rounds away from zero, as the paper rounds (``0.7165`` is 0.717)."""
    asked = _asked_if_more_written(value, figures, kind, spec)
    if asked is None:
        return False
    traps = tuple(t for t in traps if t is not None)
    if any(matches(value, t, spec, kind) for t in traps):
        return False
    rounded = _at(value, asked)
    return inside(rounded, spans) and not any(matches(rounded, t, spec, kind) for t in traps)


def matched_as_asked(value: float, target: float, kind: str, spec: dict, figures: int | None, traps=()) -> bool:
    """True when ``value``, written to ``figures``, counts as ``target`` (a value
    worked from the student's own answers: ECF's recomputation, a misconception
    carried on) as the key's answer counts: within its window and not rounding
    otherwise at the figures asked (``rounds_otherwise``), or outside it but
    rounding there to ``target`` so rounded in no trap's window (``rounds_as_asked``)."""
    return matches(value, target, spec, kind) and not rounds_otherwise(value, target, kind, spec, figures) \
        or rounds_as_asked(value, target, kind, spec, figures, traps)


def ecf_as_asked(value: float, figures: int | None, values, kind: str, spec: dict) -> bool | None:
    """For an answer written to more figures than asked (else None: the plain
    windows judge it), whether ECF's carried ``values`` (worked from the
    student's own answers) reach it as carried rounding does the key's
    (``carried_accepts``): its rounding at the figures asked within one's
    window, or one of them written to the figures it shows. (a) 0.0800 for
    C7, -ln 0.08 = 2.5257: ``2.5210`` is 2.52 there and is reached by none."""
    asked = _asked_if_more_written(value, figures, kind, spec)
    if asked is None or not value:
        return None
    rounded, written = _at(value, asked), _as_written(value)
    return any(matches(rounded, v, spec, kind) or to_figures(_as_written(v), figures) == written for v in values)


def at_asked(value: float, figures: int | None, kind: str, spec: dict) -> float:
    """``value`` rounded at the figures the part asks when written to more, else ``value``."""
    asked = _asked_if_more_written(value, figures, kind, spec)
    return value if asked is None or not value else _at(value, asked)


def named_as_asked(rule, reading, verdict, mark):
    """``verdict`` on ``reading``, an answer written to more figures than
    asked, when it names nothing (a bare incorrect); else, when its rounding
    at the figures asked is a trap's value so rounded (``mark``, rules.py's
    ``_mark_value``, on that rounding), that trap's verdict, saying how it was
    judged: seed 3's C10 (b) ``0.6844`` is 0.684 at the 3 figures asked, the
    first_token_predicted trap's 0.68369. One rounding only:
    a rounding that is the trap's value cut off (``_cut_trap``) names nothing,
    for that stacks the trap's cut-off on the answer's own rounding: ``0.6825``
    is 0.683, 0.68369 cut off, and its 4th figure says it is no cut-off of
    0.68369 (as C10's ``0.6348`` beside the masked_positions_only
    trap's 0.6357 is not named). A rounding that is correct, carried or ECF
    leaves the answer as it was."""
    x, shown = reading.value, reading.figures
    asked = _asked_if_more_written(x, shown, rule.kind, rule.spec)
    if asked is None or not x or verdict.status != INCORRECT or verdict.misconception:
        return verdict
    rounded = _at(x, asked)
    named = mark(replace(reading, value=rounded, figures=asked))
    if named.status != INCORRECT or not named.misconception or named.note or _cut_trap(rule, rounded, asked, named):
        return verdict
    return replace(named, value=x, feedback=f"{named.feedback} {marked_as_rounded(x, shown, rounded, asked)}".strip())


def marked_as_rounded(x: float, shown: int | None, rounded: float, asked: int) -> str:
    """The sentence saying that ``x``, written to ``shown`` figures, is marked as its rounding at the ``asked``:
    an expression's value (expression_value.ValueFigures) is said to be its value, not what was written."""
    whose = "Your answer's value" if isinstance(shown, ValueFigures) else "Your answer"
    return f"({whose}, {quoted(x, shown)}, is {quoted(rounded, asked)} at the {asked} significant figures " \
           "asked, and is marked as that.)"


def rounded_if_longer(value: float, figures: int | None, kind: str, spec: dict, traps=()) -> float | None:
    """``value``, written to more significant figures than the part asks, rounded at those asked
    the paper's way (``0.6566`` is 0.657), when neither it nor that rounding lies in a trap's
    window (``traps``: their values, None skipped); else None. A rule that names how an answer
    was reached judges such an answer as that rounding too, so that more figures never mark lower
    (early_carry.py's one step kept short); never one written to the figures
    asked or fewer."""
    asked = _asked_if_more_written(value, figures, kind, spec)
    if asked is None or not value:
        return None
    rounded = _at(value, asked)
    if any(t is not None and (matches(value, t, spec, kind) or matches(rounded, t, spec, kind)) for t in traps):
        return None
    return rounded



def _cut_trap(rule, rounded: float, asked: int, named) -> bool:
    """Whether ``rounded``, an answer's rounding at the ``asked`` figures, is the
    trap ``named`` names only as that trap's value cut off there (told so, or
    excused as what its working carried at 3 figures reaches), outside its
    window: a second rounding beside the answer's own, which names nothing."""
    kind = "integer" if rule.kind == "integer" else "numeric"
    return any(t.code == named.misconception and t.value is not None and cut_to(rounded, t.value, asked)
               and not matches(rounded, t.value, rule.spec, kind) for t in rule.traps)


def _asked_if_more_written(value: float, figures: int | None, kind: str, spec: dict) -> int | None:
    """The figures the part asks when ``value`` (finite) is written to more of them, ``figures``; else None."""
    asked = figures_asked(kind, spec)
    if asked is None or figures is None or figures <= asked or not math.isfinite(value):
        return None
    return asked


def _at(value: float, asked: int) -> float:
    """``value`` as written, rounded at the ``asked`` figures the paper's way (a tie away from zero)."""
    return float(to_figures(_as_written(value), asked))


def shown_right(part, value: float, figures: int | None, asked: int, kind: str, spec: dict) -> bool:
    """Whether ``value``, within the plain window of key ``part``'s answer and
    written to ``figures`` (None: unknown), shows the ``asked`` figures or more
    and is right at them (``rounds_otherwise``, worked out only for more
    figures than asked: the grader's fast path)."""
    if figures is None:
        return True
    if figures == asked:
        return not below_the_keys_decade(value, part.value)
    if figures > asked and plainly_as_asked(value, part.value, asked):
        return True
    exact = part.rational if part.rational is not None else part.value
    return figures > asked and not rounds_otherwise(value, exact, kind, spec, figures)


def below_the_keys_decade(value: float, key: float) -> bool:
    """True when ``value`` lies in a lower power of ten than ``key``: written to the
    figures asked it is then another number than the key so rounded, though the plain
    window, half a unit of the key's last asked figure each side, reaches it (``0.996``
    to ``0.999`` for 1.0004, 1.00 at 3 figures; the numbers below 1 have a finer unit).
    Carried rounding may still accept it; on its own it is no right answer."""
    value, key = float(value), float(key)
    if not value or not key or (value > 0) != (key > 0) or abs(value) >= abs(key) or not math.isfinite(value):
        return False
    return math.floor(math.log10(abs(value))) < math.floor(math.log10(abs(key)))


KEY_DRIFT = 1e-5
"""How far (relative) a key's float may lie from its exact form: ten times
what loading lets a hand-edited key's lie (key/exact_check.py's RTOL), and
``KEY_DRIFT_NEAR_0`` ten times its ATOL, beside 0. A generated key's float
is its exact form's nearest."""
KEY_DRIFT_NEAR_0 = 1e-11


def plainly_as_asked(value: float, key: float, asked: int) -> bool:
    """True when ``value`` and ``key`` (the part's float, its exact form a
    ``KEY_DRIFT`` away at most) both round at the ``asked`` figures to the same
    number, and lie well inside the span of answers that do (the answer
    not within a billionth of itself of its ends, the key not within
    ``KEY_DRIFT``): then no exact rounding is needed, ``rounds_otherwise``
    is False. Worked in floats for the grader's fast path (``shown_right``);
    False when not plainly so (near a span's end, a tie, a power of ten or 0),
    and the exact rule decides. tests/test_as_asked_fast34.py holds it to the
    exact rule."""
    if key == 0 or (value > 0) != (key > 0) or not math.isfinite(key):
        return False
    places = asked - 1 - math.floor(math.log10(abs(key)))
    if not -300 < places < 300:
        return False
    scale = 10.0 ** places
    scaled_key, scaled = abs(key) * scale, abs(value) * scale   # the figures asked: units, before the point
    units = round(scaled_key)
    lowest = 10 ** (asked - 1)   # at 100 (0.100 to 3 figures) the span below is a tenth as wide: not here
    return lowest < units < 10 * lowest and abs(scaled - units) < 0.5 - units * 1e-9 \
        and abs(scaled_key - units) < 0.5 - units * KEY_DRIFT - scale * KEY_DRIFT_NEAR_0


def _as_written(value: float) -> Fraction:
    """The decimal a student wrote for the float ``value`` (its shortest form:
    0.3425 is the tie it was written as, not the float just below it)."""
    return Fraction(repr(float(value)))


def as_asked_span(key, kind: str, spec: dict) -> tuple | None:
    """``(low, high)``: the answers that round, at the figures the part asks,
    to ``key`` so rounded (``low`` included, ``high`` not: a tie rounds away
    from zero), the span ``rounds_as_asked`` accepts beside the plain window;
    None when the part asks for no figures or its answer rounds to 0."""
    asked = figures_asked(kind, spec)
    rounded = to_figures(key, asked) if asked is not None else 0
    if rounded == 0:
        return None
    size = abs(rounded)
    decade = math.floor(math.log10(size))
    unit = Fraction(10) ** (decade - asked + 1)
    below = unit / 10 if size == Fraction(10) ** decade else unit   # 0.100: 0.09995 to 0.0999... round to it
    low, high = size - below / 2, size + unit / 2
    return (float(low), float(high)) if rounded > 0 else (float(-high), float(-low))


def as_asked_too(rule, x: float, shown: int | None, judge) -> str:
    """``judge(x)`` (a rounded-too-early rule's feedback, "" for none); else, when ``x`` is written to
    more figures than asked, ``judge`` of its rounding at those asked (as_asked.rounded_if_longer: in
    no trap's window), saying so: C9 seed 7's Q21 ``0.6566`` is 0.657 at the 3 figures asked, which
    one step kept short gives, as carried rounding judges it (it was a bare
    ``incorrect`` where ``0.657`` was rounded too early). A 2-figure answer is never so judged."""
    found = judge(x)
    rounded = None if found else rounded_if_longer(x, shown, rule.kind, rule.spec, (t.value for t in rule.traps))
    if rounded is None or same(rounded, x):
        return found
    found = judge(rounded)
    return f"{found} {marked_as_rounded(x, shown, rounded, figures_asked(rule.kind, rule.spec))}" if found else ""
