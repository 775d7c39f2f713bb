"""Shared fixtures: the built-in bank, a click runner, and key data. Fixtures
that several test modules share and that need more room live in modules of
their own, registered here once for the whole suite (a test asks for them by
name; none imports them):

- fixtures_course.py: ``course``, a course folder of seed 1's C1 key (``c1_key``);
- fixtures_keys.py: keys that generate makes (``q1_key``, ``c7_key``, ``seed24``);
- fixtures_papers.py: two students' own papers (``papers``);
- fixtures_c9_words.py: C9's yes/no parts and their words (``draws``);
- fixtures_generated.py: a paper generated once a session per argument list, copied
  into each test's folder (``generated``).
"""

import gc
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path


def _keep_compiled_modules_outside_the_tree():
    """Where Python is told to write no bytecode (PYTHONDONTWRITEBYTECODE),
    every run, and each pytest-xdist worker, compiled quizgen's modules and
    rewrote the asserts of every test module again: about 11 of a worker's 15 s
    of collection. They are kept instead under the temporary folder
    (``sys.pycache_prefix``), so the source tree still gets no __pycache__ and
    a changed file is compiled afresh as always (its stamp is checked)."""
    if sys.dont_write_bytecode and not sys.pycache_prefix:
        owner = os.getuid() if hasattr(os, "getuid") else "user"   # one folder per user; Windows has no uid
        sys.pycache_prefix = os.path.join(tempfile.gettempdir(), f"quizgen-tests-pycache-{owner}")
        sys.dont_write_bytecode = False


_keep_compiled_modules_outside_the_tree()

import pytest
from click.testing import CliRunner
from hypothesis import settings as hypothesis_settings

from quizgen.bank import loader
from quizgen.bank.loader import load_bank
from quizgen.cli import main
from quizgen.generation import pdf
from generate_support import generated_key

pytest_plugins = ["fixtures_course", "fixtures_keys", "fixtures_papers", "fixtures_c9_words", "fixtures_generated"]

# Under CI (CI=true, as .ci/run runs) each property test draws the same examples every run, so that
# a run passes or fails on the code alone; elsewhere hypothesis draws afresh each run and keeps
# what fails in .hypothesis/ to try first next time.
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI", "").lower() in ("true", "1"):
    hypothesis_settings.load_profile("ci")


_REAL_LOAD_TEMPLATE = loader.load_template
_BUILT = {}   # {(resolved path, exact bytes): Template}


def _load_template_once(path):
    """Every in-process ``generate``, ``grade``, ``drill`` or ``validate`` loads the
    whole bank, and building a template (schema and text-rule checks) was about
    half of the quick suite's CPU time. Within the test session a template file is
    therefore built once per (path, exact bytes): a file written by a test has its
    own path or bytes and is built afresh, and a file that fails to build is not
    remembered, so every error path still runs. Subprocess tests load for real."""
    path = Path(path)
    if not path.is_file():  # a FIFO or device: the real loader refuses it unread
        return _REAL_LOAD_TEMPLATE(path)
    try:
        key = (path.resolve(), path.read_bytes())
    except OSError:
        return _REAL_LOAD_TEMPLATE(path)
    if key not in _BUILT:
        _BUILT[key] = _REAL_LOAD_TEMPLATE(path)
    return _BUILT[key]


def pytest_configure(config):
    """Build each template file once from the start, so that the test modules
    that load the bank when they are collected share it too."""
    loader.load_template = _load_template_once


SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


