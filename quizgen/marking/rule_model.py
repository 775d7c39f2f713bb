"""The records the careful marker (rules.py) works with: a part's ``PartRule``
with its traps (``TrapRule``) and the earlier parts it reads (``Source``),
the course's ``Credits``, and the ``Verdict`` on one answer, with the status
and note names they use."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

import math

from quizgen.key.status import Status
from quizgen.maths.tolerance import DEFAULT_SIGFIGS, half_width
from quizgen.marking.carry import LEVELS

CORRECT, IMPRECISE, INCORRECT = Status.CORRECT.value, Status.IMPRECISE.value, Status.INCORRECT.value
NEEDS_REVIEW, INVALID = Status.NEEDS_REVIEW.value, Status.INVALID.value
ECF, CARRIED, EARLY, OVERRIDE = "ecf", "carried_rounding", "rounded_too_early", "override"
CARRIED_LIMIT = 10_000   # carried-rounding sets kept per question instance before starting afresh
NEAR = 0.25   # ECF's carried set is worked out only for an answer within 25% of the plain recomputation


def near_plain(x: float, plain: float, spec: dict, kind: str = "numeric", short: int | None = None) -> bool:
    """Whether the answer ``x`` is near enough ``plain``, the part worked
    plainly from the student's own earlier answers, for ECF to look at it
    closely: within ``NEAR`` of it (no rounding on the way moves it further),
    or, for an answer written to ``short`` significant figures, fewer than the
    part asks, within a unit of its last figure (``1`` for 1.4697: right to 1
    figure, rounded too early). A whole answer to a count is looked at from
    the whole number nearest it on either side of ``plain`` (2 from their own
    1.5, as a careful student counts). The one gate of the ECF pass's quick look
    (``PartChecker.remark``) and of the careful marker's ``_ecf``."""
    if kind == "integer" and math.isfinite(plain) and float(x).is_integer():
        plain = min((math.floor(plain), math.ceil(plain)), key=lambda whole: abs(x - whole))
    if abs(x - plain) <= NEAR * abs(plain) + half_width(plain, spec, kind):
        return True
    if not short or x == 0 or not math.isfinite(x):
        return False
    return abs(x - plain) <= 10.0 ** (math.floor(math.log10(abs(x))) - short + 1)


@dataclass(frozen=True, slots=True)
class TrapRule:
    """A trap of one instance: its value (or words), code, feedback and credit;
    ``carried``: the answers its value reaches by carried rounding, as a part's
    ``carried`` (a trap worked from (a) rounded to 3 figures is that trap, not it cut off)."""

    code: str
    value: float | None
    feedback: str = ""
    credit: float = 0.0
    words: tuple = ()
    carried: tuple = ()


@dataclass(frozen=True, slots=True)
class Source:
    """An earlier part a recipe reads: its label, correct value, the answers
    it accepts as carried rounding, its trap values (``codes``: their codes),
    its tolerance rule and kind (how far a student's unrounded working may lie
    from what they wrote), and where its correct answers lie (``bounds``, None: not said)."""

    name: str
    label: str
    value: float
    carried: tuple
    traps: tuple
    spec: dict = field(default_factory=dict)
    kind: str = "numeric"
    codes: tuple = ()
    bounds: tuple | None = None


@dataclass(frozen=True, slots=True)
class PartRule:
    """What one part of one instance is marked against; ``sources`` are the
    earlier parts its recipe reads (``Source``)."""

    name: str
    label: str
    kind: str
    value: float | None
    spec: dict
    traps: tuple = ()
    recipe: object = None
    carried: tuple = ()
    accept: tuple = ()
    percent: bool = False
    sources: tuple = ()
    exact: Fraction | None = None   # the value exactly, when rational: what feedback shows rounded
    written: str = ""               # the answer as the key writes it (key.csv), quoted by feedback
    short_carried: tuple = ()       # carried rounding from fewer figures than the policy's carried_figures
    choices: int | None = None      # how many answers a word part offers (quizgen/marking/words.py)
    bounds: tuple | None = None     # where every correct answer lies, (low, high): ECF's sense check (coherence.py)
    offered: tuple = ()             # answers a word part offers that no list names (marking/offered.py)
    units: tuple = ()               # the part's own unit words, read after a number (marking/units.py)
    shown: tuple = ()               # the answers a closed word part offers, by name (offered.Offered.shown)


def figures_asked(kind: str, spec: dict) -> int | None:
    """The significant figures a part of this kind and tolerance rule asks for
    (None: integers, rtol/atol)."""
    if kind == "integer" or "atol" in spec or "rtol" in spec:
        return None
    return spec.get("sigfigs", DEFAULT_SIGFIGS)


def tolerance_kind(rule) -> str:
    """The kind ``matches`` and ``half_width`` judge a ``PartRule`` or
    ``Source`` by: a count is an integer, anything else a number."""
    return "integer" if rule.kind == "integer" else "numeric"


@dataclass(frozen=True)
class Credits:
    """The marking policy for one template: credit for an ECF part, for an
    imprecise answer, and per trap code (overriding a trap's own credit);
    ``carried_figures``, the fewest figures an intermediate may be carried to;
    ``zeros_optional``, whether the right answer with the zeros at its end left off is correct."""

    ecf: float = 1.0
    imprecise: float = 0.0
    traps: dict = field(default_factory=dict)
    carried_figures: int = LEVELS[0]
    zeros_optional: bool = False   # policy ``trailing_zeros: optional``: 0.25 for 0.250 is correct
    zeros_said: str = ""   # how such a verdict says so, when not as the policy's (grading/resaved_zeros.py)

    @cached_property
    def levels(self) -> tuple:
        """The significant figures an intermediate may be rounded to (carry.LEVELS from
        ``carried_figures``), worked out once (the marker asks at every wrong answer)."""
        return tuple(k for k in LEVELS if k >= self.carried_figures)


@dataclass(frozen=True)
class Verdict:
    """The mark of one part: status, note, misconception, score (0..1), feedback."""

    status: str
    note: str = ""
    misconception: str = ""
    score: float = 0.0
    feedback: str = ""
    value: float | None = None
