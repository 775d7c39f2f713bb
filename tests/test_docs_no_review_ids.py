"""The user docs, the bank, the layout templates and the code's comments and
docstrings state rules, not review history: no review or finding id ("58c F11",
"rev57b", "fix58m", "review 56c", "lms29", "redos27b") and no round number
("until round 53") appears in them.  The two performance logs are measurements
by round, where the round is the point, and are left out.  In quizgen/**/*.py
only comments and docstrings are read (a message a user sees is not)."""

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

REVIEW_ID = re.compile(
    r"\b\d\d[a-z] [FN]\d+\b"            # 58c F11, 55c N3
    r"|\b(?:rev|fix|redos|lms|instr)\d\d[a-z]?\b"   # rev57b, fix58m, redos27b, lms29, instr29
    r"|\brev-[a-z]+\d\d"                # rev-maths30, rev-report24
    r"|\breviews? ?\d\d(?:[a-z]\b|[:;,.)])"  # review 56c, (review 46), review47b-seed-long-1
    r"|\brounds? \d\d\b(?![.,]\d)",     # round 53, rounds 48 and 49 (not "round 25.5")
    re.IGNORECASE)

LOGS = {"performance.md", "performance-history.md"}


def _files():
    yield from (p for p in sorted((ROOT / "docs").glob("*.md")) if p.name not in LOGS)
    yield from sorted((ROOT / "question_bank").glob("*.yaml"))
    yield from sorted(p for p in (ROOT / "templates").rglob("*") if p.is_file())


FILES = list(_files())


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_no_review_or_round_ids(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [f"{path.relative_to(ROOT)}:{n}: {m.group(0)!r}"
             for n, line in enumerate(lines, 1) for m in REVIEW_ID.finditer(line)]
    assert not found, "review history in user-facing text:\n" + "\n".join(found[:20])


CODE = sorted((ROOT / "quizgen").rglob("*.py"))


def _explanations(source: str):
    """(line, text) of each comment and each docstring (any bare string statement) of ``source``."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            yield from enumerate(node.value.value.splitlines(), node.lineno)


@pytest.mark.parametrize("path", CODE, ids=[str(p.relative_to(ROOT)) for p in CODE])
def test_no_review_or_round_ids_in_code_comments(path):
    found = [f"{path.relative_to(ROOT)}:{n}: {m.group(0)!r}"
             for n, text in _explanations(path.read_text(encoding="utf-8")) for m in REVIEW_ID.finditer(text)]
    assert not found, "review history in a comment or docstring:\n" + "\n".join(found[:20])


def test_the_code_scan_reads_comments_and_docstrings_not_messages():
    source = 'def f():\n    """Why (review 46a F10)."""\n    x = "before round 57"   # lms29\n'
    found = [(n, m.group(0)) for n, text in _explanations(source) for m in REVIEW_ID.finditer(text)]
    assert sorted(found) == [(2, "review 46a"), (3, "lms29")]


def test_the_pattern_catches_each_form():
    for text in ("review 56c F1", "rev57b", "fix58m", "round 54", "(58c F10)",
                 "Review 53b", "(review 46)", "review 34: the reason", "55c N3: it was", "until round 48 it said", "rev-maths30",
                 "--seed review47b-seed-long-1", "(redos27b: 20,000 spaces)", "# lms29", "instr29: one slip"):
        assert REVIEW_ID.search(text), text
    for text in ("round 0.5 to 1", "rounds to 3.52", "C10 causal", "round 25.5 half up",
                 "tests/test_honest_tie57.py", "a marker may review 30 answers", "(10s timeout)"):
        assert not REVIEW_ID.search(text), text
