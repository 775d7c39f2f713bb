"""The students met in an answers file: a number for each (the order of first
appearance), their ids, names and papers; reconciled with who should have
answered (the key's per-student papers and ``--roster``).

Ids are normalised once (quizgen/marking/student_ids.py): ``S010``, `` s010``
and ``s 010`` are one student, shown as the roster or key writes them (else
as first met). With per-student papers an id the key does not know is
``UNKNOWN``: its rows are ``unknown_student``, never graded against the
class paper, and their reason names the nearest known ids. A key built from
an LMS download (quizgen.lms.papers.is_lms_key) holds a paper for each student
who took the quiz: a roster student without one did not submit it (missing,
scored 0 on the key's class paper, the whole quiz), and one who took it but is
not on the roster is named, as with a class key. With ``--roster`` the roster
is the class, also beside per-student papers: a student with a paper but not
on it who gave no answer (dropped the course) is left out (``left_out``), one
who answered is graded and named as a class key names them."""

from __future__ import annotations

from array import array

from quizgen.grading.key_index import KeyIndex
from quizgen.grading.outcome import make_outcome
from quizgen.key.status import Status
from quizgen.lms.papers import is_lms_key
from quizgen.roster import unmatched_advice
from quizgen.errors import InputFileError
from quizgen.wording import printable, shortened
from quizgen.marking.student_ids import (IdMatcher, id_hint, nearest_ids, normalise_id, why_one_id,
                                         shown_id as shown_id_text, zero_twins)

UNKNOWN = -2          # the number of a student a per-student key has no paper for
UNKNOWN_LIMIT = 10_000   # unknown ids whose outcome is kept
MATCH_TRIES = 20         # answer ids compared with the roster's when none is on it (check_roster_matches)
HINT_LIMIT = 200         # unknown ids given a "did you mean" as read: 2,000 known ids cost about 10 ms each


