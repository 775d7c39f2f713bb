"""Words before a number: the few that only say what the number is, read past as
``approx.`` is (``LABEL_WORDS``: ``total 1850``, ``Answer 1850``, ``exactly 1850``), and any other
words before one number, which a person reads (``only 1850``, ``not 1850``), as words after one are."""

from __future__ import annotations

import re

LABEL_WORDS = ("final answer", "answer", "ans", "in total", "total", "altogether", "overall", "exactly",
               "precisely")
"""Words that name the number as the answer or the whole count, or say it is exact: they never change
its value, so the number after them is the answer (docs/marking.md). Not ``all``, ``only``, ``just``:
those may qualify it, and go to a person."""
_LABELLED = re.compile(r"^\s*(?:" + "|".join(w.replace(" ", r"\s+") for w in LABEL_WORDS) + r")\s+(?=[-+.\d(])",
                       re.IGNORECASE)
_WORDS_THEN_NUMBER = re.compile(r"\s*(?P<words>[^\W\d_]{2,}(?:\s+[^\W\d_]{2,})?)\s+[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)\s*")
"""One or two words of letters, then one plain number and nothing else (three words are a sentence)."""
WORDS_BEFORE_REASON = "a number with words before it: a person reads what they say"


def without_label_word(text: str) -> str:
    """``text`` without one leading ``LABEL_WORDS`` entry that a number (or a bracket or sign) follows."""
    return _LABELLED.sub("", text, count=1)


def words_before(core: str, names: frozenset) -> bool:
    """Whether ``core`` is words then one number and nothing else, none of the words in ``names``
    (the parser's function and constant names, lower case: ``pi 1850`` and ``lg 1850`` are not words)."""
    found = _WORDS_THEN_NUMBER.fullmatch(core)
    return found is not None and not any(word.lower() in names for word in found["words"].split())
