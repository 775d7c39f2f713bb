"""LMS answers made gradable: from the long rows of quizgen.lms.responses, a
key holding each student's own paper (the variants the LMS gave them,
regenerated from their seed labels) and a long answers CSV, the two inputs
``quizgen grade`` reads."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import NamedTuple

from quizgen.cells import spreadsheet_safe
from quizgen.question_ids import norm_part
from quizgen.errors import InputFileError, UsageError
from quizgen.wording import named_few
from quizgen.key.model import NO_ATTEMPT, STILL_OPEN, Key, KeyPaper, KeyQuestion
from quizgen.lms.row_checks import refuse_long_tags, tag_line

DOWNLOAD_LINE = "download_line"
ANSWER_COLUMNS = ("student_id", "name", "question_id", "part", "answer", DOWNLOAD_LINE)
"""The columns of the built answers file; ``DOWNLOAD_LINE``: the line of the
download each answer was read from, which grade names in a reason (an answer
too long to grade: grading.answers_file) instead of the built file's own line."""
LMS_SEED = "lms"
"""The seed of a key built from an LMS download, and of each of its papers
(generate's per-student papers have ``<seed>/<student id>``): how grade tells
such a key from generate's (``is_lms_key``)."""


def is_lms_key(key: Key) -> bool:
    """Whether ``key`` was built from an LMS download (``grading_inputs``): its
    papers are those of the students who took the quiz, so a roster student
    without one did not submit it, rather than needing a paper generated."""
    return bool(key.papers) and key.seed == LMS_SEED and all(p.seed == LMS_SEED for p in key.papers)


def still_open_ids(key, roster=(), absent=()) -> frozenset:
    """The normal ids of the students of ``key`` (a Key) whose Moodle attempt
    is still open or who have none (STILL_OPEN), or who have a later one
    still open beside the finished one graded (``open_attempt``): as they get no feedback
    sheet, the Moodle and Canvas gradebook files give them no grade
    (quizgen.lms.gradebook: a grade imported would override the LMS's own,
    and hide the grade of the attempt they may still submit); and those of
    ``roster`` (roster.Student, from a Moodle quiz report: its State) whose
    State there says so (``-``: no attempt) and who are in ``absent`` (ids
    with no answer in this run), or, grading a download (is_lms_key), who have an attempt still open
    beside a submitted one there (``roster_open_attempts``: a download of finished attempts lacks it)."""
    from quizgen.marking.student_ids import normalise_id
    held = {normalise_id(p.student_id) for p in key.papers if p.state in STILL_OPEN or p.open_attempt}
    unanswered = {normalise_id(i) for i in absent}
    held.update(normalise_id(s.student_id) for s in roster or ()
                if (s.state in STILL_OPEN or s.state == "-") and normalise_id(s.student_id) in unanswered)
    return frozenset(held | set(roster_open_attempts(roster, key)))


def roster_open_attempts(roster, key) -> dict:
    """``{normal id: State}`` of the ``roster`` students (a Moodle quiz report's, roster.Student) with an
    attempt still open beside a submitted one, which a download of finished attempts lacks,
    when ``key`` is a download's (is_lms_key; none for a paper's)."""
    from quizgen.marking.student_ids import normalise_id
    return {normalise_id(s.student_id): s.open_attempt for s in roster or () if s.open_attempt} \
        if is_lms_key(key) else {}


def unmarked_absent(result) -> list:
    """The ids of who gave no answer (``result.absent``, a GradeResult's) but
    those an override marked 0 (``result.zero_marked``) and those whose rows answer no part of
    their paper (``result.unplaced``), in their order: the
    absent whose grade in the LMS is kept, never replaced by a 0. The one
    definition, for grading's run and gradebook warnings and for this layer."""
    marked = set(result.zero_marked) | set(getattr(result, "unplaced", ()))   # graded: their 0 is written
    return [i for i in result.absent if i not in marked]


