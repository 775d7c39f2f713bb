"""What a grade was marked with besides the answers and the key, said in one
line at the top of report.md and the HTML page: the tolerance options, the
marking policy and ECF credit, the overrides and the roster (each file by its
name and the start of its SHA-256, so an archived report tells which version
was used), and the options that change whom or what is graded; and, after it, the
notes on what the key itself decided: a version-1 key's, that nothing was marked from
a student's own earlier answers, and its templates' own ECF credits below 1.
Two runs whose reports say the same were marked alike."""

from __future__ import annotations

import hashlib
import os
import shlex
import stat
from pathlib import Path

from quizgen.wording import printable, shortened

DIGEST_CHARS = 12   # of the SHA-256 in hex: enough to tell two versions of a file apart by eye
READ_CHUNK = 1 << 20
DIGESTED_BYTES = 256 << 20   # a bigger file is named without a digest (no input file of a run is near it)


def file_said(option: str, path) -> str:
    """``--policy pol.yaml (sha256 3f2a0c9d1b7e)``: a file option by its name and digest; a
    file that is no regular file of at most DIGESTED_BYTES (the run read it within its own
    limits already) is named without one, never read: a device or a pipe may never end."""
    path = Path(path)
    digest = hashlib.sha256()
    try:
        with open(path, "rb", buffering=0) as handle:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode):   # /dev/fd/5 by its path: "5" would name nothing
                return f"{option} {path} (no file to digest)"
            if status.st_size > DIGESTED_BYTES:
                return f"{option} {path.name}"
            for chunk in iter(lambda: handle.read(READ_CHUNK), b""):
                digest.update(chunk)
    except OSError:   # read once already by the run; gone since: named without a digest
        return f"{option} {path.name}"
    return f"{option} {path.name} (sha256 {digest.hexdigest()[:DIGEST_CHARS]})"


def marked_with(*, rtol=None, atol=None, policy=None, ecf_credit=None, overrides=None, roster=None,
                paper_as_written: bool = False, attempt: str | None = None, forced: str = "",
                saved_by: str = "auto", applied: str = "") -> str:
    """``Marked with: ...``: the run's options that change a mark or whom it grades, in
    command-line words; the defaults said plainly when none was given. ``policy`` is a
    policy.yaml path (or a Policy given to the library, named so); ``forced``: the option
    that let answers that look written for another key through (``--force-key``), if any; ``saved_by``:
    --saved-by, named unless auto; ``applied``: what the overrides did (Decisions.counted), after their file."""
    said = [f"--{name} {value:g}" for name, value in (("rtol", rtol), ("atol", atol)) if value is not None]
    if policy is not None:
        said.append(file_said("--policy", policy) if isinstance(policy, (str, Path)) else "a marking policy object")
    if ecf_credit is not None:
        said.append(f"--ecf-credit {ecf_credit}")
    if overrides is not None:
        said.append(file_said("--overrides", overrides) + (f": {applied}" if applied else ""))
    if roster is not None:
        said.append(file_said("--roster", roster))
    if paper_as_written:
        said.append("--paper-as-written")
    if attempt is not None:
        said.append(f"--attempt {attempt}")
    if forced:
        said.append(forced)
    if saved_by != "auto":
        said.append(f"--saved-by {saved_by}")
    if not said:
        return ("Marked with: the key's tolerances and the default marking policy; no overrides, no roster "
                "(docs/grading.md).")
    return f"Marked with: {'; '.join(said)}; anything not named is the default (docs/grading.md)."


def version_one_note(key, name: str) -> str:
    """For a version-1 key (made before keys held recipes), one line saying that nothing was
    marked from a student's own earlier answers and how to have it; "" for a later key."""
    if key.version != 1:
        return ""
    again = "--worked-examples" if key.worked_examples else \
        f"--seed {shlex.quote(shortened(printable(key.seed), 40))}" if key.seed is not None else "the same --seed"
    again += ", --students and the same roster" if key.papers else ""   # each student's own paper, not the class's
    return (f"{name} is a version-1 key, which holds no recipes: no answer was marked by error carried forward "
            f"or carried rounding; for them, generate the paper again ({again}, the same classes and count) into "
            "another folder and, if its key.csv gives the answers of the papers handed out, grade with its key.json")


def ecf_credit_note(key, policy) -> str:
    """The templates of ``key`` whose own ECF credit (their ``ecf_credit``, below 1)
    scored their ECF answers, where neither --ecf-credit nor the policy set one for
    them: "ECF credit from the key's templates: half-nsp 0.5"; "" when there are none."""
    own = {}   # policy.ecf_for(..., None) is None: neither --ecf-credit nor the policy sets it
    for question in key.every_question():
        if question.ecf_credit != 1.0 and policy.ecf_for(question.template, question.cls, None) is None:
            own.setdefault(question.template, question.ecf_credit)
    shown = ", ".join(f"{shortened(printable(name), 40)} {credit:g}" for name, credit in sorted(own.items())[:10])
    more = f" and {len(own) - 10} more" if len(own) > 10 else ""
    return f"ECF credit from the key's templates: {shown}{more} (docs/marking.md)" if own else ""
