"""Why a one-word answer that no rule of ``words.read_words`` reads is for a
person, not a silent 0: an abbreviation of a listed word (``undef``), a yes
or no in another language on a yes/no part (``ja``, ``nein``, ``oui``,
``non``), or another language's form of a long listed word (``undefiniert``,
``indéfini``). A listed word never comes here: it is matched first."""

from __future__ import annotations

import difflib
import unicodedata

from quizgen.marking.forms import REVIEW
from quizgen.marking.offered import unoffered_reason
from quizgen.marking.word_reading import WordReading, exact_reading

FOREIGN_YES_NO = frozenset({"ja", "jawohl", "nein", "oui", "non", "si", "sí", "sì", "nee", "sim", "não", "nao",
                            "tak", "nie"})
"""Yes and no in German, French, Spanish, Italian, Dutch, Portuguese and Polish."""
ALIKE = 0.7
"""How alike (difflib ratio, accents dropped) another language's word and a listed one of 6 letters or more are."""
BARE_NO_REASON = "a bare no, where this part does not ask for a yes or no: a person reads what it means"
"""Why a bare no (``BARE_NO_WORDS``) at a part that asks no yes or no goes to a person: it may
deny something, or say there is no value (C5 (b)'s "undefined"). graded.csv's reason, and the
drill's and a feedback sheet's (drill/replies.py, grading/feedback_reasons.py) are worded from it."""
NO_WORDS = frozenset({"no", "nope", "nah", "never"})
"""The one list of single words that say no and nothing more: words._POLARITY reads each, at the head
of an answer, as "no" (``nope, it halves``), and each alone is a bare no (``BARE_NO_WORDS``, built
from it), so that a new no-word is added here once and both rules read it."""
BARE_NO_WORDS = NO_WORDS | {"no way", "not"}
"""Whole answers (as ``words._as_read`` reads them, so ``No!``, ``no.`` and ``Nope.`` too) that say a
plain no: one rule marks them all alike (``read_bare_no``). Besides NO_WORDS, ``no way`` (two words)
and ``not``, which is no polarity word at the head of an answer (``not left to right`` denies what
follows). Not ``n``, ``wrong`` or ``incorrect``, which _POLARITY reads as a no at a yes/no question:
alone at a part asking which value they are no answer to it. Nor ``none`` and ``nothing``: they may
say zero or no value, which words.py's none-or-zero rule reads."""
NO_MEANS = ("no", "false")
"""The listed words a bare no means, in order: the part's no, else its false (a no to a true-or-false
question says false)."""
TRUTH_OF = {"yes": "true", "no": "false"}
"""What a yes or a no (``words._POLARITY``: ``y``, ``correct``; ``n``, ``wrong``, ``nope``) says at a part
whose lists hold no word it stands for: the part's true or false, where a list holds it (a true-or-false
question answered ``wrong`` is answered false), as NO_MEANS reads a bare no."""


def read_bare_no(classes: dict) -> WordReading:
    """What a bare no (``BARE_NO_WORDS``, held whole by no list) means at a part (``classes``: meaning ->
    its listed words): the meaning whose list holds a word of NO_MEANS (a person's when two do);
    else, where a list holds "yes", the other answer, plainly wrong (``unknown``); else a person
    reads it (BARE_NO_REASON), for it may deny something or say there is no value."""
    for word in NO_MEANS:
        if any(word in words for words in classes.values()):
            return exact_reading(word, classes) or WordReading(REVIEW)
    if any("yes" in words for words in classes.values()):
        return WordReading("unknown")
    return WordReading(REVIEW, reason=BARE_NO_REASON)


def offered_instead(reason: str, said: str, shown: tuple) -> str:
    """``reason`` (a word reading's for a person), or for a bare no at a part that offers answers
    (``shown``: C8 (c)'s classes) that it is none of them (offered.unoffered_reason), as the drill
    tells it."""
    return (reason == BARE_NO_REASON and unoffered_reason(said, shown)) or reason


def unlisted_reason(said: str, classes: dict, opposites) -> str:
    """Why the one word ``said`` (as ``words._as_read`` reads it) is for a
    person to read, or "" when it is a word no listed one resembles (or
    more than one word). ``classes``: meaning -> its listed words;
    ``opposites(a, b)``: True for words of opposite meaning (``defined`` is
    no form of ``undefined``, and is marked as what it says)."""
    listed = sorted(w for words in classes.values() for w in words if " " not in w and w.isalpha())
    if " " in said or not said.isalpha() or any(opposites(said, w) for w in listed):
        return ""   # "finite", "defined": the opposite of a listed word, marked as what it says
    if short := short_for(said, listed):
        return f"{said!r} may be short for {short[0]!r}, a word this part lists: a person reads it"
    if said in FOREIGN_YES_NO and {"yes", "no"} & set(listed):
        return f"{said!r} may be a yes or a no in another language: a person reads it"
    if any(_ratio(said, w) >= ALIKE for w in listed if len(said) >= 6 and len(w) >= 6):
        return f"{said!r} may be a word this part lists in another spelling or language: a person reads it"
    return ""


