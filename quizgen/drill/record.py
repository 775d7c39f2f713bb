"""The learner's progress for ``quizgen drill``: a small JSON file in the user's data
folder, and the spaced-repetition rule (Leitner boxes) that decides which class to ask
next. The rule is described in docs/drill.md.

Every class and every misconception (trap code) the learner has met is a card in a box
from 1 to 5. A question answered right without hints moves its class up one box; right
with hints leaves it where it is; a miss or a skip sends it back to box 1. A trap answer
sends that misconception to box 1; a right answer without hints to a part that has the
trap moves it up one box (once per question, and not in a question that met it); any
other answer to it (a right one after hints, or a skip) leaves it in its box but starts
its wait again, so an open misconception cannot hold its class at the front for ever. A
card in box b comes due ``3 * 2**(b - 1)`` questions later (3, 6, 12, 24, 48), counted
on the learner's own question clock, so a miss comes back within three questions and
keeps coming back until it is answered right."""

from __future__ import annotations

import json
import os
import stat
from dataclasses import asdict, dataclass, field
from pathlib import Path

from quizgen.drill.state_file import (StoppedWaiting, check_existing, empty_problem, is_empty, no_link, read_no_link,
                                      record_text, refuse_foreign, refuse_system_folder)
from quizgen.drill.progress_json import (BOXES, CLEAN, FIELDS, FORMAT, HELPED, MAX_CARDS, MAX_COUNT, MISSED, SKIPPED,
                                         VERSION, BadProgressFile, NewerProgressFile, read_record)
from quizgen.errors import InputFileError
from quizgen.wording import lines_shown
from quizgen.files import write_file
from quizgen.locks import lock_within

ENV_PATH = "QUIZGEN_PROGRESS"
OPEN_BOX = 2
LOCK_WAIT_SECONDS = 3.0   # how long a second drill waits for the progress file before refusing
MAX_BYTES = 16 * 2 ** 20   # the largest progress file read: the largest record a drill writes, 20,000 cards at
#                           every limit (200-character names, counts at 10^15), takes about 7.4 MB

MISSES = (MISSED, SKIPPED)   # the outcomes that send a class back to box 1: a part wrong, or skipped


def interval(box: int) -> int:
    """How many questions after its last result a card in ``box`` comes due."""
    return 3 * 2 ** (box - 1)


@dataclass
class Card:
    """One class or misconception: its Leitner box, when it is due (on the
    question clock), how often it was met and how often answered right. A
    class card also counts its other questions by how they went (``helped``,
    ``missed``, ``skipped``: progress_json.KINDS) and keeps how the last went
    (``last``; '' in a record from before version 2, whose earlier questions
    are in no count but ``seen`` and ``right``)."""

    box: int = 1
    due: int = 0
    seen: int = 0
    right: int = 0
    helped: int = 0
    missed: int = 0
    skipped: int = 0
    last: str = ""


