"""redos27b: the maths of a Markdown formula's line (md_maths), of plain text
(plain) and of a feedback sheet with decimal commas (feedback_comma), and a
TikZ node's label, found by scanners that read each character a few times
(the old patterns read every unclosed opener, or every space, to the end of
the text). Each is compared with the old pattern on a sample of strings of
the tokens it reads, and timed on its crafted input (bounds far above the new
time, far below the old one)."""

import re

import pytest

from quizgen.grading.feedback_comma import _MATHS as COMMA_MATHS, _tikz_labels, comma_view
from quizgen.text.md_maths import _one_line, _pieces
from quizgen.text.plain import _inline
from quizgen.text.spans import MATHS as PLAIN_MATHS, spans
from redos_support import best_seconds as _seconds, token_sample


def _sample(tokens, most: int = 12):
    return token_sample(tokens, most)


def _differ(texts, old, new) -> list:
    """The first few of ``texts`` on which ``old`` and ``new`` disagree."""
    return [text for text in texts if old(text) != new(text)][:5]


OLD_PIECE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|\\[A-Za-z]+|\\\n|\\[^A-Za-z]|[ \t]*%[^\n]*\n\s*|\s*\n\s*",
                       re.S)
PIECE_TOKENS = ("{", "}", "{{", "}}", "{%", "%}", "{#", "#}", "\\", "\\,", "\\a", "ab", "x", " ", "  ", "\t",
                "\n", "\r", "\x0b", "\u00a0", "\u3000", "%", " %", "\\\n", "1.")


@pytest.mark.slow
def test_a_formulas_pieces_are_found_as_before():
    spans_of = lambda text: [m.span() for m in OLD_PIECE.finditer(text)]   # noqa: E731
    assert not _differ(_sample(PIECE_TOKENS), spans_of, lambda text: list(_pieces(text)))
    assert _one_line("a %c\n  - b\\,c {{ x\\, }}\\\ny") == "a - b\\thinspace c {{ x\\, }}\\ y"


@pytest.mark.parametrize("text", ["\\" + "{{" * 10_000, "\\" + " " * 20_000, "\n" + "%" * 20_000,
                                  "\\" + " \r" * 10_000 + "%\n"])
def test_a_formulas_line_is_made_in_linear_time(text):
    """20,000 characters of ``{{`` after a backslash took 5.8 s, of spaces 4.3 s, of ``%`` 0.86 s."""
    assert _seconds(_one_line, text) < 0.05


OLD_PLAIN = re.compile(r"((?<!\\)\$\$.*?(?<!\\)\$\$|\\\[.*?\\\]|\\\(.*?\\\)|(?<!\\)\$.*?(?<!\\)\$)", re.S)
OLD_COMMA = re.compile(r"(?<!\\)\$\$.+?(?<!\\)\$\$|(?<!\\)\$.+?(?<!\\)\$|\\\(.+?\\\)|\\\[.+?\\\]", re.S)
MATHS_TOKENS = ("$", "$$", "\\", "\\$", "\\(", "\\)", "\\[", "\\]", "(", ")", "[", "]", "x", "1.5", "\n", " ")


_EVEN_RUN_BEFORE_DOLLAR = re.compile(r"(?<!\\)((?:\\\\)+)(?=\$)")


def _even_runs_blanked(text: str) -> str:
    """``text`` with each even run of backslashes right before a ``$`` made NUL bytes of the same length: the
    old patterns' ``(?<!\\)`` read any backslash before a ``$`` as escaping it, where spans.escaped, as LaTeX,
    reads only an odd run so (``\\\\$x$`` is maths); the spans found are at the same places."""
    return _EVEN_RUN_BEFORE_DOLLAR.sub(lambda match: "\0" * len(match.group(1)), text)


@pytest.mark.slow
def test_maths_spans_are_found_as_before():
    spans_of = lambda pattern: lambda text: [m.span() for m in pattern.finditer(_even_runs_blanked(text))]  # noqa: E731
    texts = _sample(MATHS_TOKENS)
    assert not _differ(texts, spans_of(OLD_PLAIN), lambda text: spans(text, PLAIN_MATHS))
    assert not _differ(texts, spans_of(OLD_COMMA), lambda text: spans(text, COMMA_MATHS))
    assert _inline(r"so \(x^{2}\) and $\frac{1}{2}$ cost \$3") == "so x^2 and 1/2 cost $3"


@pytest.mark.parametrize("text", ["\\(" * 10_000, "\\[" * 10_000])
def test_maths_spans_are_found_in_linear_time(text):
    """20,000 characters of ``\\(`` took 2.5 s in plain text, 2.9 s in a feedback sheet's view."""
    view = {"stem": text, "forecast": "", "verify": "", "answers_note": "", "steps": [], "parts": [], "figure": None}
    assert _seconds(_inline, text) < 0.05
    assert _seconds(comma_view, view, "md") < 0.05


OLD_TIKZ_LABEL = re.compile(r"(\bnode\s*(?:\[[^\]]*\])?\s*(?:at\s*\([^)]*\))?\s*\{)([^;]*)(\}\s*;)")
TIKZ_TOKENS = ("node", "\\node", "anode", "nodes", " ", "\n", "[", "]", "at", "(", ")", "{", "}", ";", "0.5", "x")


@pytest.mark.slow
def test_tikz_labels_are_found_as_before():
    mark = lambda label: f"<{label}>"   # noqa: E731
    old = lambda text: OLD_TIKZ_LABEL.sub(lambda m: m[1] + mark(m[2]) + m[3], text)   # noqa: E731
    written = ["node at x) {1};", "node [a] at (0,1) {x} ;", "node[a] [b] {x};", "node {a}} ;", "node{};", "node{;}",
               "\\node at(1) {a};node{b}\n;", "node[x]{node{y};", "node[{a}];", "node at (a) at (b) {c};"]
    assert not _differ(written + _sample(TIKZ_TOKENS, most=16), old, lambda text: _tikz_labels(text, mark))
    figure = r"\draw (0.5,1.5) -- ++(0,-0.08) node[below] {$0.25$}; \node[left] at (0.5, 2) {\small 1.5 nats};"
    view = {"stem": "", "forecast": "", "verify": "", "answers_note": "", "steps": [], "parts": [],
            "figure": {"solution": figure}}
    assert comma_view(view, "tex")["figure"]["solution"] == figure.replace("0.25", "0{,}25").replace("1.5 n", "1{,}5 n")


@pytest.mark.parametrize("tikz", ["node{" * 8_000, "node[" * 20_000, "node at(" * 12_500, "node" + " " * 2_000 + "x"])
@pytest.mark.slow
def test_tikz_labels_are_found_in_linear_time(tikz):
    """40,000 characters of ``node{`` took 2 s (16 ms now), 100,000 of ``node[`` or ``node at(``
    about 2 s (30 ms now); ``node`` and 2,000 spaces 9 s (each split three ways)."""
    view = {"stem": "", "forecast": "", "verify": "", "answers_note": "", "steps": [], "parts": [],
            "figure": {"solution": tikz}}
    assert _seconds(comma_view, view, "tex") < 0.3