def short_for(said: str, listed) -> list:
    """The ``listed`` words ``said`` may be cut short from: it begins them, has 3
    letters or more and lacks 2 or more of theirs (``nega`` of ``negative``; one letter
    short, ``negativ``, is a misspelling). grade and the drill (drill/slips.py) read it alike."""
    return [w for w in listed if len(said) >= 3 and len(w) >= len(said) + 2 and w.startswith(said)]


def _ratio(said: str, word: str) -> float:
    """How alike ``said`` and ``word`` are, accents dropped (difflib's ratio)."""
    return difflib.SequenceMatcher(None, _plain(said), _plain(word)).ratio()


def _plain(word: str) -> str:
    """``word`` without its accents (``indéfini`` is ``indefini``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))



UNLISTED_REASON = ("the words after its yes or no say a change this part does not list, so its reason may "
                   "contradict it: a person reads which the student meant")
DENIED_REASON = ("it has no yes or no, only a \"not\", which read as a no gives one answer while the words it "
                 "denies give another: a person reads which the student meant")
"""The reason for ``it would not double`` where the no is the wrong answer and "not double" the right one
(words.py's ``denied``), rather than "the words after its yes or no"."""
_FAMILIES = """square squares squared squaring; cube cubes cubed cubing; quarter quarters quartered quartering
multiply multiplies multiplied multiplying; grow grows grew grown growing; rise rises rose risen rising
fall falls fell fallen falling; drop drops dropped dropping; increase increases increased increasing
decrease decreases decreased decreasing; reduce reduces reduced reducing; scale scales scaled scaling
shrink shrinks shrank shrunk shrinking; explode explodes exploded exploding; vanish vanishes vanished vanishing
vary varies varied varying; fluctuate fluctuates fluctuated fluctuating; double doubles doubled doubling
halve halves halved halving; triple triples tripled tripling; quadruple quadruples quadrupled quadrupling"""
FAMILY = {word: frozenset(family.split()) for family in _FAMILIES.replace("\n", ";").split(";")
          for word in family.split()}
"""A change word's forms (``increase``: ``increases``, ``increased``, ``increasing``), each to its family."""
CHANGE_WORDS = frozenset(FAMILY)
"""Words saying how a quantity changes, of which a part's lists hold a few (C9 (c): ``doubles``,
``halves``): after a right yes or no, an unlisted one (``no, it squares``) may be the wrong
reason, where an unlisted explanation (``no, because it is an average``) is read as its yes or no."""
_DENYING = frozenset({"not", "no", "never", "nor", "neither"})   # words._as_read has made "doesnt" "does not"


def unlisted_change(rest: list, classes: dict) -> bool:
    """True when the words after a right yes or no (``rest``, as ``words._as_read``
    reads them) say a change (``CHANGE_WORDS``) that no list of the part holds
    (``classes``: meaning -> its listed words), with nothing denying it
    (``no, it does not increase`` agrees with the no)."""
    if _DENYING & set(rest):
        return False
    listed = {w for words in classes.values() for phrase in words for w in phrase.split(" ")}
    return any(word in CHANGE_WORDS and word not in listed and (not FAMILY[word] & listed or _two_hold(word, classes))
               for word in rest)


def _two_hold(word: str, classes: dict) -> bool:
    """True when lists of two meanings or more hold forms of ``word``'s family
    (C9 (c): ``both double`` right, ``doubles`` the trap), so that an unlisted
    form (``doubling``) cannot be given either's meaning (``as_listed``)."""
    return sum(map(bool, _held_forms(word, classes))) > 1


def _held_forms(word: str, classes: dict) -> list:
    """For each meaning of ``classes``, the forms of the change word ``word``'s family its list holds."""
    return [FAMILY[word] & {w for phrase in words for w in phrase.split(" ")} for words in classes.values()]


def as_listed(said: str, classes: dict) -> str:
    """``said`` (as ``words._as_read`` reads it) with each change word that no
    list holds written as the form of it one list does (``it increased`` is
    ``it increases`` where a list holds ``increases``), so it means what that
    form means; left as it is when no list, or lists of two meanings, hold one."""
    words = said.split(" ")
    return " ".join(_listed_form(word, classes) for word in words) if CHANGE_WORDS & set(words) else said


def _listed_form(word: str, classes: dict) -> str:
    """The one listed form of the change word ``word`` (see ``as_listed``), else ``word``."""
    if word not in FAMILY:
        return word
    held = _held_forms(word, classes)
    if word in set().union(*held) or sum(map(bool, held)) != 1:
        return word
    return min(set().union(*held))
