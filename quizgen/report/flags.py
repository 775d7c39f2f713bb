"""The flags of the item analysis (which part or question deserves a look, and
why, in words), its cuts (docs/report.md), and when D and r are computed at all."""

from __future__ import annotations

from quizgen.maths.numbers import fixed
from quizgen.report.columns import no_comparison, rest_correlation, uniform
from quizgen.report.formatting import named, whole_percent
from quizgen.report.model import COUNTED, NOT_REACHED, ItemStats
from quizgen.scores import exact_ratio

WEAK = 0.20   # an item-rest r below this: the item is to be looked at (Everitt and Skrondal; docs/report.md)
WEAK_TEXT = f"item-rest r below {WEAK:.2f}"   # a flag's words, with a decimal comma for a comma class (tables.why)
HARD, EASY = 0.20, 0.90   # facility cuts (docs/report.md)
HARD_TEXT, EASY_TEXT = f"facility below {HARD:.2f}", f"facility above {EASY:.2f}"
CUT_TEXTS = (WEAK_TEXT, HARD_TEXT, EASY_TEXT)
"""The phrases quoting a cut: the only figures in the flags' shared words (a comma class sees 0,20)."""
UNANSWERED = 0.30    # a very hard part with this share of no answers (blank or missing) is not blamed on its key

NEGATIVE_REASON = ("does not discriminate: its score does not rise with the rest of the paper "
                   "({name} < 0); check the key, the tolerance and the wording")
WEAK_REASON = (f"correlates weakly with the rest of the paper ({WEAK_TEXT}); D can still look good, as it ranks "
               "students by totals that include the points of this part (most so on a short paper or a heavily "
               "weighted part), while r leaves the part out: read the part for a wording open to two "
               "readings, a key or tolerance that marks sound answers wrong, or a skill the rest of the paper "
               "does not test")
SMALL = 30   # below this many students in its r, an item's r is read against chance (CHANCE_REASON)
R_CRITICAL = {1: .997, 2: .950, 3: .878, 4: .811, 5: .754, 6: .707, 7: .666, 8: .632, 9: .602, 10: .576,
              11: .553, 12: .532, 13: .514, 14: .497, 15: .482, 16: .468, 17: .456, 18: .444, 19: .433,
              20: .423, 21: .413, 22: .404, 23: .396, 24: .388, 25: .381, 26: .374, 27: .367}
"""The two-sided 5% critical value of Pearson's r for n - 2 degrees of freedom (R. A. Fisher and
F. Yates, Statistical Tables, table VII; r = t / sqrt(df + t^2), t Student's 0.975 quantile):
below SMALL students an r closer to 0 than this is within what chance gives for a part that
does not correlate at all (docs/report.md, *Small classes*)."""
CHANCE_REASON = (f"low r (small class): may be chance ({WEAK_TEXT}, or below 0, but not beyond the 5% critical "
                 "value of r for so few students); a hint to read the part, not a sign that its key is wrong")
UNIFORM_REASON = "every student scored the same; discrimination cannot be measured"
NO_ANSWER_REASON = ("no student answered it: the answer form or its export likely lost it (a wide file's column, "
                    "or a long file's every row naming it), or the part was not on the paper handed out; its "
                    "figures are n/a")
FEW = 3   # below this many students in a figure, D and r are n/a: two points always lie on a line (r = ±1)
HARD_REASON = f"very hard: few students scored ({HARD_TEXT})"   # then what explains it, the item's own words
EASY_REASON = f"very easy: (almost) everyone scored ({EASY_TEXT}), so it tells students apart little"
FULL_MARKS = "; every student who reached it scored full marks, so it tells them apart not at all"
"""A very easy item's own words when its facility is exactly 1: "almost" would not be true."""
FLAG_KINDS = (("no answers", NO_ANSWER_REASON), ("r < 0", NEGATIVE_REASON.format(name="r")),
              ("D < 0", NEGATIVE_REASON.format(name="D")), ("weak r", WEAK_REASON),
              ("low r (small class)", CHANCE_REASON), ("same score", UNIFORM_REASON), ("very hard", HARD_REASON),
              ("very easy", EASY_REASON))
"""Each kind of flag: its short tag (the tables' flag column) and the words every item so flagged shares."""


