"""The in-memory shape of a question template, as the bank loader builds it."""

from __future__ import annotations

from dataclasses import dataclass, field

from quizgen.maths.parser import Node


@dataclass(frozen=True)
class Trap:
    """A named misconception: the wrong value (or words) it produces, feedback,
    ``credit``: the share of the part's points it earns (default 0; for a
    genuinely half-right answer), ``when``: a condition that leaves the
    trap out of a draw where it is false (None: always there), and ``name``:
    the short English label the drill shows ("" when the YAML gives none)."""

    code: str
    feedback: str
    value: Node | None = None
    words: tuple = ()
    credit: float = 0.0
    when: Node | None = None
    name: str = ""


@dataclass(frozen=True)
class Part:
    """One answer part: numeric, integer or word, with its tolerance and traps.

    ``points`` are the part's marks (None: an even share of what the question's
    points leave after the parts that set theirs); ``space`` is the working
    space printed under the part, in cm (None: the layout's default for the
    part's kind). Both come from the YAML part keys ``points:`` and ``space:``.
    ``choices`` (word parts, YAML ``choices:``) is an expression for how many
    answers the question offers (C8: ``K`` classes): a negated answer names
    the other one only when there are two (quizgen/marking/phrases.py).
    ``bounds`` (YAML ``range: [low, high]``, None for a side without one) is
    where every correct answer of the part lies: validate checks each draw's
    answer against it, and ECF is withheld outside it (docs/grading.md).
    ``units`` (YAML ``units: [bits, bit]``) are the part's own unit words, which
    the marker reads after a number as it reads ``nats`` (quizgen/marking/units.py)."""

    name: str
    ask: str
    kind: str
    answer: Node | None
    accept: tuple
    decimals: int
    tolerance: dict
    traps: tuple
    points: float | None = None
    space: float | None = None
    choices: Node | None = None
    bounds: tuple | None = None
    units: tuple = ()


@dataclass(frozen=True)
class Param:
    """A random (or derived) parameter: its kind, that kind's settings as
    written (``spec``), and as the loader parsed them (``compiled``: each
    setting's expression tree). Plain data: nothing is added to it later."""

    name: str
    kind: str
    spec: object
    compiled: dict = field(default_factory=dict)


@dataclass
class Template:
    """A scenario class's question template, loaded and checked."""

    id: str
    cls: str
    title: str
    points: int
    params: tuple
    lets: tuple
    constraints: tuple
    stem: str
    parts: tuple
    solution: dict
    canonical: dict
    path: str
    tests: tuple = ()
    figure: Node | None = None
    figure_shown: Node | None = None   # p as the working shows it, for the label (None: p itself)
    figure_name: str = ""     # Jinja2 text: what the figure's label calls p, in TeX math ('' for p)
    figure_axis: str = ""     # Jinja2 text: what p is, in words, for the p axis ('' for the default)
    max_tries: int = 500
    distinct_on_paper: tuple = ()   # choice parameters one paper's questions of it take without repeats
    ecf_credit: float = 1.0   # the share of a part's points an answer right from wrong earlier answers earns
    raw: dict = field(default_factory=dict, repr=False)
    ecf_also: dict = field(default_factory=dict)   # {part name: (expression, ...)}: other ECF routes (bank/ecf_also.py)

    def part_points(self) -> tuple:
        """Each part's marks, in order: a part's own ``points`` when set, else an
        even share of what the question's points leave after those (the schema
        checks that explicit points never exceed the question's)."""
        fixed = [p.points for p in self.parts if p.points is not None]
        free = len(self.parts) - len(fixed)
        share = (self.points - sum(fixed)) / free if free else 0.0
        return tuple(float(p.points) if p.points is not None else share for p in self.parts)

    @property
    def class_number(self) -> int:
        """The class's number for sorting (C10 after C9)."""
        return int(self.cls[1:])
