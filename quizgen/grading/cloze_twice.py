"""A Moodle Cloze response cell naming one part twice (``; part 2:`` typed
into box 1: ``part 1: 0.1; part 2: 0.8544; part 3: 0.5544; part 2: ; part 3:``)
cannot be split as Moodle saw it, so each of the question's parts is given the
whole cell (quizgen.lms.responses.cloze_parts) and a person reads it
(needs_review). The reason names the part written twice, in graded.csv and,
in the student's words, on their feedback sheet (feedback_reasons.py)."""

from __future__ import annotations

import re

from quizgen.lms.cloze_cells import part_named_twice
from quizgen.wording import shortened

_REASON = ("this Moodle Cloze response names part {part} twice ('part {part}:' typed into an answer box?), so "
           "quizgen cannot split it into its parts as Moodle saw them: a person reads the whole cell for each part")
_SAID = re.compile(re.escape(_REASON).replace(r"\{part\}", "(?P<part>.*?)", 1).replace(r"\{part\}", "(?P=part)"),
                   re.DOTALL)


def part_twice_reason(text: str) -> str:
    """graded.csv's reason for an answer ``text`` (stripped) that is a Cloze
    cell naming a part twice; "" for any other answer."""
    if not text.startswith("part 1:"):   # the cheap test first: nearly every answer fails it
        return ""
    twice = part_named_twice(text)
    return _REASON.format(part=shortened(twice)) if twice is not None else ""


def part_twice_words(reason: str) -> str:
    """``reason`` (graded.csv's) in the student's words when it is part_twice_reason's;
    "" for any other reason."""
    said = _SAID.fullmatch(reason)
    if said is None:
        return ""
    return (f"your answer to this question names part {said['part']} twice (\"part {said['part']}:\" typed into "
            "an answer box?), so the grader cannot tell which of your answers belongs to which part; your marker "
            "will read your whole answer.")
