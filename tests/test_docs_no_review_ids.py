"""The user docs, the bank and the layout templates state rules, not review
history: no review or finding id ("58c F11", "rev57b", "fix58m", "review 56c")
and no round number ("until round 53") appears in them.  The two performance
logs are measurements by round, where the round is the point, and are left out."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

REVIEW_ID = re.compile(
    r"\b\d\d[a-z] [FN]\d+\b"            # 58c F11, 55c N3
    r"|\b(?:rev|fix)\d\d[a-z]?\b"       # rev57b, fix58m
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


def test_the_pattern_catches_each_form():
    for text in ("review 56c F1", "rev57b", "fix58m", "round 54", "(58c F10)",
                 "Review 53b", "(review 46)", "review 34: the reason", "55c N3: it was", "until round 48 it said", "rev-maths30",
                 "--seed review47b-seed-long-1"):
        assert REVIEW_ID.search(text), text
    for text in ("round 0.5 to 1", "rounds to 3.52", "C10 causal", "round 25.5 half up",
                 "tests/test_honest_tie57.py", "a marker may review 30 answers", "(10s timeout)"):
        assert not REVIEW_ID.search(text), text
