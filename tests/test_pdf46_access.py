"""What a PDF tells a screen reader, a viewer and a search beyond its print
(review 46): the sum sign's text is ∑, not the letter P, under pdfTeX and LuaTeX; the
problems, solutions and feedback PDFs carry a title (shown as the window's
title), their language and a bookmark per question, every string a user wrote
reaching TeX as hexadecimal digits only. Compiling tests are slow and skip,
with the reason, without the TeX or poppler tool they run."""

import re
import shutil
import subprocess
import zlib

import pytest

from quizgen.generation import tex_fonts
from quizgen.text.pdf_strings import LIMIT, pdf_string
from test_grade_outputs import small_key, write

GREEK = "Ζωή Παπαδοπούλου"
HOSTILE_TITLE = r"Mid)term( \input{/etc/passwd} \\"
HOSTILE_COURSE = r"NLP }\immediate\write18{id} <<"
_HEX = re.compile(r"<FEFF((?:[0-9A-F]{4})*)>")


def unhex(tex_string: str) -> str:
    """The text of a PDF hex string ``<FEFF...>``."""
    return bytes.fromhex(_HEX.fullmatch(tex_string).group(1)).decode("utf-16-be")


def test_a_pdf_string_is_hexadecimal_utf16_whatever_was_typed():
    assert pdf_string("Q1") == "<FEFF00510031>"   # Q is 0x51, 1 is 0x31, after the byte order mark FE FF
    assert pdf_string("\u03a3") == "<FEFF03A3>" and pdf_string("\U0001f600") == "<FEFFD83DDE00>"   # a surrogate pair
    hostile = pdf_string(HOSTILE_TITLE)
    assert re.fullmatch(r"<FEFF[0-9A-F]+>", hostile) and unhex(hostile) == HOSTILE_TITLE
    assert unhex(pdf_string("a\tb\n\nc\x00d ")) == "a b c d"   # one line, controls as spaces
    assert unhex(pdf_string("x" * 500)) == "x" * (LIMIT - 1) + "\u2026"


def test_a_sheet_names_its_pdf_title_and_bookmarks_in_hex_only(tmp_path, invoke, pdf_sheet_sources):
    rows = [("s103", GREEK, "Q1", "a", "0.5"), ("s103", GREEK, "Q2", "a", "24"), ("s4", HOSTILE_TITLE, "Q1", "a", "1")]
    result = invoke("grade", write(tmp_path, small_key(), rows), "--key", tmp_path / "key.json",
                    "--feedback", tmp_path / "sheets", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    for sheet, who in (("s103.tex", f"s103 ({GREEK})"), ("s4.tex", f"s4 ({HOSTILE_TITLE})")):
        tex = pdf_sheet_sources[sheet]
        meta = re.findall(r"^\\qzpdfmeta\{(.*)\}$", tex, re.M)
        assert [unhex(m) for m in meta] == [f"Feedback for {who}"], sheet
        marks = [unhex(m) for m in re.findall(r"^\\qzbookmark\{0\}\{(.*)\}$", tex, re.M)]
        assert marks[-2:] == ["Q1: t1", "Q2: t2"] and marks[:-2] in ([], ["What to work on"]), sheet
    assert "\\input{/etc/passwd}" not in pdf_sheet_sources["s4.tex"]


def test_tex_papers_name_their_pdf_title_and_bookmarks_in_hex_only(tmp_path, invoke):
    out = tmp_path / "quiz"
    result = invoke("generate", "--seed", 5, "--classes", "C1,C6", "--format", "tex", "--title", HOSTILE_TITLE,
                    "--course", HOSTILE_COURSE, "--out", out)
    assert result.exit_code == 0, result.stderr
    for name, title in (("problems.tex", f"{HOSTILE_TITLE}, {HOSTILE_COURSE}"),
                        ("solutions.tex", f"{HOSTILE_TITLE}, {HOSTILE_COURSE} — worked solutions")):
        tex = (out / name).read_text(encoding="utf-8")
        meta = re.findall(r"^\\qzpdfmeta\{(.*)\}$", tex, re.M)
        assert [unhex(m) for m in meta] == [title], name
        marks = re.findall(r"^\\qzbookmark\{0\}\{(.*)\}$", tex, re.M)
        assert [unhex(m)[:4] for m in marks] == ["Q1. ", "Q2. "], name
        assert tex.count("\\qzdest{") == 2 and "\\input{/etc/passwd}" not in tex


def pdf_objects(path) -> bytes:
    """A PDF's bytes and every Flate stream of it decompressed (its object streams hold the catalog)."""
    data = path.read_bytes()
    found = [data]
    for stream in re.finditer(rb"stream\r?\n(.*?)endstream", data, re.S):
        try:
            found.append(zlib.decompressobj().decompress(stream.group(1)))
        except zlib.error:
            pass
    return b"\n".join(found)


def tools(*names):
    """Skip, with the reason, unless pdflatex and the poppler tools ``names`` are installed."""
    missing = [tool for tool in ("pdflatex", *names) if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: texlive-latex-base poppler-utils)")


def lualatex_for_greek():
    """Skip, with the reason, unless LuaLaTeX and a font with Greek letters are installed."""
    if tex_fonts.lualatex() is None or not tex_fonts.can_typeset(GREEK):
        pytest.skip(f"lualatex with fontspec and a Greek font not installed (Debian: {' '.join(tex_fonts.DEBIAN_PACKAGES)})")


def run(*command) -> str:
    return subprocess.run([str(c) for c in command], capture_output=True, check=True, text=True).stdout


def outline(path) -> list:
    """The PDF's bookmarks, in order, as pdftohtml reads them."""
    xml = run("pdftohtml", "-xml", "-stdout", "-i", "-q", path)
    return re.findall(r'<item page="\d+">([^<]*)</item>', xml)


def title(path) -> str:
    return re.search(r"^Title:\s+(.*)$", run("pdfinfo", path), re.M).group(1)


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["pdflatex", "lualatex"])
def test_the_sum_sign_reads_as_a_sum_in_the_solutions_text(tmp_path, invoke, engine):
    tools("pdftotext")
    args = ["--seed", 4646, "--classes", "C1", "--format", "pdf", "--out", tmp_path / "quiz"]
    if engine == "lualatex":   # a Greek name sends the document to LuaLaTeX
        lualatex_for_greek()
        (tmp_path / "roster.csv").write_text(f"student_id,name\ng1,{GREEK}\n", encoding="utf-8")
        args += ["--students", tmp_path / "roster.csv"]
    result = invoke("generate", *args)
    assert result.exit_code == 0, result.stderr
    text = run("pdftotext", tmp_path / "quiz" / "solutions.pdf", "-")
    assert "\u2211" in text and not re.search(r"^P$", text, re.M)   # C1's step 2 adds the weights with ∑
    if engine == "lualatex":
        assert GREEK in text


