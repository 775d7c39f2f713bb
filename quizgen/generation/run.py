"""``quizgen generate``: make a quiz from the bank and write its files
(problems, solutions, key.json and key.csv, and for ``pdf`` the PDFs),
all together or none."""

from __future__ import annotations

import os
from contextlib import nullcontext
from pathlib import Path

from quizgen.background import resolve_jobs
from quizgen.bank.loader import load_bank, select
from quizgen.errors import LatexError, TexNotFoundError, UsageError
from quizgen.wording import printable, shortened
from quizgen.files import streamed_files, write_files
from quizgen.generation import pdf_cache
from quizgen.generation.documents import document_streams
from quizgen.generation.make import check_count, make_quiz
from quizgen.generation.outdir import (PaperId, earlier_key, list_in_key, prepare_out_dir, refuse_overwriting_inputs,
                                       refuse_remaking_another, refuse_replacing_others)
from quizgen.generation.redraws import refuse_other_draws
from quizgen.generation.printed import LAYOUTS, PAPER_SIZES, as_printed, given, read_record, resolved, to_record
from quizgen.generation.quiz import Quiz, check_labels, given_seed, guessable_seed_warning
from quizgen.generation.spool import BlockSpool
from quizgen.generation.workers import paused_gc
from quizgen.key.papercode import new_secret
from quizgen.locks import writing_folder
from quizgen.out_option import refuse_empty_out
from quizgen.option_text import refuse_controls
from quizgen.paper_formats import FORMATS, by_files_shown
from quizgen.roster_ids import fragile_ids_warning, key_spellings, only_students
from quizgen.text.words import and_list


