"""Jinja2's tags in a template's text, found in linear time.

``re.sub(r"\\{\\{.*?\\}\\}|\\{%.*?%\\}|\\{#.*?#\\}", ...)`` read every opener
with no closer after it to the end of the text: 20,000 ``{{`` took 6.7 s
(redos27). Here an opener whose closer is found nowhere after it marks that
kind of tag as closed never again, so each character is read a few times."""

from __future__ import annotations

import re

_CLOSER = {"{": "}}", "%": "%}", "#": "#}"}


def sub_tags(replace, text: str) -> str:
    """``text`` with each Jinja2 tag (``{{ }}``, ``{% %}``, ``{# #}``, the first
    closer after its opener) replaced by ``replace(tag)``, a string: what the
    old pattern's ``sub`` made."""
    pieces, done, kinds = [], 0, "{%#"
    opener = re.compile(r"\{[{%#]")
    while kinds and (found := opener.search(text, done)) is not None:
        start, kind = found.start(), text[found.start() + 1]
        end = text.find(_CLOSER[kind], start + 2)
        if end < 0:   # no closer of this kind from here on: its openers are text
            kinds = kinds.replace(kind, "")
            opener = re.compile(r"\{[" + kinds + "]") if kinds else opener
            continue   # the search starts again at ``done``, for the other kinds
        pieces += (text[done:start], replace(text[start:end + 2]))
        done = end + 2
    pieces.append(text[done:])
    return "".join(pieces)