def unlisted_ids(key, result) -> frozenset:
    """The normal ids of the roster students an LMS download does not list at
    all: in ``result.absent`` with no paper in ``key`` (the key built from the
    download has one for each attempt), less those an override marked 0 and
    the ``held``. The LMS knows of no attempt by them, so the Moodle and Canvas
    gradebook files give them no grade, where a 0 would show them as having sat it."""
    from quizgen.marking.student_ids import normalise_id
    attempted = {normalise_id(p.student_id) for p in key.papers}
    absent = {normalise_id(i) for i in unmarked_absent(result)}
    return frozenset(absent - attempted - result.held)


def open_attempt_sheets(states: dict, students, beside=None) -> tuple:
    """``(numbers, notes)``: the numbers of the students of ``students`` (ids
    by number) whose graded attempt is still open (``states``: {student
    number: Moodle's State}, feedback.unsubmitted_states), who get no feedback
    sheet, as one holds the worked solutions and the key's answers; and the
    one-line note naming them; ``beside``: {student number: State} of a later attempt
    still open beside the finished one graded (KeyPaper.open_attempt), held back too."""
    shown = {n: state for n, state in (states or {}).items() if state in STILL_OPEN}
    shown.update((n, f"{state}, after a finished attempt") for n, state in (beside or {}).items())
    numbers = sorted(shown)
    if not numbers:
        return set(), []
    named = named_few([f"{students[n]} ({shown[n]})" for n in numbers])
    return set(numbers), [f"{len(numbers)} student(s) get no feedback sheet, as Moodle shows their attempt as not "
                          f"submitted and still open, or none yet (a sheet holds the worked solutions and the key's "
                          f"answers, which they could use before submitting): {named}; grade again for their sheets "
                          f"once the quiz is closed"]


class GradingInputs(NamedTuple):
    """What ``quizgen grade`` needs: key.json data (``Key.to_json``, records whole, a variant given to several
    students once under ``shared_questions``) and the answers CSV text;
    ``rows``: that CSV's rows as ``(student_id, question_id, part, answer)``, as read (not made spreadsheet-safe),
    for a caller that marks them at once (attempt_choice.attempt_scores); ``left``: ``(student, attempt, slot)``
    of each Moodle cell that lost its tag and is left out of the key (quizgen.lms.lost_tag), for the warning."""

    key: dict
    answers: str
    rows: tuple = ()
    left: tuple = ()