def generate(out_dir, classes: str = "all", count: int = 1, seed=None, fmt: str = "md",
             solutions: bool = True, worked_examples: bool = False, banks=(), title=None,
             course: str | None = None, date: str | None = None, students=None, split: bool = False,
             progress: bool = False, jobs: int = 0, paper: str | None = None, force: bool = False,
             layout: str | None = None, only=None, students_encoding=None) -> Quiz:
    """Generate a problem set and write it to ``out_dir``: problems, solutions,
    key.json and key.csv (and, for ``pdf``, the PDFs beside their .tex). Nothing
    is written unless every file rendered. ``students`` is a roster CSV path (or
    a list of roster rows) for one paper per student; ``split`` writes one file each.
    ``jobs`` processes share the work (0: one per CPU); the files do not depend on it.
    ``paper`` is the LaTeX paper size (a4 or letter, None: a4), ``layout`` the LaTeX problem
    paper's (exam, the default: working space, a question moved whole to a page it fits on;
    compact: no working space, questions running on; the key is the same); ``title``, ``course``,
    ``date``, ``paper`` and ``layout`` None are left out (generation/printed.py). A folder holding another
    paper's key.json is refused unless ``force`` (quizgen/generation/outdir.py).
    ``only`` (with ``split``: ids separated by commas, or a list of such values, each value that is one
    key id whole, ``Smith, J``, naming that student) remakes just those students'
    files of the paper already in ``out_dir``, as the full run writes them (its printed options, those
    left out taken from its key); its key and other files stay."""
    from quizgen.key.writer import KEY_FILES, key_streams
    from quizgen.generation.tex_engine import as_written, written_for_engine
    from quizgen.generation.tex_fonts import typeset_names
    from quizgen.roster import read_roster

    seed = given_seed(seed)   # "42" is 42 and a blank seed refused, as --seed reads them
    refuse_empty_out(out_dir, "generate")
    check_count(count)   # every option checked before the folder is looked at
    refuse_controls(title=title, course=course, date=date)
    options = given(title=title, course=course, date=date, paper=paper, layout=layout)
    printed = resolved(options)
    _check_options(split, students, printed["paper"], printed["layout"], only, force, fmt)
    roster = read = read_roster(students, "--students", students_encoding) \
        if isinstance(students, (str, os.PathLike)) else list(students or ())
    bank = load_bank(banks)
    templates = select(bank, classes, banks)
    with writing_folder(out_dir, "--out"):   # held from the look at the earlier key to the last file written
        earlier = earlier_key(out_dir, force)
        roster, notes = _held_against_key(roster, earlier, _paper_id(templates, count, seed, worked_examples, ()))
        notes += guessable_seed_warning(seed, roster) if only is None else []
        if not worked_examples:   # before any file is written: grade must be able to read every label
            check_labels(seed, [t.id for t in templates], count, [s.student_id for s in roster],
                         getattr(read, "where", None))
        jobs = resolve_jobs(jobs)
        paper_id = _paper_id(templates, count, seed, worked_examples, roster)
        if only is not None:
            refuse_remaking_another(earlier, paper_id, [t.id for t in bank])
            roster = only_students(only, roster, earlier.student_ids)
            printed = as_printed(options, read_record(earlier.printed, str(earlier.path)), out_dir)   # as the others
        if progress and only is None:
            _warn_of_a_long_run(students, len(roster))
        folder = prepare_out_dir(out_dir, paper_id, force, earlier, _fresh_secret(out_dir, paper_id, fmt))
        roster = typeset_names(roster) if fmt == "pdf" else roster
        source = FORMATS[fmt].source if fmt in FORMATS else fmt   # an unknown one refused by document_streams
        with paused_gc(), (BlockSpool() if roster else nullcontext()) as spool:
            quiz = make_quiz(templates, seed=seed, count=count, worked_examples=worked_examples, students=roster,
                             jobs=jobs, formats=(source,), progress=progress, spool=spool)
            if earlier.paper is not None and paper_id is not None and paper_id.same_questions(earlier.paper):
                refuse_other_draws(earlier.drawn, quiz, earlier.path)   # the papers printed must keep their numbers
            quiz.title, quiz.course, quiz.date = printed["title"] or quiz.title, printed["course"], printed["date"]
            quiz.paper_size, quiz.layout, quiz.secret = printed["paper"], printed["layout"], folder.secret
            quiz.printed = to_record(printed) if students else {}   # for --only (generation/printed.py)
            quiz.warnings[:0] = notes
            files = document_streams(quiz, fmt, solutions, split=split)
            if only is None:   # key.json lists its paper's files: a later run replaces or removes only those
                quiz.paper_files = [*_names_written(files, fmt, logs=False), *KEY_FILES]
                files.update(key_streams(quiz))
            if only is not None:
                _refuse_another_format(Path(out_dir), files, fmt, only)
            stale = folder.stale if only is None else ()
            written = _names_written(files, fmt)
            roster_file = isinstance(students, (str, os.PathLike))
            refuse_overwriting_inputs(out_dir, written, stale, {students: "the --students roster"} if roster_file else {})
            refuse_replacing_others(out_dir, written, earlier, force)
            if fmt == "pdf":   # each .tex kept as it is compiled: for LuaLaTeX where pdflatex cannot set it
                files = {name: as_written("".join(pieces)) if name.endswith(".tex") else "".join(pieces)
                         for name, pieces in files.items()}
                from quizgen.generation.pdf import overflow_warnings
                pdfs = build_pdfs(out_dir, files, progress, jobs, {t.id: t.path for t in templates})
                quiz.warnings.extend(overflow_warnings(pdfs))
                files.update(pdfs)
                write_files(Path(out_dir), files)
                pdf_cache.finished(out_dir, paper_id)
            else:
                files, engine = written_for_engine(files, quiz) if fmt == "tex" else (files, [])
                quiz.warnings.extend(engine)
                _write_streams(Path(out_dir), files)
        quiz.files = list(files)
        quiz.warnings += folder.remove_stale(quiz.files) if only is None else []
        if only is not None:   # the key lists every file of its paper, those --only wrote too
            quiz.key_listed = list_in_key(earlier, quiz.files)
        return quiz


