"""Inline SVG charts built from the analysis: no script, no external file. Each
chart has a title and a description for screen readers (the page also shows the
table behind it); colours come from CSS classes so dark mode and print restyle them."""

from __future__ import annotations

from math import ceil

from markupsafe import Markup, escape

from quizgen.report.formatting import decimal_mark, display_text, named, whole_number, whole_percent
from quizgen.report.flags import EASY, HARD, WEAK
from quizgen.report.notes import ZERO_POINTS
from quizgen.report.flagged import flag_parts
from quizgen.report.heat_names import heat_row_labels, label_width, phone_labels, row_label
from quizgen.report.score_bands import band_label
from quizgen.report.tables import R_HEADER, fixed

FONT = 12
LABEL_WIDTH = 90


def _svg(chart_id: str, width: int, height: int, title: str, desc: str, body: list, cls: str = "chart") -> Markup:
    head = (f'<svg id="{chart_id}" class="{cls}" role="img" aria-labelledby="{chart_id}-t {chart_id}-d" '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'xmlns="http://www.w3.org/2000/svg" font-size="{FONT}">'
            f'<title id="{chart_id}-t">{escape(title)}</title><desc id="{chart_id}-d">{escape(desc)}</desc>')
    return Markup(head + "".join(body) + "</svg>")


def _text(x: float, y: float, text: str, anchor: str = "start", cls: str = "label") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" class="{cls}">{escape(display_text(text))}</text>'


NARROW = 360
"""The width of a chart's phone drawing: the page shows it at its own size on a 390-px screen
(12-px text) and shrinks it little on a narrower one; a wider screen shows the wide drawing."""


