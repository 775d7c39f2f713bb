"""PDF feedback sheets (``grade --feedback DIR --format pdf``): the same
content as the Markdown sheet (quizgen.grading.feedback), typeset through the
LaTeX route of quizgen.generation.pdf: one document per student from
templates/feedback.tex.j2, every string from the answers file or the key
escaped for TeX (a character pdflatex sets by a command, such as the minus
sign, as that command: TEX_CHARS; a Greek letter so only in an answer, or alone
in a note, where it is maths: a name is set as text, by LuaLaTeX), compiled without
shell-escape and with paranoid file access, several at a time (one TeX process
per sheet, one thread each). A sheet LaTeX still fails on does not stop the
class's: that student gets the Markdown sheet instead, named in one warning."""

from __future__ import annotations

import os
import re
import string
import unicodedata

from quizgen.errors import TexNotFoundError, Unfinished
from quizgen.wording import first_few, shortened
from quizgen.grading.feedback import part_lines, part_notes, score_texts, student_sheets
from quizgen.lms.html import SHEET_SCRIPTS
from quizgen.grading.feedback_files import foreign_stems
from quizgen.grading.feedback_md import markdown_sheets, sheets_of
from quizgen.grading.sheet_index import with_index
from quizgen.grading.feedback_names import run_stems, safe_file_names
from quizgen.grading.feedback_stray import stray_sections
from quizgen.grading.feedback_verdict import (AWAITING, awaiting_note, lost_note, lost_parts, not_received_note,
                                              unsubmitted_note)
from quizgen.grading.feedback_words import answers_note, full_marks_note, shown_answer, work_list
from quizgen.generation.pdf import install_hint, overflow_warnings
from quizgen.report.formatting import without_direction_controls
from quizgen.text.answers import plain_in_tex
from quizgen.text.pdf_strings import pdf_string
from quizgen.text.render import escape_tex

_LONG_WORD = 16   # a word longer than this may break every _BREAK_EVERY characters: a narrow table column holds ~20
_BREAK_EVERY = 8
WORD_BREAK = r"\penalty5000{}"   # a break TeX takes only when no space will do
SHEET_OVERFLOW = ("its table of answers and notes (kept on one page) or a piece of its worked solution that "
                  "cannot be broken across pages is taller than a page, as very long answers make it; the "
                  "student's rows in the graded CSV, or a Markdown sheet (leave out --format pdf), show all of it")


def make_sheets(result, key, outputs, columns: tuple, comma: bool = False, carried: int = 0,
                progress: bool = False) -> dict:
    """One sheet per student, ``{name: text or bytes}``, to write into
    ``outputs.feedback`` with ``write_sheet_files``: Markdown, or PDF (compiled
    here) when ``outputs.feedback_format`` is "pdf"; every number with a
    decimal comma when ``comma``. ``columns``: where graded.csv holds
    (student, name, question, part, answer); ``carried``: the policy's
    carried_figures, which the sheets' advice on early rounding follows; ``progress``: the
    compile's progress shown on stderr (a bar on a terminal, else a line every 30 s), as generate shows its PDFs'."""
    if getattr(outputs, "feedback_format", "md") != "pdf":
        return markdown_sheets(result, key, outputs, columns, comma, carried)
    students, context = student_sheets(result, key, outputs, columns, comma, carried)
    sources = {f"{stem}.tex": sheet_tex(total, questions, number, context, getattr(outputs, "paper", "a4"))
               for stem, total, questions, number in students}
    result.warnings.extend(context.solutions.warning())
    pdfs = compile_sheets(sources, progress)
    result.warnings.extend(overflow_warnings(pdfs, SHEET_OVERFLOW))
    failed = getattr(pdfs, "failed", {})
    if not failed:
        return with_index(dict(pdfs), students, outputs.feedback, result.files)
    stuck = [student for student in students if f"{student[0]}.tex" in failed]
    instead, warning = markdown_instead(stuck, failed, context, outputs.feedback, result.files,
                                        every=len(stuck) == len(students))
    result.warnings.append(warning)
    return with_index({**pdfs, **instead}, students, outputs.feedback, result.files)


class SheetPdfs(dict):
    """``{"<stem>.pdf": bytes}`` of the sheets that compiled, and ``failed``,
    ``{"<stem>.tex": LatexError}``, those LaTeX failed on."""

    failed: dict


def compile_sheets(sources: dict, progress: bool = False) -> SheetPdfs:
    """The PDFs of ``{"<stem>.tex": source}``, one TeX run per sheet, as many
    at once as there are CPUs (LuaLaTeX's fewer: generation.pdf.lualatex_slots);
    a sheet LaTeX fails on is left out and listed in ``failed``."""
    from quizgen.generation.pdf import compile_documents

    check_tex()
    failed = {}
    pdfs = SheetPdfs(compile_documents(sources, progress, jobs=os.cpu_count() or 1, failed=failed))
    pdfs.failed = failed
    return pdfs


