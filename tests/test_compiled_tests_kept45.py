"""Collection rewrites every test module's asserts and compiles quizgen's
modules. Where Python is told to write no bytecode (PYTHONDONTWRITEBYTECODE,
as on the development machine), that was done again by every run and every
pytest-xdist worker, about 11 of a worker's 15 s of a quick run's collection;
tests/conftest.py now keeps them under the temporary folder instead, and the
source tree still gets no __pycache__ from them."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve()


def _kept(prefix: Path, name: str) -> list:
    """The compiled copies of ``name`` (this folder's module) kept under ``prefix``."""
    return sorted((prefix / Path(*HERE.parent.parts[1:])).glob(f"{name}.*.pyc"))


def test_this_module_was_kept_compiled_outside_the_tree_when_bytecode_is_off():
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        pytest.skip("bytecode is written as usual in this run (the next test turns it off)")
    assert sys.pycache_prefix and not sys.dont_write_bytecode
    assert _kept(Path(sys.pycache_prefix), HERE.stem), "the rewritten test module was not kept"


@pytest.mark.slow
def test_a_second_run_reads_the_kept_copy(tmp_path):
    """With bytecode off, a run of this file alone writes its rewritten copy under
    the prefix the first time and leaves it unchanged the second time."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", TMPDIR=str(tmp_path))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", str(HERE),
               "-k", "outside_the_tree"]
    prefix = tmp_path / f"quizgen-tests-pycache-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
    subprocess.run(command, env=env, check=True, capture_output=True, cwd=HERE.parent.parent)
    [kept] = _kept(prefix, HERE.stem)
    stamp = kept.stat().st_mtime_ns
    subprocess.run(command, env=env, check=True, capture_output=True, cwd=HERE.parent.parent)
    assert _kept(prefix, HERE.stem) == [kept] and kept.stat().st_mtime_ns == stamp