@dataclass
class Progress:
    """The learner's record: the question clock, sessions run, and the cards."""

    clock: int = 0
    sessions: int = 0
    classes: dict = field(default_factory=dict)
    misconceptions: dict = field(default_factory=dict)

    def record_question(self, cls: str, outcome: str) -> Card:
        """Move the class card after a finished question (``clean``, ``helped``,
        ``missed`` or ``skipped``), count it by how it went, and advance the
        clock by one question."""
        card = self.classes.setdefault(cls, Card())
        card.seen += 1
        card.right += outcome == CLEAN
        if outcome != CLEAN:
            setattr(card, outcome, getattr(card, outcome) + 1)
        card.last = outcome
        card.box = _next_box(card.box, outcome)
        card.due = self.clock + interval(card.box)
        self.clock += 1
        return card

    def record_trap(self, code: str, met: bool) -> Card | None:
        """Move a misconception card: ``met`` (the learner gave the trap answer)
        sends it to box 1; a right answer (without hints) to a part with this
        trap moves it up.
        Traps never met are not tracked."""
        card = self.misconceptions.get(code)
        if met:
            card = self.misconceptions.setdefault(code, Card(box=1))
            card.seen += 1
            card.box = 1
        elif card is None:
            return None
        else:
            card.right += 1
            card.box = min(card.box + 1, BOXES)
        card.due = self.clock + interval(card.box)
        return card

    def record_traps(self, met: list, avoided) -> None:
        """Move the misconception cards after one question: each code ``met``
        (once per part) goes to box 1; each code ``avoided`` (on a part answered
        right without hints) moves up one box, once per question however many
        parts carry it, and not at all when the same question met it."""
        for code in met:
            self.record_trap(code, met=True)
        for code in sorted(set(avoided) - set(met)):
            self.record_trap(code, met=False)

    def retested(self, codes) -> None:
        """Start the wait again for the open misconceptions in ``codes`` that a
        finished question tested without the learner either avoiding or meeting
        them (a skip, another wrong answer): they stay in their box, but are due
        again only after its interval, like a missed class."""
        for code in codes:
            card = self.misconceptions.get(code)
            if card is not None and card.due <= self.clock:
                card.due = self.clock + interval(card.box)

    def open_misconceptions(self) -> list:
        """Codes of misconceptions still in the low boxes, most urgent first."""
        open_cards = [(card.due, code) for code, card in self.misconceptions.items() if card.box <= OPEN_BOX]
        return [code for _, code in sorted(open_cards)]

    def to_json(self) -> str:
        """The progress file's text, every count capped at MAX_COUNT and each kind of card at MAX_CARDS (the most
        secure, latest due, left out) so that parse_kept reads back all it writes;
        a class card's counts by how its questions went, and ``last``, only when set (absent is 0, or '')."""
        def capped(cards: dict, order=None, only=False) -> dict:   # only: FIELDS alone (a misconception's)
            kept = sorted(cards.items(), key=lambda kv: (kv[1].box, kv[1].due))[:MAX_CARDS]
            return {k: {f: min(n, MAX_COUNT) if f != "last" else n for f, n in asdict(v).items()
                        if f in FIELDS or (n and not only)} for k, v in sorted(kept, key=order)}
        data = {"format": FORMAT, "version": VERSION, "clock": min(self.clock, MAX_COUNT),
                "sessions": min(self.sessions, MAX_COUNT), "classes": capped(self.classes, _class_order),
                "misconceptions": capped(self.misconceptions, only=True)}
        return json.dumps(data, indent=1) + "\n"


def _next_box(box: int, outcome: str) -> int:
    """Box 1 after a miss (MISSES), one up after a question right without hints, the same after hints."""
    if outcome == HELPED:
        return max(box, 1)
    return min(box + 1, BOXES) if outcome == CLEAN else 1


def _class_order(item) -> tuple:
    name = item[0]
    return (int(name[1:]) if name[1:].isdigit() else 10 ** 6, name)


def choose_class(progress: Progress, classes: list, traps_by_class: dict) -> str:
    """The class to ask next: the one due soonest (a class is also due when one of
    its open misconceptions is); on a tie, a class seen before goes ahead of a new
    one, then the lower box, then bank order. New classes are due now."""
    def urgency(indexed):
        index, cls = indexed
        card = progress.classes.get(cls)
        return (class_due(progress, cls, traps_by_class.get(cls, ())), card is None, card.box if card else 0, index)

    return min(enumerate(classes), key=urgency)[1]


def class_due(progress: Progress, cls: str, codes=()) -> int:
    """When ``cls`` is due: its card's due (now for a new class), or sooner, one of its misconception
    ``codes`` still open: the chooser's rule, which --stats' Due column and advice follow."""
    card = progress.classes.get(cls)
    dues = [progress.misconceptions[code].due for code in codes
            if code in progress.misconceptions and progress.misconceptions[code].box <= OPEN_BOX]
    return min([card.due if card else progress.clock, *dues])


def choose_template(progress: Progress, templates: list, turn: int):
    """Of one class's templates, the one testing the most urgent open
    misconception; otherwise they take turns."""
    def urgency(indexed):
        index, template = indexed
        dues = [progress.misconceptions[c].due for c in trap_codes(template)
                if c in progress.misconceptions and progress.misconceptions[c].box <= OPEN_BOX]
        return (min(dues) if dues else float("inf"), (index - turn) % len(templates))

    return min(enumerate(templates), key=urgency)[1]


def trap_codes(template) -> set:
    """Every misconception code a template's parts can report."""
    return {trap.code for part in template.parts for trap in part.traps}


def default_path() -> Path:
    """Where progress is kept: $QUIZGEN_PROGRESS if set, else
    $XDG_DATA_HOME/quizgen/progress.json, else ~/.local/share/quizgen/progress.json."""
    if os.environ.get(ENV_PATH):
        return Path(os.environ[ENV_PATH]).expanduser()
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "quizgen" / "progress.json"


