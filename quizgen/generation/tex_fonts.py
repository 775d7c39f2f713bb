"""Typesetting any name: documents whose text goes beyond what pdflatex's T1
fonts hold (Latin-1 and Latin Extended-A) are compiled with LuaLaTeX and
fontspec, Latin Modern first and then the distribution's own fonts that are
installed (Noto for Greek, Cyrillic, Hebrew and Arabic, Noto CJK, Symbola for
emoji) as fallbacks; right-to-left runs are set right to left. Without
LuaLaTeX the document stays with pdflatex. A name that no installed font can
show is replaced by the student's ID, with one warning (docs/pdf.md)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import replace
from functools import lru_cache

from quizgen.wording import named_few

PDFLATEX_LIMIT = 0x17F    # pdflatex with T1 fonts: ASCII, Latin-1 and Latin Extended-A
MAIN_FONT = "Latin Modern Roman"
FALLBACK_FONTS = ("Noto Serif", "Noto Sans", "DejaVu Serif", "Noto Serif Hebrew", "Noto Sans Hebrew",
                  "Noto Naskh Arabic", "Noto Serif CJK SC", "Noto Sans CJK SC", "Symbola")
DEBIAN_PACKAGES = ("texlive-luatex", "fonts-noto-core", "fonts-noto-cjk", "fonts-symbola")
_RTL = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff"
_RTL_RUN = re.compile(f"[{_RTL}](?:[{_RTL}\\s.,'\"-]*[{_RTL}])?")
_ARABIC = re.compile("[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")
ARABIC_FONT = "Noto Naskh Arabic"
# a fallback font gets no Arabic shaping (letters unjoined, in reverse): Arabic runs get their own family
_ARABIC_FAMILY = f"\\newfontfamily\\qzarabic{{{ARABIC_FONT}}}[Renderer=HarfBuzz,Script=Arabic]\n"
_SHAPES = (("Upright", "", ""), ("Italic", "italic", "/I"), ("Bold", "bold", "/B"), ("BoldItalic", "bolditalic", "/BI"))
"""(fontspec's shape, the suffix of its fallback list's name, luaotfload's style of the list's faces)."""
_FALLBACK_FEATURES = ",".join(f"{shape}Features={{RawFeature={{fallback=quizgenfallback{suffix}}}}}"
                              for shape, suffix, _ in _SHAPES)
"""The main font's fallbacks by shape: a bold or italic letter the main font lacks (a Greek name in a
sheet's heading, Greek in a stem's \\textit) from the fallback family's face of that shape (``/B``, ``/I``,
``/BI``; a family with none gives its regular), not its regular."""
_MATH_FONTS = "\\IfFileExists{lmodern.sty}{\\usepackage{lmodern}}{}\n"
"""The maths in Latin Modern, as pdflatex's papers set it (lmodern before fontspec, whose main font then
sets the text): a student's $z = 3.5$ in the same font as their classmates'."""
_PREAMBLE = re.compile(r"\\usepackage\[utf8\]\{inputenc\}\n\\usepackage\[T1\]\{fontenc\}\n"
                       r"(?:\\IfFileExists\{lmodern\.sty\}\{\\usepackage\{lmodern\}\}\{\}\n)?")


def needs_unicode_engine(source: str) -> bool:
    """Whether ``source`` holds characters pdflatex's fonts do not have."""
    return any(ord(c) > PDFLATEX_LIMIT for c in source) if not source.isascii() else False


@lru_cache(maxsize=1)
def lualatex() -> str | None:
    """The lualatex program when it and fontspec are installed, else None."""
    program, kpsewhich = shutil.which("lualatex"), shutil.which("kpsewhich")
    if program is None or kpsewhich is None:
        return None
    found = subprocess.run([kpsewhich, "fontspec.sty"], capture_output=True, text=True, check=False)
    return program if found.returncode == 0 and found.stdout.strip() else None


@lru_cache(maxsize=1)
def fonts() -> tuple:
    """``((family, charset ranges), ...)``: the main font and each installed
    fallback font, with the characters it has (from fontconfig's fc-list)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None or lualatex() is None:
        return ()
    found = []
    for family in (MAIN_FONT,) + FALLBACK_FONTS:
        listed = subprocess.run([fc_list, "--format", "%{charset}\n", f":family={family}:style=Regular"],
                                capture_output=True, text=True, check=False).stdout.split("\n", 1)[0]
        if listed.strip():
            found.append((family, _ranges(listed)))
    return tuple(found)


def _ranges(charset: str) -> tuple:
    """fontconfig's ``20-7e a0-17f 1e00`` as ((0x20, 0x7e), (0xa0, 0x17f), (0x1e00, 0x1e00))."""
    spans = []
    for item in charset.split():
        low, _, high = item.partition("-")
        spans.append((int(low, 16), int(high or low, 16)))
    return tuple(spans)


