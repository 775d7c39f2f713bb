"""Why an answer awaits a person (needs_review), said to the student on their
feedback sheet: from the grader's reason and the answer as written (a number
or a word said with doubt, two values, a sentence, a bound), never as
graded.csv words it for the marker."""

from __future__ import annotations

import re

from quizgen.grading.ecf_at_once import MARKER_DECIDED
from quizgen.grading.feedback_reasons import reason_to_student
from quizgen.marking.forms import (BITS_REASON, BOUND_REASON, DOUBT_REASON, HEDGED, NOTED_REASON, PERPLEXITY_REASON,
                                   QUESTION_MARK, REVIEW_REASON, TWO_VALUES_REASON)
from quizgen.marking.leading_words import WORDS_BEFORE_REASON
from quizgen.text.words import and_list

_NUMERAL = re.compile(r"[-+]?(?<![\w.,])\d(?:[\d,.]*\d)?%?")
_WORD = re.compile(r"[^\W\d_]{2,}")
_SENTENCE_WORDS = 3   # words that make a sentence, as the grader counts them
_QUOTED_LIMIT = 30   # characters of the student's words quoted in a reason
_WAITING = "; your marker will decide what it means"
_TWO_VALUES = "your answer gives more than one value, and the grader marks one; your marker decides which counts"
_KNOWN_REASONS = {
    TWO_VALUES_REASON: _TWO_VALUES,
    BOUND_REASON: "you gave a bound (such as \"at least\" or \"<\") rather than one value; your marker decides "
                  "whether it answers the part",
    NOTED_REASON: "your number has words after it" + _WAITING,
    WORDS_BEFORE_REASON: "your number has words before it" + _WAITING,
    BITS_REASON: "your answer looks given in bits (log base 2); your marker checks it against the question's "
                 "logarithm",
    PERPLEXITY_REASON: "you called your number a perplexity, e to the loss, which is another number than the loss; "
                       "your marker checks it against what the part asks",
}


def review_words(reason: str, answer: str) -> str:
    """Why an answer awaits a person, in the student's words, from the grader's
    ``reason`` and the ``answer`` as written (a number with doubt, two values,
    a sentence); any other reason as feedback_reasons words it, never as graded.csv has it."""
    if reason in _KNOWN_REASONS:
        return _KNOWN_REASONS[reason] + "."
    if reason.startswith("depends on ("):
        earlier = reason.removeprefix("depends on ").split(",")[0]
        if MARKER_DECIDED in reason:
            return f"it was worked from your answer to {earlier}, which your marker has now marked; your marker marks this part too."
        return f"it was worked from your answer to {earlier}, which your marker reads first; your marker marks both."
    if reason not in (REVIEW_REASON, DOUBT_REASON, ""):   # doubt is told from the answer's own words, below
        return reason_to_student(reason)
    numbers = _NUMERAL.findall(answer)
    words = _words_beside(answer)
    if reason == DOUBT_REASON and (len(numbers) != 1 or words == '"?"'):   # one value said with doubt, not two:
        return _doubt_words(answer, "its number" if numbers else "it")   # "0.750 (3 s.f.)?", "5.74e-4?"
    if len(numbers) > 1:
        return _TWO_VALUES + "."
    if numbers and words:
        return f"your answer says {words} beside its number, which the grader cannot weigh{_WAITING}."
    if len(_WORD.findall(answer)) >= _SENTENCE_WORDS:
        return "your answer is a sentence, which the grader cannot mark on its own" + _WAITING + "."
    return f"the grader could not match your words to an answer it knows{_WAITING}."


def _words_beside(answer: str) -> str:
    """The words written on either side of an answer's one number, each
    quoted as written (``"about" and "I think"`` for ``about 1.8 I think``:
    never joined into words the student did not write together), cut to
    _QUOTED_LIMIT characters in all; "" when there are none."""
    pieces = [" ".join(piece.split()).strip(" .,;:") for piece in _NUMERAL.split(answer)]
    quoted, room = [], _QUOTED_LIMIT
    for piece in filter(None, pieces):
        if room <= 0:
            break
        quoted.append(f'"{piece}"' if len(piece) <= room else f'"{piece[:room].rstrip()}..."')
        room -= len(piece)
    return and_list(quoted)


def _doubt_words(answer: str, what: str) -> str:
    """Why an answer said with doubt is held (``maybe undefined``, ``undefined?``,
    ``0.2877?``): its hedge words quoted as written beside ``what`` ("it", "its
    number"), and a closing question mark; the answer itself may well be right,
    so it is never called unknown, nor a figures note (``3 s.f.``) a second value."""
    hedges = and_list(list(dict.fromkeys(f'"{m.group(0)}"' for m in HEDGED.finditer(answer))))
    asked = QUESTION_MARK.search(answer) is not None
    said = " and ".join(filter(None, [f"says {hedges} beside {what}" if hedges else "",
                                      "ends in a question mark" if asked else ""]))
    return f"your answer {said or 'is said with doubt'}, which the grader cannot weigh{_WAITING}."
