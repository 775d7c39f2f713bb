"""Writing output files atomically: everything is rendered first, each file is
written to a temporary name beside its target and renamed into place, all or
none (commit.py), so an error never leaves a half-written file or half a set.
Every name is checked first: only regular files are replaced (never a device,
FIFO, socket or folder), no name may be longer than the folder allows
(``check_length``), and SIGTERM/SIGHUP become an exception
(``install_signal_cleanup``) so that the temporary files are removed then too.
No output may be one of the run's inputs (``refuse_clashes``), and a file name
that is no UTF-8 (its bytes decoded to lone surrogates) is written into an
output as ``\\xff`` (the ``UNENCODABLE`` error handler), never a traceback."""

from __future__ import annotations

import codecs
import errno
import json
import os
import signal
import stat
import threading
from contextlib import contextmanager, suppress
from pathlib import Path

from quizgen.byte_order import bom_encoding
from quizgen.commit import put_in_place, remove_folders, remove_stale_temps, temp_name
from quizgen.errors import InputFileError, OutputError, UsageError
from quizgen.input_files import MAX_KEY_BYTES
from quizgen.out_option import is_system_folder
from quizgen.write_errors import write_error as _write_error

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))


UNENCODABLE = "quizgen-escaped"
"""The encoding error handler every output is written with: a lone surrogate
(an undecodable byte of a file name, as ``os.fsdecode`` gives it) becomes
``\\xff``, that byte; any other character UTF-8 cannot hold, ``\\udXXX``."""


def _escaped(exc):
    """The UNENCODABLE handler: the characters ``exc`` failed on, as backslash escapes."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start:exc.end]
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF else f"\\u{ord(c):04x}"
                   for c in bad), exc.end


codecs.register_error(UNENCODABLE, _escaped)


class Terminated(SystemExit):
    """SIGTERM or SIGHUP arrived: unwinds like any error, so temporary files and
    child processes are cleaned up, and exits with 128 + the signal number."""


def install_signal_cleanup() -> None:
    """Turn SIGTERM and SIGHUP into :class:`Terminated` (SIGINT already raises
    KeyboardInterrupt). A signal the process was started ignoring stays
    ignored (``nohup quizgen generate ...`` must outlive its terminal). Only
    possible in the main thread; elsewhere a no-op."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _terminate)


def _terminate(signum, _frame):
    raise Terminated(128 + signum)


def check_length(path, limits: tuple | None = None) -> None:
    """Refuse (UsageError, exit 2) a path the system could not open: a name of
    it longer than NAME_MAX bytes of the folder it goes in (os.pathconf, 255 on
    most disks), or the whole longer than PATH_MAX; checked before anything is
    written, so a run never stops on ``File name too long`` halfway."""
    path = Path(path)
    name_max, path_max = limits or _limits(path)
    for part in path.parts:
        size = len(os.fsencode(part))
        if name_max and size > name_max:
            raise UsageError(f"{_shown(part)}: this name is {size} bytes long, and a file or folder name may have "
                             f"at most {name_max} bytes on this disk; nothing was written: choose a shorter --out")
    size = len(os.fsencode(str(path)))
    if path_max and size >= path_max:
        raise UsageError(f"{_shown(path)}: this path is {size} bytes long, and a path may have at most "
                         f"{path_max - 1}; nothing was written: choose a shorter --out")


def _shown(text) -> str:
    """A long name in a one-line message: its first and last 40 characters."""
    text = str(text)
    return text if len(text) <= 90 else f"{text[:40]}...{text[-40:]}"


def _limits(path: Path) -> tuple:
    """``(NAME_MAX, PATH_MAX)`` of the nearest folder up from ``path`` that
    exists (0: no limit known); 255 and 4096 where they cannot be asked."""
    folder = path
    while hasattr(os, "pathconf"):
        try:
            return tuple(max(os.pathconf(folder, name), 0) for name in ("PC_NAME_MAX", "PC_PATH_MAX"))
        except (OSError, ValueError):
            if folder == folder.parent:
                break
            folder = folder.parent
    return 255, 4096