def measured(item: ItemStats, s) -> None:
    """An item's D and r from its sums ``s``, with their students and group places;
    both n/a below FEW students (two students: r is always ±1, D one student less another),
    when the totals or the rest of the paper do not vary (``no_dr`` says which), and when the
    item's own score does not vary (its D of 0 is arithmetic, as its r is undefined)."""
    enough = s.n >= FEW
    item.no_dr = no_comparison(s) if enough else ""   # r -1 and D 0 by arithmetic alone: n/a, and no flag
    enough = enough and not item.no_dr
    item.discrimination = s.discrimination if enough and not uniform(s) else None
    item.point_biserial = rest_correlation(s) if enough else None
    item.dr_students, item.group_lower, item.group_upper = s.n, s.lower, s.upper


def _discrimination(item: ItemStats) -> tuple:
    """The discrimination the flags read, as ``(name, value)``: the item-rest
    ``r``; else the upper-lower index ``D``, but only for an item that varies
    (everyone right or everyone wrong says nothing about discrimination: the
    facility flag covers it); value None when neither applies."""
    if item.point_biserial is not None or item.facility is None or item.uniform:
        return "r", item.point_biserial
    return "D", item.discrimination


def shown(value):
    """``value`` to 2 decimals as the Markdown and HTML tables write it (a tie
    away from zero), for the flags' thresholds; None stays None."""
    return None if value is None else float(fixed(value, 2))


def chance_limit(n: int):
    """The 5% critical value of r over ``n`` students below SMALL (R_CRITICAL, 3 decimals, unrounded:
    the small-class caveat quotes it so), or None from SMALL students on (there r below WEAK is weak)."""
    return R_CRITICAL[n - 2] if 3 <= n < SMALL else None


Z975 = 1.959963984540054   # the normal distribution's 0.975 quantile


def critical_r(n: int) -> float:
    """The two-sided 5% critical value of Pearson's r over ``n`` students (n - 2 degrees of freedom):
    R_CRITICAL below SMALL, else t / sqrt(df + t^2) with Student's 0.975 quantile t from its
    Cornish-Fisher series in 1/df (to 4 decimals from 28 degrees of freedom on: 2.0484 there)."""
    if n - 2 in R_CRITICAL:
        return R_CRITICAL[n - 2]
    df, z = n - 2, Z975
    t = (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
         + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))
    return t / (df + t * t) ** 0.5


def reasons(item: ItemStats) -> list:
    """Why an item deserves a look, in words (empty: nothing to flag). An
    item-rest ``r`` below 0 or below WEAK flags; where ``r`` is n/a only ``D < 0`` does.
    Over fewer than SMALL students an ``r`` below WEAK that is not beyond chance_limit
    below 0 gets CHANCE_REASON instead (at 8 students the standard error of r is about 0.35);
    from SMALL on an ``r`` below 0 not beyond critical_r is WEAK_REASON's, not a key to check
    (at 30 students the critical value is 0.36: r = -0.15 there is chance). The cuts 0 and WEAK are
    compared as the tables show r (2 decimals); the critical value, itself 0.014 at 18,519 students, with
    r unrounded (cut to 0.01, an r of -0.006 would be flagged as a key to check)."""
    found = []
    name, exact = _discrimination(item)
    r, facility = shown(exact), shown(item.facility)   # compared as the tables show them: 0.19996 is 0.20, not weak
    chance = name == "r" and exact is not None and item.dr_students >= FEW and exact > -critical_r(item.dr_students)
    if r is not None and r < WEAK and chance and chance_limit(item.dr_students) is not None:
        found.append(CHANCE_REASON)
    elif r is not None and r < 0 and not chance:
        found.append(NEGATIVE_REASON.format(name=name))   # an r below 0 within chance is only weak
    elif name == "r" and r is not None and r < WEAK:
        found.append(WEAK_REASON)
    elif item.uniform and item.facility not in (None, 0.0, 1.0):
        found.append(UNIFORM_REASON)
    if facility is not None and facility < HARD:
        found.append(hard_reason(item))
    elif facility is not None and facility > EASY:
        found.append(EASY_REASON + FULL_MARKS * (item.facility == 1))
    return found


def rounding_notes(item: ItemStats) -> list:
    """Why the items CSV, whose figures have 3 decimals, shows a figure past a cut
    without its flag: the flags read it to 2 decimals (0.901 is 0.90, not above 0.90;
    an r of -0.003 is 0.00, not below 0)."""
    name, r = _discrimination(item)
    label = "point_biserial (item-rest r)" if name == "r" else "discrimination_ul (D)"
    small = name == "r" and chance_limit(item.dr_students) is not None   # there the critical value decides, not 0
    checks = (("very easy", "facility", item.facility, EASY, "above"),
              ("very hard", "facility", item.facility, HARD, "below"),
              ("weak r", label, r if name == "r" else None, WEAK, "below"),
              (f"{name} < 0", label, None if small else r, 0.0, "below"))
    return [f"not {tag}: {label} {fixed(value, 3)} is {fixed(value, 2)} to 2 decimals, the figure the flags "
            f"compare, so not {side} {cut:.2f}"
            for tag, label, value, cut, side in checks
            if value is not None and _past(float(fixed(value, 3)), cut, side) and not _past(shown(value), cut, side)]


