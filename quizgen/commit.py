"""Putting a run's outputs in place, all or none: each is renamed from its
temporary name onto its target with Ctrl-C (and SIGTERM, SIGHUP) held, the
file it replaces kept under a backup name (a hard link) until all are in
place, so that a rename failing partway (a full disk, a name too long, a
read-only file) puts back every file renamed before it; ``one_commit`` makes
several writes one such commit (grade's files built from an LMS download,
its feedback sheets and its reports)."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import signal
import socket
import stat
import threading
import time
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path


@contextmanager
def signals_held():
    """Hold Ctrl-C (and SIGTERM, SIGHUP) back while outputs are put in place,
    then act on it: stopping between two renames would leave this run's files
    beside an earlier run's. The renames take microseconds; grade's commit
    (one_commit) also holds them while it writes the feedback sheets, so a
    signal then stops the run only once all its outputs stand. Re-entrant; in
    a thread other than the main one, a no-op."""
    if threading.current_thread() is not threading.main_thread() or _HELD:
        yield
        return
    caught, previous = [], {}
    _HELD.append(True)
    try:
        for signum in _HELD_SIGNALS:
            previous[signum] = signal.signal(signum, lambda number, _frame: caught.append(number))
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _HELD.clear()
        for signum in caught[:1]:
            if callable(previous.get(signum)):
                previous[signum](signum, None)   # KeyboardInterrupt, or Terminated
            elif previous.get(signum) == signal.SIG_DFL:
                os.kill(os.getpid(), signum)     # the default action, now that it is back


_HELD = []   # non-empty while signals_held is in effect
_HELD_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def temp_name(directory: Path) -> Path:
    """A fresh temporary name beside the outputs, not yet created. Callers note
    it before creating the file (exclusively), so a signal arriving at any
    moment leaves no temporary file that their clean-up does not know of. The
    name holds this host's tag and this process's id: a file SIGKILL left
    behind is then provably stale once that process is gone (remove_stale_temps)."""
    return Path(directory) / f".quizgen-{_HOST}-{os.getpid()}-{secrets.token_hex(8)}.tmp"


def backup_name(directory: Path) -> Path:
    """A fresh name for a replaced output kept for a roll-back (_keep_old):
    ``.keep``, never ``.tmp``, so remove_stale_temps leaves it, as after a
    SIGKILL mid-commit it may be the only copy of an earlier output."""
    return temp_name(directory).with_suffix(".keep")


_HOST = hashlib.sha256(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:8]
"""This host, as temporary names tag it: a process id means something only on its own host."""
_TEMP = re.compile(r"\.quizgen-([0-9a-f]{8})-([0-9]{1,10})-[0-9a-f]{16}\.tmp")
STALE_SECONDS = 3600
"""How long a temporary file of a process that is gone is left before a later
run into its folder removes it: an hour, past any run's last write."""


def remove_stale_temps(directory: Path) -> None:
    """Remove the temporary files a killed run (SIGKILL, a power cut) left in
    ``directory``: those named by temp_name on this host, whose process no
    longer runs, owned by this user and untouched for STALE_SECONDS. Any
    other file stays, an older quizgen's temporary files too (their names
    say no process, so nothing proves them stale). POSIX only."""
    if os.name != "posix":
        return
    with suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            found = _TEMP.fullmatch(entry.name)
            if found and found[1] == _HOST and _gone(int(found[2])) and _old_and_mine(entry):
                _unlink_quietly(entry.path)


def _gone(pid: int) -> bool:
    """Whether no process ``pid`` runs on this host (one of another user's runs)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return pid > 0
    except (OSError, OverflowError):   # PermissionError: it runs, as another user
        return False
    return False


def _old_and_mine(entry: os.DirEntry) -> bool:
    """A regular file (not a link) of this user's, unchanged for STALE_SECONDS:
    by st_ctime as well as st_mtime, as a hard link keeps its file's mtime."""
    with suppress(OSError):
        info = entry.stat(follow_symlinks=False)
        return (stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid()
                and time.time() - max(info.st_mtime, info.st_ctime) > STALE_SECONDS)
    return False


_COMMITS = []   # the journals of the open one_commit blocks, the innermost last


