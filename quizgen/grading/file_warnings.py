"""Warnings on what an answers file let through but a person should know
(moved out of run.py): ids that name no one, wide-form columns that name no
part, parts no column is labelled for, and the reader's and policy's own."""

from __future__ import annotations

from quizgen.wording import printable, shortened, thousands
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.students import Students
from quizgen.grading.timestamps import SHOWN   # as many as the summary names
from quizgen.grading.wide_lines import wide_line_warnings


def file_warnings(result, source, index, students, unnamed: list) -> list:
    """What the answers file let through but a person should know: the
    download's own notes (``unnamed``), parts and columns grade could not
    place, ids that name no one, answers a decimal comma may have split and wide
    lines cut short (one read of the file: wide_lines.py), the policy's and the
    reader's warnings."""
    return (unnamed + unlabelled_parts(result, source, index, students)
            + unknown_columns(source, index) + anonymous_ids(source, students) + wide_line_warnings(source)
            + index.policy_warnings + list(source.warnings))


ANONYMOUS = frozenset({"anonymous", "anonyme", "anonym", "anonimo", "anónimo"})


def anonymous_ids(source, students: Students) -> list:
    """One warning when a student id says the form recorded no one (Microsoft
    Forms writes ``anonymous``): all such rows are graded as one student, the
    later superseding the earlier."""
    named = sorted({i for i in students.ids if i.strip().casefold() in ANONYMOUS})
    if not named:
        return []
    return [f"{source.path.name}: the student id {shortened(named[0])!r} names no one (the form did not record who "
            f"answered), so all its rows are graded as one student; have the form collect ids or emails"]


def stray_columns(source, index: KeyIndex) -> frozenset:
    """Wide form: the columns that name no part of the key (``Q11a`` on a
    ten-question paper), as AnswersFile.stray holds them: their empty cells
    are no answer, so only the cells a student filled are unknown_question."""
    if source.form != "wide":
        return frozenset()
    return frozenset(column for column, question, part in source.wide
                     if isinstance(index.slot(question, part), str))


def unknown_columns(source, index: KeyIndex) -> list:
    """Wide form: one warning naming the columns that name no part of the key
    (``Q11a`` on a ten-question paper), whose answers are all unknown_question."""
    if source.form != "wide":
        return []
    unknown = [(source.header[column], index.slot(question, part)) for column, question, part in source.wide]
    unknown = [(label, reason) for label, reason in unknown if isinstance(reason, str)]
    if not unknown:
        return []
    shown = "; ".join(f"{shortened(printable(label))!r}: {reason}" for label, reason in unknown[:SHOWN])
    more = f"; and {thousands(len(unknown) - SHOWN)} more" if len(unknown) > SHOWN else ""
    return [f"{source.path.name}: {len(unknown)} column(s) name no part of {index.name}, so their answers are "
            f"unknown_question in graded.csv: {shown}{more}"]


def unlabelled_parts(result, source, index: KeyIndex, students) -> list:
    """Wide form: the question parts no column of the header is labelled for
    (a form's title such as ``Q1 (a) Probability of the true word`` is not a
    label): one warning naming them, since every student would silently be
    missing them. Read from the header, not the answers: a column's answers
    may all be on rows not read as rows (graded against no part), whose students are
    counted absent (``result.unplaced``) but are named on the paper's parts all the same."""
    if result.form != "wide":
        return []
    labelled = {index.slot(question, part) for _, question, part in source.wide}
    unplaced, masks = set(result.unplaced), result.matrix.paper_masks()
    papers = {masks[n] for n, sid in enumerate(students.ids) if sid in unplaced} if unplaced else set()
    lacking = [f"{q.question_id} ({q.part})" for slot, q in enumerate(result.questions)
               if (q.students or any(mask[slot] for mask in papers)) and slot not in labelled]
    if not lacking:
        return []
    return [f"{result.answers_path.name}: no column is labelled for {', '.join(lacking)}, so every student is "
            f"missing {'it' if len(lacking) == 1 else 'them'}; name the column like 'Q1 (a)' or 'Q1a'"]
