"""The block spool: per-student documents' printed blocks wait on disk, not in
memory, and the documents come out the same as without it."""

import pytest

from quizgen.bank.loader import select
from quizgen.errors import UsageError
from quizgen.generation.documents import document_streams
from quizgen.generation.make import make_quiz
from quizgen.generation.spool import BlockSpool, Spooled
from quizgen.roster import Student

STUDENTS = [Student("s1", "Ann"), Student("s2", "Bo \u00e9")]


def documents(quiz, fmt, **options) -> dict:
    """The documents generate writes for ``quiz``, each as one text."""
    return {name: "".join(pieces) for name, pieces in document_streams(quiz, fmt, **options).items()}


def test_spool_gives_back_what_was_put():
    with BlockSpool() as spool:
        first, second = spool.put("caf\u00e9 $x$\n"), spool.put("")
        assert (spool.get(second), spool.get(first)) == ("", "caf\u00e9 $x$\n")


@pytest.mark.slow
def test_spooled_quiz_holds_no_blocks_and_prints_the_same_documents(bank):
    templates = select(bank, "C1,C7")
    kept = make_quiz(templates, seed=4, count=2, students=STUDENTS, jobs=1, formats=("md",))
    with BlockSpool() as spool:
        spooled = make_quiz(templates, seed=4, count=2, students=STUDENTS, jobs=1, formats=("md",), spool=spool)
        summaries = [q.summaries["md"] for p in spooled.papers for q in p.questions]
        assert all(isinstance(s["problem_block"], Spooled) for s in summaries)
        for split in (False, True):
            assert documents(spooled, "md", split=split) == documents(kept, "md", split=split)


def test_a_closed_spool_says_the_blocks_are_gone_in_one_line():
    spool = BlockSpool()
    where = spool.put("block")
    spool.__exit__(None, None, None)
    with pytest.raises(UsageError, match="generate\\(\\) has closed"):
        spool.get(where)
