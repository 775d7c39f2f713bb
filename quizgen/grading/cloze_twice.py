"""A Moodle Cloze response cell naming one part twice (``; part 2:`` typed
into box 1: ``part 1: 0.1; part 2: 0.8544; part 3: 0.5544; part 2: ; part 3:``)
cannot be split as Moodle saw it, so each of the question's parts is given the
whole cell (quizgen.lms.responses.cloze_parts) and a person reads it
(needs_review). The reason names the part written twice, in graded.csv and,
in the student's words, on their feedback sheet (feedback_reasons.py); so does
a cell starting with a part other than 1 (``part -1: 0.5; part 1: 0.57``), read
whole as one answer, which no Moodle Cloze summary does."""

from __future__ import annotations

import re

from quizgen.lms.cloze_cells import odd_first_part, part_named_twice
from quizgen.wording import shortened

_REASON = ("this Moodle Cloze response names part {part} twice ('part {part}:' typed into an answer box?), so "
           "quizgen cannot split it into its parts as Moodle saw them: a person reads the whole cell for each part")
_SAID = re.compile(re.escape(_REASON).replace(r"\{part\}", "(?P<part>.*?)", 1).replace(r"\{part\}", "(?P=part)"),
                   re.DOTALL)


_ODD_REASON = ("this Moodle Cloze response starts with part {part}, where Moodle's start with part 1 (an edited "
               "cell?), so quizgen cannot split it into its parts as Moodle saw them: a person reads the whole cell")
_ODD_SAID = re.compile(re.escape(_ODD_REASON).replace(r"\{part\}", "(?P<part>.*?)", 1), re.DOTALL)


def part_twice_reason(text: str) -> str:
    """graded.csv's reason for an answer ``text`` (stripped) that is a Cloze
    cell naming a part twice, or starting with a part other than 1 (part -1,
    part 0: no Cloze question has it); "" for any other answer."""
    if not text.startswith("part "):   # the cheap test first: nearly every answer fails it
        return ""
    if (odd := odd_first_part(text)) is not None:
        return _ODD_REASON.format(part=shortened(odd, 20))
    twice = part_named_twice(text)
    return _REASON.format(part=shortened(twice)) if twice is not None else ""


def part_twice_words(reason: str) -> str:
    """``reason`` (graded.csv's) in the student's words when it is part_twice_reason's;
    "" for any other reason."""
    if odd := _ODD_SAID.fullmatch(reason):
        return (f"your answer to this question starts with part {odd['part']}, a part no question of this kind has, "
                "so the grader cannot tell which of your answers belongs to which part; your marker will read your "
                "whole answer.")
    said = _SAID.fullmatch(reason)
    if said is None:
        return ""
    return (f"your answer to this question names part {said['part']} twice (\"part {said['part']}:\" typed into "
            "an answer box?), so the grader cannot tell which of your answers belongs to which part; your marker "
            "will read your whole answer.")
