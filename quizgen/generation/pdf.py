"""Compiling LaTeX to PDF: each document is built with latexmk (or pdflatex run
until its page references settle) in a fresh temporary folder, never with
shell-escape and with paranoid file access, and a LaTeX error is reported as
the failing .tex line and the log's message."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import sys
import threading
import time
from contextlib import nullcontext
from pathlib import Path

from quizgen.errors import LatexError, TexNotFoundError
from quizgen.generation import pdf_cache
from quizgen.generation.latex_log import latex_failure
from quizgen.generation.tex_fonts import for_lualatex, lualatex, needs_unicode_engine
from quizgen.text.tex_commands import WHY, refused_tex

DEBIAN_PACKAGES = ("texlive-latex-base", "texlive-latex-recommended", "texlive-pictures", "latexmk")
LATEX_OPTIONS = ("-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "-file-line-error")
TIMEOUT_SECONDS = 300        # per document; QUIZGEN_TEX_TIMEOUT (seconds) overrides it
TIMEOUT_ENV = "QUIZGEN_TEX_TIMEOUT"
MAX_PDFLATEX_RUNS = 3
_RERUN = re.compile(r"Rerun to get|Label\(s\) may have changed|There were undefined references")
_OVERFLOW = re.compile(r"^quizgen-overflow: (\S+) ?(\S*)", re.M)   # Q7 and its template: \qzputpiece, \qzoverfull
PROGRESS_EVERY = 30          # seconds between the plain progress lines when stderr is not a terminal
_clock = time.monotonic


class CompiledPdf(bytes):
    """A PDF's bytes, with the questions that ran off the foot of a page (``overflows``:
    taller than a page where they cannot be broken), each as ``Q7 (template <id>)``: Q7 is
    another template on each student's paper."""

    overflows: tuple = ()


def install_hint() -> str:
    """The one line that says how to get TeX on Debian or Ubuntu."""
    return "sudo apt-get install " + " ".join(DEBIAN_PACKAGES)


def find_tex() -> tuple:
    """(latexmk or None, pdflatex): the programs to compile with.
    Raises TexNotFoundError when pdflatex is not on the PATH."""
    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        raise TexNotFoundError("cannot make PDFs: pdflatex is not installed (the .tex files were "
                               f"still written); install TeX with: {install_hint()}")
    return shutil.which("latexmk"), pdflatex


def compile_documents(documents: dict, progress: bool = False, jobs: int = 1, failed: dict | None = None) -> dict:
    """Compile {"name.tex": source} to {"name.pdf": bytes}, ``jobs`` documents
    at a time (TeX runs in its own processes, so threads suffice; LuaLaTeX
    runs fewer, lualatex_slots); ``progress`` shows click's progress bar on
    stderr when it is a terminal, else a plain line every PROGRESS_EVERY
    seconds (_ProgressLines). The first failing document, in the given order,
    is the error raised; with ``failed`` (the feedback sheets: one student's
    sheet must not stop the class's), a document LaTeX fails on is put there
    instead, ``{"name.tex": LatexError}``, and the others are compiled (a
    timeout, a TeX loop in a template, still stops them all)."""
    from concurrent.futures import ThreadPoolExecutor

    from quizgen.ui import progress_bar

    programs = find_tex()
    names = list(documents)
    pdfs = {}
    lines = _ProgressLines(len(names)) if progress and not sys.stderr.isatty() else None
    try:
        with progress_bar(progress, len(names), "Compiling PDFs") as bar, \
                ThreadPoolExecutor(max(1, min(jobs, len(names)))) as pool:
            futures = [pool.submit(compile_pdf, name, documents[name], programs) for name in names]
            try:
                for done, (name, future) in enumerate(zip(names, futures), 1):
                    try:
                        pdfs[_pdf_name(name)] = future.result()
                    except LatexError as exc:
                        if failed is None or isinstance(exc, LatexTimeout):
                            raise
                        failed[name] = exc
                    bar.update(1)
                    if lines:
                        lines.done(done)
            except BaseException:
                for future in futures:
                    future.cancel()
                _RUNNING.kill_all()   # the documents still compiling stop now, not after their timeout
                raise
    finally:
        _RUNNING.stopped = False   # the pool has ended: a compile after this batch is not stopped by it
        pdf_cache.trim(pdf_cache.cache_folder())
    return pdfs


class LatexTimeout(LatexError):
    """LaTeX ran longer than timeout_seconds on a document: a TeX loop, which stops every document."""