LARGE_ROSTER = 10_000   # students: more papers than this are said at the start


def _warn_of_a_long_run(students, count: int) -> None:
    """One warning on stderr as a run for more than LARGE_ROSTER students starts, so that a whole
    university's export given by mistake is not taken for a hang (the warnings after the run come too late)."""
    if count > LARGE_ROSTER:
        import click

        named = printable(str(students)) if isinstance(students, (str, os.PathLike)) else "the roster"
        click.echo(f"quizgen: warning: {named} lists {count:,} students: making a "
                   "paper for each takes a long time (a progress bar shows it on a terminal); if it is not the "
                   "class's roster, stop with Ctrl-C", err=True)


def _fresh_secret(out_dir, paper_id, fmt: str):
    """How a paper the folder holds no key of gets its secret: a PDF run of a
    given seed notes it until its files are written, so that, stopped and
    started again, it makes the same documents and finds them compiled
    (pdf_cache.py); any other run draws a new one."""
    if fmt != "pdf" or paper_id is None:
        return new_secret
    return lambda: pdf_cache.started_secret(out_dir, paper_id, new_secret)


def _check_options(split: bool, students, paper: str, layout: str, only, force: bool, fmt: str = "md") -> None:
    """Refuse, in one line, options that do not go together or a value out of their choices;
    a paper size or layout other than the default for Markdown, which has neither."""
    if split and not students:
        raise UsageError("--split needs --students: it writes one file per student")
    if paper not in PAPER_SIZES:
        raise UsageError(f"--paper must be one of {', '.join(PAPER_SIZES)}, got {paper!r}")
    if layout not in LAYOUTS:
        raise UsageError(f"--layout must be one of {', '.join(LAYOUTS)}, got {layout!r}")
    for option, value, default in (("--paper", paper, PAPER_SIZES[0]), ("--layout", layout, LAYOUTS[0])):
        if fmt in FORMATS and not FORMATS[fmt].pages and value != default:
            paged = [name for name, entry in FORMATS.items() if entry.pages]
            raise UsageError(f"{option} {value} is for the {and_list(paged)} papers ({FORMATS[fmt].called} has no "
                             f"pages): give --format {' or '.join(paged)} too")
    if only is not None and not (students and split):
        raise UsageError("--only needs --students and --split: it remakes those students' own files, "
                         "with the options of the run that made the papers")
    if only is not None and force:
        raise UsageError("--only and --force do not combine: --only remakes some students' files beside the key "
                         "in --out, leaving that key and every other file as they are")


def _refuse_another_format(folder: Path, files: dict, fmt: str, only) -> None:
    """Refuse, in one line, an ``--only`` run in another format than the folder
    holds the student's files in: it would write, say, .md files beside the
    .tex ones and remake none of them (.tex files made into PDFs too is no clash:
    a format's files shown by their suffix, paper_formats.by_files_shown)."""
    for name in files:
        stem = Path(name).stem
        held, ext = next(((shown, ext) for shown, ext in by_files_shown() if (folder / f"{stem}.{ext}").is_file()),
                         (None, None))
        if held not in (None, fmt) and ext not in FORMATS[fmt].suffixes:
            shown = " --only ".join([only] if isinstance(only, str) else only)
            raise UsageError(f"--only {shortened(printable(shown), 40)}: the folder holds "
                             f"{shortened(printable(stem))}.{ext}, made with --format {held}, and this run writes "
                             f"--format {fmt}; give --format {held} to remake it as the folder holds it")


def _held_against_key(roster: list, earlier, questions) -> tuple:
    """``(roster, notes)``: the roster's ids spelled as the folder's per-student
    key of these same questions (``questions``: a PaperId, None for a fresh
    seed) writes them, and the note saying so; without such a key, the warning
    for ids a spreadsheet may write otherwise later (quizgen/roster_ids.py)."""
    if not roster:
        return roster, []
    same = questions is not None and earlier.paper is not None and questions.same_questions(earlier.paper)
    if same and earlier.student_ids:
        roster, note = key_spellings(roster, earlier.student_ids)
    else:
        note = fragile_ids_warning(roster)
    return roster, [note] if note else []


