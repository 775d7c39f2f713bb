"""The flagged parts and questions: a flag's short tag and its words (said once in the legend),
the items flagged, most serious first (``flagged_items``), and the cells of the flagged table
(the students its figures are over, the most common wrong answer), shared by report.md and the page."""

from __future__ import annotations

from quizgen.maths import numbers
from quizgen.report.flags import CUT_TEXTS, FEW, FLAG_KINDS, critical_r
from quizgen.report.formatting import decimal_mark, whole_number
from quizgen.report.model import Analysis, ItemStats


def why(item: ItemStats, comma: bool = False) -> str:
    """The reasons of a flag as one text; the figures they quote, the cuts
    (``0.20``, ``0.90``), with a decimal comma when ``comma``: only in the words
    the flags write (``flag_parts``), never in an item's own words, which may
    quote the key's (a trap's name or code: "facility below 0.20" there stays)."""
    return "; ".join(_reason_mark(reason, comma) for reason in item.reasons)


def _reason_mark(reason: str, comma: bool) -> str:
    """One reason with ``cut_mark`` on the words its kind of flag shares; a reason of no known kind as it is."""
    tag, words, _ = flag_parts(reason)
    return reason if tag == reason else cut_mark(words, comma) + reason[len(words):]


def cut_mark(words: str, comma: bool) -> str:
    """``words`` a kind of flag shares (FLAG_KINDS: text the flags wrote, never an
    item's own words) with the cuts it quotes written with a decimal comma when ``comma``."""
    for cut in CUT_TEXTS if comma else ():
        words = words.replace(cut, decimal_mark(cut, True))
    return words


def flag_parts(reason: str) -> tuple:
    """``(tag, shared words, the item's own words)`` of one reason: the short tag
    the tables show, the words every item with that flag shares (said once, in
    the legend) and what is this item's alone ("" for most)."""
    for tag, words in FLAG_KINDS:
        if reason.startswith(words):
            return tag, words, reason[len(words):].lstrip("; ")
    return reason, reason, ""   # a reason of no known kind: its own tag


def flag_tags(item: ItemStats) -> str:
    """An item's flags as short tags, each followed by the item's own words
    (``weak r``; ``very hard: 40% of its answers are blank ...``), as written
    (whole percentages and the key's words: no cut to mark); "" when not flagged."""
    tagged = [flag_parts(reason) for reason in item.reasons]
    return "; ".join(f"{tag}: {own}" if own else tag for tag, _, own in tagged)   # own words: no cut in them


def flag_legend(items, comma: bool = False) -> list:
    """``(tag, words)`` of each kind of flag the ``items`` have, in FLAG_KINDS' order:
    each reason said once, however many items share it."""
    used = {}
    for item in items:
        for reason in item.reasons:
            tag, words, _ = flag_parts(reason)
            words = words[len(tag) + 2:] if words.startswith(f"{tag}: ") else words   # very hard: few students ...
            used.setdefault(tag, cut_mark(words, comma))
    order = [tag for tag, _ in FLAG_KINDS]
    return sorted(used.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))


def flagged_items(analysis: Analysis) -> list:
    """The flagged parts and questions (a question's flag reads its parts added up), most serious
    first (``severity``), in paper order within each: parts, then questions."""
    return sorted((i for i in analysis.parts + analysis.questions if i.flagged), key=severity)


SEVERITY = ("check the key", "no answers", "very hard", "r < 0", "D < 0", "weak r", "low r (small class)",
            "same score", "very easy")
"""The flagged table's order: a flag asking to check the key first (a wrong key marks every student
wrong), then a part nobody answered (lost by the export), very hard, a negative r or D, then the rest."""


def severity(item: ItemStats) -> int:
    """An item's place in SEVERITY: its most serious flag's (0 when some reason asks to check the key)."""
    ranks = [0 if "check the key" in reason else SEVERITY.index(flag_parts(reason)[0])
             if flag_parts(reason)[0] in SEVERITY else len(SEVERITY) for reason in item.reasons]
    return min(ranks, default=len(SEVERITY))


def flagged_label(item: ItemStats) -> str:
    """``Q3a`` for a part, ``Q3 (whole question)`` for a question."""
    return item.label if item.part else f"{item.question_id} (whole question)"


FLAGGED_NOTE = ("Each flag is a short tag, explained once here; a question is flagged on its parts' "
                "scores added up. Most serious first: a flag asking for a look at the key, then a part nobody "
                "answered, very hard, r or D below 0, weak or low r, the same score, very easy; in paper "
                "order within each.")


def tags_only(item: ItemStats) -> str:
    """The item tables' flag column: the item's tags alone (``weak r, very hard``), "" when not flagged."""
    return ", ".join(flag_parts(reason)[0] for reason in item.reasons)


OVER_HEADER = "students: facility / r"
"""The flagged table's counts, when some differ: the students in the facility (who reached some part) and in r."""


def flagged_over(analysis: Analysis) -> bool:
    """Whether the flagged table shows its figures' students: some flagged item's facility and r
    are over other students than the whole class (some stopped early, or lack the part)."""
    n = analysis.test.students
    return any(over_counts(i) != (n, n) for i in flagged_items(analysis)
               if (i.facility, i.point_biserial) != (None, None))   # n/a figures have no students to count


def over_counts(item: ItemStats) -> tuple:
    """The students in an item's facility (none when nobody answered it) and in its D and r."""
    return (item.reached if item.facility is not None else 0), item.dr_students


def over_cell(item: ItemStats, comma: bool = False) -> str:
    """``8 / 6``: the students in an item's facility and in its r (thousands grouped: whole_number)."""
    return " / ".join(whole_number(n, comma) for n in over_counts(item))


WRONG_HEADER = "most common wrong answer (students)"
"""The flagged table's column of a part's most common wrong number (ItemStats.common_wrong), when some has one."""


def wrong_shown(items) -> bool:
    """Whether the flagged table shows the most common wrong answer: some flagged part has one."""
    return any(i.common_wrong for i in items)


def wrong_cell(item: ItemStats, comma: bool = False) -> str:
    """``9.99 (24)``: a part's most common wrong number and the students who wrote it, its trap named
    when it is one; "-" for a question, or a part with no wrong number known."""
    if not item.common_wrong:
        return "-"
    value, count, code = item.common_wrong
    return f"{value} ({whole_number(count, comma)}{f'; trap {code}' if code else ''})"


def critical_note(analysis: Analysis, flagged, comma: bool = False) -> str:
    """How the r flags are told apart, said when some flagged item has one: r < 0 only beyond the 5%
    critical value of r at the class's size, a negative r closer to 0 being what chance gives."""
    n = analysis.test.students
    tags = {flag_parts(reason)[0] for item in flagged for reason in item.reasons}
    if n < FEW or not tags & {"r < 0", "weak r", "low r (small class)"}:
        return ""
    value = decimal_mark(numbers.fixed(critical_r(n), 3), comma)
    return (f"r < 0 is tagged only for an r at or below -{value}, the two-sided 5% critical value of r at "
            f"{whole_number(n, comma)} students (larger for an item over fewer students): a part that does not "
            "correlate at all gives an r beyond it only one time in twenty, so a negative r closer to 0 is "
            "what chance gives and is tagged weak r (or low r in a small class), not a key to check.")