class Commit:
    """What one_commit yields: ``hold_signals()`` holds Ctrl-C (and SIGTERM,
    SIGHUP), ``hold(context)`` a lock, from then until the commit has stood or been rolled back."""

    def __init__(self, stack: ExitStack):
        self._stack = stack

    def hold_signals(self) -> None:
        """Hold signals from now to the commit's end (signals_held): a run opens
        its commit before writing anything and holds them only for its last step."""
        self._stack.enter_context(signals_held())

    def hold(self, context) -> None:
        """Enter ``context`` (a lock on an output folder) until the commit has stood or been rolled back."""
        self._stack.enter_context(context)


@contextmanager
def one_commit(hold: bool = True):
    """Every write_files and streamed_files inside the block one commit: if
    the block fails, each output they put in place is put back as it was and
    the folders they made are removed, so a run that writes in several steps
    (grade's files built from an LMS download, its feedback sheets, then its
    reports) still leaves all its outputs or none. Signals are held for the
    whole block (signals_held) unless ``hold`` is False, when the Commit
    yielded holds them from its ``hold_signals()`` on. Inside another
    one_commit, a block that ends well hands what it did to that one, which
    stands or is rolled back as a whole."""
    journal = []
    with ExitStack() as stack:
        commit = Commit(stack)
        if hold:
            commit.hold_signals()
        _COMMITS.append(journal)
        try:
            yield commit
        except BaseException:
            with signals_held():   # a second Ctrl-C does not stop the putting back halfway
                _roll_back(journal)
            raise
        finally:
            del _COMMITS[next(i for i, open_one in enumerate(_COMMITS) if open_one is journal)]   # this one, not an equal
        if _COMMITS:
            _COMMITS[-1].extend(journal)
        else:
            _settle(journal)


def put_in_place(staged: list, made: list) -> None:
    """Rename each ``(temp, target)`` of ``staged`` into place, signals held;
    if one rename fails, those before it are put back (_roll_back): all or
    none. Inside one_commit, what was replaced is kept until the block ends.
    Each file is synced to the disk (fsync) before the renames and each folder
    after them, so a power cut just after a run leaves the old output or the
    new, never an empty or partial one. An OSError raised carries the target
    it failed on as ``failed_target`` (a locked or write-protected output is
    then named, files._write_error), or, from a sync, as ``unsynced``."""
    journal = []
    with signals_held():   # a Ctrl-C held here acts after the settling, never between it and the renames
        target = None
        try:
            _sync_files(staged)   # every file on the disk before any rename: a failure replaces nothing
            for temp, target in staged:
                journal.append((target, _keep_old(target)))
                os.replace(temp, target)
            for folder in _folders_of(staged, [*made, *folders_made()]):
                _synced(folder, folder, folder=True)
        except BaseException as exc:
            _roll_back(journal)
            if isinstance(exc, OSError) and not hasattr(exc, "unsynced"):
                exc.failed_target = target
            raise
        journal.extend((folder, _MADE) for folder in made)
        if _COMMITS:
            _COMMITS[-1].extend(journal)
        else:
            _settle(journal)


_UNSYNCABLE = {errno.EINVAL, errno.EBADF, getattr(errno, "ENOTSUP", errno.EINVAL), getattr(errno, "EOPNOTSUPP",
                                                                                          errno.EINVAL)}
"""What fsync raises where a file system cannot sync (some network and special ones): nothing more to do there."""


SYNC_THREADS = 8
"""How many files are synced at once: a file system commits the syncs that arrive together in one
go, so 600 feedback sheets take a tenth of a second where one after another they took three."""


def _sync_files(staged: list) -> None:
    """fsync the temporary file of each ``(temp, target)`` of ``staged``, several at once (SYNC_THREADS);
    the first to fail in ``staged``'s order is raised, once all have been tried."""
    if len(staged) < 2:
        for temp, target in staged:
            _synced(temp, target)
        return
    from concurrent.futures import ThreadPoolExecutor   # here: every command imports this module, few write many files
    with ThreadPoolExecutor(min(SYNC_THREADS, len(staged))) as pool:
        for _ in pool.map(lambda pair: _synced(*pair), staged):
            pass