class Students:
    """The student registry. ``by_text`` maps an id cell exactly as written to
    the student's number (the grading loop reads it directly); ``by_id`` the
    normalised id. A student's paper is their own in a per-student key, else
    paper 0. ``roster`` (quizgen.roster.Student list, ``--roster``) names who
    should have answered."""

    def __init__(self, index: KeyIndex, roster=None):
        self.index = index
        self.ids, self.names, self.paper_numbers = [], [], []
        self.by_text = {}
        self.by_id = {}
        self.roster = list(roster or ())
        self.roster_file = roster   # quizgen.roster.Roster: its file and id column, for check_roster_matches
        self.own_papers = bool(index.roster)
        self.paper_of = {normalise_id(sid): number for sid, _, number in index.roster}
        if len(self.paper_of) < len(index.roster):   # two papers of one student: which is theirs?
            raise one_paper_each((sid for sid, _, _ in index.roster), index.source)
        self.key_ids = tuple(sid for sid, _, _ in index.roster)   # the ids an unknown one is compared with
        self.shown = {normalise_id(sid): (shown_id_text(sid), name) for sid, name, _ in index.roster}
        for student in self.roster:
            self.shown.setdefault(normalise_id(student.student_id), (shown_id_text(student.student_id), student.name))
        self.roster_twins = zero_twins(s.student_id for s in self.roster)   # 00123 and 123: two students
        apart = [sid for twins in self.roster_twins for sid in twins]
        self.matcher = IdMatcher(self.paper_of if self.own_papers else self.shown, apart)
        self.lms = is_lms_key(index.key)   # papers of who took an LMS quiz: the roster says who should have
        self.on_roster = IdMatcher([s.student_id for s in self.roster], self.key_twins()) if roster is not None else None
        self.unknown = {}   # {id as written: (its unknown_student outcome, the name on its first row)}
        self.unknown_rows = {}   # {id as written: its rows, numbered from 0 in the file}: for hinted_rows
        self.not_on_roster = {}   # {normal id: id as written}: graded, but the roster lacks them
        self.by_zeros = {}        # {id as written: known id}: matched by its leading zeros or a spreadsheet's .0
        self.without_paper = []   # roster ids a per-student key has no paper for (not graded)
        self.unsubmitted = []     # the numbers of roster students an LMS download has no attempt of
        self.left_out = []        # key papers' ids --roster lacks who gave no answer: not in the class
        self.dropped = []         # ids --roster lacks whose rows hold no answer: taken out (grading/dropped.py)
        self._no_answer = None    # the ids of who gave no answer, once every answer is read: no_answer_ids

    def key_twins(self) -> list:
        """The ids of the key's papers that differ from another paper's id only
        by leading zeros (an LMS download's ``12`` beside ``0012``): two people
        with rows of their own, so the roster's ``0012`` is never ``12`` too,
        which is named as not on the roster rather than graded as on it."""
        return [sid for twins in zero_twins(self.key_ids) for sid in twins]

    @property
    def papers(self) -> list:
        """Each student's PaperChecks, in student order."""
        return [self.index.papers[n] for n in self.paper_numbers]

    @property
    def unknown_full(self) -> bool:
        """Whether ``unknown`` holds UNKNOWN_LIMIT ids: more may have gone uncounted."""
        return len(self.unknown) >= UNKNOWN_LIMIT

    def __len__(self) -> int:
        return len(self.ids)

    def number(self, text: str, name: str = "") -> int:
        """The number of the student written ``text`` (registered on first sight);
        -1 for no id, UNKNOWN for an id a per-student key has no paper for."""
        found = self.by_text.get(text)
        if found is None:
            found = self._register(text.strip(), name.strip())
            if found >= 0:
                self.by_text[text] = found
        return found

    def listed(self, student_id: str) -> bool:
        """Whether ``student_id`` is on the roster or has a paper in the key: known
        before any answer is read, so every part of a split file says the same."""
        return self.matcher.match(normalise_id(student_id)) is not None

    def in_class(self, student_id: str) -> bool:
        """Whether ``student_id`` is in the class: on ``--roster`` when it is
        given, else (the key's papers are the class) anyone."""
        return self.on_roster is None or self.on_roster.match(normalise_id(student_id)) is not None

    def find(self, student_id: str):
        """The number of a student already registered, or None."""
        normal = normalise_id(student_id)
        return self.by_id.get(self.matcher.match(normal) or normal)

    def keep_students(self, keep: list) -> dict:
        """Keep only the students numbered ``keep`` (in that order), renumbered
        from 0, and no longer name the others as graded off the roster;
        returns old number -> new."""
        new = {old: k for k, old in enumerate(keep)}
        for table in (self.not_on_roster, self.by_zeros):
            for key, written in list(table.items()):
                number = self.find(written if table is self.not_on_roster else key)
                if number is not None and number not in new:
                    del table[key]
        self.ids, self.names = [self.ids[n] for n in keep], [self.names[n] for n in keep]
        self.paper_numbers = [self.paper_numbers[n] for n in keep]
        self.by_text = {text: new[n] for text, n in self.by_text.items() if n in new}
        self.by_id = {normal: new[n] for normal, n in self.by_id.items() if n in new}
        return new

    def _register(self, student_id: str, name: str, paper=None, listed: bool = False) -> int:
        """Register a student met in the answers (or, ``listed``, on the roster:
        never then counted as graded but not on the roster)."""
        normal = normalise_id(student_id)
        if not normal:   # nothing, or only spaces and invisible characters: no id
            return -1
        known = self.matcher.match(normal)
        if known is None and self.own_papers and paper is None:
            return UNKNOWN
        if known is None and self.matcher and not listed:
            self.not_on_roster.setdefault(normal, student_id)
        if self.own_papers and not listed and not self.in_class(known or normal):
            self.not_on_roster.setdefault(known or normal, student_id)   # has a paper, not on the roster
        if known is not None and known != normal and not listed:
            self.by_zeros.setdefault(student_id, self.shown.get(known, (known, ""))[0])
        normal = known or normal
        if normal in self.by_id:
            return self.by_id[normal]
        shown_id, shown_name = self.shown.get(normal, (shown_id_text(student_id), ""))
        number = len(self.ids)
        self.by_id[normal] = number
        self.ids.append(shown_id)
        self.names.append(shown_name or name)   # the roster's or key's spelling of the name first
        self.paper_numbers.append(self.paper_of.get(normal, 0) if paper is None else paper)
        return number

    def unknown_outcome(self, text: str, name: str = "", row: int | None = None):
        """The outcome of a row (numbered ``row`` in the file) whose student the
        per-student key does not know: ``unknown_student``. The nearest known
        ids are named once the whole file is read (``hinted_rows``)."""
        found = self.unknown.get(text)
        if found is None:
            student_id = text.strip()
            rostered = self.rostered_without_paper(student_id)
            reason = (f"student {shortened(student_id)!r} {rostered[0]}; {rostered[1]}" if rostered
                      else self._no_paper(student_id))
            found = (make_outcome(Status.UNKNOWN_STUDENT, 0.0, "", "", "", reason), name)
            if len(self.unknown) < UNKNOWN_LIMIT:
                self.unknown[text] = found
        if row is not None and text in self.unknown:
            self.unknown_rows.setdefault(text, array("q")).append(row)
        return found[0]

    def rostered_without_paper(self, student_id: str) -> tuple | None:
        """``(words, advice)`` for ``student_id`` on --roster with no paper in
        the key (``is on the roster but has no paper in key.json``, and what to
        do), or None for any other id."""
        if normalise_id(student_id) not in self.shown:
            return None
        advice = "no attempt of theirs is in the LMS download it was built from" if self.lms else "generate their paper"
        return f"is on the roster but has no paper in {self.index.name}", advice

    def paperless_hint(self, student_id: str, hinted: bool = True) -> str | None:
        """None unless a per-student key has no paper for ``student_id`` (not
        even by leading zeros); else the ``did you mean ...`` its rows would
        carry ("" when no id is near, or not ``hinted``: a hint costs some 10 ms;
        none for a roster id, which is named so)."""
        if not self.own_papers or self.matcher.match(normalise_id(student_id)) is not None:
            return None
        return "" if not hinted or normalise_id(student_id) in self.shown else self.hint(student_id)

    def _no_paper(self, student_id: str, hint: str = "") -> str:
        return f"student {shortened(student_id)!r} has no paper in {self.index.name}" + (f"; {hint}" if hint else "")

    def hinted_rows(self) -> dict:
        """{row: outcome} naming the nearest known ids (``hint``, first any whose
        name is the id's first row's) in every row of the first HINT_LIMIT unknown
        ids in file order, and their outcomes in ``unknown`` too. Worked out once
        the whole file is read and its parts merged: a count kept as rows were
        read gave each part of a split file a budget of its own (--jobs changed
        graded.csv). A hint costs about 10 ms against 2,000 known ids."""
        patched = {}
        for text in sorted(self.unknown_rows, key=lambda t: self.unknown_rows[t][0])[:HINT_LIMIT]:
            student_id, (_, name) = text.strip(), self.unknown[text]
            hint = "" if normalise_id(student_id) in self.shown else self.hint(student_id, name)
            if hint:
                outcome = make_outcome(Status.UNKNOWN_STUDENT, 0.0, "", "", hint, self._no_paper(student_id, hint))
                self.unknown[text] = (outcome, name)
                patched.update(dict.fromkeys(self.unknown_rows[text], outcome))
        return patched

    def hint(self, student_id: str, name: str = "") -> str:
        """``did you mean ...`` for an id the per-student key has no paper for:
        the key's ids of students named ``name`` first, then the nearest ids,
        those who gave no answer (``no_answer_ids``) first among equally near
        ones: one ranking for the row's reason and the summary's line."""
        return id_hint(student_id, self.key_ids, self._named(name), self.no_answer_ids())

    def no_answer_ids(self) -> tuple:
        """The ids of the key's and the roster's students who gave no answer
        (the absentees ``add_roster`` registers, and those it leaves out as not
        on ``--roster``: one may have sat the quiz under a mistyped id), worked
        out at first need, once every answer is read (``hinted_rows``), and kept."""
        if self._no_answer is None:
            wanted = [sid for sid, _, _ in self.index.roster]
            wanted += [s.student_id for s in self.roster
                       if not self.own_papers or self.lms or normalise_id(s.student_id) in self.paper_of]
            self._no_answer = tuple(sid for sid in wanted if self.find(sid) is None)
        return self._no_answer

    def _named(self, name: str) -> list:
        """The key's ids whose name is ``name``, case and spacing aside, or that ``name`` is (id and name swapped)."""
        wanted, as_id = " ".join(name.casefold().split()), normalise_id(name)
        return [sid for sid, known, _ in self.index.roster
                if wanted and (" ".join(known.casefold().split()) == wanted or normalise_id(sid) == as_id)]

    def add_roster(self) -> list:
        """Register who should have answered but gave no answer (the key's
        per-student papers, the roster file); fill names the answers lacked.
        Returns the numbers of those absent students, in roster order."""
        absent = []
        for student_id, name, paper in self.index.roster:
            if self.find(student_id) is not None:
                continue
            if self.in_class(student_id):
                absent.append(self._register(student_id, name, paper))
            else:   # a paper was made for them, but they are no longer in the class
                self.left_out.append(student_id)
        for student in self.roster:
            if self.find(student.student_id) is None:
                normal = normalise_id(student.student_id)
                if self.own_papers and normal not in self.paper_of and not self.lms:
                    self.without_paper.append(student.student_id)   # no paper: neither absent nor graded
                    continue
                absent.append(self._register(student.student_id, student.name, self.paper_of.get(normal, 0), True))
                if self.lms and normal not in self.paper_of:   # scored 0 on the whole quiz (paper 0)
                    self.unsubmitted.append(absent[-1])
        for number, student_id in enumerate(self.ids if self.shown else ()):   # a class key, no roster: no names
            shown = self.shown.get(normalise_id(student_id))
            if shown and shown[1] and not self.names[number]:
                self.names[number] = shown[1]
        return absent


