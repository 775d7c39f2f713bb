"""The leak check: does a question's problem paper give an answer away?

Two ways a paper leaks (issue 13):

- a **figure coordinate** (SVG for Markdown, TikZ for LaTeX) that, mapped back
  through the figure's axes, lies within tolerance of one of the question's
  answers or traps (the dot at (p, -ln p) hands out part (a) and the loss);
- a **number in the problem text** (stem and parts' questions) within
  tolerance of an answer. Traps are not checked in the text: a given parameter
  may equal a trap (C6 prints N, and "all N tokens" is a trap).

The axes are read from the figure itself (its tick marks and their labels),
so the check needs nothing from the code that drew it (the tests compare
what it reads with the mapping written out by hand).
What counts as the frame (not checked) and as a mark (checked) is decided by
geometry, not by style: see ``docs/paper-checks.md``."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace

from quizgen.maths.tolerance import half_width
from quizgen.text.printed_numbers import printed_numbers
from quizgen.text.conventions import without_conventions

CURVE_VERTICES = 8                              # a longer run of vertices on -ln p is the curve
MARK_GLYPHS = {"\u2022", "\u25cf", "\u00d7", "+", "o", "x", r"$\bullet$", r"\bullet", r"$\times$"}


@dataclass(frozen=True)
class Axes:
    """The map between data (p, loss) and figure coordinates:
    ``x = x0 + p * x_scale`` (with ``x_log``, ``x0 + log10(p) * x_scale``),
    ``y = y0 + loss * y_scale``; ``left`` is the x of the loss axis (None: at p = 0)."""

    x0: float
    x_scale: float
    y0: float
    y_scale: float
    x_log: bool = False
    left: float | None = None

    def to_data(self, x: float, y: float) -> tuple:
        """The data point (p, loss) drawn at figure coordinates (x, y)."""
        along = (x - self.x0) / self.x_scale
        return 10.0 ** min(along, 300.0) if self.x_log else along, (y - self.y0) / self.y_scale

    def origin(self) -> tuple:
        """Figure coordinates of the corner where the axes meet: the loss axis at loss 0."""
        return (self.x0 if self.left is None else self.left), self.y0


def axes_from_ticks(x_ticks: list, y_ticks: list, x_log: bool = False, left: float | None = None) -> Axes:
    """The mapping read off a figure's ticks, each ``(coordinate, value)``:
    the two ticks farthest apart on each axis fix its line (on a log p axis,
    ``x_log``, the line through the values' logs)."""
    def line(ticks, axis, log=False):
        ticks = sorted(set(ticks), key=lambda t: t[1])
        if len(ticks) < 2 or ticks[0][1] == ticks[-1][1]:
            raise ValueError(f"the figure has fewer than two labelled ticks on its {axis} axis")
        (c0, v0), (c1, v1) = ticks[0], ticks[-1]
        if log:
            v0, v1 = math.log10(v0), math.log10(v1)
        scale = (c1 - c0) / (v1 - v0)
        return c0 - v0 * scale, scale
    x0, xs = line(x_ticks, "p", x_log)
    y0, ys = line(y_ticks, "loss")
    return Axes(x0, xs, y0, ys, x_log, left if x_log else None)


@dataclass(frozen=True)
class Target:
    """A value the problem paper must not show: an answer or a trap, with the
    half-width within which an answer counts as it."""

    label: str
    value: float
    half_width: float
    is_answer: bool

    def hit_by(self, shown: float) -> bool:
        """True when ``shown`` lies within tolerance of this value."""
        return abs(shown - self.value) <= self.half_width


@dataclass(frozen=True)
class Leak:
    """One leak: where it is, what is printed there, the value it stands for
    (a coordinate mapped back through the axes, or the number itself), and
    the answer or trap it gives away."""

    where: str
    shown: str
    value: float
    target: Target
    part: int | None = None   # the part whose question prints it (None: the stem, or the figure)

    def __str__(self) -> str:
        return (f"{self.where} {self.shown!r} reads as {self.value:.6g}, within "
                f"{self.target.half_width:.3g} of {self.target.label} = {self.target.value:.6g}")


def targets_of(instance) -> list:
    """The answers and traps of a sampled instance (``generation.sampling.Instance``)."""
    targets = []
    for pv in instance.parts:
        kind = "integer" if pv.part.kind == "integer" else "numeric"
        spec = pv.part.tolerance or {}
        if pv.value is not None:
            value = float(pv.value)
            targets.append(Target(f"({pv.letter}) answer", value, half_width(value, spec, kind), True))
        for trap in pv.traps:
            if trap.value is not None:
                value = float(trap.value)
                targets.append(Target(f"({pv.letter}) trap {trap.code}", value,
                                      half_width(value, spec, kind), False))
    return targets


def text_leaks(text: str, targets: list, where: str = "text", whole_numbers: bool = True) -> list:
    """Every number in ``text`` within tolerance of one of ``targets``, a
    whole-number exponent left out (``printed_numbers``); with
    ``whole_numbers`` False, a whole number written without decimals that
    equals a whole-number target is let pass (see ``question_leaks``)."""
    return [Leak(where, shown, value, target)
            for shown, value in printed_numbers(text) for target in targets
            if target.hit_by(value) and (whole_numbers or not _whole_coincidence(shown, target))]


def _whole_coincidence(shown: str, target: Target) -> bool:
    return "." not in shown and float(target.value).is_integer()


def question_leaks(view: dict, targets: list, fmt: str, whole_numbers: bool = False) -> list:
    """Every leak of one question's problem paper: numbers in its text (the
    stem and each part's question, ``question_view``; a part's leak records
    its index) near an answer, and coordinates or numbers of its problem
    figure near an answer or trap. Small whole numbers (positions, counts, the 1 of 1/|M|) coincide with
    whole-number answers without giving them away, so a whole number in the
    text equal to a whole-number answer is reported only with ``whole_numbers``.
    The shared sentences (text/conventions.py: the rounding rule, its 5.80, and the
    near-1 rule, its 0.9) are the same in every stem of every draw, so they are not read: they carry no draw's answer."""
    answers = [t for t in targets if t.is_answer]
    leaks = text_leaks(without_conventions(view["stem"]), answers, whole_numbers=whole_numbers)
    for index, part in enumerate(view["parts"]):   # each part's question on its own, so a leak names its line
        leaks += [replace(leak, part=index) for leak in text_leaks(part["ask"], answers, whole_numbers=whole_numbers)]
    figure = view.get("figure")
    if figure and figure.get("problem"):
        leaks += figure_leaks(figure["problem"], fmt, targets)
    return leaks


def figure_leaks(markup: str, fmt: str, targets: list) -> list:
    """Every leak of a figure: ``fmt`` is ``md`` (inline SVG) or ``tex`` (TikZ)."""
    figure = parse_svg(markup) if fmt == "md" else parse_tikz(markup)
    return figure.leaks(targets)


@dataclass
class Figure:
    """A parsed figure: its axes, the points of its marks (figure coordinates,
    with what is printed), and the texts it shows."""

    axes: Axes
    points: list
    texts: list

    def leaks(self, targets: list) -> list:
        """Marks mapped back through the axes, and numbers in texts, near any target."""
        found = []
        for where, shown, (x, y) in self.points:
            p, loss = self.axes.to_data(x, y)
            for coordinate, value in ((f"{where} x", p), (f"{where} y", loss)):
                found += [Leak(coordinate, shown, value, t) for t in targets if t.hit_by(value)]
        for where, text in self.texts:
            found += text_leaks(text, targets, where)
        return found


def on_curve(x: float, y: float, axes: Axes, step: float) -> bool:
    """True when the figure point (x, y) lies on -ln p to within the printing step
    of its coordinates (``step`` figure units): p may be off by a step, and the loss
    may be anywhere the curve reaches over that interval, give or take a step."""
    loss = axes.to_data(x, y)[1]
    p_ends = sorted(axes.to_data(x + shift, y)[0] for shift in (-step, step))
    dloss = 1.5 * step / abs(axes.y_scale)
    if p_ends[1] <= 0:
        return False
    low, high = -math.log(p_ends[1]), -math.log(max(p_ends[0], 1e-300))
    return low - dloss <= loss <= high + dloss


def is_frame(axes: Axes, vertices: list, step: float) -> bool:
    """True for a path every figure shares: the axes (every vertex on an axis
    line, one of them the origin), the curve (more than CURVE_VERTICES
    vertices, all on -ln p), or the curve's straight line on a log p axis
    (every vertex on -ln p and on an axis line: its two ends, where the curve
    meets the loss axis and p = 1)."""
    x0, y0 = axes.origin()
    on_x, on_y = (lambda x, y: abs(y - y0) <= step), (lambda x, y: abs(x - x0) <= step)
    if all(on_x(x, y) or on_y(x, y) for x, y in vertices):
        if any(on_x(x, y) and on_y(x, y) for x, y in vertices):
            return True
        if axes.x_log and all(on_curve(x, y, axes, step) for x, y in vertices):
            return True
    return len(vertices) > CURVE_VERTICES and \
        all(on_curve(x, y, axes, step) for x, y in vertices)


def _marks(figure: Figure, where: str, vertices: list, shown: list, step: float) -> None:
    """Add the vertices of one drawn path to the figure's checked points,
    unless the path is part of the frame (axes or curve)."""
    if vertices and not is_frame(figure.axes, vertices, step):
        figure.points += [(where, text, vertex) for vertex, text in zip(vertices, shown)]


# ------------------------------------------------------------------ SVG

SVG_STEP = 0.1           # coordinates are printed to 0.1 px


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def parse_svg(markup: str) -> Figure:
    """The figure of an inline SVG: axes from its tick marks (a short line
    followed by a text holding a number), then every mark."""
    root = ET.fromstring(markup)
    elements = list(root.iter())
    ticks, labels, powers, left = ([], []), set(), False, None
    for i, element in enumerate(elements):
        if _local(element.tag) == "line" and i + 1 < len(elements) and _local(elements[i + 1].tag) == "text":
            value = _svg_tick_value(elements[i + 1])
            if value is not None:
                x1, y1, x2 = (float(element.get(k)) for k in ("x1", "y1", "x2"))
                axis = 0 if x1 == x2 else 1
                ticks[axis].append((x1 if axis == 0 else y1, value[0]))
                powers, left = powers or value[1], left if axis == 0 else max(x1, x2)
                labels.update((id(element), id(elements[i + 1])))
    figure = Figure(axes_from_ticks(*ticks, x_log=powers, left=left), [], [])
    for element in elements:
        if id(element) not in labels:
            _svg_element(figure, element)
    return figure


def _svg_tick_value(text) -> tuple | None:
    """(value, whether it is a power of ten) of a tick's label, an SVG text: a
    number (``0.25``), or ten and a raised exponent (``10<tspan dy="-4">-5</tspan>``,
    a log axis's tick); None for any other text."""
    label, raised = (text.text or "").strip(), [child for child in text if _local(child.tag) == "tspan"]
    if not raised:
        return (float(label), False) if re.fullmatch(r"-?\d+(\.\d+)?", label) else None
    exponent = "".join(raised[0].itertext()).strip().replace("\u2212", "-")
    if label == "10" and len(raised) == 1 and re.fullmatch(r"-?\d+", exponent):
        return 10.0 ** int(exponent), True
    return None


def _svg_element(figure: Figure, element) -> None:
    tag = _local(element.tag)
    if tag in ("circle", "ellipse"):
        x, y = element.get("cx"), element.get("cy")
        figure.points.append((tag, f"{x},{y}", (float(x), float(y))))
    elif tag in ("polyline", "polygon", "line"):
        if tag == "line":
            pairs = [(element.get("x1"), element.get("y1")), (element.get("x2"), element.get("y2"))]
        else:
            pairs = [tuple(p.split(",")) for p in (element.get("points") or "").split()]
        vertices = [(float(x), float(y)) for x, y in pairs]
        _marks(figure, tag, vertices, [f"{x},{y}" for x, y in pairs], SVG_STEP)
    elif tag in ("text", "title", "desc"):
        text = "".join(element.itertext()).strip()
        figure.texts.append((f"figure {tag}", text))
        if tag == "text" and text.strip("\u25cf\u2022 ") == "" and element.get("x"):
            x, y = float(element.get("x")), float(element.get("y"))
            figure.points.append(("text mark", text, (x, y)))


# ------------------------------------------------------------------ TikZ

TIKZ_STEP = 0.001        # coordinates are printed to 0.001 cm
COORDINATE = re.compile(r"(\+\+)?\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)")
TICK = re.compile(r"\\draw\s*\((-?[\d.]+),(-?[\d.]+)\)\s*--\s*\+\+\((-?[\d.]+),(-?[\d.]+)\)\s*node\[[^]]*\]\s*"
                  r"\{(\$?)(-?[\d.]+|10\^\{-?\d+\})\5\}")
NODE_TEXT = re.compile(r"\\node\b[^{;]*?(?:at\s*\(([^)]*)\))?\s*\{(.*)\}\s*;")


def parse_tikz(markup: str) -> Figure:
    """The figure of a ``tikzpicture``: axes from its ticks (``\\draw (x,y) --
    ++(dx,dy) node {value};``), then every absolute coordinate of its paths and
    the text of its nodes."""
    ticks, commands, powers, left = ([], []), [], False, None
    for command in _tikz_commands(markup):
        tick = TICK.match(command)
        if tick:
            x, y, dx, _, _, label = tick.groups()
            axis = 0 if float(dx) == 0 else 1
            power = label.startswith("10^")
            value = 10.0 ** int(label[4:-1]) if power else float(label)
            ticks[axis].append((float(x) if axis == 0 else float(y), value))
            powers, left = powers or power, left if axis == 0 else float(x)
        else:
            commands.append(command)
    figure = Figure(axes_from_ticks(*ticks, x_log=powers, left=left), [], [])
    for command in commands:
        _tikz_command(figure, command)
    return figure


def _tikz_commands(markup: str) -> list:
    """The figure's commands, one per ``;`` (TikZ paths end with one)."""
    body = re.sub(r"\\(begin|end)\{tikzpicture\}(\[[^]]*\])?", "", markup)
    return [c.strip() for c in body.split(";") if c.strip()]


def _tikz_command(figure: Figure, command: str) -> None:
    node = NODE_TEXT.search(command + ";") if command.startswith("\\node") else None
    if node:
        text = node.group(2)
        figure.texts.append(("figure node", text))
        if node.group(1) and text.strip() in MARK_GLYPHS:
            x, y = (float(v) for v in node.group(1).split(","))
            figure.points.append(("node mark", text, (x, y)))
        return
    found = [(m.group(0), float(m.group(2)), float(m.group(3))) for m in COORDINATE.finditer(command)
             if not m.group(1)]
    vertices = [(x, y) for _, x, y in found]
    where = "fill" if command.startswith("\\fill") else "draw"
    _marks(figure, where, vertices, [shown for shown, _, _ in found], TIKZ_STEP)
