"""PDFs compiled before, kept by the hash of what made them, so that a run
stopped half-way (Ctrl-C, a closed laptop, a killed job) starts again where it
stopped, and an unchanged document is never compiled twice. The papers are
reproducible (no date or file id in them: templates/*.tex.j2), so a kept PDF
is byte for byte the one TeX would make again.

An entry is one file, ``<sha256>.pdf-entry``: a header line, a JSON line (the
questions that ran off a page, ``CompiledPdf.overflows``) and the PDF's bytes.
Its hash covers the document's name and source, the engine and that engine's
version line. The cache is an optimisation only: any entry it cannot read is
compiled afresh, and a folder it cannot write is passed over in silence.

A paper's code is keyed by a secret drawn fresh for each new output folder
(key/papercode.py), so every PDF of a first run differs from another run's.
A PDF run into a folder with no key of that paper yet therefore notes its
secret here (``started_secret``) until its files are written (``finished``):
started again after a stop, it draws the same papers and finds them kept."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
import subprocess
import time
from pathlib import Path

from quizgen.commit import remove_stale_temps, temp_name
from quizgen.key.papercode import secret_problem

CACHE_ENV = "QUIZGEN_PDF_CACHE"
OFF = frozenset({"", "0", "off", "no", "false", "none"})
HEADER = b"quizgen-pdf-cache 1\n"
LIMIT_BYTES = 1 << 30
"""The cache is cut back to 80% of this (oldest used first) when a batch leaves it larger."""


def cache_folder() -> Path | None:
    """Where kept PDFs live: ``$QUIZGEN_PDF_CACHE`` (``off`` keeps none), else
    ``$XDG_CACHE_HOME/quizgen/pdf``, else ``~/.cache/quizgen/pdf``; made private
    (0700) when new, and None, so no cache, when it is not a private folder of
    this user's (``private``)."""
    value = os.environ.get(CACHE_ENV)
    if value is not None and value.strip().lower() in OFF:
        return None
    if value is not None:
        folder = Path(value).expanduser()
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = Path(base) / "quizgen" / "pdf"
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return None
    return folder if private(folder) else None


def private(folder: Path) -> bool:
    """Whether ``folder`` is a folder itself (no link), of this user's, that no one
    else may write to: in a shared one, another user could put their PDF, or a
    secret of their choosing, where a run takes it from."""
    try:
        found = os.lstat(folder)
    except OSError:
        return False
    owner = getattr(os, "getuid", None)
    return stat.S_ISDIR(found.st_mode) and not found.st_mode & 0o022 and (owner is None or found.st_uid == owner())


@functools.lru_cache(maxsize=None)
def engine_version(program: str) -> str:
    """The first line ``program --version`` prints (a TeX upgrade may typeset
    differently, so its PDFs are other entries); "" when it does not run."""
    try:
        done = subprocess.run([program, "--version"], capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.decode("utf-8", "replace").partition("\n")[0].strip()


def entry_name(name: str, source: str, engine: str, program: str) -> str:
    """The file name of the entry for document ``name`` made from ``source`` by ``program`` (``engine``)."""
    digest = hashlib.sha256()
    for piece in (Path(name).name, engine, engine_version(program), source):
        digest.update(piece.encode("utf-8", "surrogatepass") + b"\0")
    return f"{digest.hexdigest()}.pdf-entry"


def kept(folder: Path | None, entry: str) -> tuple | None:
    """``(pdf bytes, overflows)`` of a kept entry, marked as just used; None when there is none to read."""
    if folder is None:
        return None
    path = folder / entry
    data = _read_regular(path)
    if data is None or not data.startswith(HEADER):
        return None
    line, _, pdf = data[len(HEADER):].partition(b"\n")
    try:
        meta = json.loads(line)
        overflows, size = tuple(meta["overflows"]), meta["bytes"]
    except (ValueError, KeyError, TypeError):
        return None
    if size != len(pdf) or not pdf.startswith(b"%PDF-") or not all(isinstance(q, str) for q in overflows):
        return None
    _touch(path)
    return pdf, overflows


def keep(folder: Path | None, entry: str, pdf: bytes, overflows: tuple) -> None:
    """Keep a compiled PDF as ``entry`` (written whole or not at all)."""
    if folder is None:
        return
    meta = json.dumps({"overflows": list(overflows), "bytes": len(pdf)}).encode("utf-8")
    _write_whole(folder / entry, HEADER + meta + b"\n" + pdf)


def _write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a folder that cannot be written: not at all),
    through a temporary file named as the outputs' are (commit.temp_name), so that one a killed
    run leaves is removed as theirs are (``trim``: commit.remove_stale_temps)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temp = temp_name(path.parent)
        try:
            with open(temp, "xb", opener=_private) as out:
                out.write(data)
            os.replace(temp, path)
        except BaseException:
            _remove(temp)
            raise
    except OSError:
        return


