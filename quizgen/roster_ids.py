"""A ``generate --students`` roster's ids held against the per-student key
already in the ``--out`` folder. A student's numbers come from their id as
written (generation/quiz.student_seed), so a roster re-saved by a spreadsheet
(``0005557`` saved as ``5557``, ``S010`` retyped ``s010``) would give other
papers than those handed out: an id that is a key id by the id rule
(quizgen/marking/student_ids.py: case, spaces, leading zeros, a spreadsheet's
``.0``) is written as the key writes it. Without such a key, a roster whose ids look fragile is
warned about. Also the students ``--only`` names, matched against the key."""

from __future__ import annotations

from dataclasses import replace

from quizgen.errors import UsageError
from quizgen.wording import printable, shortened
from quizgen.marking.student_ids import IdMatcher, id_hint, normalise_id, spreadsheet_decimal, zero_twins
from quizgen.text.words import counted


def key_spellings(roster: list, key_ids) -> tuple:
    """``(students, note)``: the Students of ``roster`` with each id that is one of
    ``key_ids`` only by the id rule written as the key writes it, and one note
    naming how many and an example ("" when none). Leading zeros or a
    spreadsheet's ``.0`` (``5557.0``) pair a roster id with the one key id
    differing by them alone, never with a key id another roster student has,
    and never two roster ids that differ only by zeros (``zero_twins``: two
    students, as grade counts them)."""
    written = [student.student_id for student in roster]
    apart = [student_id for twins in zero_twins(written) for student_id in twins]
    matcher, listed = IdMatcher(key_ids, apart), {normalise_id(student_id) for student_id in written}
    respelled, students = [], []
    for student in roster:
        normal = normalise_id(student.student_id)
        known = matcher.match(normal) if matcher else None
        if known != normal and known in listed:   # 5557 is another roster student's own id beside 5557.0
            known = None
        spelling = matcher.known[known] if known is not None else student.student_id
        if spelling != student.student_id:
            respelled.append((student.student_id, spelling))
            student = replace(student, student_id=spelling)
        students.append(student)
    return students, _respelled_note(respelled)


def _respelled_note(respelled: list) -> str:
    """The note for the roster ids written as the key writes them; "" when none."""
    if not respelled:
        return ""
    (first, spelling), count = respelled[0], len(respelled)
    ids, papers = ("id is", "its paper is") if count == 1 else ("ids are", "their papers are")
    return (f"{count} roster {ids} written otherwise in the folder's key.json ({_shown(first)} is {_shown(spelling)} "
            f"there, by the id rule: case, spaces, leading zeros and a spreadsheet's .0 aside); {papers} made with "
            "the key's spelling, as handed out")


def fragile_ids_warning(roster: list) -> str:
    """One line when the roster's ids end in a spreadsheet's ``.0``, are all
    digits of differing lengths (a spreadsheet drops leading zeros) but for a
    plain numbering from 1, or write one letter in both cases: a roster saved
    otherwise later would give those students other papers unless regenerated
    into this folder, beside its key.json; "" otherwise."""
    ids = [student.student_id for student in roster]
    said = _decimal_ids(ids) or _zero_stripped(ids) or _mixed_case(ids)
    if not said:
        return ""
    return (f"the roster's ids {said}; each student's numbers come from their id as written, so a roster saved "
            "otherwise later gives them other papers: keep this folder's key.json and regenerate into this "
            "folder (ids are then matched to the key's), or remake one student's paper with --only ID")


def _decimal_ids(ids: list) -> str:
    """How ``ids`` show a spreadsheet's ``.0`` (``5557.0``: the column read as numbers), or ""."""
    first = next((sid for sid in ids if spreadsheet_decimal(normalise_id(sid))), None)
    if first is None:
        return ""
    return (f"end in '.0' ({_shown(first)}), as a spreadsheet writes ids it read as numbers, and the papers print "
            "them so: export the id column as text")


def _zero_stripped(ids: list) -> str:
    """How ``ids`` look stripped of leading zeros (all digits, of differing
    lengths, not a plain numbering from 1: ``_numbered``), or ""."""
    if len(ids) < 2 or not all(sid.isascii() and sid.isdigit() for sid in ids):
        return ""
    short, long = min(ids, key=len), max(ids, key=len)
    if len(short) == len(long) or _numbered(ids):
        return ""
    return (f"are all digits of differing lengths ({_shown(short)}, {_shown(long)}), as a spreadsheet leaves "
            "them when it drops leading zeros")


def _numbered(ids: list) -> bool:
    """Whether all-digit ``ids`` number the students from 0 or 1 (``1`` to ``30``,
    some perhaps left out: more than half the numbers up to the largest are
    there), none written with a leading zero: no zeros to lose."""
    numbers = [int(sid) for sid in ids]
    return (all(sid == "0" or sid[0] != "0" for sid in ids) and min(numbers) <= 1
            and max(numbers) < 2 * len(set(numbers)))


def _mixed_case(ids: list) -> str:
    """How ``ids`` write one letter in both cases (``S010`` and ``s011``), or ""."""
    first_seen = {}
    for sid in ids:
        for char in sid:
            if char.isalpha() and char.lower() != char.upper():
                first_seen.setdefault(char, sid)
    for char, sid in first_seen.items():
        other = first_seen.get(char.swapcase())
        if other is not None and other != sid:
            return f"write a letter in both cases ({_shown(sid)}, {_shown(other)})"
    return ""


def only_students(only, roster: list, key_ids) -> list:
    """The Students of ``roster`` (ids spelled as the key's) that ``--only``
    names, in roster order: ``only`` is one value or several (``--only``
    repeated), each a key id whole (an id holding a comma, ``Smith, J``) or
    else ids separated by commas, matched by the id rule; an id with no paper
    in the key is refused, the nearest key ids named."""
    key_ids = list(key_ids)
    matcher = IdMatcher(key_ids)
    chosen = set()
    for student_id in _only_ids([only] if isinstance(only, str) else list(only), matcher):
        known = matcher.match(normalise_id(student_id))
        if known is None:
            hint = id_hint(student_id, key_ids)
            raise UsageError(f"--only {_shown(student_id)}: the folder's key.json has no paper for this student "
                             f"(it has {counted(len(key_ids), 'student')}){'; ' + hint if hint else ''}")
        chosen.add(matcher.known[known])
    return [student for student in roster if student.student_id in chosen]


def _only_ids(values: list, matcher: IdMatcher) -> list:
    """The ids ``--only``'s ``values`` name: a value that is a key id (by
    ``matcher``) whole, else its ids separated by commas, none empty."""
    ids = []
    for value in values:
        if matcher.match(normalise_id(value)) is not None:
            ids.append(value)
            continue
        wanted = [part.strip() for part in value.split(",")]
        if not all(wanted):
            raise UsageError(f"--only {_shown(value)}: expected student ids separated by commas, such as --only "
                             "s001,s002 (or --only repeated: --only s001 --only s002)")
        ids += wanted
    if not ids:
        raise UsageError("--only: expected student ids, such as --only s001,s002")
    return ids


def _shown(student_id: str) -> str:
    """An id as a one-line message shows it: printable, cut short."""
    return shortened(printable(student_id), 40)
