"""Student ids: one normalisation of them, and the nearest known ids for an
unknown one (the hint grade gives; whether an answers file belongs to its
key is grading/belong.py's).

The id rule (docs/grading.md, "Roster reconciliation"): ids are compared
ignoring case, every space, every invisible format character and every
control character, and in Unicode's compatibility form (NFKC: a fullwidth ``ｓ０１０``
is ``s010``, and so is ``s٠١٠`` in Arabic-Indic digits, as any script's digits; a Cyrillic or Greek letter that looks Latin is not merged, but
``nearest_ids`` finds it) (``S 010``, `` s010`` and ``s010`` are one student, and so
is ``s010`` holding a zero-width space, a bidi control or a NUL byte). Leading zeros are kept (``s012`` and
``s12`` may be two students), except that an id matching no roster or key id
matches the one id that differs from it only by leading zeros (``123`` is
roster id ``00123``: spreadsheets drop the zeros of number-like ids), never two."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

from quizgen.cells import text_formula_value, unguard
from quizgen.errors import InputFileError
from quizgen.maths.numerals import ascii_digits   # as the answer reader reads them (NFKC leaves ``٣``)
from quizgen.wording import printable, shortened

LEADING_ZEROS = ("keep", "strip")
_LEADING_ZEROS = re.compile(r"(?<!\d)0+(?=\d)")   # the zeros a run of digits starts with, not its last digit


def normalise_id(raw, leading_zeros: str = "keep") -> str:
    """A student id as one student: in Unicode's compatibility form (NFKC:
    fullwidth letters and digits are ASCII ones), any script's digits ASCII ones, case folded, every space,
    invisible format character and control character (``_visible``) removed; with
    ``leading_zeros="strip"`` each run of digits loses its leading zeros
    (``s012`` and ``s12`` are one student). A leading quote before ``= + - @``
    is a formula guard, not part of the id, and Excel's ``="s012"`` is ``s012``."""
    text = str(raw)
    if not text.isascii():   # fullwidth ``ｓ１`` is s1, as an Asian input method types it; ``s٠٠٣`` is s003
        text = ascii_digits(unicodedata.normalize("NFKC", text))
    text = "".join(text_formula_value(unguard(_visible(text).strip())).split()).casefold()
    if not text.isascii():   # case folding can leave a text no longer in NFKC
        text = unicodedata.normalize("NFKC", text)
    if leading_zeros == "strip":
        text = _LEADING_ZEROS.sub("", text)
    elif leading_zeros != "keep":
        raise InputFileError(f"leading zeros policy must be one of {', '.join(LEADING_ZEROS)}, got {leading_zeros!r}")
    return text


def why_one_id(first: str, other: str, *, named: bool = True) -> str:
    """Why two different ids are one student by the id rule, in the words of each refusal of them (a roster's
    repeated line, a Moodle download's two accounts, a key's two papers): the same letters in two Unicode forms,
    by their code points (shown alike), case and spaces, or all else ignored and the id both are
    read as. ``named``: the message names both ids; else ``first`` is quoted before a reason."""
    said = [repr(shortened(printable(i))) for i in (first, other, normalise_id(first))]
    if first != other and unicodedata.normalize("NFC", first) == unicodedata.normalize("NFC", other):
        points = [" ".join(f"U+{ord(c):04X}" for c in shortened(i, 20)) for i in (first, other)]
        return (f"the same letters in two Unicode forms ({said[0]} is {points[0]}, {said[1]} is {points[1]}), as a "
                "keyboard or a copy from a PDF can give them")
    shown = "" if named else f"{said[0]}: "
    if (both := first + other).isascii() and both.isprintable():
        return f"{shown}ids are compared ignoring case and spaces"
    return (f"{shown}ids are compared ignoring case, spaces, invisible characters and the script and width of "
            f"digits and letters: both are read as {said[2]}")