def histogram(counts: list, narrow: bool = False, who: str = "", comma: bool = False) -> Markup:
    """Students per 10-point band of percentage score. The x axis is labelled
    at the bands' edges (0, 10, ..., 100: a bar lies between two labels, the
    last band includes 100) and both axes are named. ``narrow``: the phone's
    drawing, NARROW wide (the bands narrower, the text the same size); ``who``:
    whom it counts, when not every student (html.histogram_who); ``comma``: counts grouped for a
    decimal-comma class (whole_number)."""
    width, height, left, bottom, top = NARROW if narrow else 600, 256, 40, 46, 20   # top: room for the tallest bar's count
    plot_w, plot_h = width - left - 10, height - bottom - top
    base = top + plot_h
    peak = max(counts, default=0) or 1
    step = plot_w / max(len(counts), 1)
    body = [f'<line x1="{left}" y1="{base}" x2="{width - 10}" y2="{base}" class="axis"/>']
    for band, n in enumerate(counts):
        h = plot_h * n / peak
        x = left + band * step
        body.append(f'<rect x="{x + 2:.1f}" y="{base - h:.1f}" width="{step - 4:.1f}" height="{h:.1f}" '
                    f'class="bar"><title>{band_label(band, len(counts))}: {whole_number(n, comma)} student{"" if n == 1 else "s"}</title></rect>')
        if n:
            body.append(_text(x + step / 2, base - h - 3, whole_number(n, comma), "middle", "value"))
    for edge in range(len(counts) + 1):
        x = left + edge * step
        body.append(f'<line x1="{x:.1f}" y1="{base}" x2="{x:.1f}" y2="{base + 4}" class="axis"/>')
        body.append(_text(x, base + 16, f"{edge * 10}", "middle"))
    body.append(_text(left + plot_w / 2, height - 6, "percentage score (the last band includes 100)", "middle"))
    body.append(f'<text x="14" y="{top + plot_h / 2:.1f}" text-anchor="middle" class="label" '
                f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">students</text>')
    desc = f"Students per band of percentage score{', of ' + who if who else ''}: " + ", ".join(
        f"{band_label(b, len(counts))}: {whole_number(n, comma)}" for b, n in enumerate(counts))
    return _svg("chart-histogram" + "-narrow" * narrow, width, height, "Score histogram", desc, body, _class(narrow))


FACILITY_FLAGS = {"very hard", "very easy"}
"""The flags of the facility panel; the r panel's are the discrimination flags (r < 0, weak r, D < 0, same score)."""


def panel_flags(item) -> tuple:
    """Whether the item's facility and whether its discrimination is flagged: each panel's bar is
    orange for its own flag only (a weak r leaves the facility bar blue)."""
    tags = {flag_parts(reason)[0] for reason in item.reasons} - {"no answers"}
    return bool(tags & FACILITY_FLAGS), bool(tags - FACILITY_FLAGS)


PAGE_ROWS = 34
"""The most parts a drawing of the item chart holds in one printed piece (18 px each: 34 fit under a
landscape page's 717 px with the panel titles and both scales); a longer chart shows its scales above
its rows as well as below (with 540 parts a scale only below is 8,000 px under the titles)."""


def item_chart(items: list, comma: bool = False, narrow: bool = False, chart_id: str = "chart-items",
               title: str = "Facility and discrimination per part") -> Markup:
    """One row per part: facility as a bar from 0 to 1, and the corrected
    point-biserial as a bar from -1 to 1 around zero. Flagged parts are marked,
    and each panel's bar is orange for that panel's own flag. Each panel has its
    own axis, and the panels stand apart so that the facility's "0.9 1" and the
    point-biserial's "-1" read as two scales. The dashed guides (facility 0.2
    and 0.9, r 0.2) are drawn last, over the bars. Labels and tooltips write
    decimals with a comma when ``comma``; the drawing's coordinates keep their points.
    ``narrow``: the phone's drawing, NARROW wide, the r panel below the facility
    panel (each with the parts' labels) instead of beside it."""
    above = len(items) > PAGE_ROWS
    row, top = 18, 22 + SCALE_ROOM * above
    panel = NARROW - LABEL_WIDTH - 12 if narrow else 300
    rows = row * max(len(items), 1) + 4
    if narrow:   # (left, top) of each panel
        facility_at, r_at = (LABEL_WIDTH, top), (LABEL_WIDTH, top + rows + 22 + top + 8)   # 22 + 8: the scale, room
    else:
        facility_at, r_at = (LABEL_WIDTH, top), (LABEL_WIDTH + panel + 80, top)
    width, height = r_at[0] + panel + (12 if narrow else 10), r_at[1] + rows + 22
    body, guides, notes = [], [], []
    for (left, y0), draw in ((facility_at, _facility_panel), (r_at, _r_panel)):
        if left == LABEL_WIDTH:
            body += [_text(LABEL_WIDTH - 6, y0 + n * row + 12, ("\u2691 " if item.flagged else "") + item.label, "end")
                     for n, item in enumerate(items)]
        drawn, no_bars, guide_xs = draw(items, left, y0, panel, comma, above)
        body, notes = body + drawn, notes + no_bars
        guides += [f'<line x1="{x:g}" y1="{y0 - 4}" x2="{x:g}" y2="{y0 + rows}" class="guide"/>' for x in guide_xs]
    desc = "; ".join(f"{i.label}: facility {fixed(i.facility, comma=comma)}, "
                     f"{R_HEADER} {fixed(i.point_biserial, comma=comma)}"
                     f"{', flagged' if i.flagged else ''}" for i in items)
    return _svg(chart_id + "-narrow" * narrow, width, height, title, desc, body + guides + notes, _class(narrow))


def _class(narrow: bool) -> str:
    """The classes of a chart drawn twice: the page shows the ``narrow`` one on a phone, the ``wide`` one elsewhere."""
    return "chart narrow" if narrow else "chart wide"


def _facility_panel(items: list, left: float, top: float, panel: float, comma: bool, above: bool = False) -> tuple:
    """The facility panel's title, axis (``above`` the rows too) and bars (its rows from ``top``), its n/a
    notes, and its guides' x."""
    bottom, marks = top + 18 * max(len(items), 1) + 4, [(k, guide_text(k, comma)) for k in (0, HARD, EASY, 1)]
    body = [_text(left, top - 8 - SCALE_ROOM * above, "facility, 0 to 1")]
    body += _scale(left, panel, bottom, marks) + (_scale(left, panel, top - 4, marks, above=True) if above else [])
    notes = []
    for n, item in enumerate(items):
        y = top + n * 18
        if item.facility is None:   # a part worth 0 points says why
            notes.append(_no_bar(left + 4, y, item, left + panel))
            continue
        body.append(f'<rect x="{left}" y="{y + 2}" width="{max(panel * float(item.facility), 1):.1f}" height="13" '
                    f'class="{"bar flagged" if panel_flags(item)[0] else "bar"}"><title>{escape(item.label)} facility '
                    f'{fixed(item.facility, comma=comma)}</title></rect>')
    return body, notes, (left + panel * HARD, left + panel * EASY)


ZERO_POINTS_SHORT = "n/a (0 points)"
"""ZERO_POINTS where its words would run past the panel's end (the phone's r panel, which starts it at zero)."""


def _no_bar(x: float, y: float, item, right: float) -> str:
    """A row's ``n/a`` (a 0-point part's ``n/a (worth 0 points)``, or ZERO_POINTS_SHORT where those would
    pass ``right``, the panel's end) on the page's background, a group that item_chart draws over the
    dashed guides, which crossed its words."""
    text = "n/a" if item.points else ZERO_POINTS
    if x + text_width(text) + 2 > right:
        text = ZERO_POINTS_SHORT
    return (f'<g><rect x="{x - 2:.1f}" y="{y + 1}" width="{text_width(text) + 4:.1f}" height="15" class="page"/>'
            f'{_text(x, y + 12, text, "start", "value")}</g>')


def _r_panel(items: list, left: float, top: float, panel: float, comma: bool, above: bool = False) -> tuple:
    """The point-biserial panel's title, zero line, axis (``above`` the rows too) and bars (its rows from
    ``top``), its n/a notes, and its guide's x."""
    bottom, zero = top + 18 * max(len(items), 1) + 4, left + panel / 2
    marks = ((0, "-1"), (0.5, "0"), ((1 + WEAK) / 2, guide_text(WEAK, comma)), (1, "+1"))
    body = [_text(left, top - 8 - SCALE_ROOM * above, f"{R_HEADER}, -1 to 1"),
            f'<line x1="{zero}" y1="{top - 4}" x2="{zero}" y2="{bottom}" class="axis"/>']
    body += _scale(left, panel, bottom, marks) + (_scale(left, panel, top - 4, marks, above=True) if above else [])
    notes = []
    for n, item in enumerate(items):
        y, r = top + n * 18, item.point_biserial
        if r is None:
            notes.append(_no_bar(zero + 4, y, item, left + panel))
            continue
        x, w = (zero, panel / 2 * r) if r >= 0 else (zero + panel / 2 * r, -panel / 2 * r)
        body.append(f'<rect x="{x:.1f}" y="{y + 2}" width="{max(w, 1):.1f}" height="13" '
                    f'class="{"bar flagged" if panel_flags(item)[1] else "bar"} alt">'
                    f'<title>{escape(item.label)} {R_HEADER} {fixed(r, comma=comma)}</title></rect>')
    return body, notes, (zero + panel / 2 * WEAK,)


SCALE_ROOM = 20   # px above the rows for a scale drawn there too (item_chart's ``above``)


def _scale(left: float, panel: float, y: float, marks, above: bool = False) -> list:
    """A panel's axis: a line at ``y`` (its foot, or its head when ``above``) with a tick and a
    label at each ``(fraction of its width, text)`` pair, on the side away from the rows."""
    body = [f'<line x1="{left}" y1="{y}" x2="{left + panel}" y2="{y}" class="axis"/>']
    tick, label = (y - 4, y - 7) if above else (y + 4, y + 17)
    for at, text in marks:
        x = left + panel * at
        body.append(f'<line x1="{x:.1f}" y1="{y}" x2="{x:.1f}" y2="{tick}" class="axis"/>')
        body.append(_text(x, label, text, "middle", "value"))
    return body


def guide_text(value: float, comma: bool = False) -> str:
    """A facility guide as the page writes it: ``0.2`` (``0,2`` when ``comma``), ``1``."""
    return decimal_mark(f"{value:g}", comma)


HEAT_CAPTION = "Each cell: % of the students who reached the question who met the misconception in any of its parts"
HEAT_REACHED = ("reached: answered some part of it or a later part; a student who stopped before it, or whose "
                "paper lacks it, is not counted, nor one whose draw cannot make the misconception in any of its "
                "parts (per-student papers)")
"""What the heat map's denominator is (ItemStats.reached of the question), said in its description."""


def heat_map(codes: list, questions: list, heat: dict, names: dict | None = None, narrow: bool = False) -> Markup:
    """Misconception (rows) x question (columns): the share of the students who
    reached the question who fell into the trap in at least one of its parts, darker for
    more. The unit is said by the page above the map, in HTML text that wraps (HEAT_CAPTION: as
    SVG text in the sideways-scrolling box, a phone cut it off), not only in the tooltip. A row is labelled
    by its name in words, cut short to HEAT_LABEL_CHARS so that the grid stays narrow
    (``heat_row_labels``), its whole name and code in its tooltip, as in the cells' tooltips
    and the description (``names``, {code: name}: formatting.named). ``narrow``: the phone's drawing, each
    label in two short lines (heat_names.two_lines), so that its pinned labels leave room for the numbers."""
    cells = "; ".join(f"{named(code, names or {})}: " + ", ".join(f"{q} {whole_percent(s)}%" for q, s in heat.get(code, {}).items())
                      for code in codes) or "No misconception was met."
    shape = _heat_shape(codes, heat, names or {}, narrow)
    body = _heat_grid(codes, questions, heat, names or {}, "", shape)
    return _svg("chart-heat" + "-narrow" * narrow, *_heat_size(questions, shape),
                "Misconceptions by question (% of the students who reached it)",
                f"{HEAT_CAPTION} ({HEAT_REACHED}); an empty cell: none of them. {cells}", body, _class(narrow))


def _heat_shape(codes: list, heat: dict, names: dict, narrow: bool = False) -> tuple:
    """``(row labels, label column's width, peak share)`` of the whole map, computed once for
    every drawing of it (the map, each printed piece): a piece has the map's columns and shading."""
    labels = _row_labels(codes, names, narrow)
    return labels, _heat_left(labels), max((share for row in heat.values() for share in row.values()), default=0) or 1


def _row_labels(codes: list, names: dict, narrow: bool) -> dict:
    """The rows' drawn labels (heat_row_labels), each in two short lines on the phone's drawing."""
    labels = heat_row_labels(codes, names)
    return phone_labels(labels) if narrow else labels


def _heat_size(questions: list, shape: tuple) -> tuple:
    """The whole heat map's width (its grid) and its height with every row, under its question header alone."""
    labels, left, _ = shape
    return left + HEAT_CELL * max(len(questions), 1) + 10, _heat_height(labels)


def _heat_grid(codes: list, questions: list, heat: dict, names: dict, line: str, shape: tuple) -> list:
    """A printed piece's ``line`` saying which rows it holds (none when "": the screen's map, whose
    caption is page text above it), the question header and the rows of ``codes`` (all, or a piece's
    slice), drawn from the top with no space left empty, in the whole map's ``shape`` (_heat_shape)."""
    labels, left, peak = shape
    cell, top = HEAT_CELL, heat_top(bool(line))
    body = [_text(0, 14, line)] if line else []
    body += [_text(left + c * cell + cell / 2, top - 10, q, "middle") for c, q in enumerate(questions)]
    for r, code in enumerate(codes):
        y = top + r * HEAT_ROW
        body.append(row_label(left - 6, y + 16, labels[code], named(code, names)))
        for c, question in enumerate(questions):
            share = heat.get(code, {}).get(question)
            x = left + c * cell
            if share is None:
                body.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="22" class="empty"/>')
                continue
            opacity = round(0.15 + 0.85 * share / peak, 2)
            body.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="22" class="heat" '
                        f'fill-opacity="{opacity:.2f}"><title>{escape(named(code, names))} in {escape(question)}: '
                        f'{whole_percent(share)}%</title></rect>')
            body.append(_text(x + cell / 2, y + 16, whole_percent(share), "middle", heat_ink(opacity)))
    return body