def grading_inputs(rows: list, banks=(), attempt: str = "last", rounded_by: str = "",
                   order=(), others=(), fingerprints=None, still_open=None, maximum: str = "") -> GradingInputs:
    """The key (a paper per student) and the long answers CSV of ``rows``,
    keeping each student's ``last`` (or ``first``) attempt. Questions are
    named as the export named them: Moodle's by slot (Q1, Q2, ...); Canvas's,
    where each part is a question of its own drawn from its own variant, as
    the export's question groups are (``Q2b`` for part (b) of slot 2, ``Q4``
    for a single-part slot), the slot of a template being its place in
    ``order`` (the export key's templates) or, without it, in order of first
    appearance; but where every student's parts of a template came from one
    variant (each their own), each student's are that variant's one question
    ``Q2``, as on paper and in Moodle, so that its parts are marked together
    (error carried forward, carried rounding, a mistake named once:
    ``_one_variant``). ``rounded_by``:
    "canvas" when the LMS rewrote the numbers students typed (Canvas keeps 4
    decimals and drops trailing zeros), so that grade does not judge their
    figures. The key's class paper is the whole quiz, every question anyone
    was given (``_whole_quiz``): the paper of a roster student who did not
    submit, scored 0 out of the quiz's maximum. A paper read from a Moodle
    attempt that was not submitted keeps its State (``KeyPaper.state``), for
    grade to name; a student Moodle lists with no attempt (a row of
    quizgen.lms.responses naming no template) has the class paper, with no
    answer, and the state ``No attempt``: missing, scored 0. A Moodle cell
    that lost its tag is a question of unknown variant on its student's
    paper, with no seed label, or left out (quizgen.lms.lost_tag), its parts
    and points told by the other rows of its column and of ``others`` (rows
    of students not in the key, attempt_choice.attempt_scores'). ``fingerprints``:
    {seed label: digest} of the variants the export key fingerprinted (lms/fingerprints.py),
    each drawn again checked against it. ``still_open``: {student: State} of a later
    Moodle attempt still open beside the finished one graded (``KeyPaper.open_attempt``).
    ``maximum``: the quiz's maximum grade in Moodle, ``"10.00"`` (``Key.moodle_maximum``), or ""."""
    from quizgen import __version__
    from quizgen.lms.lost_tag import lost_templates
    from quizgen.lms.variants import NotInBank, key_questions

    rows = _one_attempt(rows, attempt)
    lost, left_out = lost_templates(rows, banks, others)   # {cell: the template its question takes}, cells left out
    left = tuple(sorted(left_out))
    if lost or left_out:
        rows = [replace(r, template=lost[r.student_id, r.attempt, r.slot]) if r.tag_lost else r for r in rows
                if not r.tag_lost or (r.student_id, r.attempt, r.slot) in lost]
    unattempted = {r.student_id: r.name for r in rows if not r.template}   # Moodle's rows of no attempt
    rows = [r for r in rows if r.template]
    refuse_long_tags(rows)
    if not rows:
        raise InputFileError("the LMS export holds no answer to a quizgen question")
    slots = _slot_numbers(rows, order)
    papers = {}
    for row in rows:
        paper = papers.setdefault(row.student_id, {"name": row.name, "variants": {}, "state": row.unsubmitted})
        only = None if row.slot is not None else (row.part,)
        given = paper["variants"].setdefault(_question(row), (row.template, row.variant, only))
        if given[1] != row.variant:
            raise InputFileError(_two_variants(row))
    joinable = _one_variant_templates(papers.values())
    for paper in papers.values():
        paper["variants"], paper["joined"] = _one_variant(paper["variants"], joinable)
    chosen = [(sid, q, v) for sid, p in papers.items()
              for q, v in sorted(p["variants"].items(), key=lambda i: _place(i[0], slots))]
    try:
        whole = key_questions([(f"Q{slots[q]}", template, label) for _, q, (template, label, _) in chosen], banks,
                              fingerprints)
    except NotInBank as exc:   # the download's line of its first tag, which lms_input puts after the file
        raise InputFileError(f"{tag_line(rows, exc.missing[0])}{exc}") from None
    names = {(sid, q): _name(slots[q], q, len(question.parts)) for (sid, q, _), question in zip(chosen, whole)}
    cut = {}   # one object for each variant, cut and named alike: the key writes it once (shared_questions)
    made = [(sid, q, _cut(cut, question, only, names[(sid, q)]), question)
            for (sid, q, (_, _, only)), question in zip(chosen, whole)]
    picked = iter(question for _, _, question, _ in made)
    students = tuple(KeyPaper(sid, p["name"], LMS_SEED, tuple(next(picked) for _ in p["variants"]), p["state"],
                              (still_open or {}).get(sid, "")) for sid, p in papers.items())
    quiz = _whole_quiz(made, slots)
    students += tuple(KeyPaper(sid, name, LMS_SEED, quiz, NO_ATTEMPT) for sid, name in unattempted.items())
    key = Key(quiz, students, LMS_SEED, quizgen=__version__, rounded_by=rounded_by, moodle_maximum=maximum)
    parts = {(sid, q): question.parts for sid, q, question, _ in made}
    answered = tuple(_answer_rows(rows, papers, names, parts))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ANSWER_COLUMNS)
    writer.writerows((spreadsheet_safe(sid), spreadsheet_safe(name), question, part, spreadsheet_safe(answer), line)
                     for sid, name, question, part, answer, line in answered)
    return GradingInputs(key.to_json(compact=False), out.getvalue(),
                         tuple((sid, question, part, answer) for sid, _, question, part, answer, _ in answered), left)


