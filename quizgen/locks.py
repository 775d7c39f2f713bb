"""Exclusive locks between quizgen processes (fcntl.flock): the drill's
progress file, waited for a few seconds, and what grade writes, held from its
look at the earlier outputs to its last rename and its removal of those it did
not write again (grading/stale.py), and generate's --out folder, from
its look at the earlier key to its last file written, so that a second run at the
same time writing the same files fails at once instead of replacing the first's
outputs unseen: a whole output folder (``--feedback``, generate's), or only the
outputs named after one graded file, so two grades of different answers files
into one folder both run. Where the file system or the platform has no locks
(no fcntl: Windows), a run goes on unlocked."""

from __future__ import annotations

import os
import time
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

from quizgen.commit import folders_made, note_made, remove_folders
from quizgen.errors import UsageError
from quizgen.files import check_folder, make_folder

try:
    import fcntl
except ImportError:   # a platform with no flock: every lock is "taken" at once
    fcntl = None

WAIT_HINT = "wait for it to finish and run this again"


def lock_within(fd: int, seconds: float, shared: bool = False) -> bool:
    """Take an exclusive lock (``shared``: a shared one) on the open file ``fd``,
    trying for ``seconds`` (0: once); False when another process still holds
    it then, True when taken or when the file system or platform cannot lock
    (the caller goes on unlocked). A Ctrl-C while it waits is raised to the caller."""
    if fcntl is None:
        return True
    deadline = time.monotonic() + seconds
    while True:
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        except OSError:
            return True


_HELD = set()   # (device, inode) of each folder this process holds: a second hold of one is a no-op


@contextmanager
def writing_folder(folder, option: str, outputs: str | None = None, said: str | None = None):
    """Hold a lock on what a run writes into the output ``folder`` for the
    block; the folder is made first if missing (after check_folder, so never
    in /dev), and removed again if the block fails and leaves it empty.
    ``outputs`` None: the whole folder, exclusive, on its own descriptor (no
    lock file). ``outputs`` a file's name (``week2-graded.csv``): only the
    outputs named after it, by a lock file ``.week2-graded.quizgen-lock``
    there while held, and the folder shared, so that other outputs may be
    written into it at once but not by a run holding it whole. Another
    process holding either: UsageError at once, one line starting with
    ``said`` (default: ``option folder``). Re-entrant in one process
    (``--feedback`` the ``--out`` folder: held as first taken, whole by hold_folders)."""
    made = make_folder(check_folder(folder))
    note_made(made)   # rolled back with the writes' own folders, whoever made the one above it
    made = folders_made() or made   # in a commit, those too its earlier writes made (an LMS grade's built files')
    said = said or f"{option} {folder}"
    with ExitStack() as held:
        try:
            if outputs is None:
                held.enter_context(_folder_held(folder, False, f"{said}: another quizgen is writing {folder} now; "
                                                f"{WAIT_HINT}, or give this run another folder"))
            else:
                hint = f"{WAIT_HINT}, or give this run another output folder ({option})"
                held.enter_context(_folder_held(folder, True, f"{said}: another quizgen is writing into {folder} "
                                                f"now; {hint}"))
                held.enter_context(_outputs_held(folder, outputs, f"{said}: another quizgen is writing "
                                                 f"{Path(folder, outputs)} and its reports now; {hint}"))
            yield
        except BaseException:
            held.close()   # the lock file gone first: the roll-back found the folder holding it
            remove_folders(made)   # those left empty: a failed run leaves no folder it made
            raise


@contextmanager
def _folder_held(folder, shared: bool, refusal: str):
    """A lock on ``folder`` itself for the block (UsageError ``refusal`` when another
    process holds it); none when it cannot be opened to read (its writes report what is wrong)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield
        return
    try:
        found = os.fstat(fd)
        identity = (found.st_dev, found.st_ino)
        if identity in _HELD:
            yield
            return
        if not lock_within(fd, 0, shared):
            raise UsageError(refusal) from None
        _HELD.add(identity)
        try:
            yield
        finally:
            _HELD.discard(identity)
    finally:
        os.close(fd)


@contextmanager
def _outputs_held(folder, name: str, refusal: str):
    """An exclusive lock on the lock file of the outputs named after ``name`` in
    ``folder``, removed at the block's end (UsageError ``refusal`` when another
    process holds it); none where no lock file can be made or locked. One a
    killed run left (SIGKILL) is taken over, being unlocked, and removed then."""
    path = os.path.join(folder, f".{Path(name).stem}.quizgen-lock")
    fd = _locked_file(path, refusal) if fcntl is not None else None
    try:
        yield
    finally:
        if fd is not None:
            with suppress(OSError):
                os.unlink(path)   # still locked: a run that opened it meanwhile finds it gone and opens anew
            os.close(fd)


def _locked_file(path: str, refusal: str):
    """The descriptor of the file ``path`` (made if missing, never through a
    link), locked, and still the file of that name once locked (not one its
    last holder removed meanwhile); None when it cannot be made."""
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError:
            return None
        try:
            if not lock_within(fd, 0):
                raise UsageError(refusal) from None
            opened = os.fstat(fd)
            named = os.stat(path, follow_symlinks=False)
            if (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino):
                return fd
        except FileNotFoundError:
            pass
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def hold_folders(commit, folders) -> None:
    """Lock each output folder of ``folders`` until ``commit`` (commit.one_commit's)
    has stood or been rolled back (writing_folder): each entry ``(folder or None, its
    option)``, the whole folder, or ``(folder, option, outputs, said)``, the outputs named after ``outputs``.
    The whole folders are taken first, so that one also named for some outputs (``--feedback`` the
    ``--out`` folder) is held whole, as its writes need, not shared as the first hold of it would leave it."""
    for folder, *rest in sorted(folders, key=lambda entry: len(entry) > 2):
        if folder:
            commit.hold(writing_folder(folder, *rest))
