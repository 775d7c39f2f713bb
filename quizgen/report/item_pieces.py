"""The item chart again for print when a paper has more parts than a printed page holds: pieces of
at most ``charts.PAGE_ROWS`` parts, each a whole chart with its panel titles and both scales and a title
saying which parts it holds, so that none is cut through a row at a page's foot and every page has
its scale (the heat map prints the same way, ``charts.heat_pieces``)."""

from __future__ import annotations

from markupsafe import Markup

from quizgen.report.charts import PAGE_ROWS, item_chart


def item_pieces(items: list, comma: bool = False) -> Markup:
    """The print-only pieces of the item chart of ``items`` (hidden on screen), of as even a
    size as can be; "" for a chart of at most PAGE_ROWS parts, which prints whole."""
    count = -(-len(items) // PAGE_ROWS)
    if count < 2:
        return Markup("")
    pieces = []
    for n in range(1, count + 1):
        start, stop = len(items) * (n - 1) // count, len(items) * n // count
        title = f"Facility and discrimination per part, parts {start + 1} to {stop} of {len(items)}"
        pieces.append(item_chart(items[start:stop], comma, chart_id=f"chart-items-print-{n}", title=title))
    return Markup('<div class="items-print print-only" aria-hidden="true">') + Markup("").join(pieces) + \
        Markup("</div>")
