"""The units read after a number and taken off it, as a marker reads past them:
the built-in ones every part reads (``0.364 nats``, ``1.52 nats per token``,
``12 positions``, ``0.364 (nats)``) and the words naming a quantity
(``0.789 probability``); and a part's own, which its template declares
(``units: [bits, bit]``, ``[parameters, params]``; key.json's ``"units"``),
read the same way (``3.50 bits``, ``3.50 (in bits)``, ``17475072 params``).
``bits`` is never a built-in unit (quantity_words.py: in the built-in bank it is the
log-2 slip); a part that declares it reads ``x bits`` as x."""

from __future__ import annotations

import re
from functools import lru_cache

_UNIT_WORD = r"(?:nats?|tokens?|words?|(?:masked\s+)?positions?|units?|targets?|predictions?)"
_PER = r"(?:\s*(?:/|per)\s*(?:masked\s+)?(?:tokens?|positions?|words?|predictions?|targets?))?"   # nats/token
UNIT = re.compile(r"(?<!\s)\s*(?:" + _UNIT_WORD + _PER + r"|\(\s*" + _UNIT_WORD + _PER + r"\s*\))\s*(?:\.\s*)?$",
                  re.IGNORECASE)   # 0.364 nats, 1.52 nats per token, 0.364 (nats)
# a word naming a quantity (not checked against the part's), after a number, bare or in brackets
# ("0.789 probability", "1.46 loss", "0.681 (prob)"): said like a unit. Not "perplexity": e to the
# loss is another number, so "1.105 perplexity" goes to a person as "bits" does (quantity_words.py)
_QUANTITY_WORD = r"(?:probabilit(?:y|ies)|prob|loss|cross[- ]?entropy)"
QUANTITY = re.compile(r"(?<=[\d)])\s*(?:" + _QUANTITY_WORD + r"|\(\s*" + _QUANTITY_WORD + r"\s*\))\s*(?:\.\s*)?$",
                      re.IGNORECASE)


@lru_cache(maxsize=256)
def declared_unit(units: tuple):
    """The pattern of a part's own unit words ``units`` (a template's ``units:``)
    at the end of an answer, as ``UNIT`` reads the built-in ones: bare, after
    "in", or in brackets, then optionally per token (``3.5 bits``, ``3.5 bits/token``,
    ``3.5 (in bits)``); not the end of a longer word (``qubits`` is no ``bits``).
    None for a part that declares none."""
    if not units:
        return None
    words = "|".join(r"\s+".join(map(re.escape, unit.split())) for unit in sorted(units, key=len, reverse=True))
    said = r"(?:in\s+)?(?:" + words + r")" + _PER
    return re.compile(r"(?<!\s)\s*(?<![^\W\d_])(?:" + said + r"|\(\s*" + said + r"\s*\)|\[\s*" + said + r"\s*\])"
                      r"\s*(?:\.\s*)?$", re.IGNORECASE)


_COUNT_NOUNS = ("token", "word", "position", "masked position", "target", "prediction")


def unit_against_part(text: str, whole: bool) -> str:
    """A reason for a person when ``text`` ends with a built-in unit no answer of the part
    has: a count in nats (``2220 nats``), or a value that is no count in a
    count's noun (``0.401 tokens``: a loss, or a probability, is no number of tokens; ``1.52
    nats per token`` is a loss); else ''. A part whose template declares its units reads those."""
    found = UNIT.search(text.strip())
    if found is None:
        return ""
    said = found.group(0).strip(" .()[]\t").lower()
    base, per = re.split(r"\s*(?:/|\bper\b)\s*", said, maxsplit=1)[0], bool(re.search(r"/|\bper\b", said))
    if whole and base.startswith("nat"):
        return f"this part asks for a count, and '{said}' is a loss's unit: a person reads it"
    if not whole and not per and base.rstrip("s") in _COUNT_NOUNS:
        return f"'{said}' names a count, and this part's answer is no count: a person reads it"
    return ""
