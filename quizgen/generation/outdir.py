"""The output folder of ``generate``: nothing overwritten by surprise. A folder
holding another paper's key.json is refused unless ``--force``, and then that
paper's files are removed; regenerating the same paper (same seed) keeps its
secret, so its codes and bytes come out the same."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from quizgen.files import check_folder, read_json
from quizgen.errors import UsageError
from quizgen.key.papercode import new_secret

PAPER_FILE = re.compile(r"(problems|solutions)(-[A-Za-z0-9_-]+)?\.(md|tex|pdf|log)|key\.(json|csv)")
"""The files a generated paper consists of (its split files and LaTeX logs too)."""


@dataclass(frozen=True)
class OutFolder:
    """What ``generate`` may do in its folder: the secret to key the paper codes
    with, and the earlier paper's files to remove once the new files are written."""

    secret: str
    stale: tuple = ()

    def remove_stale(self, written) -> list:
        """Remove the earlier paper's files that the new paper did not replace;
        returns a warning for each that could not be removed (read-only, open
        elsewhere): the new paper is in place, so that is no reason to fail."""
        kept, warnings = set(written), []
        for path in self.stale:
            if path.name not in kept and path.is_file() and not path.is_symlink():
                try:
                    path.unlink()
                except OSError as exc:
                    warnings.append(f"could not remove {path}, a file of the earlier paper: "
                                    f"{exc.strerror or exc}; remove it by hand")
        return warnings


def prepare_out_dir(out_dir, seed, force: bool = False) -> OutFolder:
    """Check ``out_dir`` before writing the paper with ``seed`` (None: a fresh
    seed, so any earlier paper there is another one). Raises UsageError (exit 2)
    when the folder holds another paper's key and ``force`` is not given."""
    folder = check_folder(out_dir)  # before any work: /dev/null or a file is bad input
    key_path = folder / "key.json"
    if not key_path.is_file():
        return OutFolder(new_secret())
    earlier = _earlier_key(key_path)
    stale = tuple(p for p in sorted(folder.iterdir()) if PAPER_FILE.fullmatch(p.name))
    same = seed is not None and earlier is not None and str(earlier.get("seed")) == str(seed)
    if same:
        secret = earlier.get("secret")
        return OutFolder(secret if isinstance(secret, str) and secret else new_secret(), stale)
    if not force:
        raise UsageError(f"{key_path} is the key of another paper, which may already be handed out; "
                         f"choose another --out folder, or pass --force to replace that paper")
    return OutFolder(new_secret(), stale)


def _earlier_key(path: Path) -> dict | None:
    """The earlier key.json's data, or None when it cannot be read as a key
    (nested too deeply for the JSON reader: not a key quizgen wrote)."""
    try:
        data = read_json(path)
    except RecursionError:
        return None
    return data if isinstance(data, dict) else None