def check_roster_matches(students: Students, answers_name: str) -> None:
    """Stop in one line when ``--roster`` was given and not one student id of
    the answers (registered so far: before ``add_roster``) is on it: the roster's
    id column holds something else (emails, a roster keyed on ``email`` for want
    of an id column), and grading would go on with every student unmatched.
    An id near a roster id (a typo's ``s1O22``) is left to the hints instead.
    With per-student papers the ids the key has no paper for count too (they
    are not registered), and without --roster the key's papers are the roster
    (check_papers_match)."""
    if students.on_roster is None:
        check_papers_match(students, answers_name)
        return
    written = students.ids or [text.strip() for text in list(students.unknown)[:MATCH_TRIES]]
    if not written or any(map(students.in_class, written)):
        return
    known = [s.student_id for s in students.roster]
    if any(nearest_ids(sid, known, count=1) for sid in written[:MATCH_TRIES]):   # a typo's: hinted later
        return
    roster = students.roster_file
    if students.own_papers and not students.ids and any(normalise_id(sid) in students.paper_of for sid in known):
        check_papers_match(students, answers_name, roster.source)   # the roster holds the papers' ids: the answers' are wrong
    column, source = roster.column, roster.source
    read = f"ids read from column {shortened(column)!r}" if column else "its ids"
    raise InputFileError(f"{source}: {read} match none of {answers_name}'s student ids (first: "
                         f"{shortened(written[0])}){unmatched_advice(roster, written, answers_name)}")