LUALATEX_MEMORY = 1.5 * 2 ** 30   # bytes one LuaLaTeX run with the fallback fonts takes (measured: 1.4 GB)
LUALATEX_JOBS_ENV = "QUIZGEN_LUALATEX_JOBS"
_LUALATEX_SLOTS = []   # the semaphore, made at the first LuaLaTeX run


def lualatex_slots() -> threading.Semaphore:
    """The semaphore bounding the LuaLaTeX runs at once (each takes some 1.4 GB
    where pdflatex takes 40 MB): $QUIZGEN_LUALATEX_JOBS when it is a positive
    whole number, else as many as half the available memory holds (lualatex_jobs)."""
    with _SLOTS_LOCK:
        if not _LUALATEX_SLOTS:
            value = os.environ.get(LUALATEX_JOBS_ENV, "").strip()
            jobs = int(value) if value.isdecimal() and int(value) > 0 else lualatex_jobs(available_memory())
            _LUALATEX_SLOTS.append(threading.BoundedSemaphore(jobs))
        return _LUALATEX_SLOTS[0]


_SLOTS_LOCK = threading.Lock()


def lualatex_jobs(available: int | None) -> int:
    """How many LuaLaTeX runs fit in half of ``available`` bytes of memory, at
    least one; two when the memory available is not known."""
    if available is None:
        return 2
    return max(1, int(available / 2 // LUALATEX_MEMORY))


def available_memory() -> int | None:
    """MemAvailable of /proc/meminfo in bytes; None where there is no such file (macOS, Windows)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


class _ProgressLines:
    """Where there is no progress bar (a CI job, a nohup'd run), one plain line on
    stderr every PROGRESS_EVERY seconds, so that a long run is seen to be working."""

    def __init__(self, total: int):
        self.total, self.last = total, _clock()

    def done(self, count: int) -> None:
        """``count`` documents are compiled: say so when the last line is old enough."""
        now = _clock()
        if now - self.last >= PROGRESS_EVERY and count < self.total:
            print(f"quizgen: compiled {count} of {self.total} PDFs", file=sys.stderr, flush=True)
            self.last = now


PAPER_OVERFLOW = ("a piece of it that cannot be broken across pages (a table or formula, a part's last lines "
                  "over its working space, a worked solution's block of answers) is taller than a page; "
                  "shorten that piece or that part's working space (space:)")


def overflow_warnings(pdfs: dict, why: str = PAPER_OVERFLOW) -> list:
    """One warning per question that ran off the foot of a page in any of ``pdfs``
    ({name: CompiledPdf}), naming the PDFs and the question, then ``why`` (what was too
    tall, what to shorten: the papers', or the feedback sheets' own)."""
    where = {}
    for name, pdf in pdfs.items():
        for question in getattr(pdf, "overflows", ()):
            where.setdefault(question, []).append(name)
    return [f"{_pdf_names(names)}: {question} runs off the foot of its page and loses its last lines: {why}"
            for question, names in where.items()]


def _pdf_names(names: list) -> str:
    """``problems.pdf``, ``problems.pdf and solutions.pdf``, or the first and how many others."""
    if len(names) <= 2:
        return " and ".join(names)
    return f"{names[0]} (and {len(names) - 1} other PDFs)"


class _Groups:
    """The TeX process groups running now (one per document being compiled),
    so that one failure or a signal can end them all, children included."""

    def __init__(self):
        self.lock, self.running, self.stopped = threading.Lock(), set(), False

    def start(self, command: list, folder: Path, env: dict) -> subprocess.Popen:
        """Start ``command`` in a session (process group) of its own; none once
        ``kill_all`` has stopped the batch (a document waiting for a LuaLaTeX
        slot would otherwise start after a failure, and be waited for)."""
        with self.lock:
            if self.stopped:
                raise LatexError("compiling stopped: another document failed first")
            process = subprocess.Popen(command, cwd=folder, env=env, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
            self.running.add(process)
        return process

    def finish(self, process: subprocess.Popen) -> None:
        """Kill what is left of ``process``'s group and forget it."""
        _kill_group(process)
        with self.lock:
            self.running.discard(process)

    def kill_all(self) -> None:
        """Stop the batch: kill every group running, and start no more."""
        with self.lock:
            self.stopped = True
            running = list(self.running)
        for process in running:
            _kill_group(process)


def _kill_group(process: subprocess.Popen) -> None:
    """SIGKILL the whole process group of ``process`` (latexmk and the pdflatex
    it started), then reap ``process``."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


_RUNNING = _Groups()


def timeout_seconds() -> float:
    """The per-document time limit: $QUIZGEN_TEX_TIMEOUT when it is a positive number, else TIMEOUT_SECONDS."""
    try:
        value = float(os.environ.get(TIMEOUT_ENV, ""))
    except ValueError:
        return TIMEOUT_SECONDS
    return value if 0 < value < float("inf") else TIMEOUT_SECONDS


def _pdf_name(tex_name: str) -> str:
    return str(Path(tex_name).with_suffix(".pdf"))


def compile_pdf(name: str, source: str, programs: tuple | None = None) -> CompiledPdf:
    """The PDF of one LaTeX document named ``name`` (e.g. ``problems.tex``), and
    the questions its log says ran off a page's foot; with LuaLaTeX when its
    text needs fonts beyond pdflatex's (tex_fonts)."""
    command = refused_tex(source.partition("\\begin{document}")[2])   # quizgen's own preamble uses \makeatletter
    if command is not None:   # the last guard: the bank's check (bank/yamlfile.py) comes first
        raise LatexError(f"{name}: a template's text uses {command}: {WHY}", document=name)
    latexmk, pdflatex = programs or find_tex()
    if needs_unicode_engine(source) and lualatex():
        return _compile_kept(name, for_lualatex(source), latexmk, lualatex(), "-lualatex")
    return _compile_kept(name, source, latexmk, pdflatex, "-pdf")


def _compile_kept(name: str, source: str, latexmk, program: str, engine: str) -> CompiledPdf:
    """The PDF kept from an earlier compilation of the same document (pdf_cache.py), else
    ``_compile_in_folder``'s, kept for the next time; LuaLaTeX waits for a slot only to compile."""
    folder = pdf_cache.cache_folder()
    entry = pdf_cache.entry_name(name, source, engine, program) if folder is not None else ""
    found = pdf_cache.kept(folder, entry)
    if found is not None:
        result = CompiledPdf(found[0])
        result.overflows = found[1]
        return result
    with lualatex_slots() if engine == "-lualatex" else nullcontext():
        result = _compile_in_folder(name, source, latexmk, program, engine)
    pdf_cache.keep(folder, entry, result, result.overflows)
    return result


def _compile_in_folder(name: str, source: str, latexmk, pdflatex: str, engine: str) -> CompiledPdf:
    """compile_pdf's run in a fresh temporary folder, with latexmk's ``engine`` (or ``pdflatex`` itself)."""
    with tempfile.TemporaryDirectory(prefix="quizgen-tex-") as folder:
        work = Path(folder)
        tex = work / Path(name).name
        tex.write_text(source, encoding="utf-8")
        if latexmk:
            _run([latexmk, engine, "-norc", "-silent", *LATEX_OPTIONS, tex.name], work, name)
        else:
            for _ in range(MAX_PDFLATEX_RUNS):
                _run([pdflatex, *LATEX_OPTIONS, tex.name], work, name)
                if not _RERUN.search(_read(tex.with_suffix(".log"))):
                    break
        pdf = tex.with_suffix(".pdf")
        if not pdf.is_file():
            raise latex_failure(name, source, _read(tex.with_suffix(".log")))
        result = CompiledPdf(pdf.read_bytes())
        found = _OVERFLOW.findall(_read(tex.with_suffix(".log")))
        result.overflows = tuple(dict.fromkeys(f"{q} (template {t})" if t else q for q, t in found))
        return result


def _run(command: list, folder: Path, name: str) -> None:
    # paranoid file access: TeX reads and writes nothing outside the temporary folder
    # (and its own installation), whatever a template's mathematics asks for
    env = dict(os.environ, openin_any="p", openout_any="p")
    env.pop("TEXMFOUTPUT", None)
    limit = timeout_seconds()
    try:
        process = _RUNNING.start(command, folder, env)
    except OSError as exc:
        raise TexNotFoundError(f"cannot run {command[0]}: {exc.strerror or exc}; "
                               f"install TeX with: {install_hint()}") from exc
    try:
        output, _ = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired as exc:
        raise LatexTimeout(f"LaTeX took longer than {limit:g} s on {name} (a TeX loop in a template?); "
                         f"stopped it and the documents after it", document=name) from exc
    finally:
        _RUNNING.finish(process)
    if process.returncode != 0:
        tex = folder / Path(name).name
        log = _read(tex.with_suffix(".log")) or output.decode("utf-8", "replace")
        raise latex_failure(name, tex.read_text(encoding="utf-8"), log)


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""
