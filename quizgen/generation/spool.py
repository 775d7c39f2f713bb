"""Printed question blocks kept on disk until the documents are written.

A roster of 2,000 students makes 20,000 questions whose printed problem and
solution blocks (and rows of the solutions' answer tables) come to about 115 MB
of text; held in memory until the documents are written, they were most of
``generate``'s peak. With a spool,
each block is written to one anonymous temporary file as its chunk arrives
from a worker (the question keeps only where its block is), and read back
when its paper's part of a document is written (quizgen.generation.documents
builds one paper's view at a time). The file has no name, so it disappears
when closed or when the process ends, however it ends; the outputs stay all
or nothing (quizgen.files). The class paper alone is one view of every
question, so ``generate`` spools only per-student papers."""

from __future__ import annotations

import tempfile
from typing import NamedTuple

from quizgen.errors import UsageError

BLOCKS = ("problem_block", "solution_block", "key_block")   # key_block: its rows of the solutions' answer table


class Spooled(NamedTuple):
    """Where a block's UTF-8 bytes lie in the spool."""

    offset: int
    size: int


class BlockSpool:
    """An append-only file of text blocks; a context manager that closes (and so removes) it."""

    def __init__(self):
        self._file = tempfile.TemporaryFile()
        self._end = 0

    def __enter__(self) -> "BlockSpool":
        return self

    def __exit__(self, *_exc) -> None:
        self._file.close()

    def put(self, text: str) -> Spooled:
        """Append ``text``; where to find it again."""
        data = text.encode("utf-8")
        self._file.seek(self._end)
        self._file.write(data)
        where = Spooled(self._end, len(data))
        self._end += len(data)
        return where

    def get(self, where: Spooled) -> str:
        """The text put at ``where``. Once the spool is closed (``generate()``
        has returned) the blocks are gone: a clear error, not an I/O traceback."""
        if self._file.closed:
            raise UsageError("the printed blocks of this quiz were spooled to a temporary file that generate() "
                             "has closed; to render its documents again, call make_quiz() with a BlockSpool "
                             "kept open (or with no spool)")
        self._file.seek(where.offset)
        return self._file.read(where.size).decode("utf-8")

    def hold(self, questions: list) -> None:
        """Move the printed blocks of ``questions``' summaries (every format) into the spool."""
        for question in questions:
            for summary in question.summaries.values():
                for name in BLOCKS:
                    summary[name] = self.put(summary[name])

    def summary(self, summary: dict) -> dict:
        """``summary`` with its blocks read back (a copy; the question keeps only where they are)."""
        if summary[BLOCKS[0]].__class__ is not Spooled:
            return summary
        return {**summary, **{name: self.get(summary[name]) for name in BLOCKS}}