def _answer_rows(rows: list, papers: dict, names: dict, parts: dict):
    """The built answers file's rows ``(id, name, question, part, answer, line)``
    of ``rows``: each answered part, and, for a question of a submitted Moodle
    attempt with no response (``-``: the student was given it and left it),
    each of its parts with an empty answer, graded ``blank`` as an empty Cloze
    part is; an unsubmitted attempt's such question (perhaps never reached)
    gets no row, so its parts stay missing, and so does an attempt with no
    answer at all (its student named as having answered nothing, as before)."""
    answering = {r.student_id for r in rows if r.part and r.answered}
    for r in rows:
        question = papers[r.student_id]["joined"].get(_question(r), _question(r))
        if r.part and r.answered:
            yield r.student_id, r.name, names[(r.student_id, question)], _part_label(r, parts), r.answer, r.line or ""
        elif not r.answered and not r.unsubmitted and r.slot is not None and r.student_id in answering:
            yield from ((r.student_id, r.name, names[(r.student_id, question)], part.letter, "", r.line or "")
                        for part in parts[(r.student_id, question)])


def _part_label(row, parts: dict) -> str:
    """The part a response row answers, as the built answers file names it: its
    letter, but ``part 16`` for a Cloze part past the question's ``parts`` (a
    ``; part 16:`` typed into an answer box, or a download edited), which grade
    reports as naming no part: its letter (``p``) could name a real part by the
    part's name (C1's (a) is named ``p``) and take that part's marks."""
    if row.slot is None or row.part in {part.letter for part in parts[(row.student_id, row.slot)]}:
        return row.part
    label = f"part {_part_number(row.part)}"
    if norm_part(label) in {norm_part(part.name) for part in parts[(row.student_id, row.slot)]}:
        raise InputFileError(f"row {row.row}: student {row.student_id}'s response to question {row.slot} names "
                             f"{label}, past the parts of {row.template}, one of which is named so; expected "
                             f"parts 1 to {len(parts[(row.student_id, row.slot)])}: check the download's row")
    return label


def _part_number(letter: str) -> int:
    """The Cloze part number of a part letter (``a`` 1, ``z`` 26, ``aa`` 27), as
    quizgen.lms.responses.cloze_parts lettered it."""
    number = 0
    for char in letter:
        number = number * 26 + ord(char) - ord("a") + 1
    return number


def _two_variants(row) -> str:
    """Why a row answering a second variant of a question the student already
    answered in this attempt cannot be graded: an LMS gives a student one
    variant of each question (of each part, in Canvas) per attempt."""
    where = f"row {row.row}: " if row.row else ""
    part = f"part ({row.part}) of " if row.slot is None and row.part else ""
    return (f"{where}student {row.student_id} answered {part}{row.template} in two variants in one attempt, "
            "where the LMS gives each student one: the download is not one the LMS wrote (columns copied or "
            "merged?); download it again")


def _one_variant_templates(papers) -> set:
    """The templates every student was given from one variant (each their
    own), some student two parts or more (else nothing carries): only these
    are joined into one question (``_one_variant``), so that each part of a
    template has one name for the whole class and one row in every report.
    One student given parts of two variants keeps the export's per-part
    questions for everyone (Canvas draws each part's variant apart: with
    ``--count 1`` every student has one variant)."""
    one, several = {}, set()   # {template: every student's parts from one variant so far}; some student's 2+
    for paper in papers:
        mine = {}
        for q, (template, label, _) in paper["variants"].items():
            if isinstance(q, tuple):
                mine.setdefault(template, []).append(label)
        for template, labels in mine.items():
            one[template] = one.get(template, True) and len(set(labels)) == 1
            if len(labels) > 1:
                several.add(template)
    return {template for template, alike in one.items() if alike and template in several}


def _one_variant(variants: dict, joinable: set) -> tuple:
    """``(variants, joined)``: a student's Canvas parts of each ``joinable``
    template (all from one variant) made one question of that variant, keyed
    ``(template, "")`` with the parts' letters, as a paper's or a Moodle
    question is, so that grade marks them together: a later part worked from
    the student's own wrong (a) earns error carried forward, and their
    rounding is carried. ``joined``: {the parts' own keys: that key}."""
    kept, joined = {}, {}
    for q, (template, label, only) in variants.items():
        if isinstance(q, tuple) and template in joinable:
            letters = kept.get((template, ""), (template, label, ()))[2]
            kept[(template, "")] = (template, label, (*letters, *only))
            joined[q] = (template, "")
        else:
            kept[q] = (template, label, only)
    return kept, joined


