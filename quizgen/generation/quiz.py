"""The generator: picks templates, fills them with seeded random parameters,
and turns the instances into problem and solution documents plus the key."""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from quizgen.bank.loader import builtin_templates_dir, load_bank, select
from quizgen.bank.texts import located_error
from quizgen.errors import LatexError, TemplateError, TexNotFoundError, UsageError
from quizgen.generation.figures import figure_markup
from quizgen.maths.numbers import fixed, key_answer
from quizgen.ui import progress_bar
from quizgen.files import streamed_files, write_files
from quizgen.generation.workers import chunked, ordered_map, paused_gc, resolve_jobs
from quizgen.maths.printing import to_latex
from quizgen.text.render import render_layout, render_many, stream_layout
from quizgen.generation.sampling import Instance, canonical_instance, sample_instance

DOC_FORMATS = ("md", "tex")
OUTPUT_FORMATS = DOC_FORMATS + ("pdf",)


@dataclass
class Question:
    """An instance with its place on the paper (Q1, Q2, ...). Its rendered views
    and key entry are kept once made; with ``--jobs`` they are made in worker
    processes and the instance itself stays there (``instance`` is None)."""

    id: str
    instance: Instance | None
    views: dict = field(default_factory=dict, repr=False)
    entry: dict | None = field(default=None, repr=False)
    summaries: dict = field(default_factory=dict, repr=False)
    key: tuple | None = field(default=None, repr=False)


@dataclass
class Quiz:
    """A generated problem set: its seed and its questions in order."""

    seed: object
    questions: list
    title: str = "BERT mathematics: problem set"
    worked_examples: bool = False
    course: str = ""
    date: str = ""
    papers: list = field(default_factory=list)
    files: list = field(default_factory=list)


@dataclass
class Paper:
    """One student's own variant of the quiz (``--students``), regenerable from its seed."""

    student_id: str
    name: str
    seed: str
    questions: list


def seed_label(seed, template_id: str, index: int) -> str:
    """The per-instance seed: independent of other templates, so adding one
    template or class to a quiz never changes the numbers of the others."""
    return f"{seed}/{template_id}/{index}"


def make_quiz(templates: list, seed=None, count: int = 1, worked_examples: bool = False,
              students=(), jobs: int = 1, formats=(), progress: bool = False) -> Quiz:
    """``count`` instances of each template (or the canonical one each), numbered Q1, Q2, ...;
    with ``students`` (roster rows), also one :class:`Paper` of their own per student.
    With ``formats``, each question's views in those formats and its key entry are
    made at once, in ``jobs`` processes (same output for any number of jobs)."""
    if count < 1:
        raise UsageError(f"--count must be 1 or more, got {count}")
    if worked_examples and students:
        raise UsageError("--students and --worked-examples do not combine: "
                         "every student would get the same canonical paper")
    if worked_examples:
        instances = [canonical_instance(t) for t in templates]
        seed = "canonical"
    else:
        seed = new_seed() if seed is None else seed
        if formats:
            return _prepared_quiz(templates, seed, count, students, jobs, tuple(formats), progress)
        instances = _sample_all(templates, seed, count)
    quiz = Quiz(seed=seed, questions=_numbered(instances), worked_examples=worked_examples)
    for student in students:
        variant = student_seed(seed, student.student_id)
        quiz.papers.append(Paper(student.student_id, student.name, variant,
                                 _numbered(_sample_all(templates, variant, count))))
    return quiz


CHUNK = 100


def _prepared_quiz(templates, seed, count, students, jobs, formats, progress) -> Quiz:
    """Sample every paper's questions and make their views and key entries, in
    chunks of CHUNK questions spread over ``jobs`` processes."""
    papers = [(str(seed), seed)] + [(s.student_id, student_seed(seed, s.student_id)) for s in students]
    plan = [(f"Q{n + 1}", index, seed_label(variant, t.id, k))
            for _, variant in papers
            for n, (index, t, k) in enumerate((i, t, k) for i, t in enumerate(templates) for k in range(count))]
    chunks = chunked(plan, CHUNK)
    if jobs > 1 and len(chunks) > 1:
        _warm_up(templates, formats, plan)
    questions = []
    with progress_bar(progress, len(plan), "Generating") as bar:
        for chunk in ordered_map(_make_chunk, chunks, jobs, _init_worker, (templates, formats)):
            questions += chunk
            bar.update(len(chunk))
    per_paper = len(templates) * count
    quiz = Quiz(seed=seed, questions=questions[:per_paper])
    for n, student in enumerate(students, start=1):
        quiz.papers.append(Paper(student.student_id, student.name, papers[n][1],
                                 questions[n * per_paper:(n + 1) * per_paper]))
    return quiz