def markdown_instead(stuck: list, failed: dict, context, folder, run_files: dict, every: bool = False) -> tuple:
    """``({name: text}, warning)``: the Markdown sheets (and figures) of the
    students ``stuck`` (feedback.student_sheets' tuples) whose PDF sheet LaTeX
    failed on, under names no file of the folder or the run holds, and the one
    warning naming them and the first failure: every student gets feedback.
    When ``every`` sheet failed (as a broken TeX installation makes them), the
    warning says no PDF was made and is Unfinished: the command exits 1."""
    reserved = foreign_stems(folder, ".md") | set(run_stems(run_files, folder, ".md"))
    stems = safe_file_names([stem for stem, *_ in stuck], reserved)
    sheets = sheets_of([(stem, *rest) for stem, (_, *rest) in zip(stems, stuck)], context, folder)
    first = " ".join(str(failed[f"{stuck[0][0]}.tex"]).split())
    names = [f"{old}.pdf -> {new}.md" for (old, *_), new in zip(stuck, stems)]
    if not every:
        return sheets, (f"feedback sheets: LaTeX failed on {len(stuck)} PDF sheet(s), so their students have the "
                        f"Markdown sheet instead: {first_few(names)} (the first: {first}); the other sheets are PDFs")
    which, lead = ("the only sheet", "") if len(stuck) == 1 else (f"all {len(stuck)} sheets", "the first: ")
    return sheets, Unfinished(f"feedback sheets: no PDF sheet was made, LaTeX failed on {which}, so every student "
                              f"has the Markdown sheet instead: {first_few(names)} ({lead}{first}); quizgen exits 1")


def check_tex() -> None:
    """Raise TexNotFoundError (one line, what to install) when no pdflatex is found."""
    from quizgen.generation.pdf import find_tex

    try:
        find_tex()
    except TexNotFoundError:
        raise TexNotFoundError("--format pdf: cannot make PDF feedback sheets, pdflatex is not installed; "
                               f"install TeX with: {install_hint()} (or leave out --format pdf for Markdown "
                               "sheets)") from None


def sheet_tex(total, questions, number: int, context, paper: str = "a4") -> str:
    """One student's sheet as a LaTeX document, on ``paper`` (a4 or letter);
    the Markdown sheet's content (feedback.sheet_markdown)."""
    from quizgen.bank.loader import builtin_templates_dir
    from quizgen.text.render import render_layout

    views = [context.solutions.view(q, "tex", context.comma) for q in questions]
    lines_of = [part_lines(q, number, context.matrix, context.slot_of, context.rows, context.comma,
                           context.solutions.trap_names(q), context.solutions.known(q)) for q in questions]
    items = []
    for q, view, lines in zip(questions, views, lines_of):
        worked = not isinstance(view, str)
        items.append({"id": tex_text(q.id), "template": tex_text(q.template), "title": tex_text(q.title or q.template),
                      "mark": pdf_string(f"{q.id}: {q.title or q.template}"),
                      "view": view if worked else tex_text(view),
                      "lines": [_tex_fields(line._replace(answer=shown_answer(line.answer) or "-")) for line in lines],
                      "notes": [_tex_fields(note) for line in lines for note in part_notes(line, worked)]})
    work = work_list(questions, lines_of, AWAITING, context.solutions.drill_classes(), context.keep,
                     lost_parts(questions, context.slot_of, context.lost, context.matrix, number))
    score, max_score, percent = score_texts(total, context.comma)
    strays = stray_sections(*context.strays.of(number), questions, breakable) if context.strays is not None else []
    return render_layout("feedback.tex.j2", "tex", builtin_templates_dir(), student_id=breakable(total.student_id),
                         student_name=breakable(total.name), score=score, max_score=max_score,
                         percent=f"{percent}\\%", questions=items,
                         awaiting=tex_text(_notes(questions, number, context, lines_of)),
                         has_figures=any(not isinstance(v, str) and v["figure"] for v in views), paper=paper,
                         stray_sections=strays, work_lines=work_tex(work),
                         work_command=breakable(work.command),
                         answers_note=tex_text(answers_note([q for q in questions if context.solutions.known(q)],
                                                                 context.carried, context.comma)),
                         footer_who=footer_who(total.student_id, total.name),
                         answer_separator=";" if context.comma else ",",
                         pdf_title=pdf_string(f"Feedback for {plain(total.student_id)}"
                                              + (f" ({plain(total.name)})" if plain(total.name) else "")))


