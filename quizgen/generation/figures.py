"""The loss-curve figure: -ln p over p in (0, 1] with a question's p marked.
One set of points, drawn twice: as TikZ code for LaTeX and as an inline SVG
for Markdown (both written here: no image files, no plotting library).

The problem paper's drawing is the axes and the curve only: no dot, guide
line or label, so nothing on it can be read back as an answer or a trap
(quizgen/validation/leaks.py checks this), and it is the same for every draw
of a template, its p axis named in neutral words (PROBLEM_AXIS), since a
template's own (``figure.axis``, C7's "the head's NotNext probability") would
say which probability a part's loss takes: its axes reach the losses and, on a
log scale, the probabilities the template's probe draws give
(generation/problem_figure.py), not this draw's. The solutions mark
and label the point and name p in the template's words (generation/figure_words.py);
a point below p = 0.02, which a linear axis would draw on
the loss axis itself, gets a solution figure with p on a log scale (decades
from one below its own to 1, where -ln p is a straight line). Drawing only: grade's feedback sheets draw figures without
importing the sampler."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from quizgen.errors import ExpressionError, TemplateError
from quizgen.maths.evaluate import ground
from quizgen.maths.numbers import fixed, key_answer, significant
from quizgen.maths.rounding import figure_places
from quizgen.generation.figure_names import ascii_markup, name_runs, plain_name, plain_text, svg_text
from quizgen.text.answers import in_ascii, in_maths, in_plain
from quizgen.text.render import escape_tex

X_TICKS = (0, 0.25, 0.5, 0.75, 1)
X_END = 1.08
# What p is, in words, on the p axis of a template whose figure says nothing else
# (``figure.axis``: C1's "the probability given to the true word"); grade's
# feedback sheets say it in every figure's alt text.
X_MEANING = "the probability of the correct outcome"
# What p is on every problem paper's figure: a probability, and no more. A template's
# words (C7's "the head's NotNext probability") would say which probability a part's
# loss takes, so they go on the solution's figure alone.
PROBLEM_AXIS = "a probability"
AXIS_LIMIT = 48   # characters of a template's axis words: the name fits under the 5 cm (340 px) drawing
NAME_LIMIT = 40   # characters of a figure's name, filled in (TeX maths): the label and the p axis print it
SAMPLES = 40
# Every loss axis reaches at least this. The problem figure's is never scaled to
# its own draw's answer, which would tell the student its range (an axis to 9 for
# -ln p = 7.56): it is the template's (problem_figure.problem_axes), the same for all its draws.
BLANK_TOP = 4
# Below this p the solution figure puts p on a log scale: on the linear axis the dot
# (C3's p = 1/28996) sat on the loss axis line and showed nothing.
LOG_BELOW = 0.02


@dataclass(frozen=True)
class LossPoint:
    """The marked point of a figure: the probability p and its loss -ln p;
    ``name`` is what the question calls p, in TeX math (C7's ``1 - \\hat{p}``
    when y = 0: its stem's p-hat is the IsNext probability, not the true label's),
    and ``axis`` what p is, in words, for the p axis; ``shown`` is p as the worked
    steps show it (the template's ``figure.shown``; None: p itself), which the label prints."""

    p: float
    name: str = "p"
    axis: str = X_MEANING
    shown: float | None = None

    @property
    def loss(self) -> float:
        """The cross-entropy -ln p."""
        return -math.log(self.p) if self.p < 1 else 0.0

    @property
    def top(self) -> int:
        """The highest loss a figure of this point draws on a linear p axis: at least 4, and room above the point."""
        return max(BLANK_TOP, math.ceil(self.loss + 0.75))

    @property
    def decades(self) -> int:
        """0 for a linear p axis; else the log axis's decades, from 10^-decades (one below p's own) to 1."""
        return 0 if self.p >= LOG_BELOW else 1 - math.floor(math.log10(self.p))

    @property
    def axis_top(self) -> int:
        """The top of the solution figure's loss axis: ``top``, or on a log axis the loss at its left end."""
        return max(self.top, math.ceil(self.decades * math.log(10)))


def figure_point(instance) -> LossPoint | None:
    """The point a template's ``figure:`` expression marks for ``instance``,
    or None when the template has no figure."""
    template = instance.template
    if template.figure is None:
        return None
    p = _probability(template, template.figure, instance.env, "figure")
    shown = template.figure_shown
    return LossPoint(p, shown=None if shown is None else _probability(template, shown, instance.env, "figure.shown"))


def _probability(template, expression, env, key: str) -> float:
    """The value of a figure's probability ``expression``, an error naming ``key`` and its line unless it lies in (0, 1]."""
    try:
        p = float(ground(expression, env))
    except (ExpressionError, TypeError, ValueError) as exc:
        raise _figure_error(template, key, f"cannot evaluate p: {exc}") from exc
    if not 0 < p <= 1:
        raise _figure_error(template, key, f"p must lie in (0, 1], got {p:.6g}")
    return p


def _figure_error(template, key: str, message: str) -> TemplateError:
    """``message`` about the template's ``key`` (``figure.shown``), at its line."""
    from quizgen.bank.yamlfile import locate_line   # only on an error: a bad bank

    return TemplateError(message, path=template.path, line=locate_line(template.path, tuple(key.split("."))), key=key)


def curve_points(top: int, samples: int = SAMPLES, decades: int = 0) -> list:
    """Points (p, -ln p) from p = e^-top to 1: evenly spaced in the loss where
    the curve is steep and in p where it is flat; on a log axis of ``decades``
    (a straight line) its two ends, from 10^-decades."""
    if decades:
        low = max(10.0 ** -decades, math.exp(-top))
        return [(low, -math.log(low)), (1.0, 0.0)]
    steep = [math.exp(-top * (1 - k / samples)) for k in range(samples + 1)]
    even = [k / samples for k in range(1, samples + 1)]
    return [(p, -math.log(p)) for p in sorted(set(steep + even))]


def x_at(p: float, decades: int = 0) -> float:
    """Where p sits along the p axis, 0 at its left end and 1 at p = 1: p itself, or on a log axis of ``decades`` its log's place."""
    return p if not decades else 1 + math.log10(p) / decades


def x_ticks(decades: int = 0) -> list:
    """(p, its TeX label) for the p axis's ticks: 0, 0.25, ..., 1, or each decade of a log axis."""
    if not decades:
        return [(x, f"{x:g}") for x in X_TICKS]
    step = 1 if decades <= 6 else 2
    return [(10.0 ** -k, "1" if k == 0 else f"10^{{-{k}}}") for k in range(decades, -1, -1) if k % step == 0]


def y_ticks(top: int) -> range:
    """Whole-number ticks on the loss axis, at most about seven of them."""
    step = 1 if top <= 6 else 2 if top <= 12 else 5
    return range(0, top + 1, step)


def point_label(point: LossPoint, ascii_only: bool = False) -> list:
    """The solution label's lines in plain text (``ascii_only``: p-hat as
    ``p_hat`` and a hyphen for the minus sign). It sits in the top right
    corner, which the curve never reaches (there p > 0.4, so -ln p < 1)."""
    return [plain_text(line, ascii_only) for line in label_runs(point, ascii_only)]


def label_runs(point: LossPoint, ascii_only: bool = False) -> list:
    """The solution label's lines as runs of text (figure_names.name_runs): the
    name's subscripts and superscripts apart, for the SVG to set them small."""
    name = name_runs(point.name, ascii_only)
    minus = "-" if ascii_only else "\u2212"
    p, loss = shown_pair(point)
    after = "(" if " " in plain_text(name) else " "   # ln(1 - p) bracketed, ln p after a space
    return [[*name, (f" = {(in_ascii if ascii_only else in_plain)(p)}", 0)],
            [(f"{minus}ln{after}", 0), *name, (f"{')' * (after == '(')} = {loss}", 0)]]


def _argument(name: str) -> str:
    """``name`` as the argument of ln, after it: bracketed when it is a sum (ln(1 - p)), else after a space."""
    return f"({name})" if " " in name else f" {name}"


def probability_text(p: float, figures: int = 4) -> str:
    """p as the worked steps print it: 4 significant figures (or ``figures``), or above 0.9
    as many decimals as give that many significant figures of 1 - p (0.92415, not 0.9241:
    -ln p is about 1 - p there, and 4 figures of p carry it to 3). Written as
    a decimal: the label shows one below 0.001 in scientific form (text/answers.py)."""
    if p <= 0.9 or p >= 1:
        return significant(p, figures)
    return fixed(p, figure_places(1 - p, figures))


def shown_pair(point: LossPoint) -> tuple:
    """(p, -ln p) as the label writes them. Where the template names the working's p
    (``point.shown``): -ln p of the unrounded p as the answer list prints it, beside the working's p when -ln of that rounds to it (C2's
    p = 0.01747, -ln p = 4.0474), else beside p to the fewest more figures whose -ln does (C1's
    p = 0.78907, -ln p = 0.2368, where -ln 0.7891 = 0.2369 disagreed with the answer 0.2368),
    so the label both recomputes and agrees with the answer. Otherwise (C3, whose working
    takes the loss from the exact p = 1/V) p to the fewest figures from 4 whose -ln does (C3's
    1/89: p = 0.011236, -ln p = 4.4886, where -ln 0.01124 = 4.4883)."""
    loss = key_answer(point.loss, "numeric", 4)
    if point.shown is not None and _loss_text(point.shown) == loss:
        return probability_text(point.shown), loss
    for figures in range(4 if point.shown is None else 5, 13):
        shown = probability_text(point.p, figures)
        if _loss_text(float(shown)) == loss:
            return shown, loss
    return probability_text(point.p, 13), loss


def label_has_more_figures(point: LossPoint) -> bool:
    """Whether the label gives p to more than the 4 significant figures an answer gives it (C1's
    p = 0.715664 beside (a)'s 0.7157): its -ln p needs them to give the loss printed, which the
    solutions' caption then says, so that no reader takes the two for different values."""
    return shown_pair(point)[0] != significant(point.p if point.shown is None else point.shown, 4)


def _loss_text(p: float) -> str:
    """-ln p as the label prints a loss, as the answer list does."""
    return key_answer(-math.log(p) if p < 1 else 0.0, "numeric", 4)


def axis_symbol(point: LossPoint) -> str:
    """The p axis's symbol in TeX math: ``p``, or ``p = <name>`` when the question
    calls p something else (C7's ``p = 1 - \\hat{p}``), so that its p is never
    read as a stem's other p."""
    return "p" if point.name == "p" else f"p = {point.name}"


# ------------------------------------------------------------------ TikZ

TIKZ_WIDTH, TIKZ_HEIGHT = 5.0, 3.2   # cm for p = 1 and for the top of the loss axis


def loss_curve_tikz(point: LossPoint, labelled: bool, blank_top: int = BLANK_TOP, blank_decades: int = 0) -> str:
    """The figure as a ``tikzpicture`` (needs ``\\usepackage{tikz}``): with
    ``labelled`` the point marked and labelled, else the axes to ``blank_top``
    (p on a log scale of ``blank_decades``, when not 0) and the curve only, the
    same for every point."""
    if not labelled:
        return _tikz_frame(blank_top, blank_decades, _tikz_axis(point)) + "\n" + r"\end{tikzpicture}"
    top, decades = point.axis_top, point.decades
    left = 10.0 ** -decades if decades else 0
    mark = _tikz_at(point.p, point.loss, top, decades)
    p, loss = shown_pair(point)
    label = rf"$\bullet$ ${point.name} = {in_maths(p)}$\\$-\ln{_argument(point.name)} = {loss}$"
    return "\n".join([
        _tikz_frame(top, decades, _tikz_axis(point)),
        rf"\draw[densely dashed, gray] {_tikz_at(point.p, 0, top, decades)} |- {_tikz_at(left, point.loss, top, decades)};",
        rf"\fill {mark} circle (1.7pt);",
        rf"\node[anchor=north east, align=right] at {_tikz_at(1, top, top, decades, X_END)} {{{label}}};",
        r"\end{tikzpicture}",
    ])


def _tikz_at(p: float, loss: float, top: int, decades: int = 0, x: float | None = None) -> str:
    """TikZ coordinates of (p, loss); ``x`` places the point along the p axis directly (X_END: its end)."""
    x = x_at(p, decades) if x is None else x
    return f"({x * TIKZ_WIDTH:.3f},{loss / top * TIKZ_HEIGHT:.3f})"


def _tikz_axis(point: LossPoint) -> str:
    """The p axis's name as TikZ text: the symbol in maths, then the words TeX-escaped as every
    filled value is, so that the PDF prints what the SVG does (a ``--``, a backtick or a ``"``
    as typed, not as TeX's dash or quotes)."""
    return f"${axis_symbol(point)}$, {escape_tex(point.axis)}"


@lru_cache(maxsize=256)
def _tikz_frame(top: int, decades: int = 0, axis: str = f"$p$, {X_MEANING}") -> str:
    """Axes, ticks and curve: the same for every point with this ``top`` (and log
    axis) and this name of the p axis (``axis``, TikZ text)."""
    lines = [r"\begin{tikzpicture}[font=\scriptsize]",
             rf"\draw ({X_END * TIKZ_WIDTH:.3f},0) -- (0,0) -- (0,{TIKZ_HEIGHT:.3f});"]
    lines += [rf"\draw {_tikz_at(x, 0, top, decades)} -- ++(0,-0.08) node[below] {{${label}$}};"
              if decades else rf"\draw {_tikz_at(x, 0, top)} -- ++(0,-0.08) node[below] {{{label}}};"
              for x, label in x_ticks(decades)]
    lines += [rf"\draw {_tikz_at(0, y, top)} -- ++(-0.08,0) node[left] {{{y}}};" for y in y_ticks(top)]
    curve = " -- ".join(_tikz_at(p, loss, top, decades) for p, loss in curve_points(top, decades=decades))
    # on a log axis a second line says so (on the first it would overrun the figure's column)
    name = (r"below=1.1em, align=center, font=\small", r"\\on a log scale") if decades else ("below=1.1em", "")
    lines += [rf"\node[{name[0]}] at {_tikz_at(0, 0, top, x=0.5)} {{\small {axis}{name[1]}}};",
              rf"\node[rotate=90, above=1.6em] at {_tikz_at(0, top / 2, top)} {{\small $-\ln p$}};",
              rf"\draw[thick, blue!60!black] {curve};"]
    return "\n".join(lines)


# ------------------------------------------------------------------ SVG

SVG_WIDTH, SVG_HEIGHT = 340, 210
# How every figure's SVG title starts; ", <what p is>" follows (svg_title). grade's
# feedback files know a figure it wrote by this start.
TITLE = "The loss &#8722;ln p against p"
_LEFT, _RIGHT, _TOP, _BOTTOM = 44, 14, 12, 36
BACKGROUND = '<rect width="100%" height="100%" fill="white"/>'
"""Every figure's first mark, under the rest: an opaque white page, so that its black axes and
labels read on a dark page too (a dark-mode reader, LMS theme or Markdown preview)."""


def _svg_at(p: float, loss: float, top: int, decades: int = 0, x: float | None = None) -> tuple:
    """SVG coordinates of (p, loss); ``x`` places the point along the p axis directly (X_END: its end)."""
    x = _LEFT + (x_at(p, decades) if x is None else x) / X_END * (SVG_WIDTH - _LEFT - _RIGHT)
    y = SVG_HEIGHT - _BOTTOM - loss / top * (SVG_HEIGHT - _TOP - _BOTTOM)
    return x, y


def loss_curve_svg(point: LossPoint, labelled: bool, blank_top: int = BLANK_TOP, blank_decades: int = 0) -> str:
    """The figure as a self-contained inline SVG on lines without blank ones,
    so Markdown keeps it as one HTML block: with ``labelled`` the point marked
    and labelled, else the axes to ``blank_top`` (p on a log scale of
    ``blank_decades``, when not 0) and the curve only, the same for every point."""
    if not labelled:
        title = svg_title(point) + (" (on a log scale)" if blank_decades else "")
        return "\n".join([_svg_open(), f"<title>{title}</title>",
                          _svg_frame(blank_top, blank_decades, *_svg_axis(point)), "</svg>"])
    top, decades = point.axis_top, point.decades
    x0, y0 = _svg_at(0, 0, top, x=0)
    px, py = _svg_at(point.p, point.loss, top, decades)
    runs = label_runs(point)   # worked out once for the label and the title (as point_label would again)
    label = [svg_text(line) for line in runs]   # a name's scripts set small
    said = [ascii_markup(escape(plain_text(line), quote=False)) for line in runs]   # the title is plain text
    right = _svg_at(0, 0, top, x=X_END)[0]
    title = svg_title(point) + (" (on a log scale)" if decades else "")
    return "\n".join([
        _svg_open(),
        f"<title>{title}; the dot marks {', '.join(said)}</title>",
        _svg_frame(top, decades, *_svg_axis(point)),
        f'<polyline fill="none" stroke="gray" stroke-dasharray="4 3" '
        f'points="{px:.1f},{y0:.1f} {px:.1f},{py:.1f} {x0:.1f},{py:.1f}"/>',
        f'<circle cx="{px:.1f}" cy="{py:.1f}" r="4" fill="black"/>',
        f'<text x="{right:.1f}" y="{_TOP + 10}" text-anchor="end">&#9679; {label[0]}</text>',
        *(f'<text x="{right:.1f}" y="{_TOP + 24 + 14 * i}" text-anchor="end">{line}</text>'
          for i, line in enumerate(label[1:])),
        "</svg>",
    ])


def svg_title(point: LossPoint) -> str:
    """The SVG's title, what it draws (a label's text, escaped and in ASCII):
    ``The loss &#8722;ln p against p, the probability given to the true word``."""
    symbol = plain_name(axis_symbol(point))[1:]   # "" or " = 1 - p-hat"
    return TITLE + ascii_markup(escape(f"{symbol}, {point.axis}", quote=False))


def _svg_axis(point: LossPoint) -> tuple:
    """The p axis's name: what follows its italic p as runs of text (figure_names.name_runs:
    `` = 1 - p-hat``, or none), and the words."""
    runs = name_runs(axis_symbol(point))
    return ((runs[0][0][1:], 0), *runs[1:]), point.axis   # "p" itself is set in italic before them


def _svg_open() -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_WIDTH}" height="{SVG_HEIGHT}" '
            f'viewBox="0 0 {SVG_WIDTH} {SVG_HEIGHT}" role="img" font-family="sans-serif" font-size="11">')