_WORKER = {}


def _init_worker(templates, formats) -> None:
    _WORKER.update(templates=templates, formats=formats)


def _warm_up(templates: list, formats: tuple, plan: list) -> None:
    """Make one question of each template before the workers start, so that
    they inherit its compiled Jinja2 templates instead of each compiling them."""
    _init_worker(templates, formats)
    firsts = {}
    for item in plan:
        firsts.setdefault(item[1], item)
    _make_chunk(list(firsts.values()))


def _make_chunk(chunk: list) -> list:
    """Questions with their printed blocks and key entries (a worker's job); the
    instances and full views stay behind, only what the documents need travels."""
    templates, formats = _WORKER["templates"], _WORKER["formats"]
    questions = [Question(qid, sample_instance(templates[index], label)) for qid, index, label in chunk]
    for question in questions:
        for fmt in formats:
            question_summary(question, fmt)
        key_text(question)
        question.instance, question.views, question.entry = None, {}, None
    return questions


def student_seed(seed, student_id: str) -> str:
    """A student's variant seed, from the exam seed and the student id: the seed
    labels become ``{seed}/{student_id}/{template_id}/{k}``, so the paper can be regenerated."""
    return f"{seed}/{student_id}"


def _sample_all(templates: list, seed, count: int) -> list:
    return [sample_instance(t, seed_label(seed, t.id, k)) for t in templates for k in range(count)]


def _numbered(instances: list) -> list:
    return [Question(f"Q{i + 1}", inst) for i, inst in enumerate(instances)]


def new_seed() -> int:
    """A fresh seed for a quiz when none is given (printed so it can be reused)."""
    return secrets.randbelow(1_000_000)


def question_view(question: Question, fmt: str) -> dict:
    """Everything a layout needs about one question, rendered for ``fmt`` (kept on the question)."""
    view = question.views.get(fmt)
    if view is None:
        try:
            view = question.views[fmt] = _make_view(question, fmt)
        except TemplateError as exc:
            raise located_error(question.instance, fmt, exc) from exc
    return view


def _make_view(question: Question, fmt: str) -> dict:
    inst = question.instance
    template = inst.template
    solution = template.solution
    steps = solution["steps"]
    sources = [template.stem, solution["forecast"], solution["verify"]]
    sources += [pv.part.ask for pv in inst.parts]
    sources += [s[key] for s in steps for key in ("title", "why", "work")]
    stem, forecast, verify, *rest = render_many(sources, inst.context, fmt)
    asks, texts = rest[:len(inst.parts)], rest[len(inst.parts):]
    share = template.points / len(inst.parts)
    return {
        "id": question.id, "cls": template.cls, "title": template.title, "points": template.points,
        "points_text": points_text(template.points), "stem": stem,
        "figure": figure_markup(inst, fmt),
        "parts": [{"letter": pv.letter, "ask": ask, "points": share, "points_text": points_text(share),
                   "kind": pv.part.kind, "answer": _answer_text(pv),
                   "latex": to_latex(pv.value) if pv.value is not None else None}
                  for pv, ask in zip(inst.parts, asks)],
        "forecast": forecast,
        "steps": [{"title": texts[i], "why": texts[i + 1], "work": texts[i + 2]}
                  for i in range(0, len(texts), 3)],
        "verify": verify,
    }


SUMMARY_KEYS = ("id", "cls", "title", "points", "points_text")


