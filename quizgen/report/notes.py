"""The sentences the class report says once, above or beside its tables (the
Markdown sections and the HTML page share them): provisional figures, a small
class, a negative alpha, D over small groups, fractional group places, parts
worth 0 points; and the item tables' cells that carry a caveat (a D over a small
group, a facility n/a because the part is worth 0 points)."""

from __future__ import annotations

from quizgen.maths import numbers
from quizgen.report.columns import FIXED_REST, SAME_TOTAL
from quizgen.report.flags import FEW, SMALL, chance_limit
from quizgen.report.who_answered import students_answered
from quizgen.report.formatting import decimal_mark, number_text, whole_number
from quizgen.report.model import Analysis, ItemStats
from quizgen.report.reliability import ALPHA_FEW, too_few_for_alpha
from quizgen.wording import named_few

NA = "n/a"


def _fixed(value, comma: bool = False) -> str:
    """A figure to 2 decimals (a tie away from zero), with a decimal comma when ``comma``."""
    return NA if value is None else decimal_mark(numbers.fixed(value, 2), comma)


FACILITY_R_NOTE = ("Facility is the mean score as a share of the points; r (corrected item-rest) correlates "
                   "the part with the rest of the test (the part left out of the total): how far the students "
                   "who did well on the rest also did well on this part.")
"""What facility and r are, said once beside report.md's item table (the page says it under its chart)."""


def places_text(places: float, comma: bool = False) -> str:
    """A group's places as a person reads them: whole (``8``), or a tie-shared fraction to one
    decimal (``61.3``, not 61.3333; the items CSV keeps every figure), with the class's decimal mark."""
    return decimal_mark(number_text(places) if places == int(places) else numbers.fixed(places, 1), comma)


def provisional_note(analysis: Analysis, comma: bool = False) -> str:
    """The sentence saying the figures are provisional while answers await a
    person (``needs_review``, 0 until an override), or "" when none does."""
    waiting = sum(item.counts.get("needs_review", 0) for item in analysis.parts)
    if not waiting:
        return ""
    noun, verb = ("answer", "s") if waiting == 1 else ("answers", "")
    return (f"{whole_number(waiting, comma)} {noun} await{verb} a person (needs_review) and count{verb} as 0 here until an override; "
            "these figures are provisional.")


SMALL_CLASS = SMALL
"""Below this many students the discrimination and reliability figures are rough (small_class_note)."""
STEADY_CLASS = 100
"""From this many students the standard error of r, about 1/√n, is 0.10 or less; from SMALL_CLASS up to
here the report still says the figures are estimates (middling_note): they do not turn exact at 30."""


def small_class_note(analysis: Analysis, comma: bool = False) -> str:
    """The caveat for a class of fewer than SMALL_CLASS students (at 25, the
    standard error of an r near 0 is about 1/√25 = 0.2), the shorter one up to
    STEADY_CLASS (middling_note), or "" for a larger one."""
    n = analysis.test.students
    if not n or n >= SMALL_CLASS:
        return middling_note(analysis, comma) if SMALL_CLASS <= n < STEADY_CLASS else ""
    if n == 1:
        return ONE_MARKED if analysis.test.only_overrides else ONE_STUDENT
    if n < FEW:
        return (f"{students_answered(analysis.test, comma, 'Two')}: D, r and alpha are n/a below {FEW} students (with two, r is +1, -1 or, "
                "when they tie, undefined; D is one student's score less the other's; alpha's variances are "
                "those of two totals); their marks are in the students table.")
    few = too_few_for_alpha(analysis.test)
    if analysis.test.same_totals:   # nothing rough: undefined
        return (f"A small class: {students_answered(analysis.test, comma)} (fewer than {SMALL_CLASS}). Every student has the same "
                "total, so D, r and alpha are n/a: they compare students, and these cannot be told apart.")
    return (f"A small class: {students_answered(analysis.test, comma)} (fewer than {SMALL_CLASS}), so each 27% group has "
            f"{analysis.test.group} student{'' if analysis.test.group == 1 else 's'}. {'D and r' if few else 'D, r and alpha'} "
            f"are rough here (the standard error of r is about 1/√n = {_fixed(1 / n ** 0.5, comma)}): "
            "read the flags as hints, not verdicts. An r is flagged \"r < 0\" only at or below "
            f"-{decimal_mark(numbers.fixed(chance_limit(n), 3), comma)}, the 5% critical value of r at {n} students; a lower r closer to 0 "
            "is tagged \"low r (small class)\": it may be chance." + (_alpha_few_note(comma) if few else ""))