@lru_cache(maxsize=256)
def _svg_frame(top: int, decades: int = 0, symbol: tuple = (), words: str = X_MEANING) -> str:
    """The white background, axes, ticks, axis names and curve: the same for every point with this ``top``
    (and log axis) and this name of the p axis (``symbol``'s runs of text after its
    italic p, `` = 1 - p-hat``, then the ``words``)."""
    x0, y0 = _svg_at(0, 0, top, x=0)
    middle = (_TOP + y0) / 2
    lines = [BACKGROUND, f'<polyline fill="none" stroke="black" points="{_svg_at(0, 0, top, x=X_END)[0]:.1f},{y0:.1f} '
             f'{x0:.1f},{y0:.1f} {x0:.1f},{_TOP}"/>']
    for tick, label in x_ticks(decades):
        x = _svg_at(tick, 0, top, decades)[0]
        lines.append(f'<line x1="{x:.1f}" y1="{y0:.1f}" x2="{x:.1f}" y2="{y0 + 4:.1f}" stroke="black"/>'
                     f'<text x="{x:.1f}" y="{y0 + 16:.1f}" text-anchor="middle">{_svg_tick(label)}</text>')
    for tick in y_ticks(top):
        y = _svg_at(0, tick, top)[1]
        lines.append(f'<line x1="{x0 - 4:.1f}" y1="{y:.1f}" x2="{x0:.1f}" y2="{y:.1f}" stroke="black"/>'
                     f'<text x="{x0 - 7:.1f}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
    path = " ".join(dict.fromkeys("%.1f,%.1f" % _svg_at(p, loss, top, decades)
                                  for p, loss in curve_points(top, decades=decades)))
    scale = " (log scale)" if decades else ""
    lines += [f'<text x="{_svg_at(0, 0, top, x=0.5)[0]:.1f}" y="{SVG_HEIGHT - 4}" text-anchor="middle">'
              f'<tspan font-style="italic">p</tspan>{svg_text([*symbol, (f"{scale}, {words}", 0)])}</text>',
              f'<text x="12" y="{middle:.1f}" text-anchor="middle" transform="rotate(-90 12 {middle:.1f})">'
              "&#8722;ln p</text>",
              f'<polyline fill="none" stroke="#1f4e99" stroke-width="2" points="{path}"/>']
    return "\n".join(lines)


def _svg_tick(label: str) -> str:
    """A p-axis tick's TeX label as SVG text: ``10^{-5}`` as 10 and a raised -5."""
    if not label.startswith("10^"):
        return label
    return f'10<tspan dy="-4" font-size="8">{label[4:-1].replace("-", "&#8722;")}</tspan>'
