"""The documents of a quiz: its problems and solutions, one document for the
class or for every student at once (or one per student with ``--split``),
streamed through the layouts in ``templates/`` as they are written."""

from __future__ import annotations

import re
from collections.abc import Sequence

from quizgen.bank.loader import builtin_templates_dir
from quizgen.errors import UsageError
from quizgen.file_names import NAME_LIMIT, plain_letters
from quizgen.generation.quiz import Quiz, StudentPaper
from quizgen.generation.views import paper_answers_note, paper_reference_note, points_text, question_summary
from quizgen.key.papercode import display_code, paper_code
from quizgen.paper_formats import OUTPUT_FORMATS, paper_format
from quizgen.text.render import stream_layout


def document_streams(quiz: Quiz, fmt: str, solutions: bool = True, layouts=None,
                     split: bool = False) -> dict:
    """The problem (and solution) documents of ``quiz`` as {file name: pieces of text}, made
    as they are written; for ``pdf``, the LaTeX sources to compile. With student papers, one
    document holds them all (a page break between students), or with ``split`` one each."""
    if fmt not in OUTPUT_FORMATS:
        raise UsageError(f"--format must be one of {', '.join(OUTPUT_FORMATS)}, got {fmt!r}")
    if split and not quiz.papers:
        raise UsageError("--split needs --students: it writes one file per student")
    source = paper_format(fmt).source
    layouts = layouts or builtin_templates_dir()
    papers = quiz.papers or [StudentPaper("", "", str(quiz.seed), quiz.questions)]
    if split:
        groups = [(suffix, PaperViews(quiz, [p], source, layouts)) for suffix, p in zip(split_suffixes(papers), papers)]
    else:
        groups = [("", PaperViews(quiz, papers, source, layouts))]
    kinds = ("problems", "solutions") if solutions else ("problems",)
    docs = {}
    for suffix, group in groups:
        context = layout_context(quiz, group)
        for kind in kinds:
            docs[f"{kind}{suffix}.{source}"] = stream_layout(f"{kind}.{source}.j2", source, layouts, **context)
    return docs


class PaperViews(Sequence):
    """The views of some papers (each student's, or the class's single paper),
    each made when the layout reaches it and not kept: with a spool
    (quizgen.generation.spool), only the paper being written has its blocks in memory."""

    def __init__(self, quiz: Quiz, papers: list, fmt: str, layouts=None):
        self.quiz, self.papers, self.fmt, self.layouts = quiz, papers, fmt, layouts

    def __len__(self) -> int:
        return len(self.papers)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return paper_view(self.quiz, self.papers[index], self.fmt, self.layouts)

    def has_figures(self) -> bool:
        """True when any question of these papers has a figure (no blocks read)."""
        return any(question_summary(q, self.fmt, self.layouts)["figure"] for p in self.papers for q in p.questions)


def paper_view(quiz: Quiz, paper: StudentPaper, fmt: str, layouts=None) -> dict:
    """What a layout prints of one paper: its student, code, questions (blocks included) and total."""
    read = quiz.spool.summary if quiz.spool is not None else None
    questions = [question_summary(q, fmt, layouts) for q in paper.questions]
    questions = list(map(read, questions)) if read else questions
    total = sum(v["points"] for v in questions)
    return {"student_id": paper.student_id, "name": paper.name, "seed": paper.seed,
            "code": printed_code(quiz, paper.seed), "questions": questions, "total_points": total,
            "total_text": points_text(total), "answers_note": paper_answers_note(questions),
            "own_conventions": not all(q["shipped"] for q in questions),   # a user's template: its own may differ
            "reference_note": paper_reference_note(questions) if quiz.worked_examples else ""}


def printed_code(quiz: Quiz, seed_label) -> str:
    """The code a paper prints instead of its seed (``7KQ2-M90D``); '' without a secret."""
    return display_code(paper_code(quiz.secret, str(seed_label))) if quiz.secret else ""


def layout_context(quiz: Quiz, papers: list) -> dict:
    """What a document layout sees: the papers it prints, the header fields, and
    (for layouts written before rosters) the first paper's questions and total."""
    return {"quiz": quiz, "papers": papers, "title": quiz.title, "course": quiz.course, "date": quiz.date,
            "questions": papers[0]["questions"], "total_points": papers[0]["total_points"],
            "has_figures": papers.has_figures() if isinstance(papers, PaperViews)
            else any(q["figure"] for p in papers for q in p["questions"]),
            "paper_size": quiz.paper_size, "layout": quiz.layout, **pdf_titles(quiz, papers)}


def pdf_titles(quiz: Quiz, papers) -> dict:
    """What the PDFs' title says (pdfmeta.tex.j2): ``pdf_title``, the paper's title and
    course; ``pdf_who``, on a paper of one student's own, whose (" (Ada Lovelace, s001)")."""
    own = papers.papers if isinstance(papers, PaperViews) else []
    who = ", ".join(part for part in (own[0].name, own[0].student_id) if part) if len(own) == 1 else ""
    return {"pdf_title": ", ".join(part for part in (quiz.title, quiz.course) if part) or "Problems",
            "pdf_who": f" ({who})" if who else ""}


def split_suffixes(papers: list) -> list:
    """File-name suffixes for one file per student (``-s001``), made safe for
    any file system, a letter with a plain ASCII form written so (``Zoë`` gives
    ``Zoe``, as feedback sheets do), at most NAME_LIMIT characters; two ids that
    would share a name are an error."""
    suffixes, seen = [], {}
    for paper in papers:
        stem = re.sub(r"[^A-Za-z0-9_-]+", "_", plain_letters(paper.student_id)).strip("_")[:NAME_LIMIT] or "student"
        if stem.lower() in seen:
            raise UsageError(f"--split: student ids {seen[stem.lower()]!r} and {paper.student_id!r} "
                             f"would both be written as {stem}; make the ids differ in letters or digits")
        seen[stem.lower()] = paper.student_id
        suffixes.append(f"-{stem}")
    return suffixes