def work_tex(work) -> list:
    """The "What to work on" lines as LaTeX: a misconception's name between TeX's
    quotes (``...''), as the papers quote, not the Markdown sheet's straight ones."""
    met = [f"misconception ``{{}}{breakable(name)}{{}}'': {breakable(where)}." for name, where in work.met]
    return met + [breakable(line) for line in work.lines[len(met):]]


def footer_who(student_id, name) -> str:
    """The student as every page's footer names them: the id, and the name
    before it; cut to 40 and 60 characters as on their exam paper."""
    shown_id = tex_text(shortened(plain(student_id), 40))
    return f"{tex_text(shortened(plain(name), 60))} ({shown_id})" if plain(name) else shown_id


GREEK_AS = {"answer": "maths", "expected": "maths", "text": "symbols"}
"""How a PartLine's or PartNote's field sets Greek letters (tex_text): the answers' as maths, a note's
(which may quote an answer, or be a marker's comment in Greek) alone as maths, in words as text."""


def _tex_fields(record):
    """A PartLine or PartNote with every field made literal LaTeX that may
    break inside a long word (breakable), a small answer's 3.449 × 10⁻⁵ (the key's,
    "expected ...") as maths, which pdflatex prints; Greek letters as GREEK_AS says."""
    return record._replace(**{f: plain_in_tex(breakable(getattr(record, f), GREEK_AS.get(f, "text")))
                              for f in record._fields})


def breakable(text, greek: str = "text") -> str:
    """``tex_text(text, greek)`` where a word longer than _LONG_WORD characters (an
    answer such as ``0.0911000000000000000001``, an id like ``=cmd|' /C calc'!A0``)
    may break every _BREAK_EVERY characters (WORD_BREAK: only where no
    space will do), so that it wraps in its table
    column or line instead of running off the page."""
    words = []
    for word in plain(text).split(" "):
        chunks = [word] if len(word) <= _LONG_WORD else [word[i:i + _BREAK_EVERY]
                                                          for i in range(0, len(word), _BREAK_EVERY)]
        words.append(WORD_BREAK.join(tex_text(chunk, greek) for chunk in chunks))
    return " ".join(words)


def tex_text(text, greek: str = "text") -> str:
    """Text from outside (the answers file, the key) as literal LaTeX: made
    plain, every special character escaped, and TeX's ligatures broken
    (``--`` stays two hyphens, ``<<`` is not a guillemet). Greek letters stay
    letters, set as text in a font that has them (by LuaLaTeX): a name, a title;
    with ``greek`` "maths" each is pdflatex's maths symbol (an answer's σ is
    ``$\\sigma$``), with "symbols" each that stands alone (σ(s), not Καλή)."""
    return _GREEK_PATTERNS[greek].sub(lambda m: TEX_CHARS[m.group()],
                                      escape_tex(plain(text)))


_GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi o pi rho varsigma sigma "
          "tau upsilon phi chi psi omega").split()
GREEK_MATHS = {
    **{chr(0x3b1 + n): ("o" if name == "o" else f"$\\{name}$") for n, name in enumerate(_GREEK)},
    **{c: f"$\\{name}$" for c, name in zip("\u0393\u0394\u0398\u039b\u039e\u03a0\u03a3\u03a5\u03a6\u03a8\u03a9",
                                              "Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega".split())},
    "\u03c6": "$\\varphi$", "\u03d5": "$\\phi$", "\u03b5": "$\\varepsilon$", "\u03f5": "$\\epsilon$",
}
"""An answer's Greek letters as pdflatex's maths symbols (omicron, which maths has not, as o)."""
SCRIPT_COMMANDS = {char: f"\\text{kind}script{{{plain.replace(chr(0x2212), '$-$')}}}"
                   for char, (kind, plain) in SHEET_SCRIPTS.items() if char not in "\u00b9\u00b2\u00b3"}
