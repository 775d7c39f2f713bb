"""Review 44g F12: the phone's item chart wrote the r panel's "n/a (worth 0
points)" from its zero line on, and its box ran past the drawing's right edge
(x 221 to 369 in a drawing 360 wide), so the words' end was cut off. The note
now fits its panel, in shorter words where the long ones would not."""

import re

import pytest

from quizgen.report import charts
from quizgen.report.model import ItemStats

ZERO = ItemStats("Q6", "a", "C6", "t", 0.0, 10, facility=None, point_biserial=None)
OTHER = ItemStats("Q6", "b", "C6", "t", 1.0, 10, facility=0.5, point_biserial=0.3)
NOTE = re.compile(r'<g><rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="15" class="page"/>'
                  r'<text x="([\d.]+)" [^>]*>([^<]*)</text></g>')


@pytest.mark.parametrize("narrow", [False, True])
def test_every_zero_point_note_fits_the_drawing(narrow):
    svg = str(charts.item_chart([ZERO, OTHER], narrow=narrow))
    width = float(re.search(r'<svg [^>]*width="(\d+)"', svg).group(1))
    assert width == (charts.NARROW if narrow else 780)
    notes = NOTE.findall(svg)
    assert len(notes) == 2   # the facility panel's and the r panel's
    for box_x, box_width, text_x, text in notes:
        assert float(box_x) + float(box_width) <= width              # the background box inside the drawing
        assert float(text_x) + charts.text_width(text) <= width      # and the words, measured as the box is
        assert float(box_width) >= charts.text_width(text)           # the box covers the words


def test_the_phones_r_panel_says_it_shorter_and_the_rest_in_full():
    texts = [text for *_, text in NOTE.findall(str(charts.item_chart([ZERO, OTHER], narrow=True)))]
    assert texts == ["n/a (worth 0 points)", "n/a (0 points)"]   # the facility panel has the room
    wide = [text for *_, text in NOTE.findall(str(charts.item_chart([ZERO, OTHER])))]
    assert wide == ["n/a (worth 0 points)"] * 2
