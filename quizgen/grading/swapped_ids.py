"""Answers under one student's id that are another student's paper
(docs/grading.md "Answers that fit a classmate's paper"): with per-student
papers and no paper code to tell, a student who types a classmate's valid id is
graded against the paper of the id typed, and their own is shown absent. Once the pass is
over (final answers known), each student whose numeric answers fit their own
paper poorly is compared with the papers of the students who have no answers in
this file (the key's, ``--roster``'s who have a paper, and a key paper's
student the roster left out); one note names each whom such a paper fits far
better. The marks stay as graded: the note tells the instructor to correct
the id and grade again.

Answers are matched by value, never marked again: an answer fits a paper when
it lies within the part's tolerance (the run's ``--rtol``/``--atol`` when
given) of that paper's answer. On the student's own paper an answer marked
correct or imprecise, or naming a trap, fits too, unless marked so by ECF
(which follows their own earlier answers on any paper): their own paper is
never undercounted. A note needs all of:

- at least MIN_NUMBERS numeric answers (word parts aside);
- their own paper fitting fewer than half of them;
- the other paper fitting at least FIT_LEAST of them, at least TIMES as many
  as their own and at least MORE more, and no other such paper fitting as many.

An answer that fits every paper alike (a part whose answer is the same on
all) counts for their own paper too, so it never makes another fit better;
a weak student's wrong answers fit no other paper at 80%. Two students who
swapped ids, both with answers, are not found: neither paper is absent.

An id with no paper in the key (``unknown_student``, not graded: ``s0120`` for
s012) is compared too, as a student whose own paper fits none of their answers:
one note names the absent student whose paper it fits (FIT_LEAST of at least
MIN_NUMBERS numbers, and MORE). Their rows stay ungraded. The first UNKNOWN_MOST
such ids in the file are compared, their answers read again from the file (up to
the last row of those ids), each read as a plain number.
The work is capped: the POOR_MOST students whose answers fit their own paper
least, and the UNKNOWN_MOST ids with no paper, are compared with the first
ABSENT_MOST absent papers (a line says when a cap left some out). With no absent paper nothing is looked at; otherwise
each student's final answers are looked at once (about 9 microseconds a
student), and only poor fits are compared with other papers."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right

from quizgen.wording import shortened, thousands
from quizgen.key.status import Status
from quizgen.marking.forms import NUMBER, read_number
from quizgen.marking.rules import ECF
from quizgen.marking.student_ids import normalise_id

MIN_NUMBERS = 4     # numeric answers a student needs before their fits are compared
FIT_LEAST = 0.8     # the share of them another paper must fit ...
TIMES = 2           # ... and at least this many times their own paper's fit ...
MORE = 3            # ... and at least this many answers more
POOR_MOST = 500     # students whose answers fit their own paper poorly compared at most (the poorest first)
UNKNOWN_MOST = 200  # ids with no paper in the key compared at most (the first in the file)
ABSENT_MOST = 2_000   # papers of students with no answers compared with each, at most (in the key's order)
SHOWN = 10          # notes, one a student; then one line counts the rest
_OWN = frozenset({Status.CORRECT, Status.IMPRECISE})


class _Fits:
    """One student's numeric answers (``answers``: (slot, value)) and how many fit their own paper (``own``)."""

    __slots__ = ("number", "paper", "answers", "own")

    def __init__(self, number: int, paper: int, answers: list, own: int):
        self.number, self.paper, self.answers, self.own = number, paper, answers, own

    def need(self) -> int:
        """How many answers another paper must fit to be named (more than there are: none can)."""
        return max(math.ceil(FIT_LEAST * len(self.answers) - 1e-9), TIMES * self.own, self.own + MORE)


