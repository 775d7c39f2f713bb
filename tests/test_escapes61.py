"""One Markdown rule for special tokens and one table of template escapes: a feedback sheet's
figure alt text writes [CLS] bare as the sheet's worked solution does; a ``[MASK]:`` that a list
item or a quote could read as a link reference definition is escaped (markdown-it linked every
[MASK] of the document to its URL); plain text (the drill, graded.csv) shows ``\\*`` and ``\\~`` as
Moodle and Canvas do, as their characters."""

import re

import pytest

from quizgen.grading.feedback_md import figure_alt
from quizgen.lms.html import markdown_html
from quizgen.report.formatting import md_cell
from quizgen.text.md_escape import escaped_marks, escaped_md
from quizgen.text.plain import to_plain


@pytest.mark.parametrize("text, escaped", [
    ("x\n- [MASK]: https://evil.example", "x\n- \\[MASK\\]: https://evil.example"),
    ("x\n  * [MASK]: u", "x\n  \\* \\[MASK\\]: u"),
    ("x\n1. [MASK]: u", "x\n1. \\[MASK\\]: u"),
    ("x\n> - [MASK]: u", "x\n\\> - \\[MASK\\]: u"),
    ("- the [MASK]: 80% of them", "- the [MASK]: 80% of them"),   # mid-line: defines nothing
    ("- [MASK] is kept", "- [MASK] is kept"),
])
def test_a_token_that_a_list_item_or_quote_could_define_is_escaped(text, escaped):
    assert escaped_md(text) == escaped


def test_markdown_it_links_no_token_of_an_escaped_text():
    markdown_it = pytest.importorskip("markdown_it")
    text = escaped_md("x\n- [MASK]: https://evil.example") + "\n\nThe [MASK] token."
    assert "evil.example" not in markdown_it.MarkdownIt().render(text).split("The")[1]


def test_the_alt_text_keeps_a_special_token_bare_and_escapes_the_rest():
    alt = figure_alt({"p": 0.7, "name": "p_hat", "axis": "the share of [CLS] given to a*b"})
    assert "the share of [CLS] given to a\\*b" in alt and "p_hat = 0.7000" in alt
    assert escaped_marks("[CLS] & [x]", re.compile(r"[\[\]&]")) == "[CLS] \\& \\[x\\]"


@pytest.mark.parametrize("text", [r"a \* b \~ c \| d \< e", r"\` \> \# \{x\}"])
def test_plain_text_and_the_lms_read_the_same_escapes(text):
    assert to_plain(text) == re.sub(r"</?p>", "", markdown_html(text)).replace("&lt;", "<").replace("&gt;", ">")
    assert "\\" not in to_plain(r"a \* b \~ c")


@pytest.mark.parametrize("cell, written", [
    ("Q8: the [CLS] classifier head", "Q8: the [CLS] classifier head"),
    ("[MASK](https://evil.example) a|b", "\\[MASK\\](https\\://evil.example) a\\|b"),   # a link: escaped
    ("[mask] *x*", "\\[mask\\] \\*x\\*"),
])
def test_a_report_or_sheet_cell_keeps_a_special_token_bare_as_the_solutions_do(cell, written):
    """md_cell (report cells, a sheet's headings and lines) follows the one token rule of md_escape."""
    assert md_cell(cell) == written


def test_markdown_it_reads_a_cell_token_as_text_and_an_escaped_pipe_as_no_column():
    markdown_it = pytest.importorskip("markdown_it")
    html = markdown_it.MarkdownIt().enable("table").render(f"| a |\n|---|\n| {md_cell('the [CLS] a|b')} |\n")
    assert "<td>the [CLS] a|b</td>" in html