def middling_note(analysis: Analysis, comma: bool = False) -> str:
    """From SMALL_CLASS to STEADY_CLASS students: the figures are steadier than in a small class but still
    estimates, so a figure close to the cut it is read against may be on either side of it by chance
    (no interval is computed for alpha; its size is not claimed)."""
    n = analysis.test.students
    if analysis.test.same_totals:
        return ""
    figures = "D and r" if too_few_for_alpha(analysis.test) else "D, r and alpha"
    return (f"{students_answered(analysis.test, comma)}: {figures} are steadier than in a class of fewer than {SMALL_CLASS} but are "
            f"still estimates from these students (the standard error of r is about 1/√n = {_fixed(1 / n ** 0.5, comma)}): "
            f"a figure close to the cut it is read against (r {_fixed(0.2, comma)}"
            + ("" if figures == "D and r" else f"; alpha {decimal_mark('0.7', comma)} and {decimal_mark('0.8', comma)}")
            + ") may lie on the other side of it by chance, so read such a flag, or its absence, as a hint.")


def _alpha_few_note(comma: bool) -> str:
    """The small-class caveat's sentence on why alpha and the SEM are n/a (decimal commas when ``comma``)."""
    bound, alpha = decimal_mark("0.9", comma), decimal_mark("0.35", comma)
    return (f" Alpha, and the SEM read from it, are n/a below {ALPHA_FEW} students with every part: with so few, "
            f"alpha says little (from 5 students, an alpha of {alpha} on 27 parts has a 95% interval of about "
            f"-{bound} to {bound}).")


ONE_STUDENT = ("One student answered: facility, D, r, alpha and the flags describe how a part works across "
               "a class, so none is computed for one student (each would be that student's own score); "
               "their marks are in the students table.")
ONE_MARKED = ONE_STUDENT.replace("One student answered", "One student in the figures, marked only by overrides "
                                 "(they answered nothing)")
"""ONE_STUDENT when that student was marked only by overrides (no answer row)."""


def negative_alpha_note(analysis: Analysis, comma: bool = False) -> str:
    """What a negative alpha means, said beside it, or "" when alpha is not negative."""
    t = analysis.test
    if t.alpha is None or too_few_for_alpha(t) or float(numbers.fixed(t.alpha, 2)) >= 0:
        return ""   # too few students: alpha is shown n/a, its sign chance
    small = f" With {t.complete} students this is often chance." if t.complete < SMALL_CLASS else ""
    return (f"Alpha is negative ({_fixed(t.alpha, comma)}): the parts' scores covary negatively on "
            "average (a student who did well on one part tended to do worse on others), so the total is not a "
            f"reliable single measure here, and no SEM is read from it.{small}")


SMALL_GROUP = 10
"""Below this many places in its lower or upper group an item's D is marked (SMALL_MARK) and read as a hint."""
SMALL_MARK = "\u2020"   # †


def small_groups(item: ItemStats) -> bool:
    """Whether the item's D is over a group of fewer than SMALL_GROUP places."""
    return item.discrimination is not None and min(item.group_lower, item.group_upper) < SMALL_GROUP


def d_cell(item: ItemStats, comma: bool = False) -> str:
    """The item tables' D: the figure, marked † when a group has fewer than SMALL_GROUP places."""
    return _fixed(item.discrimination, comma) + SMALL_MARK * small_groups(item)


def small_groups_note(analysis: Analysis, comma: bool = False) -> str:
    """What † on a D means (one answer moves it by up to 1/places), or "" when no D is so marked."""
    marked = [min(i.group_lower, i.group_upper) for i in analysis.parts + analysis.questions if small_groups(i)]
    if not marked:
        return ""
    least = min(marked)
    return (f"{SMALL_MARK} D over a group of fewer than {SMALL_GROUP} places (the lower or upper 27% group among "
            "the students in its D: those who stopped before the part, or whose paper lacks it, leave the "
            "groups): one student's answer moves that group's share, and D with it, by up to 1/places "
            f"(here as few as {places_text(least, comma)} place{'' if least == 1 else 's'}: "
            f"{_fixed(1 / least, comma)}), so such a D is rough: read it as a hint, not with the bands for D.")


def fraction_note(places, comma: bool = False, shared: bool = False) -> str:
    """Why a group's places can be a fraction (``447.12 / 540``), or why a
    share of a group can be a fraction of a student (``shared``: students tied
    at a group's edge share its places, the group itself whole); "" otherwise."""
    odd = next((p for p in places if p != int(p)), None)
    if odd is None and not shared:
        return ""
    here = f" (here {places_text(odd, comma)} places)" if odd is not None else ""
    return ("Places can be fractions: students tied on the percentage at a group's edge share its last places "
            "equally (so that the groups do not depend on the order of the rows), so a group's share counts "
            f"such a student by their share of a place, and a part counts only the shares of the members who "
            f"reached it{here}.")