def swapped_notes(index, students, grid, absent: list, covered=(), source=None) -> list:
    """The note lines on students whose answers fit the paper of a student
    with no answers here (``absent``: their numbers, who gave none or only
    overrides scoring 0; a key paper's student the roster left out counts
    too) far better than their own, and on ids with no paper whose answers,
    read again from ``source`` (the answers file), fit such a paper.
    ``covered``: the ids a paper-code note
    already names (paper_written.py), not named again. [] for a class paper's
    key or an LMS download's (the LMS knows who answered), and at once when no
    absent student has a paper."""
    if not students.own_papers or students.lms:
        return []
    away = _absent_papers(students, absent)
    if not away:
        return []
    poor = _poor_fits(index, students, grid, set(absent), {normalise_id(sid) for sid in covered})
    unknown = _paperless_fits(index, students, source) if source is not None else []
    if not poor and not unknown:
        return []
    poor.sort(key=lambda fits: fits.own / len(fits.answers))   # the poorest fits first, should the cap bite
    compared, papers = poor[:POOR_MOST], away[:ABSENT_MOST]
    lookup, lines = _Absent(index, papers), []
    for fits in sorted(compared, key=lambda fits: fits.number):   # in the students' order
        best = lookup.best(fits)
        if best is not None:
            owner, count = best
            lines.append(_line(shortened(students.ids[fits.number]), shortened(owner), count, fits))
    for who, fits in unknown:   # in the file's order
        best = lookup.best(fits)
        if best is not None:
            lines.append(_paperless_line(shortened(who), shortened(best[0]), best[1], fits, index.name))
    if len(lines) > SHOWN:
        lines[SHOWN:] = [f"and {thousands(len(lines) - SHOWN)} more id(s) whose answers fit the paper of a student with no "
                         "answers here far better than their own paper, or with no paper of their own: check their "
                         "ids in the answers file"]
    if len(poor) > POOR_MOST or len(away) > ABSENT_MOST:
        lines.append(f"the answers of {thousands(len(compared))} of the {thousands(len(poor))} students whose "
                     "answers fit their own paper poorly (those fitting it least) were compared with the papers of "
                     f"{thousands(len(papers))} of the {thousands(len(away))} students with no answers here (a limit "
                     "on the work): a mistyped id among the others goes unnoticed")
    if unknown and len(students.unknown_rows) > UNKNOWN_MOST:
        lines.append(f"the answers of the first {thousands(UNKNOWN_MOST)} of the "
                     f"{thousands(len(students.unknown_rows))} ids with no paper were compared with the papers of "
                     "students with no answers here (a limit on the work): a mistyped id among the others goes "
                     "unnoticed")
    return lines


def _paperless_fits(index, students, source) -> list:
    """``(id as written, _Fits)`` of the first UNKNOWN_MOST ids with no paper
    (Students.unknown_rows; a roster id the key has no paper for aside: that
    student is known) with at least MIN_NUMBERS numeric answers to parts of
    the key, read again from ``source`` up to the last row of those ids; their
    own paper fits none (``own`` 0), a later answer to a part replacing one before."""
    ids = [text for text in sorted(students.unknown_rows, key=lambda t: students.unknown_rows[t][0])
           if normalise_id(text.strip()) not in students.shown][:UNKNOWN_MOST]
    owner = {row: text for text in ids for row in students.unknown_rows[text]}
    if not owner:
        return []
    last, values = max(owner), {text: {} for text in ids}
    for row, (_, _, _, question, part, answer, _, problem) in enumerate(source.records()):
        if row > last:
            break
        text = owner.get(row)
        if text is None or problem is not None:   # another student's row, or one not read as a row
            continue
        slot = index.slot(question, part)
        reading = read_number(answer, decimal_comma=source.decimal_comma) if isinstance(slot, int) else None
        if reading is not None and reading.status == NUMBER and math.isfinite(reading.value):
            values[text][slot] = reading.value
    return [(text.strip(), _Fits(-1, 0, list(found.items()), 0)) for text, found in values.items()
            if len(found) >= MIN_NUMBERS]


def _absent_papers(students, absent: list) -> list:
    """``(id as shown, paper number)`` of every student with no answers here who has a
    paper of their own: the ``absent`` numbers, then the key's students the roster left out."""
    away = [(students.ids[n], students.paper_numbers[n]) for n in absent if students.paper_numbers[n]]
    away += [(sid, students.paper_of[normalise_id(sid)]) for sid in students.left_out
             if students.paper_of.get(normalise_id(sid))]
    return away


def _poor_fits(index, students, grid, absent: set, covered: set) -> list:
    """A _Fits of each student with answers (not ``absent``, not ``covered``) whose
    at least MIN_NUMBERS numeric answers fit their own paper on fewer than half."""
    width, outcomes, found, rule = grid.width, grid.outcomes, [], index.override
    for number, paper in enumerate(students.paper_numbers):
        if not paper or number in absent:
            continue
        answers, own = [], 0
        for slot, (outcome, part) in enumerate(zip(outcomes[number * width:(number + 1) * width],
                                                   index.papers[paper].parts)):
            status = outcome.status
            if status is None or part is None or part.value is None:   # a word part has no value
                continue
            value, fits = outcome.value, status in _OWN or outcome.misconception != ""
            if fits and outcome.note == ECF:   # follows their own earlier answers on any paper
                fits = False
            if value is None:   # a count's shared correct verdict keeps no value: it is their paper's
                if not fits or status not in _OWN:
                    continue
                value = part.value
            answers.append((slot, value))
            own += fits or abs(value - part.value) <= part.half_width(rule)
        if len(answers) >= MIN_NUMBERS and 2 * own < len(answers) and \
                normalise_id(students.ids[number]) not in covered:
            found.append(_Fits(number, paper, answers, own))
    return found