@pytest.mark.slow
def test_problems_and_solutions_pdfs_have_a_title_language_and_bookmarks(tmp_path, invoke):
    tools("pdfinfo", "pdftohtml")
    out = tmp_path / "quiz"
    result = invoke("generate", "--seed", 5, "--classes", "C1,C6", "--format", "pdf", "--title", HOSTILE_TITLE,
                    "--course", "NLP 101", "--out", out)
    assert result.exit_code == 0, result.stderr
    assert title(out / "problems.pdf") == f"{HOSTILE_TITLE}, NLP 101"
    assert title(out / "solutions.pdf") == f"{HOSTILE_TITLE}, NLP 101 — worked solutions"
    for name in ("problems.pdf", "solutions.pdf"):
        objects = pdf_objects(out / name)
        assert b"/Lang (en)" in objects and b"/DisplayDocTitle true" in objects, name
        marks = outline(out / name)
        assert len(marks) == 2 and marks[0].startswith("Q1. Masked-token loss") and marks[1].startswith("Q2. "), name


@pytest.mark.slow
def test_a_class_of_papers_has_a_bookmark_per_student_holding_their_questions(tmp_path, invoke):
    tools("pdftohtml")
    (tmp_path / "roster.csv").write_text("student_id,name\ns1,Ada Lovelace\ns2,\n", encoding="utf-8")
    out = tmp_path / "quiz"
    result = invoke("generate", "--seed", 5, "--classes", "C1,C6", "--format", "pdf", "--no-solutions",
                    "--students", tmp_path / "roster.csv", "--out", out)
    assert result.exit_code == 0, result.stderr
    marks = outline(out / "problems.pdf")
    assert marks[0] == "Ada Lovelace (s1)" and marks[3] == "s2" and len(marks) == 6
    assert [m[:3] for m in marks[1:3] + marks[4:]] == ["Q1.", "Q2.", "Q1.", "Q2."]


@pytest.mark.slow
def test_feedback_sheets_name_their_student_exactly_with_title_bookmarks_and_sums(tmp_path, invoke):
    tools("pdftotext", "pdfinfo", "pdftohtml")
    lualatex_for_greek()
    quiz = tmp_path / "quiz"
    assert invoke("generate", "--seed", 4646, "--classes", "C1", "--out", quiz).exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text(f"student_id,name,Q1a,Q1b\ns103,{GREEK},0.69,0.37\ns104,Ada Lovelace,0.69,0.37\n",
                       encoding="utf-8")
    result = invoke("grade", answers, "--key", quiz / "key.json", "--feedback", tmp_path / "fb", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    for student, name in (("s103", GREEK), ("s104", "Ada Lovelace")):   # LuaLaTeX, then pdflatex
        sheet = tmp_path / "fb" / f"{student}.pdf"
        text = run("pdftotext", sheet, "-")
        assert f"Feedback for {student} ({name})" in text and f"{name} ({student})" in text
        assert "\u2211" in text and not re.search(r"^P$", text, re.M)
        assert title(sheet) == f"Feedback for {student} ({name})"
        assert b"/Lang (en)" in pdf_objects(sheet)
        assert outline(sheet)[-1].startswith("Q1: Masked-token loss")


@pytest.mark.slow
def test_the_content_order_reads_a_stem_whole_before_its_figure(tmp_path, invoke):
    # review 46 F3: pdftotext's layout reading put C7's "A:" after the stem and the figure's ticks; the order
    # the page was set in (what an untagged PDF's reader follows, pdftotext -raw) is stem, A, B, then figure
    tools("pdftotext")
    result = invoke("generate", "--seed", 4646, "--classes", "C7", "--format", "pdf", "--out", tmp_path / "quiz")
    assert result.exit_code == 0, result.stderr
    for name, axis in (("problems.pdf", "p, a probability"), ("solutions.pdf", "the head\u2019s NotNext probability")):
        text = run("pdftotext", "-raw", tmp_path / "quiz" / name, "-")
        stem, a, b = (text.index(s) for s in ("The two sentences go into", "\u2022 A:", "\u2022 B:"))
        figure = text.index(axis)   # the figure's axis title
        assert stem < a < b < figure, name