"""The scripts a trap's feedback may write in Unicode (lms/html.feedback_text: e⁻ˢ) set by command, as
pdflatex's fonts have none but ¹ ² ³ (the entries below override these for the digits)."""
TEXT_CHARS = {
    **SCRIPT_COMMANDS,
    "\u2212": "$-$", "\u2013": "{\\textendash}", "\u2014": "{\\textemdash}", "\u2026": "{\\ldots}",
    "\u2018": "{\\textquoteleft}", "\u2019": "{\\textquoteright}", "\u201c": "{\\textquotedblleft}",
    "\u201d": "{\\textquotedblright}", "\u2022": "{\\textbullet}", "\u2032": "$'$", "\u2033": "$''$",
    "\u2248": "$\\approx$", "\u2260": "$\\neq$", "\u2264": "$\\leq$", "\u2265": "$\\geq$",
    "\u2261": "$\\equiv$", "\u223c": "$\\sim$", "\u2243": "$\\simeq$", "\u221d": "$\\propto$",
    "\u226a": "$\\ll$", "\u226b": "$\\gg$", "\u221e": "$\\infty$", "\u221a": "$\\surd$",
    "\u2211": "$\\sum$", "\u220f": "$\\prod$", "\u222b": "$\\int$", "\u2202": "$\\partial$",
    "\u2207": "$\\nabla$", "\u2208": "$\\in$", "\u2209": "$\\notin$", "\u2205": "$\\emptyset$",
    "\u2229": "$\\cap$", "\u222a": "$\\cup$", "\u2282": "$\\subset$", "\u2286": "$\\subseteq$",
    "\u2200": "$\\forall$", "\u2203": "$\\exists$", "\u2227": "$\\wedge$", "\u2228": "$\\vee$",
    "\u22c5": "$\\cdot$", "\u2217": "$\\ast$", "\u2218": "$\\circ$", "\u2299": "$\\odot$",
    "\u2297": "$\\otimes$", "\u2295": "$\\oplus$", "\u2016": "$\\|$", "\u2225": "$\\|$",
    "\u27e8": "$\\langle$", "\u27e9": "$\\rangle$", "\u2192": "$\\rightarrow$", "\u2190": "$\\leftarrow$",
    "\u2194": "$\\leftrightarrow$", "\u21d2": "$\\Rightarrow$", "\u21d4": "$\\Leftrightarrow$",
    "\u21a6": "$\\mapsto$", "\u211d": "$\\mathbb{R}$", "\u2115": "$\\mathbb{N}$", "\u2124": "$\\mathbb{Z}$",
    **{chr(0x2070 + n): f"\\textsuperscript{{{n}}}" for n in (0, 4, 5, 6, 7, 8, 9)},
    "\u207a": "\\textsuperscript{+}", "\u207b": "\\textsuperscript{$-$}",
    **{chr(0x2080 + n): f"\\textsubscript{{{n}}}" for n in range(10)},
    **{f"{letter}{mark}": f"\\{accent}{{{letter}}}" for letter in string.ascii_letters
       for mark, accent in (("\u0302", "^"), ("\u0304", "="), ("\u0303", "~"))},
}
"""Characters beyond pdflatex's T1 fonts that it sets with a command (maths
symbols, typographic quotes and dashes, super- and subscript digits): text
and answers typed with them need no LuaLaTeX, which takes some 1.4 GB and 6 s
a sheet where pdflatex takes 40 MB and 1 s."""
TEX_CHARS = {**GREEK_MATHS, **TEXT_CHARS}
"""TEXT_CHARS and, for an answer, Greek letters as maths symbols."""
_TEXT_CHAR = "|".join(map(re.escape, TEXT_CHARS))
_GREEK_LETTER = "[\u0370-\u03ff\u1f00-\u1fff]"
_GREEK_PATTERNS = {
    "text": re.compile(_TEXT_CHAR),
    "maths": re.compile(f"[{''.join(GREEK_MATHS)}]|{_TEXT_CHAR}"),
    "symbols": re.compile(f"(?<!{_GREEK_LETTER})[{''.join(GREEK_MATHS)}](?!{_GREEK_LETTER})|{_TEXT_CHAR}"),
}


def plain(text) -> str:
    """Text from outside made printable on one line: the direction controls
    removed as the Markdown sheet does, any other control or format character
    (newlines and tabs too) a space, runs of spaces one space; U+FFFD, which
    graded.csv writes for a control character (cells.SHOWN_CONTROLS), a space
    too, as the control was. The layout then escapes every TeX special character."""
    text = without_direction_controls(str(text or ""))
    text = "".join(" " if c == "\ufffd" or unicodedata.category(c)[0] == "C" else c for c in text)
    return " ".join(text.split())


def _notes(questions, number: int, context, lines_of=()) -> str:
    """The lines under the score, as the Markdown sheet has them: a Moodle
    attempt graded though not submitted, then the questions with full marks,
    answers awaiting a person and parts not received."""
    notes = (unsubmitted_note(context.states, number), (context.written or {}).get(number, ""),
             full_marks_note(questions, lines_of, AWAITING),
             awaiting_note(questions, number, context.matrix, context.slot_of),
             not_received_note(questions, number, context.matrix, context.slot_of, context.lost),
             lost_note(lost_parts(questions, context.slot_of, context.lost, context.matrix, number)))
    return " ".join(note for note in notes if note)
