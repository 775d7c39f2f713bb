"""The trap tables (distractor analysis) of report.md and the page: each trap's cells, how to
read its shares, a trap that drew more of the upper 27% than of the lower marked, and, where
some trap's share is over fewer students than reached its part (a per-student draw or a trap's
condition cannot always make it), the students who could fall into it."""

from __future__ import annotations

from quizgen.report.flags import FEW
from quizgen.report.formatting import named, whole_number, whole_percent
from quizgen.report.model import Analysis, ItemStats, TrapShare
from quizgen.report.notes import SMALL_GROUP, SMALL_MARK, places_text

NA = "n/a"
UPPER_MARK = "\u2021"   # ‡
"""Beside a trap's upper-group share when it is more than its lower-group share."""
TRAP_STUDENTS = "students in the trap"
"""The trap tables' count: the students who fell into it (the items CSV's trap rows' ``students``)."""
COULD_HEADER = "students who could fall into it"
"""The trap tables' column of the students a share is over (the items CSV's trap rows' ``reached``)."""


def percent(value, missing: str = NA) -> str:
    """A share (0..1) as a whole percentage (whole_percent: 1 of 8 is 13%), or ``missing`` for None."""
    return missing if value is None else f"{whole_percent(value)}%"


def group_percent(share, places: float, size: int, comma: bool = False) -> str:
    """A trap's share of a group, with the group's places when fewer than the class's (``29% of 7``),
    marked † as a D is when the group has fewer than SMALL_GROUP places (``50%†``: one student)."""
    text = percent(share)
    if share is None:
        return text
    text += SMALL_MARK * (places < SMALL_GROUP)
    return text if places == size else f"{text} of {places_text(places, comma)}"


def upper_drawn(trap: TrapShare) -> bool:
    """Whether a trap drew a larger share of the upper 27% group than of the lower."""
    return trap.lower is not None and trap.upper is not None and trap.upper > trap.lower


def could_shown(analysis: Analysis) -> bool:
    """Whether some trap's share is over fewer students than reached its part (the column COULD_HEADER)."""
    return any(t.of != i.reached for i in analysis.parts for t in i.traps if t.share is not None)


def grouped(analysis: Analysis) -> bool:
    """Whether the class has lower and upper 27% groups to compare (FEW students or more; below,
    each group would be one student, and the trap tables give no group shares, as D and r are n/a)."""
    return analysis.test.students >= FEW


def trap_header(analysis: Analysis) -> list:
    """The trap tables' header (the page adds the feedback column)."""
    return ["part", "trap", TRAP_STUDENTS, *[COULD_HEADER] * could_shown(analysis), "share",
            *["lower 27%", "upper 27%"] * grouped(analysis)]


def trap_caption(analysis: Analysis) -> str:
    """The page's trap table caption: the groups named only when the table has their shares."""
    return "Traps: share of the part's students" + ", overall and in the lower and upper 27%" * grouped(analysis)


def trap_cells(analysis: Analysis, item: ItemStats, trap: TrapShare, comma: bool = False) -> list:
    """One trap's cells under trap_header, as plain text (the Markdown and the page escape them): the
    group shares only when the class has groups (:func:`grouped`)."""
    size, cells = analysis.test.group, [item.label, named(trap.code, analysis.names), whole_number(trap.count, comma),
                                        *[whole_number(trap.of, comma)] * could_shown(analysis), percent(trap.share)]
    if not grouped(analysis):
        return cells
    lower, upper = (group_percent(share, places, size, comma)
                    for share, places in ((trap.lower, trap.lower_places), (trap.upper, trap.upper_places)))
    return cells + [lower, upper + UPPER_MARK * upper_drawn(trap)]


def trap_reading(analysis: Analysis) -> str:
    """How to read the trap tables' shares, said once above them ("" with no trap); the students a
    share is over when some trap cannot be made by every paper; UPPER_MARK said when some trap has it."""
    traps = [t for i in analysis.parts for t in i.traps]
    if not traps:
        return ""
    text = "Share: the students who fell into the trap, of those who reached the part"
    if could_shown(analysis):
        text += (" and whose paper's numbers can produce it (the column \"students who could fall into it\"; "
                 "a trap with a condition, or a draw of other numbers, cannot always be made)")
    if not grouped(analysis):
        return text + (f"; no shares of the lower and upper 27% groups are given: with fewer than {FEW} students "
                       "each group would be one student, so they would compare two people, not groups (as D and r "
                       "are n/a).")
    text += ("; lower 27% and upper 27%: the same share within the lowest and the highest scoring 27% of the "
             "class on the whole paper. A working trap draws more of the lower group than of the upper")
    if any(upper_drawn(t) for t in traps):
        text += (f"; {UPPER_MARK} marks one that drew more of the upper group, worth reading again: its answer "
                 "may be defensible, or the wording or the key may lead strong students to it")
    return text + "."


POOLED_NOTE = ("Per-student papers: each part's row pools every student's own numbers for that question (one "
               "template and part, each student's own draw), so its facility, D, r and trap shares describe the "
               "question as the class drew it, not one set of numbers.")
"""Said above the item tables when the students' papers differ (Analysis.pooled)."""
