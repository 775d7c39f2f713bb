"""A loss said in bits (``0.4826 bits``, ``0.4826 (in bits)``): never stripped
as a unit, since the bank's questions take natural logarithms (nats). The word
names the log-2 misconception itself, so a number that is the part's
``log2_instead_of_ln`` trap is named as that trap; any other goes to a person.
Working before it is read as any answer's working is: a function of numbers
that agrees with the value (``log2(28996) = 14.82 bits``) is taken off, so the
number is named as above; working that cannot be checked (``-log2(p) = 0.48
bits``) goes to a person.

A number called a perplexity (``1.105 perplexity``) is read the same way
(not as a label): a perplexity is e to the loss, another number than the loss, so the word
is no neutral label; a number that is the part's ``perplexity_instead_of_loss``
trap is named as that trap, any other goes to a person. A part asking for a
perplexity declares the word (``units: [perplexity]``) and reads it as a unit.

The same word as a label before the number (``perplexity = 1.105``, ``PPL: 1.105``,
``bits = 0.48``, ``the perplexity is 1.105``) says the same, so it is read as the
word after the number is (it was stripped as a neutral label and the
loss's value called a perplexity marked correct): ``labelled_as_word``."""

from __future__ import annotations

import re
from dataclasses import replace

BITS_REASON = "given in bits (log base 2): a person checks it against the question's logarithm"
LOG2_CODE = "log2_instead_of_ln"
PERPLEXITY_REASON = "called a perplexity (e to the loss), another quantity: a person checks it against what the part asks"
PERPLEXITY_CODE = "perplexity_instead_of_loss"
_NAMES = {BITS_REASON: LOG2_CODE, PERPLEXITY_REASON: PERPLEXITY_CODE}   # the slip each word names
_BITS = re.compile(r"\d\s*bits?\s*\.?\s*$", re.IGNORECASE)


def _number_then(unit: str):
    """A number alone (no brackets, no other word; e-notation read), then ``unit`` bare or in brackets:
    0.4826 bits, 0.4826 (in bits), 4.826e-1 bits, 1.105 perplexity."""
    return re.compile(r"^\s*(?P<number>[^()\[\]\sA-Za-z]+(?:[Ee][+-]?\d+)?)\s*(?:\(\s*" + unit
                      + r"\s*\)|\[\s*" + unit + r"\s*\]|" + unit + r")\s*\.?\s*$", re.IGNORECASE)


_NUMBER_IN_BITS = _number_then(r"(?:in\s+)?bits?")


def in_bits(core: str) -> str | None:
    """The number of an answer said in bits (``0.4826 bits`` -> ``0.4826``),
    "" when it is said in bits but is no lone number (``-log2(p) = 0.48 bits``),
    None when it says nothing of bits."""
    found = _NUMBER_IN_BITS.match(core)
    if found:
        return found["number"]
    return "" if _BITS.search(core) else None


_PERPLEXITY = _number_then("perplexity")


def in_perplexity(core: str) -> str | None:
    """The number of an answer called a perplexity (``1.105 perplexity`` ->
    ``1.105``), else None."""
    found = _PERPLEXITY.match(core)
    return found["number"] if found else None


_WORDS = {"ppl": "perplexity", "bit": "bits"}
_LABELLED = re.compile(r"^\s*(?:the\s+)?(?P<word>perplexity|ppl|bits?)(?:\s*(?:[=:]\s*[≈~]?|[≈~])\s*|\s+is\s+"
                       r"|(?P<space>\s+)(?=[-+−]?\.?\d))(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)


def labelled_as_word(text: str, units: tuple = ()) -> str:
    """``text`` with a leading label naming another quantity moved after its
    value (``perplexity = 1.105`` -> ``1.105 perplexity``, ``PPL: 1.105`` too,
    ``bits = 0.48`` -> ``0.48 bits``, and the word with no sign, ``perplexity 1.105``),
    so it is read as that word after a number is; unchanged when it has no such label
    or the part declares the word in ``units`` (then the plain label rule takes
    ``perplexity = 1.105`` off, and ``perplexity 1.105``, which no label rule reads,
    is moved after its value, where the part's unit is taken off)."""
    found = _LABELLED.match(text)
    if found is None:
        return text
    word = _WORDS.get(found["word"].casefold(), found["word"].casefold())
    declared = {unit.casefold() for unit in units}
    own = next((w for w in (word, found["word"].casefold(), "bit" if word == "bits" else "") if w in declared), None)
    if own is not None:   # the part's own unit: a label (the plain label rule takes it), or the word as its unit
        return f"{found['rest'].rstrip()} {own}" if found["space"] else text
    return f"{found['rest'].rstrip()} {word}"


def bits_trap(checker, reading):
    """The verdict naming the log-2 trap for an answer said in bits whose
    number (``reading.value``, a needs_review reading) is that trap's value,
    or the perplexity trap for one called a perplexity that is e to the loss,
    else None (a person reads it). ``checker``: the part's PartChecker."""
    code = _NAMES.get(reading.reason)
    if code is None or reading.value is None:
        return None
    named = checker._named_trap(replace(reading, status="number", reason=""))   # forms.NUMBER (forms imports this)
    return named if named is not None and named.misconception == code else None