def listed_slow(path=None):
    """The node ids tests/slow_tests.txt names (benchmarks/quick_share.py writes it);
    $QUIZGEN_SLOW_LIST names another file, or none when empty (the timing run)."""
    path = os.environ.get("QUIZGEN_SLOW_LIST", SLOW_LIST) if path is None else path
    if not path:
        return frozenset()
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Mark `slow` the tests that a timed run found over the quick share's per-test
    budget, before `-m "not slow"` deselects by mark (so the quick share stays quick)."""
    listed = listed_slow()
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)


def pytest_collection_finish(session):
    """What collection made (the bank, the test modules, their parameters) lives
    to the end, so it is moved out of the garbage collector's sight, and the
    young generation is collected less often: the tests make many short-lived
    objects, and the collections that walked them took 1.9 to 2.8 s of each
    worker's CPU in a quick run (1.8 to 1.9 s after this)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """What the tests leave alive (caches, session fixtures' objects) lives to the
    end too: collected once here, while pytest-xdist's controller still waits for
    this worker, and frozen, so that the collections after the worker says it is
    done (pytest's check for unraisable exceptions, twice, and the interpreter's
    exit) walk nothing. execnet sends a worker still running 5 s after the
    controller's end SIGINT; under load those collections took 3 to 6 s, and the
    interrupt landed in hypothesis's gc callback as a KeyboardInterrupt warning
    (review 54b F4). Garbage found here is still reported as pytest reports it."""
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config):
    loader.load_template = _REAL_LOAD_TEMPLATE


@pytest.fixture(scope="session")
def bank():
    """The built-in templates, loaded once."""
    return load_bank()


@pytest.fixture(scope="session")
def templates_by_class(bank):
    """The built-in templates keyed by class (C1, C2, ...)."""
    return {t.cls: t for t in bank}


@pytest.fixture
def runner():
    """A click runner with stdout and stderr kept apart."""
    return CliRunner()


@pytest.fixture
def invoke(runner):
    """Run ``quizgen ARGS`` like a user; returns the click Result."""
    def run(*args, input=None):
        return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)
    return run


@pytest.fixture
def pdf_sheet_sources(monkeypatch):
    """``grade --format pdf`` with TeX stubbed out: {sheet name: LaTeX source},
    filled as the sheets are made (each compiles to an empty PDF)."""
    from quizgen.grading import feedback_pdf

    made = {}
    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    monkeypatch.setattr(feedback_pdf, "compile_sheets",
                        lambda docs, progress=False: made.update(docs) or {n[:-4] + ".pdf": b"" for n in docs})
    return made


ONE_PART = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "answer": "0.408",
            "abs_tolerance": 0.0005, "misconceptions": []}
THREE_QUESTIONS = {"questions": [{"id": f"Q{n}", "parts": [dict(ONE_PART)]} for n in range(1, 4)]}
"""A small class key for answers-file tests: Q1a, Q2a and Q3a, each 0.408 within 0.0005."""


@pytest.fixture
def three_question_folder(tmp_path):
    """``tmp_path`` holding key.json of THREE_QUESTIONS, for the answers files the tests write beside it."""
    (tmp_path / "key.json").write_text(json.dumps(THREE_QUESTIONS), encoding="utf-8")
    return tmp_path


@pytest.fixture
def one_answer_folder(tmp_path):
    """``tmp_path`` holding key.json of Q1a alone (ONE_PART) and answers.csv of one right answer to it,
    for tests of where grade's outputs go."""
    (tmp_path / "key.json").write_text(json.dumps({"questions": [{"id": "Q1", "parts": [dict(ONE_PART)]}]}),
                                       encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\n", encoding="utf-8")
    return tmp_path


@pytest.fixture
def tex():
    """Skip with a visible reason unless pdflatex and pdftotext are installed (the PDF tests)."""
    missing = [tool for tool in ("pdflatex", "pdftotext") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: {pdf.install_hint()} poppler-utils)")


@pytest.fixture(scope="session")
def seed3_key(tmp_path_factory):
    """key.json of ``quizgen generate --seed 3`` (the class paper), made once a
    session; tests read it or copy it, never write beside it."""
    return generated_key(tmp_path_factory.mktemp("seed3"), "--seed", "3")



@pytest.fixture(autouse=True)
def _no_pdf_cache(monkeypatch):
    """No test reads a PDF that another test or the user's own runs compiled
    (tests that stub TeX out would otherwise leave their stubs behind); the
    cache's own tests point $QUIZGEN_PDF_CACHE at a folder of theirs."""
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", "off")


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One headless Chromium driver for a test module's page tests (browser_support.open_browser),
    quit when the module's tests are done."""
    from browser_support import open_browser

    driver = open_browser(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()
