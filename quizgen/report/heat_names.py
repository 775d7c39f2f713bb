"""The heat map's row names as drawn: a trap's name cut short to HEAT_LABEL_CHARS on the wide
drawing, and on the phone's the same name in two short lines of smaller text, so that the
label column pinned over the map leaves most of a 390-px screen to the numbers. Each label
keeps the trap's whole name and code in its tooltip (the table under the map has them too)."""

from __future__ import annotations

from collections import Counter

from markupsafe import escape

from quizgen.report.formatting import cut_at_word, display_text

HEAT_LABEL_CHARS = 40
"""The most characters of a heat-map row's drawn label: a name longer is cut short
with an ellipsis, so that the label column stays about 300 px wide (the bank's longest
code made it 247 px), and a cut name still says which misconception it is."""
LINE_CHARS, LINE_FONT = 20, 10
"""The phone's drawing: at most this many characters a line, two lines a row, at this font size (px):
a label column of about 140 px, not 300 (which left one question's column in view)."""


def heat_row_labels(codes: list, names: dict) -> dict:
    """``{code: its row's drawn label}``: the trap's name, cut at a word to HEAT_LABEL_CHARS
    with an ellipsis when longer; the code for a trap without a name, and for names
    that cut alike (their rows must not read the same)."""
    labels = {code: cut_at_word(display_text(names[code]), HEAT_LABEL_CHARS) if names.get(code) else code
              for code in codes}
    seen = Counter(labels.values())
    return {code: code if seen[label] > 1 else label for code, label in labels.items()}


def two_lines(label: str) -> tuple:
    """``label`` in at most two lines of LINE_CHARS: broken at the last space (or, in a code, ``_``)
    that fits, else where the line is full; a second line too long cut at a word with an ellipsis."""
    if len(label) <= LINE_CHARS:
        return (label,)
    spaced, coded = label[:LINE_CHARS + 1], label[:LINE_CHARS]   # a line ends before its space, after its "_"
    cut = max(spaced.rfind(" "), coded.rfind("_") + 1 if "_" in coded else -1)
    cut = cut if cut > LINE_CHARS // 3 else LINE_CHARS
    return label[:cut].rstrip(), cut_at_word(label[cut:].lstrip(), LINE_CHARS)


def phone_labels(labels: dict) -> dict:
    """``{code: its label in two_lines}``; the code's own lines for labels whose two lines read alike
    (two names cut alike on the wide drawing are already their codes)."""
    lines = {code: two_lines(label) for code, label in labels.items()}
    seen = Counter(lines.values())
    return {code: two_lines(code) if seen[drawn] > 1 else drawn for code, drawn in lines.items()}


def label_width(label) -> float:
    """The drawn width of a label (a line, or a phone's lines): 0.6 em a character, as the charts measure."""
    return max(0.6 * LINE_FONT * len(line) for line in label) if isinstance(label, tuple) else 0.6 * 12 * len(label)


def row_label(x: float, y: float, label, whole: str) -> str:
    """A row's label, right-aligned at ``x`` on the baseline ``y`` of the row's numbers, its whole name and code
    in a tooltip: one line, or a phone's two lines of LINE_FONT text in the same 24-px row."""
    if not isinstance(label, tuple):
        text = f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="end" class="label">{escape(display_text(label))}</text>'
    else:
        tops = (y - 2.5,) if len(label) == 1 else (y - 6.5, y + 3.5)
        text = (f'<text text-anchor="end" class="label" font-size="{LINE_FONT}">' + "".join(
            f'<tspan x="{x:.1f}" y="{top:.1f}">{escape(display_text(line))}</tspan>' for top, line in zip(tops, label))
            + "</text>")
    return f'<g><title>{escape(display_text(whole))}</title>{text}</g>'
