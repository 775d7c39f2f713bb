"""The in-memory shape of a question template, as the bank loader builds it."""

from __future__ import annotations

from dataclasses import dataclass, field

from quizgen.maths.parser import Node


@dataclass(frozen=True)
class Trap:
    """A named misconception: the wrong value (or words) it produces, and feedback."""

    code: str
    feedback: str
    value: Node | None = None
    words: tuple = ()


@dataclass(frozen=True)
class Part:
    """One answer part: numeric, integer or word, with its tolerance and traps."""

    name: str
    ask: str
    kind: str
    answer: Node | None
    accept: tuple
    decimals: int
    tolerance: dict
    traps: tuple


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
    max_tries: int = 500
    raw: dict = field(default_factory=dict, repr=False)

    @property
    def class_number(self) -> int:
        """The class's number for sorting (C10 after C9)."""
        return int(self.cls[1:])