@dataclass
class Loaded:
    """What :func:`load` found: the record, a one-line note about a problem
    (or None), whether the file may be written back, and the lock held on it
    (until the ``with`` block that holds it ends, or at exit)."""

    progress: Progress
    note: str | None = None
    writable: bool = True
    lock: object = None
    dropped: tuple = ()   # one line for each entry left out of the record (its class starts afresh)

    def __enter__(self) -> "Loaded":
        return self

    def __exit__(self, *_) -> None:
        """Let the next drill have the file now: an exception's traceback can
        keep this object alive until the garbage collector runs."""
        if self.lock is not None:
            self.lock.close()
            self.lock = None


def load(path, read_only: bool = False) -> Loaded:
    """The record at ``path`` (a fresh one if there is none), locked for this
    process (a second drill on it waits briefly, then gets one line). A damaged
    record of ours is renamed aside with a note; an unreadable one is left
    alone and not written over; a symbolic link, a file that is not quizgen's
    record, or a file to be in a system folder (/dev, /proc, /sys), stops with
    one line (state_file). ``read_only`` (``drill --stats``)
    takes no lock and never renames: a bad file is only reported."""
    path = Path(path)
    check_existing(path, MAX_BYTES)   # before a lock file is made beside it
    if not _regular_or_absent(path):   # /dev/null, a FIFO, a folder: never read, moved aside or replaced
        return Loaded(Progress(), f"progress file {path} is not a regular file; it is left alone and progress "
                                  "will not be saved (use --state FILE for another file, or --no-save)",
                      writable=False)
    refuse_system_folder(path)   # a new record, a lock file or a folder would be made there
    blocked = "" if read_only else _unwritable_folder(path)
    lock = None if read_only or blocked else lock_progress(path)
    loaded = _read(path, read_only or bool(blocked))   # the record is still read, never moved aside
    loaded.lock = lock
    if blocked and loaded.writable:   # told before the first question, not after a session whose record is lost
        loaded.note, loaded.writable = (f"progress file {path} cannot be written: {blocked}; progress will not be "
                                        "saved (use --state FILE for another file, or --no-save)"), False
    if loaded.writable and not read_only and _read_only(path):   # chmod 444: the learner's choice, kept
        loaded.note, loaded.writable = (f"progress file {path} cannot be written (it is read-only): progress will "
                                        "not be saved"), False
    return loaded


def _unwritable_folder(path: Path) -> str:
    """Why the folder of a progress file cannot take a new record ("" when it can, or is still to be made):
    a file where a folder of the path should be, or a folder this user may not write in (a save makes
    the new record there and renames it over the old, so an existing file needs its folder writable too)."""
    if blocker := file_in_the_way(path):
        return f"{blocker} is a file, not a folder"
    folder = path.parent if path.exists() else next((f for f in path.parents if f.exists()), None)
    return "" if folder is None or os.access(folder, os.W_OK) else f"the folder {folder} may not be written in"


def file_in_the_way(path) -> str:
    """The file that stands where a folder of ``path`` should be (``answers.csv``
    of ``answers.csv/p.json``), "" when none: no progress file can ever be there."""
    folder = next((folder for folder in Path(path).parents if folder.exists()), None)
    return "" if folder is None or folder.is_dir() else str(folder)


def _read_only(path: Path) -> bool:
    """Whether ``path`` exists and may not be written (its owner may not: root would write past it)."""
    try:
        return not os.stat(path).st_mode & stat.S_IWUSR or not os.access(path, os.W_OK)
    except OSError:
        return False