def _visible(text: str) -> str:
    """``text`` without its format characters (Unicode category Cf: zero-width
    spaces and joiners, bidi controls such as U+202E, a BOM, a soft hyphen),
    which a pasted id carries unseen, as it may carry spaces, nor its control
    characters (Cc: a NUL that a fixed-width export pads ``s2`` with)."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(c for c in text if unicodedata.category(c) not in _INVISIBLE)


_INVISIBLE = frozenset(("Cf", "Cc"))


def shown_id(text: str) -> str:
    """A student id as the reports show it when first met in the answers: as
    written, without control characters (``s2`` for ``s2`` and a NUL), which no
    LMS id holds; whitespace and format characters at its ends dropped (a
    zero-width space or BOM before ``s1`` is pasted, unseen, not typed); Excel's
    ``="s012"`` as the id it holds, ``s012``."""
    if text.isascii() and text.isprintable():
        return text_formula_value(text.strip())
    kept = "".join(c for c in text if c.isspace() or unicodedata.category(c) != "Cc")
    return text_formula_value(trim_invisible(kept))


def trim_invisible(text: str) -> str:
    """``text`` without whitespace or format characters (Cf) at either end."""
    start, end = 0, len(text)
    while start < end and _unseen(text[start]):
        start += 1
    while end > start and _unseen(text[end - 1]):
        end -= 1
    return text[start:end]


def _unseen(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) == "Cf"


class IdMatcher:
    """The known ids (a roster, a per-student key) by their normal form, and
    the fallbacks: leading zeros, and (``decimals``) a spreadsheet's ``.0``
    after a number-like id (``spreadsheet_decimal``), the id's or a known
    one's (a roster saved with ``5557.0``): ``match(normal)`` is the known
    normal form a normalised id stands for, or None."""

    def __init__(self, known_ids=(), apart=(), decimals: bool = True):
        """``apart``: ids (a roster's twins: zero_twins) whose zero-free form pairs with no known id."""
        self.known, self.decimals, self.decimal_known = {}, decimals, {}
        zero_free = {}
        for student_id in known_ids:
            normal = normalise_id(student_id)
            self.known.setdefault(normal, student_id)
            zero_free.setdefault(zeros_stripped(normal), set()).add(normal)
        refused = {normalise_id(student_id, "strip") for student_id in apart}
        self.zero_free = {k: next(iter(v)) for k, v in zero_free.items() if len(v) == 1 and k not in refused}
        if decimals:   # {5557: 5557.0} for a known 5557.0 whose 5557 is not known too
            wholes = ((spreadsheet_decimal(normal), normal) for normal in self.known if "." in normal)
            self.decimal_known = {whole: normal for whole, normal in wholes if whole and whole not in self.known}

    def __bool__(self) -> bool:
        return bool(self.known)

    def match(self, normal: str):
        """The known id (normal form) ``normal`` is, exactly or but for leading zeros."""
        if normal in self.known or not self.known:
            return normal if self.known else None
        whole = spreadsheet_decimal(normal) if self.decimals else None
        if whole is not None:
            return self.match(whole)
        return self.decimal_known.get(normal) or self.zero_free.get(zeros_stripped(normal))


_DECIMAL = re.compile(r"(\d+)\.0+")
_SCIENTIFIC = re.compile(r"(\d)(?:[.,](\d+))?e\+?(\d{1,2})")   # 2,02312E+13: a decimal comma's Excel


def spreadsheet_decimal(normal: str):
    """The number-like id ``normal`` (normalised) without the ``.0`` a
    spreadsheet or pandas adds when it reads an id column as numbers
    (``20231234567891.0`` is ``20231234567891``), or None for any other id."""
    found = _DECIMAL.fullmatch(normal)
    return found.group(1) if found else None


def scientific_ids(unknown: str, known_ids):
    """None unless ``unknown`` is a long number in the scientific notation a
    spreadsheet shows it in (``2.02312E+13``, or ``2,02312E+13`` where the
    decimal mark is a comma: its last digits are lost, so it
    is never taken for one student); else the number-like ``known_ids`` it
    could be (those that round to it), in their order."""
    found = _SCIENTIFIC.fullmatch(normalise_id(unknown))
    if found is None:
        return None
    digits, power = found.group(1) + (found.group(2) or ""), int(found.group(3))
    unit = power - len(digits) + 1   # the power of ten of its last digit shown
    if unit < 0:
        return None   # 1.5e+0 is no id a spreadsheet mangled
    shown = int(digits) * 10 ** unit
    numbers = ((sid, normalise_id(sid)) for sid in known_ids)
    return [sid for sid, normal in numbers
            if normal.isascii() and normal.isdigit() and abs(2 * int(normal) - 2 * shown) <= 10 ** unit]


def _every_digit_shown(unknown: str) -> bool:
    """Whether a scientific id (scientific_ids) shows every digit of its number: its last one a unit."""
    found = _SCIENTIFIC.fullmatch(normalise_id(unknown))
    return found is not None and len(found.group(2) or "") == int(found.group(3))


def zero_twins(ids) -> list:
    """The groups (tuples, as first written, in order met) of ``ids`` that are
    two or more ids differing only by leading zeros (``00123`` and ``123`` on
    one roster: two students, whose ids are never paired by zeros)."""
    groups = {}
    for student_id in ids:
        normal = normalise_id(student_id)
        groups.setdefault(zeros_stripped(normal), {}).setdefault(normal, student_id)
    return [tuple(group.values()) for group in groups.values() if len(group) > 1]


def zeros_stripped(normal: str) -> str:
    """``normalise_id(normal, "strip")`` of an id ``normal`` already normal:
    for a plain ASCII one with no leading quote (normalising it again changes
    nothing) its runs of digits lose their leading zeros at once, without
    the whole normalisation again (a class's every id is asked)."""
    if normal.isascii() and normal[:1] != "'":
        return _LEADING_ZEROS.sub("", normal)
    return normalise_id(normal, "strip")


def zero_pairs(ids, known) -> dict:
    """``{id: known id}`` (normal forms) for each of ``ids`` that is no known
    id but matches one only by leading zeros (IdMatcher: the one such known
    id, never two), made one to one: a known id that is itself one of ``ids``,
    or that two of them would match, is matched by none. For two lists of
    students, such as a gradebook's rows and the graded ids."""
    matcher, ids = IdMatcher(known, decimals=False), set(ids)
    found = {normal: matcher.match(normal) for normal in ids if normal not in matcher.known}
    found = {normal: other for normal, other in found.items() if other is not None and other not in ids}
    claims = Counter(found.values())
    return {normal: other for normal, other in found.items() if claims[other] == 1}


LOOK_ALIKE = str.maketrans("oilszb", "011528")
"""Characters mistaken for one another when an id is typed or read off a form
(O and 0, I, l and 1, S and 5, Z and 2, B and 8; ids are case-folded first)."""

LATIN_LOOK_ALIKE = dict(zip(
    "авеѕіјкмнорстухһԁԛԝӏ" "αβεζηικμνορτυχϳ",
    "abesijkmhopctyxhdqwl" "abezhikmnoptyxj"))
"""Cyrillic and Greek letters (case-folded: ``Н`` is ``н``) that look like a
Latin one (the common ones of Unicode's confusables list): an id holding one
may be another person's, so it is never merged, but it is the near id named."""

SHAPE = str.maketrans({**{c: LATIN_LOOK_ALIKE.get(c, c).translate(LOOK_ALIKE) for c in LATIN_LOOK_ALIKE},
                       **{chr(k): v for k, v in LOOK_ALIKE.items()}})
"""An id's skeleton: every look-alike (``LOOK_ALIKE``, ``LATIN_LOOK_ALIKE``)
as one character, so ids that look the same have the same skeleton."""


def nearest_ids(unknown: str, roster_ids, count: int = 3, leading_zeros: str = "keep", prefer=()) -> list:
    """Up to ``count`` roster ids closest to ``unknown``, best first, as the
    roster writes them: the one id that differs from it only by look-alike
    characters (``O000027`` for ``0000027``: ``LOOK_ALIKE``, one dictionary
    look-up) alone, as that student mistyped; else those that do (``SI2``
    for ``s12`` and ``512``), then those at most ``max_edits`` edits away (``edit_distance``: a swap of
    two neighbours is one edit), nearest first; among equally near ids, those
    in ``prefer`` (the roster's students who gave no answer) first, then those
    made of the same characters (a swap keeps every digit right), then in
    roster order."""
    by_norm, candidates, by_shape, letters = _by_normal_form(tuple(roster_ids), leading_zeros)
    normal = normalise_id(unknown, leading_zeros)
    wanted = {normalise_id(sid, leading_zeros) for sid in prefer}
    alike = set(by_shape.get(normal.translate(SHAPE), ())) - {normal}
    if len(alike) == 1:   # one look-alike: that student, mistyped; ids some edits away only cloud it
        return [by_norm[next(iter(alike))]]
    limit, own = max_edits(normal), Counter(normal)
    ranked = []
    for place, (known, counts) in enumerate(zip(candidates, letters)):
        if known in alike:
            edits = 0
        elif abs(len(known) - len(normal)) > limit or _letters_apart(own, counts) > limit:
            continue   # cheap bounds first: the table is the costly part
        else:
            edits = edit_distance(normal, known, limit)
        if edits <= limit and known != normal:
            ranked.append((known not in alike, edits, known not in wanted, counts != own, place))
    return [by_norm[candidates[key[-1]]] for key in sorted(ranked)[:count]]


def _letters_apart(own: Counter, other: Counter) -> int:
    """A lower bound of the edit distance of two ids from their characters'
    counts: an edit adds at most one character and takes away at most one."""
    return max(sum((own - other).values()), sum((other - own).values()))


def max_edits(normal: str) -> int:
    """How many edits away a known id may be to be suggested for ``normal``:
    a third of its length, rounded (``s0999`` may be two edits from ``s009``),
    at least one and at most three."""
    return max(1, min(3, (len(normal) + 1) // 3))


def edit_distance(a: str, b: str, limit: int) -> int:
    """The optimal string alignment distance of ``a`` and ``b`` (one edit each:
    insert, delete or change a character, or swap two neighbours: ``2300124``
    is one edit from ``2300142``), or ``limit + 1`` when it is over ``limit``.
    The work is bounded: a common start and end cost nothing and are cut off,
    only the band of the table within ``limit`` of its diagonal is filled, and
    it stops at the first row whose every entry there is over ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a, b, over = a[head:len(a) - tail], b[head:len(b) - tail], limit + 1
    before, previous = None, [min(j, over) for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        low, high = max(1, i - limit), min(len(b), i + limit)   # the band |i - j| <= limit; outside, over
        current = [over] * (len(b) + 1)
        current[0] = min(i, over)
        for j in range(low, high + 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current[low - 1:high + 1]) > limit:   # entries never fall from row to row: it stays over
            return over
        before, previous = previous, current
    return min(previous[-1], limit + 1)


@lru_cache(maxsize=8)
def _by_normal_form(roster_ids: tuple, leading_zeros: str) -> tuple:
    """({normal form: id as written}, [normal forms], {look-alike form: [normal
    forms]}, [Counter of each normal form's characters]) of the known ids, made once for the many unknown ids of one file
    (2,000 known ids were normalised again for each of 3,000 unknown ones: 37 s)."""
    by_norm, by_shape = {}, {}
    for student_id in roster_ids:
        normal = normalise_id(student_id, leading_zeros)
        if normal not in by_norm:
            by_norm[normal] = student_id
            by_shape.setdefault(normal.translate(SHAPE), []).append(normal)
    return by_norm, list(by_norm), by_shape, [Counter(normal) for normal in by_norm]


def id_hint(unknown: str, known_ids, named=(), prefer=()) -> str:
    """``did you mean s012 or s120?`` naming the known ids nearest ``unknown``
    (``nearest_ids``: several, by the id rule, as written, those in ``prefer``
    first among equally near ones), after the ids in ``named`` (those whose
    name is the row's, those in ``prefer`` first), "" when none is near. One id differing only by
    look-alike characters is named alone, with the characters and what to do.
    A name refused in a message gets wording.did_you_mean instead (one, quoted).
    An id in a spreadsheet's scientific notation (``2.02312E+13``) gets
    ``scientific_hint`` instead, naming the ids in ``named``, then those of
    ``prefer``, before the other ids it could be."""
    mangled, waiting = scientific_ids(unknown, known_ids), set(prefer)
    if mangled is not None:   # of the ids it could be, the row's name's first, then those with no answers
        return scientific_hint(list(dict.fromkeys([*named, *(sid for sid in mangled if sid in waiting), *mangled])),
                               lossless=_every_digit_shown(unknown))
    # of the students named as the row is, those who gave no answer first
    named = [*(sid for sid in named if sid in waiting), *(sid for sid in named if sid not in waiting)]
    nearest = nearest_ids(unknown, known_ids, prefer=prefer)
    if len(nearest) == 1 and set(named) <= set(nearest) and _alike(unknown, nearest[0]):
        return f"did you mean {shortened(nearest[0])}? {_alike(unknown, nearest[0])}"
    near = list(named) + [sid for sid in nearest if sid not in named]
    return f"did you mean {' or '.join(map(shortened, near[:3]))}?" if near else ""


def scientific_hint(could_be: list, shown: int = 3, lossless: bool = False) -> str:
    """The hint for an id a spreadsheet wrote in scientific notation, its last
    digits lost (scientific_ids), or with ``lossless`` every digit shown
    (``2.02600012399e+11``, exact but still not the id as written): never one
    student guessed, but the known ids ``could_be`` (the first ``shown``, then how many more)."""
    lost = "with every digit kept" if lossless else "losing its last digits"
    said = f"a spreadsheet wrote this id in scientific notation, {lost}: export the id column as text"
    if not could_be:
        return said + " and grade again"
    more = f" (or {len(could_be) - shown} more)" if len(could_be) > shown else ""
    return f"{said} and grade again; did you mean {' or '.join(map(shortened, could_be[:shown]))}{more}?"


def _alike(written: str, known: str) -> str:
    """What makes ``written`` and ``known`` look alike and what to do, "" unless
    they differ by look-alike characters only: ``O and 0 look alike`` (each as
    either id writes it), or which of them holds Cyrillic or Greek letters that
    look Latin (two ids that may be two people: neither is taken for the other)."""
    a, b = normalise_id(written), normalise_id(known)
    if a == b or len(a) != len(b) or a.translate(SHAPE) != b.translate(SHAPE):
        return ""
    pairs = dict.fromkeys((x, y) for x, y in zip(a, b) if x != y)
    foreign = dict.fromkeys((text, c) for x, y in pairs for text, c in ((written, x), (known, y))
                            if c in LATIN_LOOK_ALIKE)
    latin = [f"{_as_written(x, written)} and {_as_written(y, known)}" for x, y in pairs
             if x not in LATIN_LOOK_ALIKE and y not in LATIN_LOOK_ALIKE]
    said = f"{', '.join(latin)} look alike" if latin else ""
    if not foreign:
        return f"{said}: correct the id in the answers file and grade again"
    holders = list(dict.fromkeys(text for text, _ in foreign))
    letters = ", ".join(_foreign_letter(_as_written(c, text)) for text, c in foreign)
    return (f"{' and '.join(map(shortened, holders))} {'holds' if len(holders) == 1 else 'hold'} non-Latin "
            f"letters that look Latin ({letters}{'; ' + said if said else ''}), so the two ids may be two "
            "people and were not taken as one: correct the one that is wrong and grade again")


def _foreign_letter(char: str) -> str:
    """``Cyrillic ѕ U+0455 for s``: a letter of LATIN_LOOK_ALIKE, its script
    and code point (on screen it is the Latin one), in the case it was written."""
    latin = LATIN_LOOK_ALIKE[char.casefold()]
    script = unicodedata.name(char, "").split(" ")[0].title()
    return f"{script} {char} U+{ord(char):04X} for {latin.upper() if char != char.casefold() else latin}"


def _as_written(char: str, text: str) -> str:
    """``char`` (case-folded) in the case ``text`` writes it."""
    return char.upper() if char not in text and char.upper() in text else char