def question_summary(question: Question, fmt: str, layouts=None) -> dict:
    """What a whole-document layout needs of one question: its id, title and points,
    whether it has a figure, and its problem and solution blocks, printed by the
    per-question layouts (``problem-question.<fmt>.j2``, ``solution-question.<fmt>.j2``)."""
    summary = question.summaries.get(fmt)
    if summary is None:
        view = question_view(question, fmt)
        layouts = layouts or builtin_templates_dir()
        source = "tex" if fmt == "pdf" else fmt
        summary = {key: view[key] for key in SUMMARY_KEYS}
        summary["figure"] = view["figure"] is not None
        for kind in ("problem", "solution"):
            summary[f"{kind}_block"] = render_layout(f"{kind}-question.{source}.j2", source, layouts, q=view)
        question.summaries[fmt] = summary
    return summary


def points_text(points) -> str:
    """Points as printed on the paper: ``4``, ``1.5``, ``1.33``."""
    return fixed(points, 2).rstrip("0").rstrip(".")


def _answer_text(pv) -> str:
    if pv.part.kind == "word":
        return pv.accept[0]
    return key_answer(pv.value, pv.part.kind, pv.part.decimals)


def render_documents(quiz: Quiz, fmt: str, solutions: bool = True, layouts=None,
                     split: bool = False) -> dict:
    """The problem (and solution) documents of ``quiz`` as {file name: text}; for
    ``pdf``, the LaTeX sources to compile. With student papers, one document holds
    them all (a page break between students), or with ``split`` one document each."""
    return {name: "".join(pieces)
            for name, pieces in document_streams(quiz, fmt, solutions, layouts, split).items()}


def document_streams(quiz: Quiz, fmt: str, solutions: bool = True, layouts=None,
                     split: bool = False) -> dict:
    """The documents of :func:`render_documents` as {file name: pieces of text},
    made as they are written."""
    if fmt not in OUTPUT_FORMATS:
        raise UsageError(f"--format must be one of {', '.join(OUTPUT_FORMATS)}, got {fmt!r}")
    if split and not quiz.papers:
        raise UsageError("--split needs --students: it writes one file per student")
    source = "tex" if fmt == "pdf" else fmt
    layouts = layouts or builtin_templates_dir()
    papers = paper_views(quiz, source, layouts)
    groups = list(zip(split_suffixes(quiz.papers), ([p] for p in papers))) if split else [("", papers)]
    kinds = ("problems", "solutions") if solutions else ("problems",)
    docs = {}
    for suffix, group in groups:
        context = layout_context(quiz, group)
        for kind in kinds:
            docs[f"{kind}{suffix}.{source}"] = stream_layout(f"{kind}.{source}.j2", source, layouts, **context)
    return docs


def paper_views(quiz: Quiz, fmt: str, layouts=None) -> list:
    """One view per paper: each student's, or the class's single paper without a roster."""
    papers = quiz.papers or [Paper("", "", str(quiz.seed), quiz.questions)]
    views = []
    for paper in papers:
        questions = [question_summary(q, fmt, layouts) for q in paper.questions]
        total = sum(v["points"] for v in questions)
        views.append({"student_id": paper.student_id, "name": paper.name, "seed": paper.seed,
                      "questions": questions, "total_points": total, "total_text": points_text(total)})
    return views


def layout_context(quiz: Quiz, papers: list) -> dict:
    """What a document layout sees: the papers it prints, the header fields, and
    (for layouts written before rosters) the first paper's questions and total."""
    return {"quiz": quiz, "papers": papers, "title": quiz.title, "course": quiz.course, "date": quiz.date,
            "questions": papers[0]["questions"], "total_points": papers[0]["total_points"],
            "has_figures": any(q["figure"] for p in papers for q in p["questions"])}


def split_suffixes(papers: list) -> list:
    """File-name suffixes for one file per student (``-s001``), made safe for
    any file system; two ids that would share a name are an error."""
    suffixes, seen = [], {}
    for paper in papers:
        stem = re.sub(r"[^A-Za-z0-9_-]+", "_", paper.student_id).strip("_") or "student"
        if stem.lower() in seen:
            raise UsageError(f"--split: student ids {seen[stem.lower()]!r} and {paper.student_id!r} "
                             f"would both be written as {stem}; make the ids differ in letters or digits")
        seen[stem.lower()] = paper.student_id
        suffixes.append(f"-{stem}")
    return suffixes


