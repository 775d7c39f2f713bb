"""The roundings a question's text states, read from its phrasing: each "to 3
significant figures", "to 2 decimal places" or "to the nearest whole number", and
what it is said of, read from the verb it hangs on and that verb's object ("give
the answer to", "round intermediate values to", "keep 4 significant figures in
intermediate steps"): the answer, the working, or a thing the reader cannot tell
("the weights are shown to 4 significant figures"). A negated one ("do not round
to 2 decimal places") states nothing; a choice ("to 3 s.f. or 2 d.p.") states each, as one choice."""

from __future__ import annotations

import re
from dataclasses import dataclass

_COUNT = r"(?P<count>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_LEAD = (r"\b(?:(?:to|at|in)\s+|(?:give|write|keep|use|quote|state|carry|retain)\s+)"
         r"(?:(?:at\s+least|at\s+most|no\s+fewer\s+than|exactly)\s+)?")
_UNIT = (r"\s+(?:(?P<sigfigs>significant\s+figures?|sig\.?\s*figs?\.?|s\.\s?f\.|sf\b)|"
         r"(?P<places>decimal\s+places?|d\.\s?p\.|dp\b))")
_FIGURES = re.compile(_LEAD + _COUNT + _UNIT, re.I)
_OR = re.compile(r"\s*,?\s*or\s+(?:(?:to|at|in)\s+)?" + _COUNT + _UNIT, re.I)   # "to 3 s.f. or 2 d.p.": a choice
_WHOLE = re.compile(r"\bto\s+the\s+nearest\s+(?:whole\s+number|integer)\b", re.I)
_EXACT = re.compile(r"\b(?:give|write|state)\s+(?:it|them|the\s+\w+\s+)?\s*exactly\b|\bas\s+a\s+fraction\b|"
                    r"\bexact\s+(?:value|answer|fraction)\b", re.I)
_HIDDEN = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|\{\{.*?\}\}|\{%.*?%\}", re.S)   # maths and values: a noun; tags: nothing

_ANSWER_VERBS = ("give gave given write wrote written state stated answer answers answered express expressed "
                 "report reported quote quoted enter entered present presented record recorded find compute "
                 "computed calculate calculated evaluate determine estimate").split()
_ROUND_VERBS = "round rounds rounded rounding".split()
_KEEP_VERBS = "keep kept keeping carry carried carrying retain retained hold held work worked use used".split()
_DATA_VERBS = "show shown print printed display displayed list listed".split()
_VERB = re.compile(r"\b(?:" + "|".join(_ANSWER_VERBS + _ROUND_VERBS + _KEEP_VERBS + _DATA_VERBS) + r")\b", re.I)
_PARTICIPLES = frozenset(("given written stated answered expressed reported quoted entered presented recorded "
                          "computed calculated rounded kept carried retained held worked used shown printed "
                          "displayed listed").split())
_PASSIVE = re.compile(r"\b(?:is|are|be|been|being|was|were)\s+(?:\w+\s+)?$", re.I)
_BOUNDARY = re.compile(r"\b(?:and|but|then)\s+(?:then\s+)?(?=" + _VERB.pattern + ")", re.I)
_ALONE_NEGATION = re.compile(r"(?:\bnot|n't|\bnever)\s*$", re.I)   # "Do not," / "Never," before an aside
_NEGATION = re.compile(r"\bnot\b|n't\b|\bnever\b|\brather\s+than\b|\binstead\s+of\b|\bwithout\b", re.I)
_LEAD_WORDS = re.compile(r"(?:\b(?:correct|accurate|accurately|rounded)\s+)?(?:\b(?:to|at|in)\s+)?"
                         r"(?:\bat\s+(?:least|most)\s+|\bno\s+fewer\s+than\s+|\bexactly\s+)?$", re.I)
_WORKING = re.compile(r"\bintermediates?\b|\b(?:the|your|all|in)\s+working\b|\bworking\s+(?:values|figures)\b|"
                      r"\b(?:each|every|all|later|next|between)\s+steps?\b", re.I)   # not "Working in nats, ..."
_ANSWER = re.compile(r"\b(?:answers?|results?|final|decimals?)\b", re.I)   # "(or a decimal to 6 ...)"
_PRONOUN = re.compile(r"^\W*(?:it|them|this|these|each|all|your\s+\w+|the\s+value)?\W*$", re.I)
_ASIDE = re.compile(r",?\s*\b(?:not|rather\s+than|instead\s+of)\b[^,]*,", re.I)   # "the answer, not the working,"
_NEXT_SENTENCE = re.compile(r"\.\s+[A-Z]")
_ABBREVIATION = re.compile(r"\b(?:s|d|e\.g|i\.e|sig|approx)$", re.I)
_QUALIFIER = re.compile(r"\s*(?:in|for|of|throughout|between|during|at|on|within|when|before|after)\b", re.I)


@dataclass(frozen=True)
class Rounding:
    """One rounding a text states: ``kind`` ("sigfigs", "places", "exact") and its
    count; ``about`` "answer", "working" or "unclear"; where it is (``line`` of the text)
    and its words as written; ``choice``: the words of the choice it is one of ("to 3 s.f. or
    2 d.p.", each read with what the first is said of), "" when it is none."""

    kind: str
    n: int | None
    about: str
    line: int
    words: str
    choice: str = ""


