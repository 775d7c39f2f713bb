"""Jinja2's tags in a template's text, found in linear time.

``re.sub(r"\\{\\{.*?\\}\\}|\\{%.*?%\\}|\\{#.*?#\\}", ...)`` read every opener
with no closer after it to the end of the text: 20,000 ``{{`` took 6.7 s
(a ReDoS). They are found as text/spans.py finds any span: an opener whose
closer is found nowhere after it marks that kind of tag as closed never again."""

from __future__ import annotations

from quizgen.text.spans import Delimiter, spans, substituted

TAGS = (Delimiter("{{", "}}"), Delimiter("{%", "%}"), Delimiter("{#", "#}"))
"""Jinja2's tags: ``{{ }}``, ``{% %}``, ``{# #}``, each ending at the first closer after its opener."""


def sub_tags(replace, text: str) -> str:
    """``text`` with each Jinja2 tag (``{{ }}``, ``{% %}``, ``{# #}``, the first
    closer after its opener) replaced by ``replace(tag)``, a string: what the
    old pattern's ``sub`` made."""
    return substituted(text, spans(text, TAGS), lambda start, end: replace(text[start:end]))
