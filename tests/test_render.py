"""Filling template text: the sandbox keeps untrusted text away from Python's
internals and from changing the values it is given, record fields and loop
variables resolve as Jinja2 defines them, and escaping is per format."""

import pytest

from quizgen.errors import TemplateError
from quizgen.text.render import escape_md, escape_tex, render_many, render_string


@pytest.mark.parametrize("source", [
    "{{ scene.__class__ }}",
    "{{ scene.update({'answer': 'x'}) }}",
    "{{ words.append('x') }}",
    "{{ ''.__class__.__mro__ }}",
])
def test_template_text_cannot_reach_internals_or_change_values(source):
    scene = {"answer": "story"}
    with pytest.raises(TemplateError):
        render_string(source, {"scene": scene, "words": ["a"]}, "md")
    assert scene == {"answer": "story"}


def test_record_fields_and_loop_variables_resolve_as_in_jinja():
    context = {"scene": {"answer": "story", "items": "a key named like a method", "none": None},
               "z": (3, 1, 2)}
    source = ("{{ scene.answer }}|{{ scene['items'] }}|{{ scene.none }}|"
              "{% for v in z %}{{ loop.index }}{{ 'L' if loop.last }}{% endfor %}|{{ scene.items is callable }}")
    assert render_string(source, context, "text") == "story|a key named like a method|None|123L|yes"


def test_a_record_shared_between_renders_gives_each_its_own_values():
    record = {"word": "cat"}
    first = render_many(["{{ scene.word }}"], {"scene": record}, "md")
    second = render_many(["{{ scene.word }}"], {"scene": {"word": "dog"}}, "md")
    assert (first, second) == (["cat"], ["dog"])


def test_parameter_strings_are_escaped_for_each_format():
    context = {"name": "a_b*c [1] 50% #"}
    assert render_string("{{ name }}", context, "md") == escape_md("a_b*c [1] 50% #") == r"a\_b\*c \[1\] 50% #"
    assert render_string("{{ name }}", context, "tex") == escape_tex("a_b*c [1] 50% #")
    assert escape_tex("a_b*c [1] 50% #") == r"a\_b{*}c [1] 50\% \#"
    assert render_string("{{ name }}", context, "text") == "a_b*c [1] 50% #"


def test_a_set_in_one_piece_does_not_reach_the_next():
    pieces = ["{% set x = 1 %}stem {{ x }}", "ask {{ x }}", "{% set y = 2 %}{{ y }}"]
    assert render_many(pieces, {"x": 5}, "md") == ["stem 1", "ask 5", "2"]
    with pytest.raises(TemplateError, match="undefined"):
        render_many(["{% set y = 2 %}{{ y }}", "{{ y }}"], {}, "md")


@pytest.mark.parametrize("fmt", ["md", "tex", "text"])
def test_pieces_render_together_as_each_would_alone(fmt):
    pieces = ["{{ a }}\n", "line {{ a }}\n\n", "plain\n", "{% for i in [1, 2] %}{{ i }}{% endfor %}\n", "{{ a }}"]
    assert render_many(pieces, {"a": 3}, fmt) == [render_string(p, {"a": 3}, fmt) for p in pieces]
