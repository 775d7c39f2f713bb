"""Exclusive locks between quizgen processes (fcntl.flock): the drill's
progress file, waited for a few seconds, and an output folder that grade
writes into, held from its look at the earlier outputs to its last rename (and
generate's, from its look at the earlier key to its last file written), so
that a second run at the same time fails at once instead of replacing the
first's outputs unseen. Where the file system has no locks, a run goes on unlocked."""

from __future__ import annotations

import fcntl
import os
import time
from contextlib import contextmanager

from quizgen.commit import note_made, remove_folders
from quizgen.errors import UsageError
from quizgen.files import check_folder, make_folder


def lock_within(fd: int, seconds: float) -> bool:
    """Take an exclusive lock on the open file ``fd``, trying for ``seconds``
    (0: once); False when another process still holds it then, True when
    taken or when the file system cannot lock (the caller goes on unlocked).
    A Ctrl-C while it waits is raised to the caller."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        except OSError:
            return True


_HELD = set()   # (device, inode) of each folder this process holds: a second hold of one is a no-op


@contextmanager
def writing_folder(folder, option: str):
    """Hold an exclusive lock on the output ``folder`` (on its own descriptor,
    so no lock file is left in it) for the block; the folder is made first if
    missing, and removed again if the block fails and leaves it empty. Another
    process holding it: UsageError at once, one line naming the folder and
    ``option`` (``--out``). Re-entrant in one process (``--feedback .``)."""
    made = make_folder(check_folder(folder))
    note_made(made)   # rolled back with the writes' own folders, whoever made the one above it
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield   # a folder that cannot be opened to read: unlocked, and its writes report what is wrong
        return
    try:
        found = os.fstat(fd)
        identity = (found.st_dev, found.st_ino)
        if identity in _HELD:
            yield
            return
        if not lock_within(fd, 0):
            raise UsageError(f"{option} {folder}: another quizgen is writing {folder} now; wait for it to finish "
                             "and run this again, or give this run another folder") from None
        _HELD.add(identity)
        try:
            yield
        except BaseException:
            remove_folders(made)   # those left empty: a failed run leaves no folder it made
            raise
        finally:
            _HELD.discard(identity)
    finally:
        os.close(fd)


def hold_folders(commit, folders) -> None:
    """Lock each output folder of ``folders`` (``(folder or None, its option)``) until
    ``commit`` (commit.one_commit's) has stood or been rolled back (writing_folder)."""
    for folder, option in folders:
        if folder:
            commit.hold(writing_folder(folder, option))
