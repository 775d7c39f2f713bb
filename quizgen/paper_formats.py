"""The formats ``generate`` writes papers in, and the files each makes: the one
table that ``--format``'s choices, generate's option checks, the output folder's
rule for a paper's files (generation/outdir.py, which grade reads too) and a key's
list of them (key/checks.is_listed) all follow, so that a new format is one entry
here (and its layouts). Imports nothing of quizgen: grade reads it without the bank."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class PaperFormat:
    """What a format writes: its name in messages (``called``), its documents' suffix
    (``source``: its layouts are ``problems.<source>.j2`` ...), the suffixes of the files
    made from each document beside it (``made``: a PDF's, then its LaTeX log, kept only
    when TeX fails on it), and whether it has pages (``pages``: ``--paper`` and ``--layout``
    are for it)."""

    called: str
    source: str
    made: tuple = ()
    pages: bool = True

    @property
    def suffixes(self) -> tuple:
        """Every suffix of this format's paper files: its documents' and those made from them."""
        return (self.source, *self.made)

    @property
    def shown_by(self) -> str:
        """The suffix a folder's file shows this format by (a PDF, not the .tex it is made from)."""
        return self.made[0] if self.made else self.source


FORMATS = {
    "md": PaperFormat("Markdown", "md", pages=False),
    "tex": PaperFormat("LaTeX", "tex"),
    "pdf": PaperFormat("PDF", "tex", made=("pdf", "log")),
}
"""``generate --format``'s choices, the default first."""

OUTPUT_FORMATS = tuple(FORMATS)


def paper_format(fmt: str) -> PaperFormat:
    """The entry of ``fmt``, one of FORMATS (checked before: documents.document_streams)."""
    return FORMATS[fmt]


def by_files_shown() -> list:
    """The formats as a folder's files show them, ``(format, suffix)``, those made
    from another's documents first: a .pdf beside a .tex is the pdf format's file."""
    return [(name, entry.shown_by) for name, entry in sorted(FORMATS.items(), key=lambda item: -len(item[1].made))]


def paper_file(name: str):
    """The match of the file ``name`` as one a generated paper consists of (its
    problems and solutions, a ``--split`` student's with group 2 their ``-s001``,
    in any format's suffixes, LaTeX logs too, and key.json or key.csv); None when it is none."""
    return _paper_file_pattern(tuple(sorted({s for entry in FORMATS.values() for s in entry.suffixes}))).fullmatch(name)


@lru_cache(maxsize=4)
def _paper_file_pattern(suffixes: tuple) -> re.Pattern:
    """The rule of ``paper_file`` for these suffixes."""
    return re.compile(rf"(problems|solutions)(-[A-Za-z0-9_-]+)?\.({'|'.join(map(re.escape, suffixes))})|key\.(json|csv)")


def made_from(name: str, files) -> bool:
    """Whether the file ``name`` is made from a document among ``files`` (a
    listed .tex's PDF or LaTeX log): a key lists the documents a run wrote."""
    stem, _, ext = name.rpartition(".")
    return any(ext in entry.made and f"{stem}.{entry.source}" in files for entry in FORMATS.values())
