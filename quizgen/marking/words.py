"""Marking by words: a word part's answer matched on meaning against its
accepted words and traps (``read_words``: case, spacing, a leading yes or
no, a phrase inside a sentence, a negation, a hedge, a near spelling), and a
number part's answer that is no number but says one of its traps' words
(C5 (a) ``undefined``). The listed phrases found in a sentence are phrases.py's,
near spellings and opposites spelling.py's."""

from __future__ import annotations

import re
from functools import lru_cache

from quizgen.marking.asides import NO_VALUE_REASON, may_mean_no_value, no_answer_reason, no_value_words, non_answer
from quizgen.marking.forms import BLANK, HEDGE_WORDS, QUESTION_MARK, REVIEW
from quizgen.marking.offered import OFFERED, unoffered_reason
from quizgen.marking.phrases import NEGATIONS, names_any, read_phrases
from quizgen.marking.spelling import misspelt, opposites
from quizgen.marking.unlisted import (BARE_NO_WORDS, DENIED_REASON, NO_WORDS, TRUTH_OF, UNLISTED_REASON, as_listed,
                                      offered_instead, read_bare_no, unlisted_change, unlisted_reason)
from quizgen.maths.answers import normalise_word
from quizgen.marking.rule_model import CORRECT, INCORRECT, NEEDS_REVIEW, Credits, PartRule, TrapRule, Verdict
from quizgen.marking.word_reading import DOUBTED, WordReading, exact_reading


def said_trap(rule: PartRule, text, credits: Credits) -> Verdict | None:
    """The verdict on a number part's answer that is no number but says a
    trap's words (C5 (a) ``undefined``: the empty sum taken for the empty
    mean), matched on meaning as a word part's traps are; needs_review when
    it only nearly says one (a misspelling); None when it says none."""
    traps = {t.code: t.words for t in rule.traps if t.words}
    if not traps:
        return None
    reading = read_words(text, (), traps)
    if reading.status == "trap":
        return _trap_verdict(next(t for t in rule.traps if t.code == reading.code), credits)
    return Verdict(NEEDS_REVIEW, feedback=reading.reason) if reading.status == NEEDS_REVIEW else None


def _trap_verdict(trap: TrapRule, credits: Credits) -> Verdict:
    return Verdict(INCORRECT, "", trap.code, credits.traps.get(trap.code, trap.credit), trap.feedback)


def mark_words(rule: PartRule, text, credits: Credits) -> Verdict:
    """Mark a word answer by meaning (read_words), offered answers too (``negative neutral``: two)."""
    traps = {t.code: t.words for t in rule.traps if t.words} | ({OFFERED: rule.offered} if rule.offered else {})
    reading = read_words(text, rule.accept, traps, choices=rule.choices)
    if reading.status == "accept":
        return Verdict(CORRECT, score=1.0)
    if reading.status == "trap" and reading.code != OFFERED:   # another answer the paper offers: plainly wrong
        return _trap_verdict(next(t for t in rule.traps if t.code == reading.code), credits)
    if reading.status in (BLANK, NEEDS_REVIEW):
        return Verdict(reading.status, feedback=offered_instead(reading.reason, str(text), rule.shown))
    why = reading.status == "unknown" and not _DOUBT.search(_as_read(text)) and unoffered_reason(str(text), rule.shown)
    return Verdict(NEEDS_REVIEW, feedback=why) if why else Verdict(INCORRECT)   # "bigger" for larger; "not sure": wrong


_CONTRACTED = re.compile(r"\b(\w+?)n\s+t\b|\b(is|was|are|were|do|does|did|has|have|had|would|could|should|must"
                         r"|need|ca|wo)(?:nt|(?<=ca)nnot)\b", re.IGNORECASE)
"""A negative contraction once its apostrophe is a space (``isn t``, ``won t``), or typed without it
(``isnt``, ``cant``, ``wont``: only these verbs', so ``want`` and ``point`` stay words), or ``cannot``."""


def _not(match) -> str:
    """The words a negative contraction stands for: ``isn t`` is ``is not``,
    ``can t`` ``can not``, ``won t`` ``will not`` ("it can't be negative"
    denies negative; a reason such as C5's "can't divide by zero" is listed
    whole in the part's accepted words)."""
    stem = match.group(match.lastindex)
    return {"ca": "can", "wo": "will"}.get(stem.lower(), stem) + " not"
_FILLER = re.compile(r"^(?:answer|it is|it's|its|the answer is|they are|it)\s+")
_HEDGES = {"or", "either"}
_DOUBT = re.compile(r"\b(?:" + "|".join(re.escape(w.replace("'", " ")) for w in HEDGE_WORDS)
                    + r"|no idea|no clue|don ?t know|do not know)\b")
