"""The fifty-fifth round's cuts to generate's work (docs/performance.md): each
does less work for the same questions; each test shows the work done once
where it was done again, and that what comes out is the same."""

from fractions import Fraction

import pytest

from quizgen.errors import TemplateError
from quizgen.text import render
from quizgen.text.render import render_many


def _counting(monkeypatch, module, name: str) -> list:
    """Calls of ``module.name`` (their arguments), the function still run."""
    calls, original = [], getattr(module, name)
    monkeypatch.setattr(module, name, lambda *args: calls.append(args) or original(*args))
    return calls


def test_a_filled_text_met_again_is_checked_once(monkeypatch):
    """Two pieces filled to the same text, in one render and in the next, are checked and converted once."""
    render._converted.cache_clear()
    converted = _counting(monkeypatch, render, "_convert")
    sources = ["The {{ scene.word }} is masked.", "Sum: $x_{1} + x_{2}$ ({{ n }} terms)", "No markup."]
    first = render_many(sources, {"scene": {"word": "cat"}, "n": 3}, "md")
    again = render_many(sources, {"scene": {"word": "cat"}, "n": 3}, "md")
    other = render_many(sources, {"scene": {"word": "dog"}, "n": 3}, "md")
    assert first == again == ["The cat is masked.", "Sum: $x_{1} + x_{2}$ (3 terms)", "No markup."]
    assert other[0] == "The dog is masked." and other[1:] == first[1:]
    assert sorted(text for text, _ in converted) == sorted(first + ["The dog is masked."])


def test_a_filled_text_that_fails_its_check_fails_each_time():
    """Nothing is kept for a text the check refuses: the same refusal, every time."""
    render._converted.cache_clear()
    for _ in range(2):
        with pytest.raises(TemplateError, match="U\\+001B"):
            render_many(["a {{ '\\x1b' }} b"], {}, "md")


def test_a_fraction_prints_the_same_through_the_kept_conversion():
    """The kept conversion is the conversion: LaTeX's, plain text's and Markdown's alike."""
    render._converted.cache_clear()
    for fmt in ("md", "tex", "text"):
        source = "Half is {{ h }}, **bold** and $a < b$."
        assert render_many([source], {"h": Fraction(1, 2)}, fmt) == \
            [render._convert(render._fill(render.markdown_maths(source) if fmt == "md" else source,
                                          {"h": Fraction(1, 2)}, fmt), fmt)]