def item_places(analysis: Analysis) -> list:
    """The group places the item tables show."""
    return [p for i in analysis.parts + analysis.questions for p in (i.group_lower, i.group_upper)]


def trap_places(analysis: Analysis) -> list:
    """The group places the trap tables show (beside a share, when fewer than the class's group)."""
    size = analysis.test.group
    return [p for i in analysis.parts for t in i.traps for s, p in ((t.lower, t.lower_places), (t.upper, t.upper_places))
            if s is not None and p != size]


ZERO_POINTS = "n/a (worth 0 points)"
"""A 0-point part's facility cell: no points to earn a share of, so no facility, D or r."""


def facility_cell(item: ItemStats, comma: bool = False) -> str:
    """The item tables' facility, or why it is n/a for a part worth 0 points."""
    return ZERO_POINTS if item.facility is None and not item.points else _fixed(item.facility, comma)


def zero_points_note(analysis: Analysis) -> str:
    """The parts worth 0 points (a policy's), and why their figures are n/a; "" when none is."""
    zero = [i.label for i in analysis.parts if not i.points]
    if not zero:
        return ""
    named = zero[0] if len(zero) == 1 else ", ".join(zero[:-1]) + " and " + zero[-1]
    verb, its = ("is", "its") if len(zero) == 1 else ("are", "their")
    return (f"{named} {verb} worth 0 points: {its} facility, D and r are n/a, there being no "
            f"points to earn a share of; {its} answer counts and trap shares are shown.")


def small_trap_groups(analysis: Analysis) -> list:
    """The places of the trap shares' groups that are fewer than SMALL_GROUP (their shares marked †);
    none below FEW students, whose trap tables give no group shares (trap_table.grouped)."""
    if analysis.test.students < FEW:
        return []
    return [p for i in analysis.parts for t in i.traps for s, p in ((t.lower, t.lower_places), (t.upper, t.upper_places))
            if s is not None and p < SMALL_GROUP]


def small_trap_groups_note(analysis: Analysis, comma: bool = False) -> str:
    """What † on a trap's group share means, as on a D; "" when no share is so marked."""
    marked = small_trap_groups(analysis)
    if not marked:
        return ""
    least = min(marked)
    return (f"{SMALL_MARK} a share of a group of fewer than {SMALL_GROUP} places: one student moves it by up to "
            f"1/places (here as few as {places_text(least, comma)} place{'' if least == 1 else 's'}: "
            f"{numbers.percent(1 / least, 0)} "
            "percentage points), so such a share is rough: read it as a hint.")


def trap_notes(analysis: Analysis, comma: bool = False) -> list:
    """The trap tables' caveats that apply: small groups (†), fractional places."""
    notes = [small_trap_groups_note(analysis, comma),
             fraction_note(trap_places(analysis), comma, analysis.test.shared_places)]
    return [note for note in notes if note]


NO_DR = {SAME_TOTAL: ("every student has the same total, so no part can be set against the rest of the "
                      "paper (r would be -1 and D 0 by arithmetic alone, saying nothing of the part or its key)"),
         FIXED_REST: ("the rest of the paper does not vary (every student scored the same on "
                      "every other part, or those carry no points), so the part could be compared only with "
                      "itself (D would be its own maximum)")}
"""Why an item that varies has no D and r (ItemStats.no_dr), in words a head of department reads."""


def no_dr_text(item: ItemStats) -> str:
    """The items CSV's note on an item whose D and r are n/a though it varies; "" otherwise."""
    return f"D and r n/a: {NO_DR[item.no_dr]}" if item.no_dr else ""


def na_text(item: ItemStats) -> str:
    """The items CSV's note on an item whose facility, D or r is empty for a reason no other note
    gives (as report.md and the page say why, not blank cells in the CSV): a part
    worth 0 points, one student, fewer than FEW in its D and r; "" otherwise."""
    if not item.points:
        return "facility, D and r n/a: worth 0 points"
    if item.facility is None and item.students == 1:
        return "facility, D and r n/a: one student (each would be that student's own score)"
    if item.facility is not None and 0 < item.dr_students < FEW and not item.no_dr:
        return f"D and r n/a: fewer than {FEW} students"
    return ""


def no_dr_note(analysis: Analysis) -> str:
    """The item tables' sentence naming the items whose D and r are n/a though they vary, and why; "" when none."""
    items = analysis.parts + analysis.questions
    notes = []
    for kind, words in NO_DR.items():
        found = [i.label for i in items if i.no_dr == kind]
        if found:
            who = "every part and question" if len(found) == len(items) else named_few(found)
            notes.append(f"D and r are n/a for {who}: {words}.")
    return " ".join(notes)