def _past(value: float, cut: float, side: str) -> bool:
    return value > cut if side == "above" else value < cut


def hard_reason(item: ItemStats) -> str:
    """Why a part is very hard: students who reached it but gave no answer (left
    it blank, or skipped it: ``missing`` with a later part answered; those who
    never reached it are not in its facility), its most common trap; the key is
    suspected when neither explains it and its r is weak or n/a, and whatever
    else is said when no answer given scored or most of them are one wrong number
    (``common_wrong``): blanks do not explain why those who answered got nothing."""
    text = HARD_REASON
    unreached = item.counts.get(NOT_REACHED, 0)
    blank, skipped = item.counts.get("blank", 0), item.counts.get("missing", 0) - unreached
    answers = sum(item.counts.get(status, 0) for status in (*COUNTED, "other")) - unreached   # a question's: its parts'
    unanswered = exact_ratio(blank + skipped, answers) or 0   # exact: whole_percent rounds its tie up
    given = answers - blank - skipped
    same = _same_wrong(item, given)
    key_sign = same and not _discriminates(item)   # the strongest got it right: the key is theirs
    top = max(item.traps, key=lambda t: t.count, default=None)
    if unanswered >= UNANSWERED:
        text += (f"; {whole_percent(unanswered)}% of its answers are blank or skipped ({blank} blank, "
                 f"{skipped} skipped)") + ("" if key_sign else ": not taught, or no time left?")
    if top is not None and top.share and top.share >= 0.2:
        text += f"; {whole_percent(top.share)}% fell into {named(top.code, {top.code: top.name})}, a widespread misconception"
    if key_sign:
        value, count, _ = item.common_wrong
        return text + SAME_WRONG.format(count=count, given=given, value=value)
    if text != HARD_REASON and given and item.facility == 0:
        return text + NONE_SCORED.format(given=given, s="" if given == 1 else "s")
    if text == HARD_REASON:
        text += DISCRIMINATING if _discriminates(item) else "; check that it was taught and that the key is right"
    if same:   # and it discriminates: one wrong number the strongest did not write
        value, count, _ = item.common_wrong
        text += SAME_WRONG_DISCRIMINATING.format(count=count, given=given, value=value)
    return text


SAME_WRONG = ("; {count} of the {given} answers given are the same wrong number, {value}: the sign of a wrong key "
              "or a misprinted number; check the key and the paper")
SAME_WRONG_DISCRIMINATING = ("; {count} of the {given} answers given are the same wrong number, {value}: a "
                             "misconception no trap of the key names, or a misprinted number; check the paper")
"""A very hard part's words, after DISCRIMINATING's, when most answers given are one wrong number no trap names."""
NONE_SCORED = "; none of the {given} answer{s} given scored: check the key too"
"""A very hard part's words when blanks or a trap are said but no answer given earned anything."""


def add_common_wrong(analysis, found: list) -> None:
    """Each part's most common wrong number (``found``, per part in key order: grading/common_wrong.py)
    in its ItemStats, and its very hard flag said again with it (hard_reason)."""
    for item, common in zip(analysis.parts, found):
        item.common_wrong = common
        item.reasons = [hard_reason(item) if reason.startswith(HARD_REASON) else reason for reason in item.reasons]


def _same_wrong(item: ItemStats, given: int) -> bool:
    """Whether at least half of the ``given`` answers, and at least FEW, are the part's most common
    wrong number, which no trap names (a trap's value is a misconception, not a sign of the key)."""
    if item.common_wrong is None or given < 1:
        return False
    _, count, code = item.common_wrong
    return not code and count >= FEW and 2 * count >= given


DISCRIMINATING = ("; hard but it discriminates (its r is not weak): the strongest students got it, so a wrong "
                  "key is unlikely; check that it was taught")
"""A very hard item's own words when its r is WEAK or more: a wrong key shows as a weak or negative r."""


def _discriminates(item: ItemStats) -> bool:
    """Whether an item's item-rest r, as the tables show it, is WEAK or more."""
    r = shown(item.point_biserial)
    return r is not None and r >= WEAK