def check_target(path) -> None:
    """Refuse (UsageError, exit 2) to replace anything but a regular file, a
    symbolic link to one or a link to nothing: replacing a device such as
    /dev/null, a FIFO or a folder is never what was meant, nor is a link to one
    (``--out /dev/stdout``), which the rename would replace by a file."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return
    pointed = ""
    if stat.S_ISLNK(mode):
        try:
            mode = os.stat(path).st_mode
        except OSError:   # a link to nothing, or a loop of links: the link is replaced
            return
        pointed = f"a symbolic link to {_shown(os.readlink(path))}, "
    for test, kind in _KINDS:
        if test(mode):
            raise UsageError(f"{path}: is {pointed}{kind}, not a regular file; quizgen writes its outputs only "
                             "to regular files: choose another output path")


def refuse_clashes(writes: dict, reads: dict, lead: str, advice: str) -> None:
    """Refuse (UsageError, exit 2), before anything is written, to write over
    an input: ``writes`` and ``reads`` map paths to their roles ("the students
    CSV", "the --roster file"). A clash is the same path once symbolic links
    are followed, or the same file where both exist (a hard link, another
    spelling of the name on a case-insensitive disk, ``/dev/stdin`` redirected
    from it). One line naming both: ``{lead}: {role} {path} would overwrite
    {role} [(its path)]; {advice}``. Each path is looked up in a table of the
    inputs (FileTable), never compared with every input in turn."""
    inputs = FileTable(reads)
    for path, role in writes.items():
        found = inputs.find(path)
        if found is not None:
            other, other_role = found
            named = "" if Path(path) == other else f" ({other})"
            raise UsageError(f"{lead}: {role} {path} would overwrite {other_role}{named}; {advice}")


class FileTable:
    """Files ``{path: role}`` looked up by the file a path names: by
    ``(device, inode)`` where it exists and by the path with its links
    followed, one stat and one resolve per path (refuse_clashes, and the
    feedback sheets' clean-up that never removes one of the run's files)."""

    def __init__(self, files: dict):
        self.by_identity, self.by_path = {}, {}
        for order, (path, role) in enumerate(files.items()):
            entry = (order, Path(path), role)
            ident = _identity(path)
            if ident is not None:
                self.by_identity.setdefault(ident, entry)
            self.by_path.setdefault(_resolved(path), entry)

    def find(self, path):
        """``(its path, its role)`` of the first file of the table that ``path``
        is (the same path through links, or the same existing file), else None."""
        ident = _identity(path)
        found = [entry for entry in (self.by_path.get(_resolved(path)),
                                     self.by_identity.get(ident) if ident is not None else None) if entry]
        return min(found)[1:] if found else None


def _identity(path):
    """``(device, inode)`` of the file at ``path`` (links followed), or None when there is none."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _resolved(path) -> Path:
    """``path`` absolute with its symbolic links followed as far as they go."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):   # a loop of links
        return Path(os.path.abspath(path))


TABLE_SUFFIXES = frozenset({".csv", ".tsv", ".txt", ".tab"})   # grade's and review's --out of none: a folder


def out_is_folder(out, bare_name_too: bool = False) -> bool:
    """Whether an ``--out`` names a folder: one that exists, a path ending in a
    slash or, with ``bare_name_too`` (grade's and review's outputs), a new name
    with no table's extension (``--out results``, ``--out v1.2``), which would
    otherwise be a file that a spreadsheet does not open."""
    if not out:
        return False
    if is_folder(out) or str(out).endswith(("/", "\\")):
        return True
    path = Path(out)
    return (bare_name_too and path.suffix.lower() not in TABLE_SUFFIXES and not path.exists()
            and path.name not in ("", ".", ".."))


def is_folder(path) -> bool:
    """Whether ``path`` is a folder; a name too long to look up is refused (check_length)."""
    check_length(path)
    return Path(path).is_dir()


def write_files(out_dir, files: dict) -> list:
    """Write {name: text or bytes} into ``out_dir`` (created if needed); returns
    the paths. All are in place at the end, or none: the earlier files as they were."""
    out_dir = check_outputs(out_dir, files)
    made = make_folder(out_dir)
    staged, name = [], None   # name: the file being created, named if that fails
    try:
        for name, content in files.items():
            temp = temp_name(out_dir)
            staged.append((temp, out_dir / name))
            _stage(temp, content)
            keep_mode(temp, out_dir / name)   # a replaced file's permissions
        name = None
        put_in_place(staged, made)
    except BaseException as exc:
        for temp, _ in staged:
            Path(temp).unlink(missing_ok=True)
        remove_folders(made)   # those left empty; inside a commit, its roll-back removes the others
        if isinstance(exc, OSError):
            raise _write_error(out_dir, exc, name) from exc
        raise
    return [target for _, target in staged]


def check_outputs(out_dir, names) -> Path:
    """``out_dir`` (check_folder), after every output ``names`` in it and its
    temporary files are found fit to write (check_length, check_target), the
    limits asked once: before anything is written. A killed run's temporary
    files there that are provably stale go first (commit.remove_stale_temps)."""
    out_dir = check_folder(out_dir)
    remove_stale_temps(out_dir)
    name_max, path_max = limits = _limits(out_dir)
    check_length(temp_name(out_dir), limits)
    folder = len(os.fsencode(str(out_dir))) + 1
    for name in names:   # plain strings: 20,000 feedback sheets are checked in a few milliseconds
        size = len(os.fsencode(name))
        if os.sep in name or (name_max and size > name_max) or (path_max and folder + size >= path_max):
            check_length(out_dir / name, limits)
        check_target(os.path.join(out_dir, name))
    return out_dir


def check_folder(out_dir) -> Path:
    """``out_dir``, refused (exit 2) when it exists but is not a folder
    (``/dev/null``, a file), is a link to nothing, is at or under /dev (but
    /dev/shm), /proc or /sys, links followed (``--out /dev/stdout`` redirected to
    a file, ``--out /dev/net/new``) or has a name too long: the user named the wrong thing."""
    out_dir = Path(out_dir)
    check_length(out_dir)
    if out_dir.is_symlink() and not out_dir.exists():
        raise UsageError(f"{out_dir}: is a broken symbolic link (to {os.readlink(out_dir)}), and the outputs go "
                         "into a folder: remove the link or choose another output folder")
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"{out_dir}: is not a folder, and the outputs go into a folder: choose another output folder")
    if is_system_folder(out_dir):
        raise UsageError(f"{out_dir}: is a system folder (/dev, /proc, /sys), where quizgen writes no file: "
                         "choose another output path")
    return out_dir


def make_folder(out_dir: Path) -> list:
    """Create ``out_dir`` with its parents if needed; returns the folders made,
    deepest first, for commit.remove_folders to take away again if the run fails."""
    made = []
    for folder in (out_dir, *out_dir.parents):
        if os.path.lexists(folder):
            break
        if not os.path.lexists(os.path.realpath(folder)):   # "new/../mine" is mine, which was there
            made.append(folder)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create output folder {out_dir}: {exc.strerror or exc}") from exc
    return made


MAX_JSON_BYTES = MAX_KEY_BYTES
"""The largest earlier output read back as JSON (``read_json``: the key.json in
generate's --out): any key grade reads (MAX_KEY_BYTES, 512 MiB), never more."""


class TooLarge(InputFileError):
    """A file ``read_json`` will not read: it is over its size limit."""


def read_json(path, limit: int | None = None):
    """The JSON data in the file at ``path``, or None when it cannot be read as
    JSON (missing, unreadable, not JSON): an earlier output looked at before
    it is replaced. A leading BOM (a key saved again by Windows Notepad) is
    skipped, and one of UTF-16 or UTF-32 names the encoding, as the key reader
    (key/load.py) reads it (byte_order.bom_encoding). A file over ``limit`` bytes raises :class:`TooLarge`, one line
    naming the file and the limit (MAX_JSON_BYTES unless given), instead of filling the memory."""
    limit = MAX_JSON_BYTES if limit is None else limit
    try:
        with open(path, "rb") as handle:
            found = os.fstat(handle.fileno())
            data = b"" if stat.S_ISREG(found.st_mode) and found.st_size > limit else handle.read(limit + 1)
    except OSError:
        return None
    if len(data) > limit or (stat.S_ISREG(found.st_mode) and found.st_size > limit):
        raise TooLarge(f"{path}: over {_size(limit)}, larger than any key quizgen writes")
    try:
        return json.loads(data.decode(bom_encoding(data) or "utf-8"))
    except ValueError:
        return None


def _size(limit: int) -> str:
    """A byte limit as said in messages: ``512 MiB``, ``1 MiB``, else in bytes."""
    return f"{limit >> 20:,} MiB" if limit >= 1 << 20 and not limit % (1 << 20) else f"{limit:,} bytes"


def write_file(path, content) -> Path:
    """Write one file atomically."""
    path = Path(path)
    return write_files(path.parent if str(path.parent) else Path("."), {path.name: content})[0]


def as_bytes(content) -> bytes:
    """The bytes an output file holds for ``content`` (text is written as UTF-8, UNENCODABLE)."""
    return content.encode("utf-8", UNENCODABLE) if isinstance(content, str) else content


def _stage(temp: Path, content) -> None:
    data = as_bytes(content)
    with open(temp, "xb", opener=_new_file) as handle:
        handle.write(data)


def _new_file(path, flags: int) -> int:
    """Open a new output file: readable by all, writable by its owner, less the umask (0o644 under 022)."""
    return os.open(path, flags, 0o644)


def keep_mode(temp, target) -> None:
    """Give ``temp``, about to replace ``target``, the permissions ``target``
    has (a progress file kept private with chmod 600 stays so), through a
    link the mode of the regular file it points to; a new file, or one
    replacing anything but a regular file, keeps the 0o644-less-umask it was made with."""
    try:
        found = os.stat(target)
    except OSError:
        return
    if stat.S_ISREG(found.st_mode):   # never a device's 0o666 (check_target refuses those; this is the last guard)
        os.chmod(temp, stat.S_IMODE(found.st_mode))


@contextmanager
def streamed_files(out_dir, names):
    """Text files to stream into, as ``{name: handle}``, for outputs too big to
    build in memory: each is written to a temporary name beside its target and
    all are renamed into place together at the end (all or none, commit.put_in_place);
    on any error they are removed, and the folder too if the run made it."""
    out_dir = check_outputs(out_dir, names)
    made = make_folder(out_dir)
    temps, handles, streaming, name = {}, {}, False, None   # name: the file being created, named if that fails
    try:
        for name in names:
            temps[name] = temp_name(out_dir)
            handles[name] = open(temps[name], "x", encoding="utf-8", errors=UNENCODABLE, newline="", opener=_new_file)
        name, streaming = None, True
        yield handles
        streaming = False
        for name, handle in handles.items():
            handle.close()
            keep_mode(temps[name], out_dir / name)
        name = None   # put_in_place names the file it fails on (failed_target)
        put_in_place([(temp, out_dir / name) for name, temp in temps.items()], made)
    except BaseException as exc:
        _discard(handles, temps)
        remove_folders(made)   # those left empty; inside a commit, its roll-back removes the others
        if isinstance(exc, OSError) and (not streaming or exc.errno in (errno.ENOSPC, errno.EDQUOT)):
            raise _write_error(out_dir, exc, name) from exc
        raise


def _discard(handles: dict, temps: dict) -> None:
    for handle in handles.values():
        with suppress(OSError):
            handle.close()
    for temp in temps.values():
        Path(temp).unlink(missing_ok=True)