def roundings(text: str) -> list:
    """Every rounding ``text`` states, in order, with what it is said of; none negated."""
    hidden = _HIDDEN.sub(lambda m: (" " if m.group(0).startswith("{%") else "x") * len(m.group(0)), text)
    found = []
    for match in _FIGURES.finditer(hidden):
        found.append((match, "sigfigs" if match.group("sigfigs") else "places", _number(match.group("count"))))
    found += [(match, "places", 0) for match in _WHOLE.finditer(hidden)]
    found += [(match, "exact", None) for match in _EXACT.finditer(hidden)]
    read, taken = [], -1   # taken: where the last choice's other rounding ends (read with the first)
    for match, kind, n in sorted(found, key=lambda f: f[0].start()):
        if match.start() < taken:
            continue
        clause = _clause_before(hidden, match.start("count") if match.re is _FIGURES else match.start())
        if not _negated(clause):
            other = _OR.match(hidden, match.end()) if match.re is _FIGURES else None
            about = "answer" if kind == "exact" else _about(clause, hidden, other or match)   # read after the choice
            line = text.count("\n", 0, match.start()) + 1
            choice = _words(text, match.start(), other.end()) if other else ""
            read.append(Rounding(kind, n, about, line, _words(text, match.start(), match.end()), choice))
            if other:
                taken = other.end()
                read.append(Rounding("sigfigs" if other.group("sigfigs") else "places", _number(other.group("count")),
                                     about, line, _words(text, other.start("count"), other.end()), choice))
    return read


def _words(text: str, start: int, end: int) -> str:
    """``text[start:end]`` with its runs of white space made one space."""
    return " ".join(text[start:end].split())


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _clause_before(text: str, start: int) -> str:
    """The words of ``start``'s clause before it: back to a sentence's end, a ``;`` or
    ``:``, an opening bracket it sits in, or an "and" before a verb; a bracketed
    aside on the way is left out."""
    depth, kept = 0, []
    for i in range(start - 1, -1, -1):
        char = text[i]
        if char in ")]":
            depth += 1
        elif char in "([":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0:
            if char in ";:?!\n" and (char != "\n" or text[i - 1:i] == "\n") or char == "." and _ends_sentence(text, i):
                break
            kept.append(char)
    return _BOUNDARY.split("".join(reversed(kept)))[-1]


def _ends_sentence(text: str, i: int) -> bool:
    """Whether the point at ``i`` ends a sentence (not "s.f." or "0.5" within one)."""
    return bool(_NEXT_SENTENCE.match(text, i)) and not _ABBREVIATION.search(text[max(0, i - 5):i])


def _clause_after(text: str, end: int) -> str:
    """The words after a rounding, to the clause's end or a comma."""
    return re.split(r"[,;:?!()\[\]]|\.\s", text[end:end + 80])[0]


def _negated(clause: str) -> bool:
    """Whether the clause denies the rounding: a negation before its verb, in the verb's own phrase ("do
    not round to") or standing alone before it ("Do not, at this stage, round to"), but not one that
    governs an earlier verb or word ("Without rounding p first, give ...", "the positions not masked,
    give ..."); or a negation just before the rounding ("not to 2 decimal places")."""
    verbs = list(_VERB.finditer(clause))
    cut = verbs[-1].start() if verbs else len(clause)
    start = verbs[-2].end() if len(verbs) > 1 else 0
    *asides, own = re.split(r"[,;]", clause[start:cut])
    if _NEGATION.search(own) or any(_ALONE_NEGATION.search(aside) for aside in asides):
        return True
    last = list(_NEGATION.finditer(clause))
    return bool(last) and _LEAD_WORDS.fullmatch(clause[last[-1].end():].lstrip()) is not None


def _about(clause: str, text: str, match) -> str:
    """What the rounding at ``match`` (``clause``: its clause's words before it) is
    said of: "answer", "working" or "unclear"."""
    after = _clause_after(text, match.end())
    if _QUALIFIER.match(after) and _WORKING.search(after):
        return "working"   # "keep 4 significant figures in intermediate steps"
    for verb in reversed(list(_VERB.finditer(clause))):
        before = clause[:verb.start()]
        if _PASSIVE.search(before):   # "answers should be given to": the subject is the object
            return _of_noun(_PASSIVE.sub("", before.split(",")[-1]), question=False)
        if verb.group(0).lower() not in _PARTICIPLES:   # "the weights given to": no verb of the clause's
            return _of_verb(verb, clause)
    last = clause.split(",")[-1]   # "Working in nats, what is the loss to ...?": the words after the comma
    return _of_noun(last, question=_in_question(text, match.end()))


def _of_verb(verb, clause: str) -> str:
    """What a rounding hung on the active ``verb`` is said of, from the words between them."""
    word = verb.group(0).lower()
    thing = _ASIDE.sub(" ", _LEAD_WORDS.sub("", clause[verb.end():]))
    if _WORKING.search(thing):
        return "working"
    if word in _ANSWER_VERBS or (word in _ROUND_VERBS and _PRONOUN.match(thing)):
        return "answer"
    return "answer" if _ANSWER.search(thing) else "unclear"


def _in_question(text: str, end: int) -> bool:
    """Whether the sentence a rounding ends at ``end`` in is a question."""
    rest = re.search(r"[?]|\.(?:\s|$)|\n\n|$", text[end:])
    return rest.group(0) == "?"


def _of_noun(thing: str, question: bool) -> str:
    """What a rounding hung on no verb of ours (or a passive one's subject) is said of."""
    if _WORKING.search(thing):
        return "working"
    if _ANSWER.search(thing) or question or _PRONOUN.match(_LEAD_WORDS.sub("", thing)):
        return "answer"
    return "unclear"
