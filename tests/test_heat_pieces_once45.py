"""Round 45: the printed heat map's pieces share the whole map's row labels, label
column and peak share, computed once (charts._heat_shape), each piece drawing its slice
of the rows; before, every piece computed the labels and the peak again."""

from quizgen.report import charts


def _map(rows: int) -> tuple:
    """``rows`` misconceptions over two questions; the peak, 1, in the last row."""
    codes = [f"trap_{i:02d}" for i in range(rows)]
    heat = {code: {"Q1": 0.2, "Q2": 0.4} for code in codes}
    heat[codes[-1]]["Q2"] = 1.0
    return codes, ["Q1", "Q2"], heat


def test_the_labels_are_made_once_for_all_the_pieces(monkeypatch):
    codes, questions, heat = _map(70)   # 3 pieces of 23, 23 and 24 rows (26 at most each)
    made = []
    labels = charts.heat_row_labels
    monkeypatch.setattr(charts, "heat_row_labels", lambda *args: made.append(args) or labels(*args))
    pieces = str(charts.heat_pieces(codes, questions, heat, {}))
    assert len(made) == 1
    assert [pieces.count(f'id="chart-heat-print-{n}"') for n in (1, 2, 3, 4)] == [1, 1, 1, 0]
    for held in ("rows 1 to 23 of 70", "rows 24 to 46 of 70", "rows 47 to 70 of 70"):
        assert held in pieces


def test_each_piece_is_shaded_by_the_whole_maps_peak():
    """The first piece has no row at the peak: its 0.4 cells are shaded as in the whole map,
    0.15 + 0.85 x 0.4 / 1 = 0.49, not as its own darkest (1.00)."""
    codes, questions, heat = _map(70)
    first = str(charts.heat_pieces(codes, questions, heat, {})).split('id="chart-heat-print-2"')[0]
    assert 'fill-opacity="0.49"' in first and 'fill-opacity="1.00"' not in first