def key_entry(question: Question) -> dict:
    """The answer-key record of one question: everything the grader needs (kept on the question)."""
    if question.entry is None:
        try:
            question.entry = _make_entry(question)
        except TemplateError as exc:
            raise located_error(question.instance, "text", exc) from exc
    return question.entry


def key_text(question: Question) -> tuple:
    """The question's key record as (JSON text, key.csv rows), kept on the question."""
    if question.key is None:
        from quizgen.key.writer import entry_text

        question.key = entry_text(key_entry(question))
    return question.key


def _make_entry(question: Question) -> dict:
    from quizgen.key.writer import json_params, part_record, trap_feedback

    inst = question.instance
    feedback = trap_feedback(inst, inst.parts)
    return {
        "id": question.id, "template": inst.template.id, "class": inst.template.cls,
        "title": inst.template.title, "points": inst.template.points, "seed": inst.seed_label,
        "params": json_params(inst.params),
        "parts": [part_record(pv, inst, inst.template.points / len(inst.parts), texts)
                  for pv, texts in zip(inst.parts, feedback)],
    }


def generate(out_dir, classes: str = "all", count: int = 1, seed=None, fmt: str = "md",
             solutions: bool = True, worked_examples: bool = False, banks=(), title=None,
             course: str = "", date: str = "", students=None, split: bool = False,
             progress: bool = False, jobs: int = 1) -> Quiz:
    """Generate a problem set and write it to ``out_dir``: problems, solutions,
    key.json and key.csv (and, for ``pdf``, the PDFs beside their .tex). Nothing
    is written unless every file rendered. ``students`` is a roster CSV path (or
    a list of roster rows) for one paper per student; ``split`` writes one file each.
    ``jobs`` processes share the work (0: one per CPU); the files do not depend on it."""
    from quizgen.key.writer import key_streams
    from quizgen.roster import read_roster

    if split and not students:
        raise UsageError("--split needs --students: it writes one file per student")
    roster = read_roster(students) if isinstance(students, (str, os.PathLike)) else list(students or ())
    templates = select(load_bank(banks), classes)
    jobs = resolve_jobs(jobs)
    source = "tex" if fmt == "pdf" else fmt
    with paused_gc():
        quiz = make_quiz(templates, seed=seed, count=count, worked_examples=worked_examples, students=roster,
                         jobs=jobs, formats=(source,), progress=progress)
        quiz.title, quiz.course, quiz.date = title or quiz.title, course or "", date or ""
        files = document_streams(quiz, fmt, solutions, split=split)
        files.update(key_streams(quiz))
        if fmt == "pdf":
            files = {name: "".join(pieces) for name, pieces in files.items()}
            files.update(build_pdfs(out_dir, files, progress, jobs))
            write_files(Path(out_dir), files)
        else:
            _write_streams(Path(out_dir), files)
    quiz.files = list(files)
    return quiz


def _write_streams(out_dir: Path, streams: dict) -> None:
    """Write {name: pieces of text} into ``out_dir``, each piece as it is made;
    all files appear together at the end, or none on an error."""
    with streamed_files(out_dir, streams) as handles:
        for name, pieces in streams.items():
            handles[name].writelines(pieces)


def build_pdfs(out_dir, files: dict, progress: bool = False, jobs: int = 1) -> dict:
    """The PDFs of the .tex files among ``files``, ``jobs`` compiled at a time. When
    TeX is missing or fails, the other files (and the failing document's log) are
    written before the error."""
    from quizgen.generation.pdf import compile_documents

    try:
        return compile_documents({n: t for n, t in files.items() if n.endswith(".tex")}, progress, jobs)
    except TexNotFoundError:
        write_files(Path(out_dir), files)
        raise
    except LatexError as exc:
        log = {str(Path(exc.document).with_suffix(".log")): exc.log} if exc.document else {}
        write_files(Path(out_dir), {**files, **log})
        raise

