"""``generated``: a paper's folder as ``quizgen generate ARGS --out FOLDER`` writes it, the paper made
once a session for each distinct argument list and copied into each test's own folder.

Many tests generate the same seed and classes, then only read the files or grade answers against
the key; each now gets a copy (copying is far cheaper than generating), so a test that edits or
adds files changes its own copy only, and tests stay independent of each other and of their
order. Each pytest-xdist worker has its own session, and so its own papers. A copy is the folder
byte for byte, key.json's secret included: two tests given the same ARGS see the same secret,
where two runs of generate would write two (no test of these compares two papers' secrets)."""

import shutil
from pathlib import Path

import pytest

from generate_support import generated_key


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """``generated(*ARGS, out=FOLDER)``: FOLDER (which must not exist yet, or be empty) holding what
    ``quizgen generate ARGS --out FOLDER`` writes, generated once a session per ARGS; returns FOLDER.
    For tests that only read the paper's files or grade against its key; a test of generate's
    own output, messages or refusals runs it itself."""
    made = {}   # {ARGS as text: the session's folder of that paper}

    def copy(*args, out):
        args = tuple(str(a) for a in args)
        if args not in made:
            made[args] = generated_key(tmp_path_factory.mktemp("generated"), *args).parent
        out = Path(out)
        assert not out.exists() or not any(out.iterdir()), f"{out} is not empty"
        shutil.copytree(made[args], out, dirs_exist_ok=True)
        return out
    return copy
