"""PDF output: real compiles read back with pdftotext (skipped, with the reason
shown, when TeX or poppler is missing), LaTeX errors, a missing TeX, and the log parser."""

import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quizgen.generation import latex_log, pdf, tex_fonts
from quizgen.errors import LatexError
from quizgen.bank.loader import builtin_bank_dir
from quizgen.key.model import Key

pytestmark = pytest.mark.slow   # runs in CI; kept out of the quick `-m "not slow"` run

HOSTILE_TITLE = r"Midterm \input{/etc/passwd} 50% & #1"
HOSTILE_COURSE = r"NLP }\immediate\write18{id} ~ ^ _ $x$"


def pdf_text(path):
    """The text of a PDF, whitespace collapsed so line breaks do not matter."""
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return " ".join(out.split())


def read_key(folder):
    """key.json as checked by the key model, every question record whole."""
    data = json.loads((folder / "key.json").read_text(encoding="utf-8"))
    return Key.from_json(data, "key.json").to_json(compact=False)


def test_exam_paper_and_solutions_print_the_questions_numbers_and_header(invoke, tex, tmp_path):
    result = invoke("generate", "--seed", 3, "--classes", "C1,C6", "--format", "pdf", "--out", tmp_path,
                    "--title", HOSTILE_TITLE, "--course", HOSTILE_COURSE, "--date", "3 March 2026")
    assert result.exit_code == 0, result.stderr
    assert {"problems.pdf", "solutions.pdf", "problems.tex", "solutions.tex"} <= {p.name for p in tmp_path.iterdir()}
    key = read_key(tmp_path)
    problems, solutions = pdf_text(tmp_path / "problems.pdf"), pdf_text(tmp_path / "solutions.pdf")
    for text in (problems, solutions):
        assert HOSTILE_TITLE in text and HOSTILE_COURSE in text and "3 March 2026" in text
        assert "Page 1 of" in text
    assert "Name:" in problems and "Student ID:" in problems and "Total" in problems
    total = sum(q["points"] for q in key["questions"])
    assert f"{len(key['questions'])} questions worth {total} points" in problems
    c1, c6 = key["questions"]
    assert "Q1. Masked-token loss" in problems and "Q2." in problems and "(a)" in problems
    assert "The loss" in problems and "this question" not in problems
    for z in c1["params"]["z"]:
        assert f"z = {z:.1f}".replace("-", "−") in problems
    for part in c1["parts"] + c6["parts"]:
        assert part["answer"] in solutions
    assert not any(part["answer"] in problems for part in c1["parts"])     # the figure gives nothing away