def can_typeset(text: str) -> bool:
    """Whether every character of ``text`` can be shown: by pdflatex's fonts,
    or with LuaLaTeX by one of the installed fonts."""
    if not needs_unicode_engine(text):
        return True
    spans = [span for _, ranges in fonts() for span in ranges]
    return bool(spans) and all(c.isspace() or any(lo <= ord(c) <= hi for lo, hi in spans) for c in text)


def for_lualatex(source: str) -> str:
    """A pdflatex document made ready for LuaLaTeX: fontspec with the installed
    fallback fonts instead of inputenc/fontenc, no date in the PDF (the same
    bytes every time), right-to-left runs set right to left (Arabic in an
    Arabic font of its own, shaped as Arabic). A document made ready already (a .tex
    kept so, generation/tex_engine.py) is returned as it is."""
    if "\\usepackage{fontspec}" in source[:20000]:
        return source
    families = [family for family, _ in fonts()[1:]]
    shaped = _first_families(source) or families[:1]
    preamble = (_MATH_FONTS + "\\usepackage{fontspec}\n\\pdfvariable suppressoptionalinfo 1023\n"
                + _fallback_list("quizgenfallback", families, "")
                + "".join(_fallback_list(f"quizgenfallback{suffix}", shaped, style)
                          for _, suffix, style in _SHAPES[1:])
                + f"\\setmainfont{{{MAIN_FONT}}}[{_FALLBACK_FEATURES}]\n")
    if not families:
        preamble = _MATH_FONTS + "\\usepackage{fontspec}\n\\pdfvariable suppressoptionalinfo 1023\n"
    arabic = any(family == ARABIC_FONT for family, _ in fonts())
    if arabic:
        preamble += _ARABIC_FAMILY
    source = _PREAMBLE.sub(lambda _: preamble, source, count=1)
    return cjk_breaks(_RTL_RUN.sub(lambda run: _right_to_left(run.group(0), arabic), source))


_CJK = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_NO_BREAK_BEFORE = "\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff1f\uff01\uff09\u300d\u300f\u3011\u3009\u300b\u30fc"
_NO_BREAK_AFTER = "\uff08\u300c\u300e\u3010\u3008\u300a"
_CJK_GAP = re.compile(f"(?<=[{_CJK}])(?<![{_NO_BREAK_AFTER}])(?=[{_CJK}])(?![{_NO_BREAK_BEFORE}])")
CJK_BREAK = "\\hskip0pt plus0.1pt\\relax "
"""What may break a line between two CJK characters: TeX breaks only at glue, and Chinese and Japanese
write no spaces, so without it a run of them is one word that runs off the page."""


def cjk_breaks(source: str) -> str:
    """``source`` with a place to break the line between each two CJK characters, never before
    closing punctuation (、。，）」) nor after opening (（「)."""
    return _CJK_GAP.sub(lambda _: CJK_BREAK, source) if re.search(f"[{_CJK}]", source) else source


def _first_families(source: str) -> list:
    """The fallback families that set ``source``'s characters beyond pdflatex's, each the first
    to hold one: the bold and italic lists', whose faces (CJK's above all) are slow to load."""
    wanted = {c for c in source if ord(c) > PDFLATEX_LIMIT}
    found = []
    for family, ranges in fonts()[1:]:
        held = {c for c in wanted if any(low <= ord(c) <= high for low, high in ranges)}
        found += [family] if held else []
        wanted -= held
    return found


def _fallback_list(name: str, families: list, style: str) -> str:
    """The Lua line defining the fallback list ``name``: ``families`` in order, each in ``style``."""
    fonts_in_style = ", ".join(f'"{family}{style}:mode=harf;"' for family in families)
    return f"\\directlua{{luaotfload.add_fallback(\"{name}\", {{{fonts_in_style}}})}}\n"


def _right_to_left(run: str, arabic_font: bool) -> str:
    """A right-to-left run set right to left, in the Arabic family when it is Arabic script."""
    family = "\\qzarabic" if arabic_font and _ARABIC.search(run) else ""
    return "{" + family + "\\textdir TRT " + run + "}"


def typeset_names(students: list, err=None) -> list:
    """The roster for a PDF: a name that no installed font can show becomes the
    student's ID, with one warning naming the students (on ``err``, stderr)."""
    kept, replaced = [], []
    for student in students:
        if can_typeset(student.name):
            kept.append(student)
        else:
            kept.append(replace(student, name=student.student_id))
            replaced.append(student.student_id)
    if replaced:
        shown = named_few(replaced)   # the first five
        hint = "" if lualatex() else "lualatex (Debian: texlive-luatex) is not installed; "
        (err or sys.stderr).write(f"quizgen: warning: {hint}no installed font can print the names of "
                                  f"{shown}: their papers show the student ID instead (install "
                                  f"{' '.join(DEBIAN_PACKAGES)})\n")
    return kept