def _whole_quiz(made: list, slots: dict) -> tuple:
    """Every question of the quiz once, in paper order: each the first variant
    met (the first student's, where they were given it; never a question of
    unknown variant, no one's: quizgen.lms.lost_tag, while a variant is met); a
    template joined into one question (``_one_variant``) with every part anyone was given. Every
    variant of a slot is worth the template's points, so its maximum is any
    full paper's; a Canvas student not given a question group has a smaller
    paper, this one not."""
    given = {}   # the parts given of each joined template
    for _, q, question, _ in made:
        if isinstance(q, tuple) and not q[1]:
            given.setdefault(q[0], set()).update(part.letter for part in question.parts)
    first = {}
    for _, q, question, full in made:
        if isinstance(q, tuple) and not q[1]:
            first.setdefault(q, replace(_only_parts(full, given[q[0]]), id=question.id))
        elif q not in first or question.seed and not first[q].seed:
            first[q] = question
    return tuple(first[q] for q in sorted(first, key=lambda q: _place(q, slots)))


def _cut(cut: dict, question: KeyQuestion, only, name: str) -> KeyQuestion:
    """``question`` cut to the parts ``only`` and named ``name``, made once for
    all the students who were given it (``cut``: what is made so far)."""
    made = cut.get((id(question), only, name))
    if made is None:
        made = cut[id(question), only, name] = replace(_only_parts(question, only), id=name)
    return made


def _one_attempt(rows: list, attempt: str) -> list:
    """The rows of each student's last (or first) attempt."""
    if attempt not in ("last", "first"):
        raise UsageError(f"attempt must be 'last' or 'first', got {attempt!r}")
    chosen = {}
    for row in rows:
        best = chosen.get(row.student_id)
        if best is None or (row.attempt > best if attempt == "last" else row.attempt < best):
            chosen[row.student_id] = row.attempt
    return [row for row in rows if row.attempt == chosen[row.student_id]]


def _only_parts(question: KeyQuestion, letters) -> KeyQuestion:
    """A key question cut down to the parts ``letters`` (all parts when None), in the question's order;
    a letter it has not is refused naming the column by its tag's template and letter."""
    if letters is None:
        return question
    parts = tuple(p for p in question.parts if p.letter in letters)
    missing = [letter for letter in letters if letter not in {p.letter for p in parts}]
    if missing:
        raise InputFileError(f"the column tagged [quizgen:{question.template}:...:{missing[0]}]: "
                             f"{question.template} has no part {missing[0]!r} (its parts: "
                             f"{', '.join(p.letter for p in question.parts)})")
    return replace(question, parts=parts, points=sum(p.points for p in parts))


def _question(row) -> object:
    """What makes a question of the quiz: its LMS slot, else its template and part."""
    return row.slot if row.slot is not None else (row.template, row.part)


def _slot_numbers(rows: list, order) -> dict:
    """{question: slot number}: an LMS slot is its own number; a Canvas template
    part takes its template's place in ``order`` (the export's slots), else the
    place of the template's first appearance after those; so does the
    template's whole question ``(template, "")`` (``_one_variant``)."""
    places = {t: n for n, t in enumerate(order, start=1) if isinstance(t, str)}
    numbers = {}
    for row in rows:
        key = _question(row)
        if isinstance(key, int):
            numbers[key] = key
        elif key not in numbers:
            numbers[key] = numbers[(row.template, "")] = places.setdefault(
                row.template, max(places.values(), default=0) + 1)
    return numbers


def _place(question, slots: dict) -> tuple:
    """Where a question comes on a paper: by slot, then a template's parts in letter order (z before aa)."""
    letter = "" if isinstance(question, int) else question[1]
    return slots[question], len(letter), letter


def _name(slot: int, question, parts: int) -> str:
    """A question's id, as the export named it: ``Q2`` (a Moodle slot, a
    single-part template in Canvas, or a Canvas template's parts a student
    was given from one variant) or ``Q2b`` (Canvas's question group for part
    (b)); ``parts``: how many the template has."""
    letter = question[1] if isinstance(question, tuple) else ""
    return f"Q{slot}{letter}" if letter and parts > 1 else f"Q{slot}"