def test_student_papers_in_one_pdf_carry_names_and_own_numbers(invoke, tex, tmp_path, monkeypatch):
    which = shutil.which
    monkeypatch.setattr(pdf.shutil, "which", lambda name: None if name == "latexmk" else which(name))
    roster = tmp_path / "roster.csv"
    roster.write_text('student_id,name\ns1,Ada Lovelace\ns2,"}\\immediate\\write18{id}"\n'
                      's3,\\input{/etc/passwd}\n', encoding="utf-8")
    out = tmp_path / "out"
    result = invoke("generate", "--seed", 8, "--classes", "C6", "--students", roster, "--no-solutions",
                    "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.stderr
    text = pdf_text(out / "problems.pdf")
    assert r"}\immediate\write18{id}" in text and r"\input{/etc/passwd}" in text and "Ada Lovelace" in text
    papers = re.split(r"(?=Name: )", text)[1:]
    assert len(papers) == 3 and text.count("Page 1 of") == 3
    assert "??" not in text        # without latexmk, pdflatex reran until the page references settled
    for paper, (student_id, entry) in zip(papers, read_key(out)["students"].items()):
        assert f"Student ID: {student_id}" in paper
        assert f"N = {entry['questions'][0]['params']['N']}" in paper


def test_split_gives_one_pdf_per_student(invoke, tex, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\nA-1,Ann Lee\nB-2,Bo Chen\n", encoding="utf-8")
    out = tmp_path / "out"
    result = invoke("generate", "--seed", 1, "--classes", "C6", "--students", roster, "--split",
                    "--no-solutions", "--format", "pdf", "--out", out)
    assert result.exit_code == 0, result.stderr
    first, second = pdf_text(out / "problems-A-1.pdf"), pdf_text(out / "problems-B-2.pdf")
    assert "Ann Lee" in first and "Bo Chen" not in first
    assert "Bo Chen" in second and "Ann Lee" not in second
    assert not (out / "problems.pdf").exists()


def test_same_seed_gives_byte_identical_pdfs(tex, tmp_path):
    source = (r"\documentclass{article}\ifdefined\pdfinfoomitdate\pdfinfoomitdate=1 \pdftrailerid{}"
              r"\pdfsuppressptexinfo=-1 \fi\begin{document}Same bytes.\end{document}")
    assert pdf.compile_pdf("a.tex", source) == pdf.compile_pdf("a.tex", source)


def bad_bank(folder, math=r"\notamacro{x}"):
    """A bank with one template whose stem holds the LaTeX ``math`` (default: a
    macro that does not exist). Such TeX is refused when a bank loads (only the
    listed commands pass, quizgen/text/tex_commands.py); the tests that use it
    check the layers beneath that check (TeX's own file limits, the timeout, the
    error line), so they switch it off with ``past_the_allow_list``."""
    text = (builtin_bank_dir() / "c1_confident_correct.yaml").read_text(encoding="utf-8")
    text = text.replace("id: mlm-confident-correct", "id: bad-macro").replace("class: C1", "class: C11")
    text = text.replace("The true word is **{{ scene.answer }}**.", f"The true word is ${math}$.")
    folder.mkdir()
    (folder / "bad.yaml").write_text(text, encoding="utf-8")
    return folder


# generate run in a subprocess with the bank's TeX allow-list switched off, for the layers beneath it
UNCHECKED_GENERATE = ("import quizgen.bank.yamlfile as y, quizgen.text.unprintable as r, quizgen.generation.figure_words as f; "
                      "y.tex_problem = r.tex_problem = f.tex_problem = lambda text, filled=False: None; "
                      "from quizgen.cli import main; main(prog_name='quizgen')")


@pytest.fixture
def past_the_allow_list(monkeypatch):
    """Let a bank's text hold any TeX (as a hole in the allow-list would): what
    stops it next is TeX itself. The allow-list's own tests are tests/test_tex_lua.py."""
    from quizgen.bank import yamlfile
    from quizgen.generation import figure_words
    from quizgen.text import unprintable

    for module in (yamlfile, unprintable, figure_words):
        monkeypatch.setattr(module, "tex_problem", lambda text, filled=False: None)


def test_a_bad_banks_tex_is_refused_before_latex(invoke, tmp_path):
    result = invoke("generate", "--bank", bad_bank(tmp_path / "bank"), "--classes", "C11", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "text uses \\notamacro: a bank's text may use only" in result.stderr


def test_latex_error_names_the_tex_line_and_the_logs_message(invoke, tex, tmp_path, past_the_allow_list):
    out = tmp_path / "out"
    result = invoke("generate", "--bank", bad_bank(tmp_path / "bank"), "--classes", "C11",
                    "--format", "pdf", "--out", out)
    assert result.exit_code == 1
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1
    # the question, its piece and its template named too (review 51c F5)
    found = re.match(r"quizgen: error: LaTeX failed on problems\.tex line (\d+) \(Q1's stem, template bad-macro, "
                     r".*bad\.yaml\): Undefined control sequence\. -- the line reads: (.*)$", message)
    assert found, message
    lines = (out / "problems.tex").read_text(encoding="utf-8").splitlines()
    assert r"\notamacro" in lines[int(found.group(1)) - 1] and r"\notamacro" in found.group(2)
    assert "Undefined control sequence" in (out / "problems.log").read_text(encoding="utf-8")
    assert (out / "key.json").exists() and not (out / "problems.pdf").exists()


def test_missing_tex_gives_one_line_naming_debian_packages_and_keeps_the_tex(invoke, tmp_path, monkeypatch):
    monkeypatch.setattr(pdf.shutil, "which", lambda name: None)
    result = invoke("generate", "--seed", 1, "--classes", "C1", "--format", "pdf", "--out", tmp_path)
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "quizgen: error: cannot make PDFs: pdflatex is not installed (the .tex files were still written); "
        "install TeX with: sudo apt-get install texlive-latex-base texlive-latex-recommended "
        "texlive-pictures latexmk"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["key.csv", "key.json", "problems.tex", "solutions.tex"]


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_goes_to_stderr_only_when_asked_and_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", lambda name, source, programs: source.encode())
    assert pdf.compile_documents({"a.tex": "x", "b.tex": "y"}) == {"a.pdf": b"x", "b.pdf": b"y"}
    pdf.compile_documents({"a.tex": "x"}, progress=True)
    assert capsys.readouterr() == ("", "")
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    pdf.compile_documents({"a.tex": "x"}, progress=True)
    assert "Compiling PDFs" in terminal.getvalue()


def test_documents_compile_in_parallel_in_order_and_the_first_failure_in_order_is_raised(monkeypatch):
    """Four documents, two at a time: the slow first one still comes first, and
    when the second and fourth fail, the second's error is the one reported."""
    running, most = [], []

    def fake_compile(name, source, programs):
        running.append(name)
        most.append(len(running))
        time.sleep(0.2 if name == "a.tex" else 0.05)
        running.remove(name)
        if source == "bad":
            raise LatexError(f"LaTeX failed on {name}", document=name)
        return source.encode()

    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", fake_compile)
    good = {"a.tex": "1", "b.tex": "2", "c.tex": "3", "d.tex": "4"}
    result = pdf.compile_documents(good, jobs=2)
    assert list(result.items()) == [("a.pdf", b"1"), ("b.pdf", b"2"), ("c.pdf", b"3"), ("d.pdf", b"4")]
    assert max(most) == 2
    with pytest.raises(LatexError, match="on b.tex"):
        pdf.compile_documents({**good, "b.tex": "bad", "d.tex": "bad"}, jobs=2)


LOG_FILE_LINE = """\
(./problems.tex
LaTeX Font Info:    Checking defaults for OML/cmm/m/it on input line 40.
./problems.tex:86: Undefined control sequence.
l.86 The true word is $\\notamacro
                                  {x}$. Use natural logarithms.
./problems.tex:86:  ==> Fatal error occurred, no output PDF file produced!
"""

LOG_MISSING_FILE = """\
! LaTeX Error: File `enumitemxx.sty' not found.

Type X to quit or <RETURN> to proceed,
Enter file name:
./problems.tex:5: Emergency stop.
<read *>

l.5 \\begin
          {document}^^M
./problems.tex:5:  ==> Fatal error occurred, no output PDF file produced!
"""


@pytest.mark.parametrize("log, message, line", [
    (LOG_FILE_LINE, "Undefined control sequence.", 86),
    (LOG_MISSING_FILE, "LaTeX Error: File `enumitemxx.sty' not found.", 5),
    ("(./problems.tex\n! Emergency stop.\n<*> problems.tex\n", "Emergency stop.", None),
    ("", "pdflatex stopped without an error message or any output", None),
    # no TeX error (a broken pdflatex): what it said is quoted, since a feedback sheet's log is not kept
    ("This is a fake pdflatex\n\n", 'pdflatex stopped without an error message; its output ends: '
                                      '"This is a fake pdflatex"', None),
    ("Latexmk: Failure in processing file 'problems.tex':\n   *LaTeX didn't generate the expected log file "
     "'problems.log'\n----------------------\n", 'pdflatex stopped without an error message; latexmk says: '
     '"LaTeX didn\'t generate the expected log file \'problems.log\'"', None),
])
def test_first_error_finds_the_message_and_line(log, message, line):
    assert latex_log.first_error(log, "problems.tex") == (message, line)


def test_wrapped_log_messages_are_joined():
    long = "./problems.tex:3: Package foo Error: " + "x" * 60
    log = long[:79] + "\n" + long[79:] + "\n"
    assert latex_log.first_error(log, "problems.tex") == (long.split(": ", 1)[1], 3)


def test_latex_failure_suggests_the_package_for_a_missing_file():
    error = latex_log.latex_failure("problems.tex", "a\nb\nc\nd\n\\begin{document}\n", LOG_MISSING_FILE)
    assert str(error) == ("LaTeX failed on problems.tex line 5: LaTeX Error: File `enumitemxx.sty' not found. "
                          "(install the Debian package that provides it) -- the line reads: \\begin{document}")


def test_a_missing_path_a_template_named_gets_no_package_hint():
    """rev-hostile19: ``\\input{/etc/passwd}`` was told to install a Debian package."""
    log = LOG_MISSING_FILE.replace("enumitemxx.sty", "/etc/passwd.tex")
    error = latex_log.latex_failure("problems.tex", "a\nb\nc\nd\n\\input{/etc/passwd}\n", log)
    assert str(error) == ("LaTeX failed on problems.tex line 5: LaTeX Error: File `/etc/passwd.tex' not found. "
                          "-- the line reads: \\input{/etc/passwd}")


def test_template_mathematics_cannot_read_files_outside_the_build_folder(invoke, tex, tmp_path, past_the_allow_list,
                                                                         monkeypatch):
    """Past the allow-list and the last guard (which refuses \\input itself, rev-hostile23):
    TeX's own openin_any=p still keeps a file outside the build folder from being read."""
    monkeypatch.setattr(pdf, "refused_tex", lambda text: None)
    secret = tmp_path / "secret.tex"
    secret.write_text("TOPSECRET", encoding="utf-8")
    bank = bad_bank(tmp_path / "bank", rf"\input{{{secret}}}")
    out = tmp_path / "out"
    result = invoke("generate", "--bank", bank, "--classes", "C11", "--no-solutions", "--format", "pdf",
                    "--out", out)
    assert result.exit_code == 1
    assert "not found" in result.stderr and not (out / "problems.pdf").exists()


def _processes_with(marker: str) -> list:
    """Ids of live processes whose environment holds ``marker`` (TeX started by one test run)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as handle:
                    if marker.encode() in handle.read():
                        found.append(int(entry))
            except OSError:
                continue
    return found


@pytest.mark.slow
def test_a_tex_loop_is_stopped_within_the_timeout_and_leaves_no_tex_running(tex, tmp_path):
    bank = bad_bank(tmp_path / "bank", r"\def\x{\x}\x")
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\ns3,Cy\n", encoding="utf-8")
    mark = f"tex-loop-{os.getpid()}-{time.monotonic_ns()}"
    env = dict(os.environ, QUIZGEN_TEX_TIMEOUT="4", QUIZGEN_TEST_MARK=mark)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", UNCHECKED_GENERATE, "generate", "--bank", str(bank), "--classes", "C11",
                           "--format", "pdf", "--students", str(roster), "--split", "--jobs", "2",
                           "--out", str(tmp_path / "out")], env=env, capture_output=True, text=True, timeout=120)
    took = time.monotonic() - started
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "LaTeX took longer than 4 s" in lines[0], done.stderr
    assert took < 4 * 2 + 20          # not one timeout per document
    assert _processes_with(f"QUIZGEN_TEST_MARK={mark}") == []
    assert not list((tmp_path / "out").glob("*.pdf"))


def test_a_document_that_fails_cancels_the_others(monkeypatch):
    calls = []

    def compile_one(name, source, programs):
        calls.append(name)
        raise LatexError(f"LaTeX failed on {name}", document=name)

    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", compile_one)
    with pytest.raises(LatexError, match="a.tex"):
        pdf.compile_documents({f"{c}.tex": "" for c in "abcdef"}, jobs=1)
    assert calls == ["a.tex"] or len(calls) < 6


NAMES = {"s1": "王小明", "s2": "Γιώργος Παπαδόπουλος", "s3": "Дмитрий Иванов", "s4": "Nguyễn Văn Anh",
         "s5": "דוד כהן", "s6": "Zoë 😀", "s7": "José Ñúñez"}


@pytest.mark.slow
def test_every_roster_name_prints_in_the_pdf(invoke, tex, tmp_path):
    if tex_fonts.lualatex() is None:
        pytest.skip(f"lualatex with fontspec not installed (Debian: {' '.join(tex_fonts.DEBIAN_PACKAGES)})")
    missing = [name for name in NAMES.values() if not tex_fonts.can_typeset(name)]
    if missing:
        pytest.skip(f"no installed font for {missing} (Debian: {' '.join(tex_fonts.DEBIAN_PACKAGES)})")
    roster = tmp_path / "roster.csv"
    lines = [f"{sid},{name}" for sid, name in NAMES.items()] + ["s8,Private \ue000 glyph"]
    roster.write_text("student_id,name\n" + "\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    result = invoke("generate", "--seed", 3, "--classes", "C1", "--format", "pdf", "--no-solutions",
                    "--students", roster, "--out", out)
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.strip().splitlines() if "short enough to guess" not in line]   # --seed 3
    assert len(warnings) == 1 and "s8" in warnings[0] and "student ID instead" in warnings[0]
    text = re.sub("[\u202a-\u202e]", "", pdf_text(out / "problems.pdf"))
    for sid, name in NAMES.items():
        assert name in text, (sid, name)
        assert f"Student ID: {sid}" in text
    assert "Private" not in text and "s8" in text


def test_names_beyond_pdflatex_choose_lualatex_and_rtl_runs_turn():
    source = "\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\begin{document}דוד כהן and Zoë"
    assert not tex_fonts.needs_unicode_engine("Zoë Ñúñez") and tex_fonts.needs_unicode_engine("王")
    if tex_fonts.lualatex() is None:
        pytest.skip("lualatex with fontspec not installed")
    converted = tex_fonts.for_lualatex(source)
    assert "fontspec" in converted and "inputenc" not in converted
    assert "{\\textdir TRT דוד כהן}" in converted


ARABIC_NAME = "ليلى عبد الله"


def _arabic_font_or_skip():
    if tex_fonts.lualatex() is None:
        pytest.skip(f"lualatex with fontspec not installed (Debian: {' '.join(tex_fonts.DEBIAN_PACKAGES)})")
    if not any(family == "Noto Naskh Arabic" for family, _ in tex_fonts.fonts()):
        pytest.skip("Noto Naskh Arabic not installed (Debian: fonts-noto-core)")


def test_arabic_runs_are_set_in_an_arabic_font_shaped_as_arabic():
    _arabic_font_or_skip()
    source = f"\\usepackage[utf8]{{inputenc}}\n\\usepackage[T1]{{fontenc}}\n\\begin{{document}}{ARABIC_NAME} and דוד"
    converted = tex_fonts.for_lualatex(source)
    assert "\\newfontfamily\\qzarabic{Noto Naskh Arabic}[Renderer=HarfBuzz,Script=Arabic]" in converted
    assert "{\\qzarabic\\textdir TRT " + ARABIC_NAME + "}" in converted
    assert "{\\textdir TRT דוד}" in converted        # Hebrew shapes well through the fallback fonts


def test_an_arabic_name_prints_joined_and_right_to_left(invoke, tex, tmp_path):
    """Through the fallback fonts alone the letters came out unjoined, in their
    isolated forms, left to right; shaped, pdftotext reads the name back as typed."""
    _arabic_font_or_skip()
    (tmp_path / "roster.csv").write_text(f"student_id,name\ns1,{ARABIC_NAME}\n", encoding="utf-8")
    result = invoke("generate", "--seed", 3, "--classes", "C6", "--format", "pdf", "--no-solutions",
                    "--students", tmp_path / "roster.csv", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    text = re.sub("[\u202a-\u202e]", "", pdf_text(tmp_path / "out" / "problems.pdf"))
    assert "Name: ليلى عبد" in text          # unshaped: isolated forms (U+FExx) in reverse order

@pytest.mark.slow
def test_sigterm_while_compiling_leaves_no_tex_running(tex, tmp_path):
    bank = bad_bank(tmp_path / "bank", r"\def\x{\x}\x")
    mark = f"tex-term-{os.getpid()}-{time.monotonic_ns()}"
    env = dict(os.environ, QUIZGEN_TEX_TIMEOUT="100", QUIZGEN_TEST_MARK=mark)
    process = subprocess.Popen([sys.executable, "-c", UNCHECKED_GENERATE, "generate", "--bank", str(bank), "--classes",
                                "C11", "--format", "pdf", "--out", str(tmp_path / "out")],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    end = time.monotonic() + 60
    while len(_processes_with(f"QUIZGEN_TEST_MARK={mark}")) < 2 and time.monotonic() < end:
        time.sleep(0.05)                     # quizgen and the TeX it started
    time.sleep(0.5)
    process.terminate()
    _, err = process.communicate(timeout=30)
    assert process.returncode == 143 and b"Traceback" not in err
    assert _processes_with(f"QUIZGEN_TEST_MARK={mark}") == []


def test_a_long_name_is_cut_short_in_the_footer_and_wraps_in_the_name_box(invoke, tmp_path):
    name = "Maximiliana Fernanda Alexandrina von Hohenzollern-Sigmaringen de la Cruz y Montenegro"
    (tmp_path / "roster.csv").write_text(f"student_id,name\ns001,{name}\n", encoding="utf-8")
    result = invoke("generate", "--seed", 1, "--classes", "C6", "--students", tmp_path / "roster.csv",
                    "--format", "tex", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    for document in ("problems.tex", "solutions.tex"):
        tex = (tmp_path / "out" / document).read_text(encoding="utf-8")
        assert r"\def\qzwho{" + name[:57] + "... (s{}0{}0{}1)}" in tex   # {}: no ligature changes an id
        # 0.45 of the line: beside "Q10 continues on the next page. Page 13 of 14" (rev-paper20: 0.7 overlapped it)
        assert r"\fancyfoot[L]{\small\qzfootwho}" in tex and r"\parbox[b]{0.45\textwidth}{\raggedright\qzwho}" in tex
    problems = (tmp_path / "out" / "problems.tex").read_text(encoding="utf-8")
    assert r"\raggedright\textbf{Name:} " + name + " &" in problems


def answer_boxes_and_footers(path):
    """Per page: the top edges of every "Answer:" and of the "Page n of m" footer (pdftotext -bbox)."""
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
    pages = []
    for page in re.findall(r"<page .*?</page>", out, re.S):
        words = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', page)
        pages.append(([float(top) for top, _, word in words if word == "Answer:"],
                      min(float(top) for top, _, word in words if word == "Page")))
    return pages


def test_a_question_taller_than_a_page_breaks_between_parts_and_no_answer_box_runs_off(invoke, tex, tmp_path):
    # seed 7's Q7 to Q9 are taller than an A4 page: each used to run past the footer and off the page
    result = invoke("generate", "--seed", 7, "--format", "pdf", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    pages = answer_boxes_and_footers(tmp_path / "problems.pdf")
    parts = sum(len(q["parts"]) for q in read_key(tmp_path)["questions"])
    assert sum(len(answers) for answers, _ in pages) == parts
    assert all(top < footer for answers, footer in pages for top in answers)



def words(path):
    """Every word of a PDF in reading order: (page, x_min, y_min, x_max, text) (pdftotext -bbox)."""
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
    box = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>'
    return [(page, float(x0), float(y0), float(x1), text)
            for page, body in enumerate(re.findall(r"<page .*?</page>", out, re.S), 1)
            for x0, y0, x1, text in re.findall(box, body)]


def marker_after(found, last_word) -> tuple:
    """The gap in points between ``last_word`` and the word after it (None: the
    next word starts a new line), and that word."""
    at = [k for k, w in enumerate(found) if w[4] == last_word]
    assert len(at) == 1, f"{last_word!r} is not one word of its own: {[w[4] for w in found if last_word in w[4]]}"
    text, after = found[at[0]], found[at[0] + 1]
    return (None if abs(after[2] - text[2]) > 2 else after[1] - text[3]), after[4]


EM = 11   # the papers are set at 11pt


def test_right_hand_markers_keep_a_gap_from_the_text(invoke, tex, tmp_path):
    # seed 7 printed "...average?[1]" (Q10a), and in the solutions "...that is?0.0005219" (Q3a; 0.005618 since C3 draws real vocabularies less often)
    # and "...positive?0.02409" (Q8a): \hfill at the end of a full line leaves no gap
    result = invoke("generate", "--seed", 7, "--format", "pdf", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    problems, solutions = words(tmp_path / "problems.pdf"), words(tmp_path / "solutions.pdf")
    # C10 (a) asks with [BOS] and [EOS] since review 51c F10, and its marker now has room on the line
    # (384 pt); C7 (c)'s "...(only the label changes)?" fills its line as Q10 (a) did
    assert marker_after(problems, "changes)?") == (None, "[2]")
    assert marker_after(solutions, "is?") == (None, "0.005618")
    assert marker_after(solutions, "positive?") == (None, "0.02409")
    # a marker with room stays on the line: C6 (d), "...keep the token they had?" (until
    # session 25 "...left unchanged?")
    gap, marker = marker_after(problems, "had?")
    assert marker == "[1]" and gap >= 2 * EM
    points = [k for k, w in enumerate(problems) if re.fullmatch(r"\[[\d.]+\]", w[4])]
    assert len(points) == sum(len(q["parts"]) for q in read_key(tmp_path)["questions"])
    for k in points:
        before, marker = problems[k - 1], problems[k]
        assert abs(marker[2] - before[2]) > 2 or marker[1] - before[3] >= 2 * EM, (before, marker)
    assert max(problems[k][3] for k in points) - min(problems[k][3] for k in points) < 1   # all at the margin


def test_the_end_note_is_never_alone_on_the_last_page(invoke, tex, tmp_path):
    """A last question that fills its page to the bottom (the user bank's C11 with 18 cm
    of working space, the most a part may have, and three more lines of stem; 20 cm before
    the limit came down; until the bank's wording of session 13, seed 42's student s001
    whose Q10 filled page 13) used to leave the end note alone on a page of its own; now it
    is in that page's footer. With room left, the note stays under the last question."""
    bank = tall_c11_bank(tmp_path / "bank", 18, stem_lines=3)
    result = invoke("generate", "--seed", 42, "--bank", bank, "--classes", "C11", "--format", "pdf",
                    "--no-solutions", "--out", tmp_path / "full")
    assert result.exit_code == 0, result.stderr
    pages = subprocess.run(["pdftotext", str(tmp_path / "full" / "problems.pdf"), "-"], capture_output=True,
                           check=True, text=True).stdout.split("\f")[:-1]
    last = " ".join(pages[-1].split())
    assert "Q1." in last and "Answer:" in last and f"End of paper. Page {len(pages)} of {len(pages)}" in last
    result = invoke("generate", "--seed", 42, "--classes", "C1", "--format", "pdf", "--no-solutions",
                    "--out", tmp_path / "short")
    assert result.exit_code == 0, result.stderr
    text = pdf_text(tmp_path / "short" / "problems.pdf")
    assert "Answer: End of paper: 1 question, 4 points." in text and "End of paper. Page" not in text


def page_feet(path) -> list:
    """Each page's last line of text above its footer (pdftotext -layout)."""
    pages = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                           text=True).stdout.split("\f")[:-1]
    feet = []
    for page in pages:
        lines = [line.strip() for line in page.splitlines() if line.strip() and not re.search(r"Page \d+ of", line)]
        feet.append(lines[-1] if lines else "")
    return feet


def last_words(text: str, count: int = 4) -> tuple:
    return tuple(re.findall(r"[A-Za-z]+", text)[-count:])


def test_a_worked_steps_heading_never_ends_a_page_without_its_work(invoke, tex, tmp_path):
    """Seed 7, two of each class: C8's step "4. Read off the prediction. Why: ...
    the largest probability." used to end page 17, its work on page 18; no
    page may end with a step's heading or its why, nor with one line of a step."""
    result = invoke("generate", "--seed", 7, "--count", 2, "--format", "pdf", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    whys = re.findall(r"\\emph\{Why:\} (.*?)\\par", (tmp_path / "solutions.tex").read_text(encoding="utf-8"))
    endings = {last_words(why) for why in whys if len(last_words(why)) == 4}
    feet = page_feet(tmp_path / "solutions.pdf")
    assert len(feet) > 15 and len(endings) > 20
    assert not [foot for foot in feet if re.match(r"\d+\. .*Why:", foot) or last_words(foot) in endings], feet


def test_a_class_pdf_starts_each_student_on_a_fresh_sheet_and_keeps_long_heads_apart(invoke, tex, tmp_path):
    """Printed double-sided, no student's cover is on the back of another's last
    page (a blank page follows a paper of odd length); a long course and title in
    capitals each keep their half of the running head; a long id stays in its box."""
    email = "alexandra.fernandez@students.example.edu"
    (tmp_path / "roster.csv").write_text(f"student_id,name\n{email},Alexandra Fernandez\n"
                                         "ThisIsAVeryLongStudentIdentifierWithoutSeparators,Bo Chen\nS3,Cy\n",
                                         encoding="utf-8")
    result = invoke("generate", "--seed", 8, "--classes", "C1,C2", "--students", tmp_path / "roster.csv",
                    "--format", "pdf", "--out", tmp_path / "out", "--title", "INTRODUCTION TO NATURAL LANGUAGE "
                    "PROCESSING", "--course", "MASTER COURSE IN DEEP LEARNING AND NLP 2025")
    assert result.exit_code == 0, result.stderr
    blanks_seen = 0
    for document in ("problems.pdf", "solutions.pdf"):
        out = subprocess.run(["pdftotext", "-layout", str(tmp_path / "out" / document), "-"], capture_output=True,
                             check=True, text=True).stdout
        pages = out.split("\f")[:-1]
        covers = [n for n, page in enumerate(pages, 1) if "Page 1 of" in page]
        assert len(covers) == 3 and all(n % 2 for n in covers), (document, covers)
        blanks = [n for n, page in enumerate(pages, 1) if not page.strip()]
        assert all(n + 1 in covers for n in blanks), (document, blanks)   # only before a cover, after an odd paper
        blanks_seen += len(blanks)
        heads = [" ".join(page.strip().splitlines()[:2]) for n, page in enumerate(pages, 1)
                 if page.strip() and n not in covers]
        assert heads and all(re.search(r"DEEP LEARNING AND +INTRODUCTION TO NATURAL", head) for head in heads), heads
        her_pages = sum(1 for page in pages[:covers[1] - 1] if page.strip())
        assert " ".join(out.split()).count(f"({email})") == her_pages   # whole in every footer of her paper
    assert blanks_seen >= 1   # the problems' papers run to 3 pages (seed 8), the solutions' to 4
    cover = subprocess.run(["pdftotext", "-f", str(covers[1]), "-l", str(covers[1]), "-layout",
                            str(tmp_path / "out" / "problems.pdf"), "-"], capture_output=True, check=True,
                           text=True).stdout
    assert "ThisIsAVeryLong" in cover and "WithoutSeparat" in cover   # wrapped inside the box, not cut off


def test_an_id_prints_as_written_in_the_box_and_the_footer(invoke, tmp_path):
    """T1 ligatures turned the footer's a--b into a-dash-b while the box kept
    a--b: both now set each character apart ({} or a break point between, and \\/ after a
    ligature's first character, which LuaLaTeX would join across {})."""
    (tmp_path / "roster.csv").write_text("student_id,name\na--b<<c,Ann\n", encoding="utf-8")
    result = invoke("generate", "--seed", 1, "--classes", "C6", "--students", tmp_path / "roster.csv",
                    "--format", "tex", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    problems = (tmp_path / "out" / "problems.tex").read_text(encoding="utf-8")
    assert r"(a{}-\/{}-\/{}b{}<\/{}<\/{}c)}" in problems
    assert r"a\allowbreak{}-\/\allowbreak{}-\/\allowbreak{}b" in problems
    solutions = (tmp_path / "out" / "solutions.tex").read_text(encoding="utf-8")
    assert r"\textbf{Student ID:} a{}-\/{}-\/{}b" in solutions


def pdf_pages(path) -> list:
    """Each page's text, whitespace collapsed (pdftotext, pages split at form feeds)."""
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return [" ".join(page.split()) for page in out.split("\f")[:-1]]


def test_a_question_taller_than_a_page_says_where_it_goes_on_and_where_it_came_from(invoke, tex, tmp_path):
    """A question too tall for a page even with its working space cut to a quarter (a user bank's
    C11 with a 35-line stem (33 lines added) and 18 cm under its part) breaks: the page it leaves says "Q2 continues
    on the next page." in its footer, and the next starts "Q2 (continued)". Seed 7's Q7 to Q10 did
    so until their working spaces were cut to fit (layout32: test_pdf32_one_page); before that,
    page 9 began with Q7's part (c), its data on the page before, and nothing said so."""
    bank = tall_c11_bank(tmp_path / "bank", 18, 33)
    result = invoke("generate", "--seed", 7, "--bank", bank, "--classes", "C1,C11", "--format", "pdf",
                    "--no-solutions", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    pages = pdf_pages(tmp_path / "out" / "problems.pdf")
    continued = []
    for number, page in enumerate(pages[1:], 2):
        first = re.search(r"Q\d+\. |(Q\d+) \(continued\)|\([a-h]\) ", page)
        assert first and not first.group().startswith("("), (number, page[:200])   # no page starts mid-question
        if first.group(1):
            continued.append(first.group(1))
            assert f"{first.group(1)} continues on the next page. Page {number - 1} of" in pages[number - 2]
    assert continued == ["Q2"]
    assert sum(page.count("continues on the next page.") for page in pages) == 1


C11_STEM_END = "and samples at temperature $\\tau = {{ tau }}$.\n"


def tall_c11_bank(folder: Path, space: float, stem_lines: int = 0) -> Path:
    """The user bank's C11 with ``space`` cm of working space under its one part, and
    ``stem_lines`` more paragraphs of one line each at the end of its two-line stem."""
    folder.mkdir()
    source = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text(encoding="utf-8")
    filled = source.replace("    tolerance: {sigfigs: 3}\n", f"    tolerance: {{sigfigs: 3}}\n    space: {space}\n", 1)
    more = "".join(f"\n  Line {k + 1} added to the stem.\n" for k in range(stem_lines))
    filled = filled.replace(C11_STEM_END, C11_STEM_END + more, 1)
    assert filled != source and C11_STEM_END in source
    (folder / "c11.yaml").write_text(filled, encoding="utf-8")
    return folder


@pytest.mark.parametrize("paper, stem_lines", [("letter", 30), ("a4", 33)])
def test_the_end_note_stays_with_a_last_question_taller_than_a_page(invoke, tex, tmp_path, paper, stem_lines):
    """A last question whose stem and one part are taller than the page (its stem long, its working
    space 18 cm, the most a part may have; before the limit came down, 22 or 25 cm) left
    "End of paper: ..." alone on a page of its own, after the page it ran off; then it ran off
    its page's foot, answer box and all, the note in that page's footer (pdf22); now its part starts
    the next page, "Q2 (continued)", and the note follows it there. Its stem is 30 or 33 lines
    longer, so that its working space cut to a quarter would not fit either (layout32)."""
    bank = tall_c11_bank(tmp_path / "bank", 18, stem_lines)
    result = invoke("generate", "--seed", 42, "--bank", bank, "--classes", "C1,C11", "--format", "pdf",
                    "--no-solutions", "--paper", paper, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    pages = pdf_pages(tmp_path / "out" / "problems.pdf")
    assert "Q2. Softmax with a temperature" in pages[-2] and "Q2 continues on the next page." in pages[-2]
    assert pages[-1].index("Q2 (continued)") < pages[-1].index("Answer:") < pages[-1].index("End of paper")


TEXT_TOP = 2.3 / 2.54 * 72   # the geometry's top margin, in points: where every page's text starts


def test_a_running_head_that_wraps_gets_the_height_it_needs_and_the_text_stays_put(invoke, tex, tmp_path):
    """A course and title of two lines each made fancyhdr warn that \\headheight (14pt)
    was too small; the head is now measured and \\headheight set to fit, the top margin
    shrunk by as much, so every page's text still starts 2.3 cm from the top."""
    result = invoke("generate", "--seed", 7, "--classes", "C1,C6", "--format", "tex", "--out", tmp_path,
                    "--title", "INTRODUCTION TO NATURAL LANGUAGE PROCESSING AND REPRESENTATION LEARNING",
                    "--course", "MASTER COURSE IN DEEP LEARNING AND NLP 2025 SPRING SEMESTER")
    assert result.exit_code == 0, result.stderr
    for document in ("problems", "solutions"):
        for _ in range(2):
            subprocess.run(["pdflatex", "-interaction=nonstopmode", "-no-shell-escape", f"{document}.tex"],
                           cwd=tmp_path, capture_output=True, check=True)
        log = (tmp_path / f"{document}.log").read_text(encoding="utf-8", errors="replace")
        assert "headheight is too small" not in log, document
        found = words(tmp_path / f"{document}.pdf")
        for page in range(2, found[-1][0] + 1):
            head_top = min(y for p, _, y, _, _ in found if p == page)
            first, word = min((y, w) for p, _, y, _, w in found if p == page and y > TEXT_TOP - 1)
            inset = 20 if word == "Answers." else 5   # a page opening with a framed answers block: its padding
            assert head_top < TEXT_TOP - 20 and first < TEXT_TOP + inset, (document, page, head_top, first, word)


def test_a_student_id_prints_as_typed_its_quotes_straight(invoke, tmp_path):
    """rev-paper20: TeX printed the ' and ` of an id curly (o’brien@...), though the paper
    shows ids as written; each is now the straight character."""
    (tmp_path / "roster.csv").write_text("student_id,name\no'brien`x@uni.edu,Pat\n", encoding="utf-8")
    result = invoke("generate", "--seed", 1, "--classes", "C1", "--students", tmp_path / "roster.csv",
                    "--format", "tex", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    typed = r"o{}\textquotesingle{}{}b{}r{}i{}e{}n{}\textasciigrave{}{}x"
    for document in ("problems.tex", "solutions.tex"):
        tex = (tmp_path / "out" / document).read_text(encoding="utf-8")
        assert typed in tex and "o{}'{}b" not in tex, document


def test_the_last_guard_refuses_a_template_input_before_tex_runs(invoke, tmp_path, past_the_allow_list):
    """Past the allow-list, \\input is refused by the last guard before LaTeX (rev-hostile23)."""
    bank = bad_bank(tmp_path / "bank", r"\input{/etc/passwd}")
    result = invoke("generate", "--bank", bank, "--classes", "C11", "--no-solutions", "--format", "pdf",
                    "--out", tmp_path / "out")
    assert result.exit_code == 1 and "uses \\input: quizgen refuses TeX commands" in result.stderr
