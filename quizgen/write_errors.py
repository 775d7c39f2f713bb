"""The one-line messages for an output that could not be written (files.py):
the folder or the file named, why, and that no output was replaced; an
output whose rename into place failed (commit.put_in_place's ``failed_target``)
named itself, with the hint that a locked file may be open in another program;
one that could not be synced to the disk (``unsynced``) named too."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from quizgen.errors import OutputError


def write_error(out_dir, exc: OSError, name=None) -> OutputError:
    """One line for an output that could not be written (naming the file when
    ``name`` says which was being created, and why); nothing was replaced."""
    unsynced = getattr(exc, "unsynced", None)   # commit.put_in_place: an fsync failed, before or after the renames
    if unsynced is not None:
        return OutputError(f"cannot save {unsynced} to the disk (fsync): {exc.strerror or exc}; no output was replaced")
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return OutputError(f"cannot write to {out_dir}: no space left on the device (or quota full); "
                           "no output was replaced")
    failed = getattr(exc, "failed_target", None)   # commit.put_in_place: the rename onto it failed
    if failed is not None:
        return _replace_error(Path(failed), exc)
    if name is None:
        return OutputError(f"cannot write to {out_dir}: {exc.strerror or exc}; no output was replaced")
    why = exc.strerror or str(exc)
    if exc.errno == errno.ENOENT and Path(out_dir).is_dir():   # /proc, /sys: the folder is there, files cannot be
        why = f"{out_dir} is a folder that does not take new files ({why}); choose another output folder"
    return OutputError(f"cannot create {Path(out_dir) / name}: {why}; no output was replaced")


_LOCKED = (errno.EACCES, errno.EPERM, errno.EBUSY, getattr(errno, "ETXTBSY", errno.EBUSY))


def _replace_error(target: Path, exc: OSError) -> OutputError:
    """One line for an output the last step could not put in place: the file
    named, and, when it is locked or protected, that another program may hold
    it open (Excel keeps a CSV it shows locked on Windows)."""
    verb = "replace" if os.path.lexists(target) else "create"
    why = exc.strerror or str(exc)
    if exc.errno in _LOCKED:
        why += ("; it may be open in another program (Excel locks the files it has open, on Windows) "
                "or write-protected: close it or allow writing to it, then run again")
    return OutputError(f"cannot {verb} {target}: {why}; no output was replaced")
