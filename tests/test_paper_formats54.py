"""Review 54b F3: a new output format is one entry in quizgen/paper_formats.py's
FORMATS (and its layouts). Every place that tells a paper's files by their suffix
or a format by its pages follows that table: the output folder's rule for a
paper's files (generate's EarlierKey.owns, grade's refusal to write over them),
a key's listed files, ``--only``'s refusal of another format and the
``--paper``/``--layout`` refusal of a format with no pages. Before, a new
format's paper could not be made again into its own folder."""

import shutil
from pathlib import Path

import pytest

from quizgen import paper_formats
from quizgen.bank.loader import builtin_templates_dir
from quizgen.errors import UsageError
from quizgen.generation.outdir import EarlierKey
from quizgen.generation.run import _check_options, _names_written, _refuse_another_format, generate
from quizgen.grading.paths import _refuse_paper_files
from quizgen.key.checks import is_listed
from quizgen.paper_formats import FORMATS, OUTPUT_FORMATS, PaperFormat, paper_file
from quizgen.text import render


@pytest.fixture
def txt(monkeypatch, tmp_path):
    """A fake plain-text format, ``txt``, with a made ``.htm`` beside each document: one
    entry in FORMATS, its layouts (the Markdown ones) and its escaping (Markdown's)."""
    layouts = tmp_path / "layouts"
    shutil.copytree(builtin_templates_dir(), layouts)
    for md in layouts.glob("*.md.j2"):
        shutil.copy(md, layouts / md.name.replace(".md.", ".txt."))
    monkeypatch.setattr("quizgen.generation.documents.builtin_templates_dir", lambda: layouts)
    monkeypatch.setattr("quizgen.generation.views.builtin_templates_dir", lambda: layouts)
    monkeypatch.setitem(render._ESCAPES, "txt", render._ESCAPES["md"])
    monkeypatch.setitem(render._STR_ESCAPES, "txt", render._STR_ESCAPES["md"])
    monkeypatch.setitem(FORMATS, "txt", PaperFormat("plain text", "txt", made=("htm",), pages=False))
    monkeypatch.setattr(paper_formats, "OUTPUT_FORMATS", tuple(FORMATS))
    monkeypatch.setattr("quizgen.generation.documents.OUTPUT_FORMATS", tuple(FORMATS))
    return "txt"


def test_the_formats_are_the_tables_and_the_shipped_ones_keep_their_files():
    assert OUTPUT_FORMATS == ("md", "tex", "pdf")
    assert [name for name in ("problems.md", "solutions-s001.tex", "problems.pdf", "problems.log", "key.csv")
            if paper_file(name)] == ["problems.md", "solutions-s001.tex", "problems.pdf", "problems.log", "key.csv"]
    assert not paper_file("problems.txt") and not paper_file("solutions-graded.csv")
    assert is_listed("problems.pdf", {"problems.tex"}) and is_listed("problems.log", {"problems.tex"})
    assert not is_listed("problems.pdf", {"problems.md"}) and not is_listed("problems.tex", {"problems.pdf"})
    assert _names_written({"problems.tex": ""}, "pdf") == ["problems.tex", "problems.pdf", "problems.log"]
    assert _names_written({"problems.tex": ""}, "pdf", logs=False) == ["problems.tex", "problems.pdf"]


def test_a_new_format_is_known_wherever_a_papers_files_are_told(txt, tmp_path):
    assert paper_file("problems.txt") and paper_file("solutions-s001.htm").group(2) == "-s001"
    assert is_listed("problems.htm", {"problems.txt"}) and not is_listed("problems.htm", {"problems.md"})
    assert EarlierKey(tmp_path / "key.json", True, files=frozenset({"problems.txt"})).owns("problems.htm")
    assert _names_written({"problems.txt": ""}, txt, logs=False) == ["problems.txt", "problems.htm"]
    with pytest.raises(UsageError, match=r"--paper letter is for the tex and pdf papers \(plain text has no pages\)"):
        _check_options(False, None, "letter", "exam", None, False, txt)
    with pytest.raises(UsageError, match="grade never replaces one"):   # grade's refusal to write over the paper
        _refuse_paper_files([tmp_path / "problems.htm"], tmp_path / "key.json", "--out", tmp_path / "g-report.md")


def test_only_refuses_a_new_format_beside_another_and_takes_its_own(txt, tmp_path):
    (tmp_path / "problems-s1.htm").write_text("", encoding="utf-8")
    _refuse_another_format(tmp_path, {"problems-s1.txt": ""}, txt, "s1")   # its own files: no clash
    with pytest.raises(UsageError, match=r"holds problems-s1\.htm, made with --format txt"):
        _refuse_another_format(tmp_path, {"problems-s1.md": ""}, "md", "s1")


def test_a_new_formats_paper_is_made_again_into_its_own_folder(txt, tmp_path):
    """The same seed into the same folder: the key lists the files, so they are replaced, not refused."""
    out = tmp_path / "out"
    for _ in range(2):
        quiz = generate(out, classes="C1", seed=5, fmt=txt, jobs=1)
    assert sorted(quiz.files) == ["key.csv", "key.json", "problems.txt", "solutions.txt"]
    assert "Q1" in (out / "problems.txt").read_text(encoding="utf-8")
    (out / "problems.htm").write_text("made from problems.txt", encoding="utf-8")
    generate(out, classes="C1", seed=5, fmt=txt, jobs=1)   # a made file is the paper's, not a person's own:
    assert sorted(p.name for p in Path(out).iterdir()) == ["key.csv", "key.json", "problems.txt", "solutions.txt"]
    # not refused, and, not made again by this run (which compiles nothing), removed as the earlier paper's
