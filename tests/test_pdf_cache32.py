"""PDFs compiled before are kept by the hash of what made them (pdf_cache.py):
an unchanged document is not compiled again, and a run stopped half-way
resumes where it stopped. TeX is stubbed out here (``_compile_in_folder``);
the slow test at the end compiles for real."""

import os
import time
import shutil

import pytest

from quizgen.errors import LatexError
from quizgen.generation import pdf, pdf_cache

PROGRAMS = ("/nonexistent/latexmk", "/nonexistent/pdflatex")
SOURCE = "\\documentclass{article}\\begin{document}Q1\\end{document}\n"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(folder))
    return folder


@pytest.fixture
def compiled(monkeypatch):
    """The names TeX was run on, in order; a source holding "FAIL" fails."""
    runs = []

    def fake(name, source, latexmk, program, engine):
        runs.append(name)
        if "FAIL" in source:
            raise LatexError(f"LaTeX failed on {name}", document=name)
        result = pdf.CompiledPdf(b"%PDF-1.5\n" + source.encode())
        result.overflows = ("Q7 (template t)",) if "Q7" in source else ()
        return result
    monkeypatch.setattr(pdf, "_compile_in_folder", fake)
    return runs


def test_an_unchanged_document_is_compiled_once(cache, compiled):
    first = pdf.compile_pdf("problems.tex", SOURCE + "Q7", PROGRAMS)
    again = pdf.compile_pdf("problems.tex", SOURCE + "Q7", PROGRAMS)
    assert compiled == ["problems.tex"]
    assert bytes(again) == bytes(first)
    assert again.overflows == first.overflows == ("Q7 (template t)",)   # the log's warnings come back with it


def test_another_source_or_name_is_compiled_afresh(cache, compiled):
    pdf.compile_pdf("problems.tex", SOURCE, PROGRAMS)
    pdf.compile_pdf("problems.tex", SOURCE + "%", PROGRAMS)
    pdf.compile_pdf("solutions.tex", SOURCE, PROGRAMS)
    assert compiled == ["problems.tex", "problems.tex", "solutions.tex"]


def test_a_stopped_batch_resumes_where_it_stopped(cache, compiled):
    documents = {"s1.tex": SOURCE + "1", "s2.tex": SOURCE + "2", "s3.tex": SOURCE + "FAIL"}
    with pytest.raises(LatexError):
        pdf.compile_documents(documents, jobs=1)
    documents["s3.tex"] = SOURCE + "3"   # the template mended, the run started again
    pdfs = pdf.compile_documents(documents, jobs=1)
    assert compiled == ["s1.tex", "s2.tex", "s3.tex", "s3.tex"]
    assert sorted(pdfs) == ["s1.pdf", "s2.pdf", "s3.pdf"]   # s1 and s2 from the cache


@pytest.mark.parametrize("damage", [lambda data: data[:-3], lambda data: b"junk" + data,
                                    lambda data: data.replace(b"%PDF-", b"%XYZ-"), lambda data: b""])
def test_a_damaged_entry_is_compiled_again_and_replaced(cache, compiled, damage):
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    (entry,) = cache.glob("*.pdf-entry")
    entry.write_bytes(damage(entry.read_bytes()))
    again = pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert compiled == ["a.tex", "a.tex"] and bytes(again).startswith(b"%PDF-")
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert compiled == ["a.tex", "a.tex"]   # written whole again, so taken from the cache


@pytest.mark.parametrize("value", ["off", "0", "", " OFF "])
def test_the_cache_can_be_turned_off(tmp_path, monkeypatch, compiled, value):
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", value)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert compiled == ["a.tex", "a.tex"] and not list(tmp_path.iterdir())


def test_the_default_folder_follows_xdg_cache_home(tmp_path, monkeypatch, compiled):
    monkeypatch.delenv("QUIZGEN_PDF_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert len(list((tmp_path / "xdg" / "quizgen" / "pdf").glob("*.pdf-entry"))) == 1


def test_an_unwritable_cache_only_costs_the_compilation(tmp_path, monkeypatch, compiled):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(blocker / "cache"))
    assert bytes(pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)).startswith(b"%PDF-")
    assert bytes(pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)).startswith(b"%PDF-")
    assert compiled == ["a.tex", "a.tex"]


def test_trim_removes_the_least_recently_used_down_to_80_percent(tmp_path):
    for age, name in enumerate("abcde"):
        path = tmp_path / f"{name}.pdf-entry"
        path.write_bytes(b"x" * 100)
        os.utime(path, (1_000 + age, 1_000 + age))
    (tmp_path / "other.txt").write_bytes(b"y" * 1000)   # not an entry: never counted nor removed
    pdf_cache.trim(tmp_path, limit=450)   # 500 bytes kept, over 450: the oldest go until 360 or less
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.pdf-entry", "d.pdf-entry", "e.pdf-entry", "other.txt"]
    pdf_cache.trim(tmp_path, limit=300)   # 300 bytes, not over: nothing goes
    assert len(list(tmp_path.glob("*.pdf-entry"))) == 3
    pdf_cache.trim(tmp_path, limit=200)
    assert [p.name for p in tmp_path.glob("*.pdf-entry")] == ["e.pdf-entry"]