class _Absent:
    """The papers of the students with no answers (``papers``: (owner, paper
    number)) looked up by value: for each part an answer is looked up in, their
    values sorted, so that the papers an answer fits are found by bisection,
    not by trying each (each value's tolerance worked out once, when needed)."""

    def __init__(self, index, papers: list):
        self.index, self.papers = index, papers
        self.slots = {}     # {slot: (sorted values, their papers' places in ``papers``, the widest tolerance)}
        self.targets = {}   # {(place, slot): (value, tolerance), or None where that paper has no number}

    def best(self, fits: _Fits):
        """``(owner, answers fitted)`` of the one paper that fits ``fits``
        best, when it fits enough (_Fits.need) and no other fits as many;
        else None. A paper that fits enough misses at most ``len - need``
        answers, so it fits one of any ``len - need + 1`` of them: only the
        papers one of the first so many fits are counted."""
        answers = fits.answers
        need = fits.need()
        if need > len(answers):   # too few answers for any paper to fit so much better
            return None
        places = sorted({place for slot, value in answers[:len(answers) - need + 1]
                         for place in self._fitting(slot, value)})
        best, tied = None, False
        for place in places:
            count = self._count(place, answers, len(answers) - need)
            if count is None:
                continue
            tied = best is not None and count == best[1]
            if not tied:
                best = (self.papers[place][0], count)
            need = count   # a paper fitting as many ties (no one named), one fitting fewer is not counted
        return None if best is None or tied else best

    def _count(self, place: int, answers: list, allowed: int):
        """How many of ``answers`` paper ``place`` fits, or None once more than ``allowed`` miss."""
        missed = 0
        for slot, value in answers:
            target = self._target(place, slot)
            if target is None or abs(value - target[0]) > target[1]:
                missed += 1
                if missed > allowed:
                    return None
        return len(answers) - missed

    def _fitting(self, slot: int, value: float) -> list:
        """The places of the papers whose part at ``slot`` ``value`` fits."""
        if slot not in self.slots:
            found = sorted((target[0], place) for place in range(len(self.papers))
                           if (target := self._target(place, slot)) is not None)
            widest = max((self.targets[place, slot][1] for _, place in found), default=0.0)
            self.slots[slot] = ([value for value, _ in found], [place for _, place in found], widest)
        values, places, widest = self.slots[slot]
        low, high = bisect_left(values, value - widest), bisect_right(values, value + widest)
        return [places[i] for i in range(low, high) if abs(value - values[i]) <= self.targets[places[i], slot][1]]

    def _target(self, place: int, slot: int):
        """(value, tolerance) of paper ``place``'s part at ``slot``, or None when it has no number there."""
        key = (place, slot)
        if key not in self.targets:
            part = self.index.papers[self.papers[place][1]].parts[slot]
            ok = part is not None and part.value is not None   # a word part has no value
            self.targets[key] = (part.value, part.half_width(self.index.override)) if ok else None
        return self.targets[key]


def _paperless_line(who: str, owner: str, count: int, fits: _Fits, key_name: str) -> str:
    """The note on an id with no paper whose answers fit ``owner``'s paper (``count`` of them)."""
    return (f"{who}'s answers fit the paper of {owner}, who has no answers here ({count} of {len(fits.answers)} "
            f"numeric answers), but {who} has no paper in {key_name}: a mistyped id? Its rows stay ungraded "
            f"(unknown_student); if {owner} wrote them, correct the id in the answers file and grade again")


def _line(who: str, owner: str, count: int, fits: _Fits) -> str:
    """The note on one student whose answers fit ``owner``'s paper (``count`` of them)."""
    total = len(fits.answers)
    return (f"{who}'s answers fit the paper of {owner}, who has no answers here ({count} of {total} numeric answers), "
            f"far better than their own paper ({fits.own} of {total}): a mistyped id? They stay graded against "
            f"{who}'s paper; if {owner} wrote them, correct the id in the answers file and grade again")