def _private(path, flags: int) -> int:
    return os.open(path, flags, 0o600)


def trim(folder: Path | None, limit: int = LIMIT_BYTES) -> None:
    """When the kept entries take more than ``limit`` bytes, remove the least
    recently used until they take 80% of it; and the leftovers of killed and
    abandoned runs (``_remove_leftovers``)."""
    if folder is None:
        return
    entries = []
    try:
        with os.scandir(folder) as found:
            for item in found:
                if item.name.endswith(".pdf-entry"):
                    info = item.stat(follow_symlinks=False)
                    entries.append((info.st_mtime, info.st_size, item.path))
    except OSError:
        return
    _remove_leftovers(folder)
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return
    for _, size, path in sorted(entries):
        if total <= limit * 0.8:
            break
        _remove(Path(path))
        total -= size


NOTE_SECONDS = 30 * 24 * 3600
"""How old the secret noted by a run stopped and never started again may grow before ``trim`` removes it."""


def _remove_leftovers(folder: Path) -> None:
    """The temporary files of runs killed while writing an entry or a note, as a later run removes
    those beside its outputs (commit.remove_stale_temps), and notes older than NOTE_SECONDS."""
    started = folder / "started"
    remove_stale_temps(folder)
    remove_stale_temps(started)
    now = time.time()
    for path in started.glob("[!.]*"):
        try:
            if now - os.lstat(path).st_mtime > NOTE_SECONDS:
                path.unlink()
        except OSError:
            pass


def started_secret(out_dir, paper, fresh) -> str:
    """The secret an unfinished PDF run of ``paper`` (a PaperId: seed,
    templates, questions, students) into ``out_dir`` drew, else ``fresh()``'s,
    noted until ``finished``: a run started again after a stop prints the
    same paper codes, so its PDFs already made are found kept."""
    folder = cache_folder()
    if folder is None:
        return fresh()
    path = folder / "started" / _started_name(out_dir, paper)
    try:
        noted = (_read_regular(path) or b"").decode("ascii").strip()
    except UnicodeError:
        noted = ""
    if noted and not secret_problem(noted):
        return noted
    secret = fresh()
    _write_whole(path, secret.encode("ascii"))
    return secret


def finished(out_dir, paper) -> None:
    """Forget the secret noted for ``paper`` in ``out_dir``: its key now holds it."""
    folder = cache_folder()
    if folder is not None:
        _remove(folder / "started" / _started_name(out_dir, paper))


def _started_name(out_dir, paper) -> str:
    return hashlib.sha256(f"{os.path.abspath(out_dir)}\0{paper!r}".encode("utf-8", "surrogatepass")).hexdigest()


def _read_regular(path: Path) -> bytes | None:
    """The bytes of ``path`` when it is a regular file of at most LIMIT_BYTES, not
    reached through a link; None otherwise (a pipe would block, /dev/zero never end)."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode) or found.st_size > LIMIT_BYTES:
            return None
        with os.fdopen(os.dup(handle), "rb") as data:
            return data.read(LIMIT_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(handle)


def _touch(path: Path) -> None:
    try:
        os.utime(path)
    except OSError:
        pass


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
