"""The item tables' answer counts (report.md's and the page's): which statuses they count,
a column of the students who did not reach a part when some did not, one of the correct answers
marked by error carried forward when there are some, and the notes saying what
those columns count."""

from __future__ import annotations

from quizgen.report.model import ECF_COUNT, NOT_REACHED, Analysis

ANSWER_COLUMNS = ("blank", "missing", "invalid")
"""The statuses the item tables count, in answers: on a question row its parts' added up."""
ANSWERS_NOTE = ("blank, missing (no answer to a part on the paper) and invalid count answers: "
                "a question's row adds up its parts' answers, so one student can count once per part.")
NOT_REACHED_NOTE = ("Not reached: missing answers after the student's last answer (the rest of the paper "
                    "left unanswered); they are left out of the part's facility, D and r, which describe "
                    "the students who reached it (the reached column: their denominator), and count as 0 in "
                    "the students' scores. A blank answer, or a part skipped before a later answer, counts "
                    "as answered and wrong. A question's facility pools its parts (the points earned over the "
                    "points of the parts each student reached); its D and r are over the students who reached "
                    "every part of it, since a question's score from some of its parts is not comparable with a "
                    "whole one. The 27% groups shrink with them: the column \"D and r over\" gives the students in D "
                    "and r and the places of the lower and upper groups among them.")
REACHED_HEADER = "reached"
"""The item tables' column of the students in a part's facility, D and r (students less the not reached)."""


def answer_columns(analysis: Analysis) -> list:
    """``(count key, header)`` of the item tables' answer counts: blank, missing,
    invalid, not reached when some student did not reach some part, and the correct
    answers marked by error carried forward when there are some."""
    columns = [(status, f"{status} answers") for status in ANSWER_COLUMNS]
    columns += [(NOT_REACHED, "not reached")] * some_not_reached(analysis)
    return columns + [(ECF_COUNT, ECF_HEADER)] * any(i.counts.get(ECF_COUNT) for i in analysis.parts)


def some_not_reached(analysis: Analysis) -> bool:
    """Whether some student did not reach some part: the item tables then count them, and say what that is."""
    return any(i.counts.get(NOT_REACHED) for i in analysis.parts)


ECF_HEADER = "correct by ECF"
ECF_NOTE = (f"{ECF_HEADER}: the correct answers marked by error carried forward (right given the student's own "
            "earlier answer, which was not right), counted in the facility as any correct answer.")


def answers_note(analysis: Analysis) -> str:
    """The item tables' note on their answer counts, with ECF_NOTE when they have that column."""
    return " ".join([ANSWERS_NOTE] + [ECF_NOTE] * any(s == ECF_COUNT for s, _ in answer_columns(analysis)))