"""Doubt said in words (forms.HEDGE_WORDS, apostrophes read as spaces, and "no idea"):
even a leading yes or no is then a hedge ("maybe no", "no idea", "yeah I guess");
"I'm sure" is not doubt."""
_POLARITY = {"y": "yes", "yes": "yes", "yeah": "yes", "yep": "yes", "yup": "yes", "correct": "yes",
             "true": "true", "false": "false", **dict.fromkeys(sorted(NO_WORDS), "no"),
             "n": "no", "wrong": "no", "incorrect": "no"}
"""A word at the head of an answer that says yes, no, true or false, read as the listed word it stands for.
The no-words are unlisted.NO_WORDS (the bare no's one list), and ``n``, ``wrong`` and ``incorrect``, no
bare no: alone they answer no "which value" (unlisted.BARE_NO_WORDS)."""
_NO_IDEA = re.compile(r"^(?:i\s+)?(?:do\s+not|dont|don\s+t)\s+know$|^dunno$|^idk$")
"""A whole answer that says the student does not know, as ``words._as_read`` leaves it."""
_SIZE_GIVEN = re.compile(r"\b(since|because|as|when|where|with)\s+\|[^\W\d]\w{0,3}\|\s*=\s*\d+\b", re.IGNORECASE)
"""A reason that states a set's size (``undefined since |M|=0``): the 0 is |M|'s, no answer of 0."""
_CLAUSE_BREAK = re.compile(r"[,;:.!?\u2013\u2014]|\s-\s")
"""A break between clauses in an answer as written: a comma, semicolon, colon, stop, question mark or dash."""
_DENIED = re.compile(r"^(?:it\s+|that\s+|he\s+|she\s+)?(?:does|do|did|is|was|can|will|would)\s+not\b")
"""``it does not``, ``doesn't`` (expanded first, ``_CONTRACTED``) at the start: a plain no."""


_NONE_OR_ZERO = {"none", "nothing"}
"""Whole answers that may say "no value" or "zero" ("none" for a loss: undefined, or no loss)."""
_NO_VALUE = no_value_words("nan")   # not "none" or "nothing": those may say zero (_NONE_OR_ZERO)
NONE_OR_ZERO_REASON = ("may say that there is no value or that the value is zero, which this part tells apart: "
                       "a person reads it")


def _none_or_zero(classes: dict) -> bool:
    """True when one meaning's listed words say "no value" and another's say
    zero (C5 (b): ``undefined`` is the answer, ``0`` the trap), so that an
    unlisted ``none`` or ``nothing`` may say either."""
    no_value = {code for code, words in classes.items() if any(_NO_VALUE.search(w) for w in words)}
    zero = {code for code, words in classes.items() if words & {"0", "zero"}}
    return bool(no_value and zero and no_value != zero)



