"""Review 46c F15: a title's `--` printed an en dash and a date's backtick a curly quote, where the
bank's own text (since this round) prints both as typed: the two LaTeX escapers now agree."""

from quizgen.text.render import escape_tex


def test_dashes_and_backticks_a_user_typed_print_as_typed():
    assert escape_tex("Mid -- term --- x 5-6") == r"Mid -\/- term -\/-\/- x 5-6"
    assert escape_tex("`q`") == r"\textasciigrave{}q\textasciigrave{}"
    assert escape_tex("a_b {c} 50% & #1 ~ ^") == r"a\_b \{c\} 50\% \& \#1 \textasciitilde{} \textasciicircum{}"