def test_a_hit_marks_the_entry_as_recently_used(cache, compiled):
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    (entry,) = cache.glob("*.pdf-entry")
    os.utime(entry, (1_000, 1_000))
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert entry.stat().st_mtime > 1_000


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_a_stopped_pdf_run_started_again_compiles_nothing_twice(tmp_path, monkeypatch, runner):
    """A run stopped after compiling (before any file is written), started again:
    the same secret, so the same sources; every PDF comes from the cache, byte
    for byte the ones TeX made, and the noted secret is forgotten once written."""
    from quizgen.cli import main
    from quizgen.generation import run as generation_run

    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(tmp_path / "cache"))
    argv = ["generate", "--format", "pdf", "--seed", "5", "--count", "1", "--classes", "C1,C7",
            "--out", str(tmp_path / "paper")]
    made = {}

    def stopped(folder, files):
        made.update({name: data for name, data in files.items() if name.endswith(".pdf")})
        raise KeyboardInterrupt
    monkeypatch.setattr(generation_run, "write_files", stopped)
    assert runner.invoke(main, argv).exit_code != 0
    assert not (tmp_path / "paper" / "key.json").exists() and sorted(made) == ["problems.pdf", "solutions.pdf"]
    monkeypatch.undo()
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(pdf, "_compile_in_folder", lambda *args: pytest.fail("compiled again"))
    result = runner.invoke(main, argv)
    assert result.exit_code == 0, result.output
    assert {name: (tmp_path / "paper" / name).read_bytes() for name in made} == {n: bytes(d) for n, d in made.items()}
    assert not list((tmp_path / "cache" / "started").iterdir())


def test_a_pdf_run_into_a_new_folder_notes_its_secret_until_written(tmp_path, monkeypatch):
    from quizgen.generation.outdir import PaperId

    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(tmp_path / "cache"))
    paper = PaperId("5", ("c1",), 1)
    drawn = iter(["a" * 32, "b" * 32])
    first = pdf_cache.started_secret(tmp_path / "out", paper, lambda: next(drawn))
    assert pdf_cache.started_secret(tmp_path / "out", paper, lambda: next(drawn)) == first == "a" * 32
    assert pdf_cache.started_secret(tmp_path / "other", paper, lambda: next(drawn)) == "b" * 32
    pdf_cache.finished(tmp_path / "out", paper)
    assert pdf_cache.started_secret(tmp_path / "out", paper, lambda: "c" * 32) == "c" * 32


def test_a_noted_secret_not_as_quizgen_writes_one_is_drawn_afresh(tmp_path, monkeypatch):
    from quizgen.generation.outdir import PaperId

    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(tmp_path / "cache"))
    paper = PaperId("5", ("c1",), 1)
    pdf_cache.started_secret(tmp_path / "out", paper, lambda: "a" * 32)
    (noted,) = (tmp_path / "cache" / "started").iterdir()
    noted.write_text("1234")   # guessable: never a paper's secret
    assert pdf_cache.started_secret(tmp_path / "out", paper, lambda: "d" * 32) == "d" * 32


def test_a_new_cache_folder_is_private_and_a_shared_one_is_not_used(tmp_path, monkeypatch, compiled):
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(tmp_path / "deep" / "cache"))
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert (tmp_path / "deep" / "cache").stat().st_mode & 0o777 == 0o700
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)   # another user could put their PDF or a secret of their choosing here
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(shared))
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert compiled == ["a.tex"] * 3 and not list(shared.iterdir())
    (tmp_path / "link").symlink_to(tmp_path / "deep" / "cache")
    monkeypatch.setenv("QUIZGEN_PDF_CACHE", str(tmp_path / "link"))
    assert pdf_cache.cache_folder() is None


@pytest.mark.parametrize("plant", ["fifo", "link"])
def test_an_entry_that_is_no_regular_file_is_never_read(cache, compiled, plant, tmp_path):
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    (entry,) = cache.glob("*.pdf-entry")
    kept = entry.read_bytes()
    entry.unlink()
    if plant == "fifo":
        os.mkfifo(entry)   # reading it would wait for a writer for ever
    else:
        (tmp_path / "elsewhere").write_bytes(kept)
        entry.symlink_to(tmp_path / "elsewhere")
    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    assert compiled == ["a.tex", "a.tex"]   # compiled again, the planted entry never read


def test_leftovers_of_killed_and_abandoned_runs_go_when_old(cache, compiled, monkeypatch):
    """A temporary file is named as the outputs' are, and goes as theirs do (commit.remove_stale_temps:
    its process gone, untouched for an hour); a noted secret goes after 30 days."""
    from types import SimpleNamespace

    from quizgen import commit
    from quizgen.generation.outdir import PaperId
    from test_hostile31_leftovers import dead_pid

    pdf.compile_pdf("a.tex", SOURCE, PROGRAMS)
    pdf_cache.started_secret("out", PaperId("1", ("c1",), 1), lambda: "a" * 32)
    recent = commit.temp_name(cache)   # this process's: it may still be writing it
    half = cache / recent.name.replace(f"-{os.getpid()}-", f"-{dead_pid()}-")
    half.write_bytes(b"half an entry")
    recent.write_bytes(b"being written")
    (noted,) = (cache / "started").iterdir()
    os.utime(noted, (time.time() - 31 * 86400,) * 2)
    later = time.time() + 2 * commit.STALE_SECONDS
    monkeypatch.setattr(commit, "time", SimpleNamespace(time=lambda: later))
    pdf_cache.trim(cache)
    assert not half.exists() and not noted.exists() and recent.exists()
    assert len(list(cache.glob("*.pdf-entry"))) == 1
