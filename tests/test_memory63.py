"""Per-student generate's memory: the rows of each paper's answer table wait in the spool
as text with the printed blocks, and equal answers rules are held once (docs/performance.md,
"The sixty-third round")."""

import re

from quizgen.bank.loader import select
from quizgen.generation import make
from quizgen.generation.spool import BlockSpool, Spooled

from test_memory56 import _chunk_from_a_worker


def test_a_questions_answer_table_rows_wait_in_the_spool_as_text(bank):
    questions = _chunk_from_a_worker(select(bank, "C1,C7"), "s1")
    with BlockSpool() as spool:
        spool.hold(questions)
        summary = questions[0].summaries["md"]
        assert summary["key_block"].__class__ is Spooled and "key_rows" not in summary
        rows = spool.summary(summary)["key_block"].splitlines()
    found = [re.fullmatch(r"\| Q1 \| \(([a-z])\) \| [^|]+ \| [^|]+ \| [\d.]+ \|", row) for row in rows]
    assert all(found) and [m.group(1) for m in found] == list("abcdefgh"[:len(rows)]) and len(rows) >= 2, rows


def test_chunks_from_workers_share_their_equal_answers_rules(bank):
    templates = select(bank, "C1,C7")
    first, second = _chunk_from_a_worker(templates, "s1"), _chunk_from_a_worker(templates, "s2")
    assert first[0].summaries["md"]["answers_rule"] is not second[0].summaries["md"]["answers_rule"]
    seen = {}
    for chunk in (first, second):
        make.shared_texts(chunk, seen)
    for one, other in zip(first, second):
        assert one.summaries["md"]["answers_rule"] is other.summaries["md"]["answers_rule"]