def _regular_or_absent(path: Path) -> bool:
    """Whether ``path`` is a regular file (through a symbolic link) or does not exist yet."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return not os.path.lexists(path)


def _read(path: Path, read_only: bool) -> Loaded:
    if not path.exists():
        return Loaded(Progress())
    try:
        data = read_no_link(path, MAX_BYTES + 1) or b""   # a link put there since load() looked: ELOOP
        if len(data) > MAX_BYTES:   # a 300 MB file took 615 MB of memory before it was refused
            return Loaded(Progress(), f"progress file {path} is over {MAX_BYTES // 2 ** 20} MB, larger than any "
                                      "record; it is left as it is and progress will not be saved (use --state "
                                      "FILE or --no-save)", writable=False)
        text = record_text(data)   # Notepad saves a hand-edited record with a byte-order mark, UTF-8's or UTF-16's
    except UnicodeDecodeError as exc:
        return _bad(path, f"is a damaged quizgen progress record (it is not {exc.encoding.upper()} text)",
                    read_only, data)
    except OSError as exc:
        return Loaded(Progress(), f"cannot read progress file {path}: {exc.strerror or exc}; "
                                  "progress will not be saved", writable=False)
    if is_empty(data):   # nothing in it: a save a crash cut to nothing (or zeroed), or a file made empty
        return _bad(path, empty_problem(data), read_only, data)
    try:
        progress, dropped = parse_kept(text)
    except NewerProgressFile as exc:
        return Loaded(Progress(), f"progress file {path} was written by a newer quizgen ({exc}); it is left as it "
                                  "is and progress will not be saved (use --state FILE or --no-save)", writable=False)
    except BadProgressFile as exc:
        return _bad(path, _unusable(exc), read_only, data)
    return Loaded(progress, dropped=_dropped_lines(path, dropped))


def _unusable(exc: BadProgressFile) -> str:
    """What a file that is no record is, for the warning: ``could not be read
    as JSON (...)`` for a file cut short or not JSON at all, else ``is a
    damaged quizgen progress record (...)`` (it holds the marker: ``state_file.is_ours``)."""
    if exc.not_json:
        return f"could not be read as JSON ({exc})"
    return f"is a damaged quizgen progress record ({exc})"


def _dropped_lines(path: Path, dropped: list) -> tuple:
    """The warnings for the entries left out of the record, the first
    WARNINGS_SHOWN of them and then how many more."""
    return tuple(lines_shown([f"progress file {path}: {line}" for line in dropped], lambda more: (
        f"progress file {path}: and {more} more entries that make no sense, each starting afresh")))


def _bad(path: Path, problem: str, read_only: bool, data: bytes) -> Loaded:
    """A file that is no usable record: reported (``read_only``) or moved aside when it is
    a damaged record of ours, or empty; any other file stops the drill, left as it is."""
    refuse_foreign(path, data)
    if read_only:
        return Loaded(Progress(), f"progress file {path} {problem}; left as it is (a drill would move it aside)",
                      writable=False)
    return _set_aside(path, problem)


def lock_progress(path: Path):
    """An exclusive lock on ``<path>.lock`` (the progress file itself is replaced
    on every save, so it cannot carry the lock), or None where no lock file can
    be made (then saving fails too, with its own warning). Refuses with one line
    when another process holds it for longer than LOCK_WAIT_SECONDS; a Ctrl-C while
    it waits raises StoppedWaiting (the drill stops as at q, nothing read or written)."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path, "a+b", opener=no_link)
    except OSError:
        return None
    try:
        locked = lock_within(handle.fileno(), LOCK_WAIT_SECONDS)   # True too on a file system without locks
    except KeyboardInterrupt:
        handle.close()
        raise StoppedWaiting(path) from None
    if not locked:
        handle.close()
        raise InputFileError(f"progress file {path} is in use by another quizgen drill; finish that "
                             "one first, or use --state FILE or --no-save")
    return handle


def _set_aside(path: Path, problem: str) -> Loaded:
    """Rename a bad progress file to ``<name>.bad`` (``.bad-2``, ... if taken)."""
    for n in range(1, 1000):
        aside = path.with_name(f"{path.name}.bad" + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(aside):
            break
    try:
        path.rename(aside)
    except OSError as exc:
        return Loaded(Progress(), f"progress file {path} {problem} and cannot be moved "
                                  f"aside: {exc.strerror or exc}; progress will not be saved", writable=False)
    return Loaded(Progress(), f"progress file {path} {problem}; moved it to {aside.name} and started a fresh record")


def parse_kept(text: str) -> tuple:
    """``(progress, dropped)``: the record from a progress file's text with
    each entry that makes no sense left out, and a line for each saying why;
    BadProgressFile when the file as a whole is no record."""
    clock, sessions, cards, dropped = read_record(text)
    return Progress(clock=clock, sessions=sessions,
                    classes={name: Card(**fields) for name, fields in cards["classes"].items()},
                    misconceptions={name: Card(**fields) for name, fields in cards["misconceptions"].items()}), dropped


def save(progress: Progress, path) -> None:
    """Write the record atomically (OutputError if it cannot be written)."""
    write_file(Path(path), progress.to_json())
