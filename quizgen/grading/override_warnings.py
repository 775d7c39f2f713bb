"""What the overrides file's warnings say (decisions.apply_decisions), and the marks an
override gives a part: an id matched only by leading zeros, an id with no paper, two
lines deciding one part, and marks that look like points written as a share or the
other way round."""

from __future__ import annotations

from quizgen.wording import WARNINGS_SHOWN, printable, shortened
from quizgen.marking.overrides import POINTS, check_points
from quizgen.marking.student_ids import normalise_id


def loose_id_warning(override, graded_id: str, source: str) -> str:
    """The warning for an override whose id is ``graded_id``'s only by leading
    zeros or a spreadsheet's ``.0`` (``s12`` for roster id ``s012``), else "":
    it is applied to that student, as an answer row of that id is graded as
    them (IdMatcher: the one known id so matched, never two), and said, as
    the answers' such ids are (absent_notes.matched_lines)."""
    written, graded = normalise_id(override.student_id), normalise_id(graded_id)
    if written == graded:
        return ""
    how = "only by leading zeros" if normalise_id(written, "strip") == normalise_id(graded, "strip") else \
        "once the '.0' a spreadsheet adds to a number-like id was taken off"
    shown, known = (shortened(printable(i.strip())) for i in (override.student_id, graded_id))
    return (f"{source}: line {override.line}: student id '{shown}' matched {known} {how}, and the override is "
            f"applied to {known}, as an answer row of that id is graded (check for a typo)")


def without_paper(unmatched: list, students, source: str) -> dict:
    """``{line: warning}`` for the ``unmatched`` overrides of an id the
    per-student key has no paper for (its answer rows ``unknown_student``, or
    it has none): no override can grade them, so the warning says why and what
    to do, with the unknown_student note's "did you mean"."""
    seen = {normalise_id(text.strip()): outcome.feedback for text, (outcome, _) in students.unknown.items()}
    lines, rowless, hinted = {}, {}, 0   # rowless: {normal id: hint} of ids with no answer row, each looked at once
    for override in unmatched:
        written, normal = override.student_id.strip(), normalise_id(override.student_id)
        hint = seen.get(normal) if seen else None
        if hint is None:   # no answer rows: a hint for the first few ids only (the warnings shown)
            if normal not in rowless:
                rowless[normal] = students.paperless_hint(written, hinted < WARNINGS_SHOWN)
                hinted += rowless[normal] is not None
            hint = rowless[normal]
        if hint is None:
            continue
        said, advice = (students.rostered_without_paper(written)
                        or (f"has no paper in {students.index.name}{f' ({hint})' if hint else ''}", "correct the id"))
        part = f"{override.question_id}{f' ({override.part})' if override.part else ''}"
        lines[override.line] = (f"{source}: line {override.line}: {shortened(printable(written))} {said}, so the "
                                f"override for {shortened(printable(part))} cannot grade it; {advice}")
    return lines


def marks_of(override, full: float, part: str, source: str) -> tuple:
    """``(points, share)`` an override gives a part worth ``full`` points
    (``part`` names it in an error): a points column's points are checked
    against ``full``; share None (points on a part worth none) leaves the status to the marker."""
    if override.unit != POINTS:
        return override.score * full, override.score
    check_points(override, full, part, f"{source}: line {override.line}")
    return override.score, (override.score / full if full > 0 else None)


def describe_short(override, part: str, score: float, full: float, source: str) -> str:
    """The warning for an override that makes a ``correct`` ``part`` ``partial``
    (less than its ``full`` points): most likely points written where a share
    was meant, or the other way round, so it says how the mark was read."""
    if override.unit == POINTS:
        read = f"{override.shown()} is read as points; if it was meant as a share of the marks, head the column score"
    else:
        read = (f"{override.shown()} is read as a share of the part's marks, {override.score:g} x {full:g} points; "
                f"if it was meant as points, head the column points")
    return (f"{source}: line {override.line}: {part} was correct and is now partial with {score:g} of its "
            f"{full:g} point(s) ({read})")


def one_meant_as_points(override, full: float) -> bool:
    """Whether ``override`` is a share column's plain ``1``, with no status, on a
    part worth more than 1 point: full marks, where 1 point may have been meant
    (graded.csv's ``score`` column is points); not under a column headed ``share``."""
    return (override.unit != POINTS and override.score == 1 and full > 1
            and not (override.percent or override.status or override.plainly_share()))


def describe_full(override, part: str, machine: str, full: float, source: str) -> str:
    """The warning for a share of 1 that gives a part not ``correct`` (``machine``) its ``full`` marks."""
    return (f"{source}: line {override.line}: {part} was {machine} and is now correct with all {full:g} of its "
            f"points ({override.shown()} is read as a share of the part's marks: 1 is all of them; if 1 point was "
            f"meant, head the column points, or write the share {1 / full:.4g})")


def describe_repeat(earlier, later, part: str, source: str) -> str:
    """The warning for two overrides of one ``part`` (student, question and part
    as the key names them): a copy-paste slip or a changed mind, so the marker
    should see which line counts: the same marks and comment, the same marks
    with another comment (only the comment differs), or other marks."""
    marks = (earlier.score, earlier.unit, earlier.status) == (later.score, later.unit, later.status)
    said = ("did the same" if earlier.comment == later.comment else
            "gave the same marks; only the comment differs") if marks else "decided it otherwise"
    return f"{source}: line {later.line} decides {part} again (line {earlier.line} {said}); line {later.line} is used"
