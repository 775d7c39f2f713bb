"""Writing output files atomically: everything is rendered first, each file is
written to a temporary name beside its target and renamed into place, so an
error never leaves a half-written file."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager, suppress
from pathlib import Path

from quizgen.errors import OutputError


def write_files(out_dir, files: dict) -> list:
    """Write {name: text or bytes} into ``out_dir`` (created if needed); returns the paths."""
    out_dir = make_folder(out_dir)
    staged = []
    try:
        for name, content in files.items():
            staged.append((_stage(out_dir, content), out_dir / name))
        for temp, target in staged:
            os.replace(temp, target)
    except OSError as exc:
        for temp, _ in staged:
            Path(temp).unlink(missing_ok=True)
        raise OutputError(f"cannot write to {out_dir}: {exc.strerror or exc}") from exc
    return [target for _, target in staged]


def make_folder(out_dir) -> Path:
    """``out_dir``, created with its parents if needed."""
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create output folder {out_dir}: {exc.strerror or exc}") from exc
    return out_dir


def write_file(path, content) -> Path:
    """Write one file atomically."""
    path = Path(path)
    return write_files(path.parent if str(path.parent) else Path("."), {path.name: content})[0]


def _stage(directory: Path, content) -> str:
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, temp = tempfile.mkstemp(dir=directory, prefix=".quizgen-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
    except OSError:
        Path(temp).unlink(missing_ok=True)
        raise
    os.chmod(temp, 0o644)
    return temp


@contextmanager
def streamed_files(out_dir, names):
    """Text files to stream into, as ``{name: handle}``, for outputs too big to
    build in memory: each is written to a temporary name beside its target and
    all are renamed into place together at the end; on any error they are removed."""
    out_dir = make_folder(out_dir)
    temps, handles = {}, {}
    try:
        for name in names:
            fd, temps[name] = tempfile.mkstemp(dir=out_dir, prefix=".quizgen-", suffix=".tmp")
            os.close(fd)
            handles[name] = open(temps[name], "w", encoding="utf-8", newline="")
    except OSError as exc:
        _discard(handles, temps)
        raise OutputError(f"cannot write to {out_dir}: {exc.strerror or exc}") from exc
    try:
        yield handles
    except BaseException:
        _discard(handles, temps)
        raise
    try:
        for name, handle in handles.items():
            handle.close()
            os.chmod(temps[name], 0o644)
        for name, temp in temps.items():
            os.replace(temp, out_dir / name)
    except OSError as exc:
        _discard(handles, temps)
        raise OutputError(f"cannot write to {out_dir}: {exc.strerror or exc}") from exc


def _discard(handles: dict, temps: dict) -> None:
    for handle in handles.values():
        with suppress(OSError):
            handle.close()
    for temp in temps.values():
        Path(temp).unlink(missing_ok=True)