def _synced(path, named, folder: bool = False) -> None:
    """fsync the file (``folder``: the folder, POSIX only) at ``path``; an OSError
    of a failed sync carries ``named`` (the output it was for) as ``unsynced``.
    A folder that cannot be opened to read (write-only), or a file system with
    no sync, is left as it is: its renames stand, unsynced, as everywhere before."""
    if folder and os.name != "posix":
        return
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) if folder else os.O_RDONLY if os.name == "posix" else os.O_RDWR
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if folder:
            return
        exc.unsynced = named
        raise
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in _UNSYNCABLE:
            exc.unsynced = named
            raise
    finally:
        os.close(fd)


def _folders_of(staged: list, made: list) -> list:
    """The folders whose entries ``staged``'s renames and the folders ``made`` (by the write, or
    by a lock before it) changed, each once: the new names in them are on the disk only once these are synced."""
    return list(dict.fromkeys([*(Path(target).parent for _, target in staged), *(Path(f).parent for f in made)]))


_MADE = object()   # a journal entry's mark, in place of a kept file, for a folder the run created
_STALE = object()  # a journal entry's mark for a file to remove once the commit stands


def remove_folders(made: list) -> None:
    """Remove the folders ``made`` (deepest first) by a write that failed, those
    left empty; inside one_commit they are also noted for its roll-back, which
    removes them once the outputs put in place in them earlier are taken back
    (``--out new/g.csv --feedback new/fb``: new/ holds the sheets until then)."""
    for folder in made:
        with suppress(OSError):
            Path(folder).rmdir()
    if _COMMITS:
        _COMMITS[-1].extend((Path(folder), _MADE) for folder in made)


def note_made(made: list) -> None:
    """Note the folders ``made`` for the open one_commit's roll-back (none outside one): a folder a lock made
    before the writes, removed with those the writes made, the deepest first (``new/fb`` before ``new/``)."""
    if _COMMITS:
        _COMMITS[-1].extend((Path(folder), _MADE) for folder in made)


def folders_made() -> list:
    """The folders the open one_commit notes as made so far (none outside one), the deepest first."""
    made = [Path(target) for target, mark in (_COMMITS[-1] if _COMMITS else ()) if mark is _MADE]
    return sorted(made, key=lambda folder: len(folder.parts), reverse=True)


def remove_when_settled(path) -> None:
    """Remove the file ``path`` (an earlier run's output this run replaces by
    none) once the commit stands: at once outside one_commit, else at its end,
    so that a run failing later still leaves the earlier outputs as they were."""
    if _COMMITS:
        _COMMITS[-1].append((Path(path), _STALE))
    else:
        _unlink_quietly(path)


def _unlink_quietly(path) -> None:
    """Remove ``path``; one that cannot be removed stays (the new outputs are in place)."""
    with suppress(OSError):
        Path(path).unlink(missing_ok=True)


def _keep_old(target: Path):
    """The file ``target`` names now, kept under a backup_name to put back
    on a roll-back (a hard link, or where there can be none, the file moved
    aside); None when there is no such file."""
    backup = str(backup_name(Path(target).parent))
    try:
        os.link(target, backup, follow_symlinks=False)
    except FileNotFoundError:
        return None
    except (OSError, NotImplementedError):   # FAT, protected hard links: moved aside instead
        try:
            os.replace(target, backup)
        except FileNotFoundError:
            return None
    return backup


def _roll_back(journal: list) -> None:
    """Put back what the renames of ``journal`` replaced (a new file is removed),
    the last first, then remove the folders the run made, the deepest first
    (those left empty only); a file waiting for removal (_STALE) stays."""
    for target, backup in reversed(journal):
        if backup is _MADE or backup is _STALE:
            continue
        with suppress(OSError):
            if backup is None:
                Path(target).unlink(missing_ok=True)
            else:
                os.replace(backup, target)
                Path(backup).unlink(missing_ok=True)   # a hard link onto the same file is left by rename
    made = [Path(target) for target, backup in journal if backup is _MADE]
    for folder in sorted(made, key=lambda f: len(f.parts), reverse=True):
        with suppress(OSError):
            folder.rmdir()


def _settle(journal: list) -> None:
    """The commit stands: remove the replaced files kept for a roll-back, and
    the earlier outputs no longer wanted (remove_when_settled)."""
    for target, backup in journal:
        if backup is _STALE:
            _unlink_quietly(target)
        elif backup is not None and backup is not _MADE:
            with suppress(OSError):
                os.unlink(backup)