def _names_written(files: dict, fmt: str, logs: bool = True) -> list:
    """The names of the files a run writes: ``files``, and those made from each (for ``pdf``
    each .tex's PDF and, with ``logs``, its LaTeX log, written only when TeX fails on it)."""
    entry = FORMATS[fmt]
    made = entry.made if logs else entry.made[:1]
    return [*files, *(f"{name.rpartition('.')[0]}.{ext}" for name in files if name.endswith(f".{entry.source}")
                      for ext in made)]


def _paper_id(templates: list, count: int, seed, worked_examples: bool, roster: list):
    """The PaperId of the paper this run makes (None for a fresh seed: another paper than any earlier)."""
    if worked_examples:
        return PaperId("canonical", tuple(sorted(t.id for t in templates)), len(templates))
    if seed is None:
        return None
    return PaperId(str(seed), tuple(sorted(t.id for t in templates)), len(templates) * count,
                   tuple(sorted(student.student_id for student in roster)))


def summary_line(quiz: Quiz, out_dir, remade: bool = False) -> str:
    """What ``quizgen generate`` prints when done: the questions, for how many
    students, the seed (or worked examples), the folder and its files (the first
    six of many); ``remade``: only some students' files (``--only``) were written, and
    key.json is unchanged unless its list of the paper's files now names them (``Quiz.key_listed``)."""
    what = "worked examples" if quiz.worked_examples else f"seed {quiz.seed}"
    papers = "" if not quiz.papers else (" for 1 student" if len(quiz.papers) == 1
                                         else f" for each of {len(quiz.papers)} students")
    files = sorted(quiz.files, key=lambda name: not name.endswith(".pdf"))   # the PDFs asked for come first
    shown = files if len(files) <= 8 else files[:6] + [f"and {len(files) - 6} more"]
    count_text = f"{len(quiz.questions)} question{'s' if len(quiz.questions) != 1 else ''}"
    if remade:
        key = ("key.json's list of the paper's files now names them (the rest of key.json is unchanged), and"
               if quiz.key_listed else "key.json and")
        return f"Remade the papers{papers} ({what}) in {out_dir}/: {', '.join(shown)}; {key} the other students' " \
               "papers are unchanged"
    return f"Wrote {count_text}{papers} ({what}) to {out_dir}/: {', '.join(shown)}"


def _write_streams(out_dir: Path, streams: dict) -> None:
    """Write {name: pieces of text} into ``out_dir``, each piece as it is made;
    all files appear together at the end, or none on an error."""
    with streamed_files(out_dir, streams) as handles:
        for name, pieces in streams.items():
            handles[name].writelines(pieces)


def build_pdfs(out_dir, files: dict, progress: bool = False, jobs: int = 1, paths: dict | None = None) -> dict:
    """The PDFs of the .tex files among ``files``, ``jobs`` compiled at a time. When
    TeX is missing or fails, the other files (and the failing document's log) are
    written before the error, which names the failing template's file (``paths``:
    {template id: its file})."""
    from quizgen.generation.pdf import compile_documents

    try:
        return compile_documents({n: t for n, t in files.items() if n.endswith(".tex")}, progress, jobs)
    except TexNotFoundError:
        write_files(Path(out_dir), files)
        raise
    except LatexError as exc:
        log = {str(Path(exc.document).with_suffix(".log")): exc.log} if exc.document else {}
        write_files(Path(out_dir), {**files, **log})
        named = f"template {exc.template})"
        if exc.template and (paths or {}).get(exc.template) and named in str(exc):
            raise LatexError(str(exc).replace(named, f"template {exc.template}, {paths[exc.template]})", 1),
                             exc.document, exc.log, exc.template) from None
        raise