HEAT_PRINT_ROWS = 26
"""The most rows of a printed heat map's piece: 26 rows are 675 px drawn, under a landscape A4 or
Letter page at Chromium's margins (about 717 and 740 px; portrait: 1,040 and 980) even unshrunk,
so that a piece never breaks across pages (30 rows, 788 px with the old caption lines, did in
landscape); a map of more rows prints as pieces (``heat_pieces``)."""


def heat_pieces(codes: list, questions: list, heat: dict, names: dict | None = None) -> Markup:
    """The heat map again for print when it has more than HEAT_PRINT_ROWS rows, cut into pieces of
    as even a size as can be, each with the question header and a line saying which rows it holds,
    kept on one page (the one drawing was cut through a row at a page's foot, and later pages had
    no header); "" for a shorter map, which prints whole. Hidden on screen; each piece is the whole
    map's width and shading. The caption is the page's, printed once above the first piece (not
    drawn again in the first piece)."""
    count = -(-len(codes) // HEAT_PRINT_ROWS)
    if count < 2:
        return Markup("")
    shape = _heat_shape(codes, heat, names or {})
    grid, _ = _heat_size(questions, shape)
    pieces = []
    for n in range(1, count + 1):
        start, stop = len(codes) * (n - 1) // count, len(codes) * n // count
        held = f"rows {start + 1} to {stop} of {len(codes)}"
        line = f"Misconceptions by question{':' if n == 1 else ', continued:'} {held}"
        body = _heat_grid(codes[start:stop], questions, heat, names or {}, line, shape)
        pieces.append(_svg(f"chart-heat-print-{n}", max(grid, ceil(text_width(line) + 10)),
                           heat_top(True) + HEAT_ROW * (stop - start) + 10,
                           f"Misconceptions by question, {held}", "The heat map above, for print.", body))
    return Markup('<div class="heat-print print-only" aria-hidden="true">') + Markup("").join(pieces) + Markup("</div>")


HEAT_HEAD, HEAT_LINE, HEAT_ROW, HEAT_CELL = 24, 17, 24, 44
"""The heat map's first row's top under its question header alone, the room a printed piece's line
takes above that header, a row's height and a column's width (px)."""


def heat_top(lined: bool = False) -> int:
    """Where a heat map's first row starts: under the question header, and under a printed piece's
    line too when ``lined`` (the screen's map has no line: its caption is page text, so no space
    is left above it for caption lines)."""
    return HEAT_HEAD + HEAT_LINE * lined


def _heat_height(labels) -> int:
    return heat_top() + HEAT_ROW * max(len(labels), 1) + 10


def _heat_left(labels: dict) -> int:
    """The heat map's label column: the longest label fits (at least 150 px wide; a phone's, 60)."""
    least = 60 if any(isinstance(label, tuple) for label in labels.values()) else 150
    return ceil(max([least] + [label_width(label) + 16 for label in labels.values()]))


def heat_labels(codes: list, names: dict | None = None, narrow: bool = False) -> Markup:
    """The heat map's row labels again, on the page's background, for the page to pin
    over the map's own (CSS ``.heat-labels``): scrolled sideways on a phone, each
    row of numbers keeps its name (and its tooltip). Hidden from screen readers, which
    read the map's description. ``narrow``: over the phone's drawing (heat_map's)."""
    labels = _row_labels(codes, names or {}, narrow)
    left, height = _heat_left(labels), _heat_height(labels)
    body = [f'<rect x="0" y="0" width="{left}" height="{height}" class="page"/>']   # the header scrolls under it too
    body += [row_label(left - 6, heat_top() + r * HEAT_ROW + 16, labels[code], named(code, names or {}))
             for r, code in enumerate(codes)]
    return Markup(f'<svg class="heat-labels{" narrow" * narrow}" aria-hidden="true" focusable="false" viewBox="0 0 {left} {height}" '
                  f'width="{left}" height="{height}" xmlns="http://www.w3.org/2000/svg" font-size="{FONT}">'
                  + "".join(body) + "</svg>")


HEAT_COLOURS = {"lw": ("#ffffff", "#7c3aed"), "dw": ("#0f1419", "#c4a5ff")}
"""The page's background and heat colour (--bg, --heat) in light mode (class ``lw``) and dark mode
(``dw``): keep them as the template's CSS sets them."""


def heat_ink(opacity: float) -> str:
    """A heat cell's number's classes: ``lw`` (``dw``) where white text reads
    better than black on the cell in light (dark) mode, the CSS painting the
    rest black. The better of black and white on any colour has a contrast of
    at least 4.58:1 (WCAG AA's 4.5:1 for text)."""
    classes = ["heat-value"]
    for name, (page, heat) in HEAT_COLOURS.items():
        cell = [opacity * h + (1 - opacity) * b for h, b in zip(_rgb(heat), _rgb(page))]
        if _contrast(cell, (1.0, 1.0, 1.0)) > _contrast(cell, (0.0, 0.0, 0.0)):
            classes.append(name)
    return " ".join(classes)


def _rgb(colour: str) -> tuple:
    """``#7c3aed`` as three channels 0..1."""
    return tuple(int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))


def _luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(one, other) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    a, b = sorted((_luminance(one), _luminance(other)))
    return (b + 0.05) / (a + 0.05)


def text_width(text: str) -> float:
    """A generous estimate of a label's width at the charts' font size (0.6 em a
    character), to leave room for it."""
    return 0.6 * FONT * len(text)
