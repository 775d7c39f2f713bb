"""The .tex files written to disk for a document pdflatex cannot set (a Greek or
Chinese name, say): written for LuaLaTeX, as the PDF path compiles them, with a
first line saying so, and one warning naming the files and students; without
LuaLaTeX here, the warning says what to install (docs/pdf.md, "Names in any
script"). A document all in pdflatex's Latin is written as before, streamed."""

from __future__ import annotations

from quizgen.generation.tex_fonts import DEBIAN_PACKAGES, for_lualatex, lualatex, needs_unicode_engine
from quizgen.wording import named_few

FILES_SHOWN = 4
"""How many .tex files the LuaLaTeX warning names before "and N more"."""

LUALATEX_NOTE = ("% quizgen: this document holds text pdflatex's fonts cannot set: "
                 "compile it with lualatex (twice), not pdflatex.\n")


def as_written(source: str) -> str:
    """``source`` as the file to keep: for LuaLaTeX, with LUALATEX_NOTE first, when it
    needs LuaLaTeX and LuaLaTeX is installed (the source the PDF path compiles); else as it is."""
    if not needs_unicode_engine(source) or lualatex() is None or source.startswith(LUALATEX_NOTE):
        return source
    return LUALATEX_NOTE + for_lualatex(source)


def written_for_engine(files: dict, quiz) -> tuple:
    """``(files, warnings)`` for ``--format tex``: each .tex of a paper whose printed
    text (a student's name, the title, course or date) pdflatex cannot set, made
    whole and written for LuaLaTeX (``as_written``); the others streamed as they are."""
    printed = [quiz.title, quiz.course, quiz.date]
    students = [p for p in quiz.papers if needs_unicode_engine(p.name)]
    if not students and not needs_unicode_engine("".join(str(t or "") for t in printed)):
        return files, []
    files = {name: as_written("".join(pieces)) if name.endswith(".tex") else pieces for name, pieces in files.items()}
    needing = [name for name, text in files.items() if name.endswith(".tex") and needs_unicode_engine(text)]
    return files, [_warning(needing, students)] if needing else []


def _warning(names: list, students: list) -> str:
    """One line naming the .tex files that need LuaLaTeX, the students whose names make them
    need it, and what to do: the first few of each, then how many more (wording.named_few)."""
    who = f" (the names of {named_few([p.student_id for p in students])})" if students else ""
    files = named_few(names, FILES_SHOWN)
    if lualatex() is None:
        return (f"{files} hold text pdflatex cannot set{who}, and lualatex is not installed here, so they were "
                f"written for pdflatex, which cannot compile them: install {' '.join(DEBIAN_PACKAGES)} and "
                f"generate again")
    return f"{files} hold text pdflatex cannot set{who}: they are written for LuaLaTeX; compile them with lualatex, " \
           f"not pdflatex"