def check_papers_match(students: Students, answers_name: str, roster=None) -> None:
    """Stop in one line when the key has per-student papers and not one student
    id of the answers has a paper there (every row ``unknown_student``: the id
    column holds emails, say) and no --roster was given (the papers are the
    roster), or one (``roster``: its file) that lists the papers' ids, so the
    answers' id column is what is wrong; every student would score 0 and be
    called missing. An id near a paper's id (a typo) is
    left to the hints instead, as check_roster_matches leaves it."""
    if not students.own_papers or students.ids or not students.unknown:
        return
    written = [text.strip() for text in list(students.unknown)[:MATCH_TRIES]]
    if any(nearest_ids(sid, students.key_ids, count=1) for sid in written):   # a typo's: hinted later
        return
    listed = f" nor is on {roster}, which lists the papers' ids" if roster is not None else ""
    raise InputFileError(f"{answers_name}: none of its student ids has a paper in {students.index.name}{listed} "
                         f"(first: {shortened(written[0])}); give answers whose student id column holds the ids the papers "
                         f"were made for, or grade them with the key.json of the papers they answered")


def one_paper_each(student_ids, source: str) -> InputFileError:
    """The one line for a per-student key whose ids include two that are one
    student by normalise_id (``s001`` and ``S 001``, a hand edit): one's answers
    would be graded against the other's paper. Called only when there are two."""
    seen = {}
    for student_id in student_ids:
        first = seen.setdefault(normalise_id(student_id), student_id)
        if first != student_id:
            return InputFileError(
                f"{source}: students[{_quoted(student_id)}]: the student ids {_quoted(first)} and "
                f"{_quoted(student_id)} are one student ({why_one_id(first, student_id)}); expected one paper a "
                "student: rename or remove one")
    raise ValueError("no two ids of one student")


def _quoted(student_id: str) -> str:
    """An id as a message shows it: in double quotes, as key.json writes it, on one line and short."""
    return '"' + shortened(printable(student_id), 40).replace('"', '\\"') + '"'
