"""redos27: the rest of the bank-text patterns. Jinja2's tags are found by a
scanner that reads each character a few times (the old pattern read every
unclosed opener to the end of the text), and a number in ``3.4 × 10⁻⁵`` form
starts where its run of digits does. Each is compared with the old pattern
on a sample of strings of the shapes it reads, and timed on its crafted input
(bounds far above the new time, far below the old one)."""

import re

import pytest

from quizgen.text.answers import _PLAIN_FORM, plain_in_ascii
from quizgen.text.jinja_tags import sub_tags
from quizgen.text.tex_markdown import masked_jinja
from redos_support import best_seconds as _seconds, token_sample


def _sample(tokens, most: int = 10):
    return token_sample(tokens, most)


OLD_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
JINJA_TOKENS = ("{", "}", "{{", "}}", "%", "#", "{%", "%}", "{#", "#}", "x", "\n", " ")


@pytest.mark.slow
def test_jinja_tags_are_found_as_before():
    differ = [t for t in _sample(JINJA_TOKENS)
              if OLD_JINJA.sub(lambda m: f"<{m.group(0)}>", t) != sub_tags(lambda tag: f"<{tag}>", t)]
    assert not differ, differ[:5]
    assert masked_jinja("a {{ x }} $b$ {% if c %}") == "a " + "\x01" * 7 + " $b$ " + "\x01" * 10


@pytest.mark.parametrize("text", ["{{" * 10_000, "{%" * 10_000, "{#" * 5_000 + "{{" * 5_000 + "}" * 3])
def test_unclosed_jinja_tags_are_read_in_linear_time(text):
    """20,000 characters of ``{{`` took 110 ms, 40,000 took 6.7 s (a template's text may hold 100,000)."""
    assert _seconds(sub_tags, str, text) < 0.02
    assert _seconds(sub_tags, str, text * 5) < 0.1


OLD_PLAIN_FORM = re.compile("(-?[0-9]+(?:[.,][0-9]+)?) \u00d7 10([\u207b\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)")
PLAIN_FORM_TOKENS = ("1", "0", "23", ".", ",", "-", " ", "\u00d7", " \u00d7 10", "\u207b", "\u00b9", "\u2075", "x")


@pytest.mark.slow
def test_the_plain_power_of_ten_form_reads_as_before():
    differ = [t for t in _sample(PLAIN_FORM_TOKENS, most=12)
              if OLD_PLAIN_FORM.sub(lambda m: f"<{m.group(1)}|{m.group(2)}>", t)
              != _PLAIN_FORM.sub(lambda m: f"<{m.group(1)}|{m.group(2)}>", t)]
    assert not differ, differ[:5]
    assert plain_in_ascii("p = 5-3.449 \u00d7 10\u207b\u2075") == "p = 5-3.449 x 10^(-5)"


@pytest.mark.parametrize("text", ["1" * 20_000, "1" * 20_000 + " \u00d7 1"])
def test_a_run_of_digits_in_feedback_text_is_read_in_linear_time(text):
    """Every start in a run of digits read the rest of the run: 2,000 digits took 280 ms, 20,000 took 31 s."""
    assert _seconds(_PLAIN_FORM.sub, "", text) < 0.02
