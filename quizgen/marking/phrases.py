"""The listed phrases a word answer says (``read_phrases``: ``the mean over M`` says ``mean``), each
denied or not by a negation before it (``not left to right``), and the one meaning they give, or a
person's reading (two meanings, a "no" that may take back what came before it)."""

from __future__ import annotations

from quizgen.marking.forms import REVIEW, looks_like_prose
from quizgen.marking.word_reading import WordReading
from quizgen.maths.answers import normalise_word

NEGATIONS = {"not", "no", "never", "nor", "neither"}   # "isnt", "cannot" are read as "is not", "can not"


def names_any(said: str, classes: dict) -> bool:
    """True when ``said`` holds a listed word or phrase, however short (a hedged ``maybe no``)."""
    tokens = said.split(" ")
    places = word_places(tokens)
    return any(starts(tokens, phrase.split(" "), places) for words in classes.values() for phrase in words)


def read_phrases(said: str, classes: dict, synonyms: dict, two_way: bool = True) -> WordReading:
    """The meaning of the listed phrases found in ``said``; a phrase found
    only inside a longer one found ("zero" in "division by zero") is part of
    that one, not a second meaning."""
    tokens = said.split(" ")
    places = word_places(tokens)
    found = []   # (first token, end, code, negated)
    for code, words in classes.items():
        for phrase in words | {normalise_word(k) for k, v in synonyms.items() if normalise_word(v) in words}:
            if len(phrase) < 3 and not phrase.isdigit():   # "no" in a sentence says little; "0" is a value
                continue
            size = len(phrase.split(" "))
            found.extend((at, at + size, code) for at in starts(tokens, phrase.split(" "), places))
    meanings = {(code, _negated(tokens, at, found)) for at, end, code in found
                if not any(a <= at and end <= e and e - a > end - at for a, e, _ in found)}
    if _takes_back(tokens, found):
        return WordReading(REVIEW, reason=TAKE_BACK_REASON)   # "it doubles, no wait it stays the same"
    return _meaning(meanings, classes, said, two_way)


TAKE_BACK_REASON = ("has a \"no\" after what it first said, which may take that back or deny what follows: "
                    "a person reads which the student meant")
_NO_IDIOMS = {"matter", "longer", "more", "less", "doubt"}
"""Words after which a "no" takes nothing back ("the same, no matter how many")."""


def _takes_back(tokens: list, found: list) -> bool:
    """True when a "no" of no listed phrase stands after a phrase found
    (``doubles. no: stays the same``, ``left to right? no, bidirectional``):
    it may take back what came before it or deny what follows, so a person
    reads it, on a two-way question as on one with three classes."""
    first = min((at for at, _, _ in found), default=len(tokens))
    return any(tokens[i] == "no" and not any(a <= i < e for a, e, _ in found)
               and tokens[i + 1:i + 2] not in ([w] for w in _NO_IDIOMS)
               for i in range(first + 1, len(tokens)))


def _negated(tokens: list, at: int, found: list) -> bool:
    """Whether a negation stands in the two words before the phrase found at
    ``at``, or a ``not only``/``not just`` in the four before it ("does not just
    use the previous words"), and is no word of another phrase found ("not
    defined (division by zero)": the not is the first phrase's own, and denies nothing after it)."""
    free = [i for i in range(max(at - 4, 0), at) if not any(a <= i < e for a, e, _ in found)]
    return any(tokens[i] in NEGATIONS and (i >= at - 2 or tokens[i + 1] in _LIMITING) for i in free)


_LIMITING = {"only", "just", "solely", "merely"}


def starts(tokens: list, phrase: list, places: dict | None = None) -> list:
    """Every place where ``phrase`` (tokens) starts in ``tokens``; with
    ``places`` (``word_places(tokens)``) only where its first word stands, so a
    long answer is not compared with every phrase at every word."""
    size = len(phrase)
    candidates = range(len(tokens) - size + 1) if places is None else places.get(phrase[0], ())
    return [i for i in candidates if tokens[i:i + size] == phrase]


def word_places(tokens: list) -> dict:
    """{word: the places it stands in ``tokens``}."""
    places = {}
    for i, token in enumerate(tokens):
        places.setdefault(token, []).append(i)
    return places


def _meaning(meanings: set, classes: dict, said: str, two_way: bool) -> WordReading:
    """The one meaning said, or needs_review, or unknown; a meaning said and
    others denied by a "not" is the one said ("neutral, not positive", on any
    question), but not after a "no", which may take back what came before it
    ("neutral? no, positive")."""
    said_codes = {code for code, negated in meanings if not negated}
    if len(said_codes) == 1 and not said_codes & {code for code, negated in meanings if negated} \
            and "no" not in said.split(" "):   # "neutral? no, positive" takes the first back: a person reads it
        code = said_codes.pop()
        return WordReading("accept") if code == "" else WordReading("trap", code)
    resolved = set()
    for code, negated in meanings:
        if not negated:
            resolved.add(code)
        elif two_way and len(classes) == 2:
            resolved.add(next(c for c in classes if c != code))
        else:
            resolved.add(None)
    if len(resolved) == 1 and None not in resolved:
        code = resolved.pop()
        return WordReading("accept") if code == "" else WordReading("trap", code)
    if resolved or looks_like_prose(said):
        return WordReading(REVIEW)
    return WordReading("unknown")