def read_words(text, accept, traps: dict, synonyms: dict | None = None, choices: int | None = None) -> WordReading:
    """Match ``text`` against the accepted words and each trap's words
    (``traps``: code -> words), on meaning: case, spacing, a leading yes/no
    (``NO - it is bidirectional``), a phrase inside a sentence (``the mean
    over M``), a negated phrase (``not left to right``) on a two-way question;
    ``synonyms`` maps extra words to a listed one. A hedge (``neutral or
    positive``, ``maybe neutral``) that names a listed phrase is for a person
    to read, unless a listed phrase itself holds the hedging word.

    The question is two-way when it has two meanings (the accepted words and
    one trap's) and ``choices``, how many answers it offers, is 2 or not
    said: only then does "not positive" mean the other one (with three
    classes it may mean either of two, so a person reads it)."""
    if text is None or not str(text).strip():
        return WordReading(BLANK)
    classes = {"": _listed(tuple(accept))}
    classes.update({code: _listed(tuple(words)) for code, words in traps.items()})
    said = _as_read(_SIZE_GIVEN.sub(r"\1", str(text)))
    said = as_listed(normalise_word((synonyms or {}).get(said, said)), classes)   # "grew" where "grows" is listed
    questioned = QUESTION_MARK.search(str(text)) is not None   # "undefined?": said with doubt
    exact = exact_reading(said, classes)
    if exact is not None:
        return DOUBTED if questioned else exact
    if non_answer(str(text)):   # "n/a", "-", "idk": no answer, unless "no value" may be the answer (C5 (b))
        if may_mean_no_value(str(text), [w for words in classes.values() for w in words]):
            return WordReading(REVIEW, reason=NO_VALUE_REASON)
        return WordReading(BLANK, reason=no_answer_reason(str(text)))
    said = _NO_IDEA.sub("no idea", _FILLER.sub("", said))   # "I don't know" says what "no idea" says
    if said in _NONE_OR_ZERO and _none_or_zero(classes):
        return WordReading(REVIEW, reason=NONE_OR_ZERO_REASON)   # "none": no value, or nothing at all (0)?
    # "it won't double": the words after the no are what is denied; not after a clause break
    # ("It doesn't, it doubles" restates, and a person reads which the student meant)
    denied = _DENIED.match(said) is not None and not _CLAUSE_BREAK.search(str(text).strip().rstrip(".!"))
    tokens = _DENIED.sub("no", said, count=1).split(" ") if said else []   # phrases read the words as written
    doubtful = questioned or _doubtful(said, classes)
    if tokens and tokens[0] in _POLARITY:
        polarity = _POLARITY[tokens[0]]   # "wrong" at a true-or-false part: its false (unlisted.TRUTH_OF)
        found = (exact_reading(polarity, classes) or exact_reading(tokens[0], classes)
                 or exact_reading(TRUTH_OF.get(polarity, polarity), classes))
        if found is not None and doubtful:
            return DOUBTED   # "no idea", "yeah I guess", "yes?": a person decides
        if found is not None and len({_POLARITY[t] for t in tokens if t in _POLARITY}) > 1:
            return WordReading(REVIEW)   # "no or yes": a person decides
        why = found and _rest_disagrees(tokens[1:], found, classes, synonyms or {}, choices in (None, 2), denied)
        if why:   # "no, left to right", "no, it halves"; "no, it squares": a reason no list holds
            return WordReading(REVIEW, reason=why)
        if found is not None:
            return found
    found = read_phrases(said, classes, synonyms or {}, choices in (None, 2))
    if (doubtful or _hedged(said, classes)) and (found.status in ("accept", "trap") or names_any(said, classes)):
        return DOUBTED if doubtful else WordReading(REVIEW)   # "maybe neutral", "neutral or positive": a person decides
    if found.status not in ("accept", "trap") and not found.reason and misspelt(said, classes):
        return WordReading(REVIEW)   # "avrage", "bidirectonal": a person decides, never a silent 0
    unlisted = unlisted_reason(said, classes, opposites) if found.status == "unknown" else ""
    if unlisted:   # "undef", "nein", "indéfini"
        return WordReading(REVIEW, reason=unlisted)
    if found.status == "unknown" and said in BARE_NO_WORDS:   # "nope", "not": the part's no (or false), if it lists one
        bare = read_bare_no(classes)
        return DOUBTED if doubtful and bare.status in ("accept", "trap") else bare
    if found.status == "unknown" and NEGATIONS & set(said.split(" ")) and not _DOUBT.search(said):
        return WordReading(REVIEW)   # "not positive" where no listed word is it
    return DOUBTED if doubtful and found.status == REVIEW else found   # "probably 0" where no word is listed


DISAGREE_REASON = ("the words after its yes or no say what another answer says, so its reason contradicts "
                   "it: a person reads which the student meant")


def _rest_disagrees(rest: list, found: WordReading, classes: dict, synonyms: dict, two_way: bool,
                    denied: bool = False) -> str:
    """Why the words after a leading yes or no are for a person, or "": they
    name another listed meaning than the yes or no does (``no, left to
    right`` where "left to right" is the trap's: DISAGREE_REASON), or they give
    after the right one a change no list holds (``no, it squares``:
    unlisted.UNLISTED_REASON, since it may be the wrong reason). After a ``does not`` (``denied``: "it won't double") the
    words are what it denies, and another meaning than its no's is for a person (DENIED_REASON)."""
    if not rest:
        return ""
    said = read_phrases(" ".join(["not", *rest] if denied else rest), classes, synonyms, two_way)
    if said.status in ("accept", "trap"):
        return (DENIED_REASON if denied else DISAGREE_REASON) if said != found else ""
    right = found.status == "accept"   # after a wrong yes or no, any reason leaves it wrong
    return UNLISTED_REASON if right and unlisted_change(rest, classes) else ""


def _as_read(text) -> str:
    """Words as they are matched, an answer and a listed word alike: normalised,
    punctuation as spaces (a full stop, not a decimal point), a negative
    contraction expanded ("isn't", "isn t" once its apostrophe is a space, and
    "isnt" typed without it, are all "is not")."""
    return normalise_word(_CONTRACTED.sub(_not, re.sub(r"[,;:!?()\"'‘’=]|\.(?!\d)", " ", str(text))))


@lru_cache(maxsize=1024)
def _listed(words: tuple) -> frozenset:
    """A part's listed words (accepted, or a trap's) as :func:`_as_read` reads an
    answer: the author's "can't be computed" is the student's "can't be computed".
    Kept per list: a template's lists come back with every answer to its part."""
    return frozenset(read for read in map(_as_read, words) if read)



def _doubtful(said: str, classes: dict) -> bool:
    """True when the answer says doubt (``_DOUBT``) that no listed phrase holds."""
    return _DOUBT.search(said) is not None and not any(_DOUBT.search(w) for words in classes.values() for w in words)


def _hedged(said: str, classes: dict) -> bool:
    """True when the answer hedges (``or``, ``maybe``, ...) and no listed phrase holds that word."""
    return bool(_HEDGES & set(said.split(" "))) and not any(_HEDGES & set(w.split(" "))
                                                            for words in classes.values() for w in words)
