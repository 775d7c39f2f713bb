"""The TeX a bank's text may hold. LuaLaTeX (chosen for text pdflatex cannot
set) runs Lua, whose file functions read and write anywhere whatever TeX's
own file limits say, and TeX can build a command's name from characters in
many ways (``\\csname``, ``\\ExpandArgs{c}``, ``\\begin{...}``, ``^^5c``, a
changed catcode), any of which can reach a Lua command in disguise.

So a bank's text (bank/yamlfile.py, when it loads) may use only the commands
and environments listed here: mathematics, a few text fonts and spacing
(``BANK_COMMANDS``, ``BANK_ENVIRONMENTS``; checked by ``unlisted_tex``). Every document is checked again before LaTeX sees it
(generation/pdf.py, ``refused_tex``): its body holds quizgen's own layout as
well, so there the known ways to Lua and to a command's name are refused."""

from __future__ import annotations

import re

from quizgen.text.tex_markdown import tags_as_spaces

_REFUSED = re.compile(
    r"(?<!\\)(?:\\\\)*(\\(?:[A-Za-z]*lua[A-Za-z]*|csname|begincsname|lastnamedcs|UseName|ExpandArgs|primitive"
    r"|pdfprimitive|scantokens|scantextokens|catcode|makeatletter|ExplSyntaxOn"
    r"|input|include|InputIfFileExists|openin|openout|read|readline|write|immediate|newwrite|newread"
    r"|special|shipout|string)(?![A-Za-z])|\^\^"
    r"|\\(?:begin|end)[ \t\r\n]*\{(?:[^}]*[^A-Za-z*}][^}]*|[A-Za-z]*lua[A-Za-z]*\*?)\}"
    r"|\\(?:begin|end)(?![A-Za-z])(?![ \t\r\n]*\{[A-Za-z]+\*?\}))")
"""A refused command (not a ``\\\\`` line break followed by letters): one that
reaches Lua, builds a command's name, or reads or writes a file; TeX's ``^^``
character code, or an environment named by anything but letters in braces, or
named for Lua (``\\begin{directlua}`` runs ``\\directlua``, and ``\\begin\\x`` the
name ``\\x`` holds: ``\\begin`` makes a command's name from it)."""

WHY = ("quizgen refuses TeX commands that reach Lua, build a command's name "
       "or read or write a file (Lua can read and write any file)")
WHY_UNLISTED = ("a bank's text may use only the TeX commands of docs/authoring.md's list "
                "(mathematics, text fonts and spacing): others could reach Lua, which reads and writes any file")

BANK_COMMANDS = frozenset("""
    alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho
    varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi
    Psi Omega
    frac dfrac tfrac binom sqrt sum prod int oint lim limsup liminf sup inf max min arg argmax argmin exp log ln
    lg sin cos tan sinh cosh tanh det dim ker Pr operatorname mathop
    left right middle big Big bigg Bigg bigl bigr Bigl Bigr
    cdot cdots ldots dots vdots ddots times div pm mp ast star circ bullet odot otimes oplus setminus
    le leq ge geq ne neq approx sim simeq cong equiv propto ll gg prec succ
    in notin ni subset subseteq supset supseteq cup cap emptyset varnothing forall exists nexists neg lnot land
    lor wedge vee implies iff to gets rightarrow leftarrow Rightarrow Leftarrow leftrightarrow Leftrightarrow
    mapsto longrightarrow longmapsto uparrow downarrow
    infty partial nabla ell hbar prime top bot angle triangle Box
    langle rangle lvert rvert lVert rVert vert Vert lceil rceil lfloor rfloor mid parallel
    hat widehat bar overline underline tilde widetilde vec dot ddot check breve acute grave overbrace underbrace
    overset underset stackrel not
    mathrm mathbf mathit mathsf mathtt mathcal mathbb mathfrak boldsymbol bm text textrm textbf textit textsf
    texttt textsc emph mbox displaystyle textstyle scriptstyle
    quad qquad enspace thinspace medspace thickspace negthinspace hspace vspace phantom hphantom vphantom
    newline linebreak par noindent centering
    checkmark dagger ddagger S P copyright pounds euro textbackslash textasciitilde textasciicircum textdegree
    textendash textemdash textellipsis ldots dotsc dotsb textquotedbl textless textgreater textbar textunderscore
    textasciigrave textquotesingle
    item hline cline multicolumn
    limits nolimits bigcup bigcap bmod pmod lbrace rbrace leqslant geqslant backslash colon
    """.split())
"""The commands a bank's text may use (docs/authoring.md lists them), those quizgen's own escape of a
parameter string writes among them (a backtick, a doubled quote: text/render.py)."""

BANK_ENVIRONMENTS = frozenset("""
    aligned alignedat gathered split cases dcases array matrix pmatrix bmatrix Bmatrix vmatrix Vmatrix
    smallmatrix subarray tabular center itemize enumerate
    """.split())
"""The environments a bank's text may open with ``\\begin``."""

_COMMAND = re.compile(r"\\(?:([A-Za-z]+)|.)", re.S)
_ENVIRONMENT = re.compile(r"[ \t\r\n]*\{([A-Za-z]+\*?)\}")   # TeX's spaces only: U+3000 is no space to TeX
_CONTINUED = re.compile(r"(?<!\\)(?:\\\\)*(\\[A-Za-z]+)\{[{%#]")
"""A command's name run straight into a Jinja2 tag, which could finish the name."""


def refused_tex(text: str) -> str | None:
    """The first TeX command in ``text`` that no document may use, or None."""
    found = _REFUSED.search(text)
    return found.group(1) or found.group(0) if found else None


def unlisted_tex(text: str, filled: bool = False) -> str | None:
    """The first TeX command (or environment) in a bank's ``text`` that the
    lists above do not allow, or None; ``\\\\``, ``\\{``, ``\\%``, ``\\,`` and
    other one-character commands name no command and are allowed, and so is
    anything inside Jinja2's tags (their output is escaped); a command's name
    run into a tag (``\\dir{{ x }}``) is not. That check of a template's text
    names the problem early, at its line; the one that binds is the same on
    the ``filled`` text, Jinja2's output, which every LaTeX render of a bank's
    text passes (text/render.py): a filter block, raw text or a tag after a
    backslash can build no command it would not see."""
    if "\\" not in text and "^^" not in text:
        return None
    if filled and _only_listed_commands(text):
        return None
    refused = refused_tex(text)
    if refused is not None:
        return refused
    if not filled:   # a template's own text: Jinja2's tags print text escaped for LaTeX
        continued = _CONTINUED.search(text)
        if continued is not None:
            return continued.group(1) + "{{"
        text = tags_as_spaces(text)
    for found in _COMMAND.finditer(text):
        name = found.group(1)
        if name in ("begin", "end"):
            environment = _ENVIRONMENT.match(text, found.end())
            if environment is None or environment.group(1).rstrip("*") not in BANK_ENVIRONMENTS:
                return f"\\{name}" + (f"{{{environment.group(1)}}}" if environment else "")
        elif name is not None and name not in BANK_COMMANDS:
            return f"\\{name}"
        elif name is None and found.group(0)[1] > "\x7f":   # \é, \א: a name of letters to LuaLaTeX, none listed
            return found.group(0)
    return None


def _only_listed_commands(text: str) -> bool:
    """True when every command in ``text`` is plainly on the list: no ``^^``, no
    ``\\begin`` or ``\\end`` anywhere, no backslash before a non-ASCII character,
    and every name _COMMAND reads listed. Then neither _REFUSED nor unlisted_tex's
    walk can find anything (a refused name is never listed, and _REFUSED reads a
    run of backslashes as _COMMAND does), so the filled text of every render skips
    both (docs/performance-history.md, the forty-eighth round)."""
    return ("^^" not in text and "\\begin" not in text and "\\end" not in text
            and _NON_ASCII_COMMAND.search(text) is None
            and BANK_COMMANDS.issuperset(filter(None, _COMMAND.findall(text))))


_NON_ASCII_COMMAND = re.compile(r"\\[^\x00-\x7f]")


MAX_LENGTH_CM = 30.0
"""The longest space a bank's text may ask for (``\\hspace``, ``\\vspace``, a
line break's ``\\\\[...]``, a table column's ``p{...}``), either way: a page
(A4 is 29.7 cm tall). TeX refuses any length over 16383.99999pt ("Dimension
too large"), and the paper would not compile."""
MAX_STRETCH = 16383.99999
"""The largest factor of ``fil``, ``fill`` or ``filll`` TeX reads."""

_PT_PER = {"pt": 1.0, "pc": 12.0, "in": 72.27, "bp": 72.27 / 72, "cm": 72.27 / 2.54, "mm": 72.27 / 25.4,
           "dd": 1238 / 1157, "cc": 12 * 1238 / 1157, "nd": 685 / 642, "nc": 12 * 685 / 642, "sp": 1 / 65536,
           "px": 72.27 / 72, "em": 12.0, "ex": 6.0, "mu": 12.0 / 18}
"""Points per unit; an ``em``, ``ex`` and ``mu`` at most as large as in the papers' 11pt type."""

_ARGUMENT = re.compile(r"\\[hv]space\*?[ \t\r\n]*\{([^{}]*)\}|(?<!\\)(?:\\\\)*\\\\\*?[ \t\r\n]*\[([^\]\[]*)\]"
                       r"|\\begin[ \t\r\n]*\{tabular\*\}[ \t\r\n]*\{([^{}]*)\}"
                       r"|\b[pmbw][ \t\r\n]*\{([^{}]*)\}")
"""The arguments of a bank's text that TeX reads as lengths: ``\\hspace{...}`` and
``\\vspace{...}``, a line break's ``\\\\[...]``, ``tabular*``'s width and a column
type's ``p{...}`` (also ``m``, ``b``, ``w``: a lone such letter before a brace,
checked wherever it stands, even outside a table)."""
_LENGTH = re.compile(r"(?<![0-9.,])(\d*+[.,]\d++|\d++[.,]?+|\"[0-9A-F]++|'[0-7]++|`\\?.)[ \t\r\n]*+"
                     r"(fil{1,3}|[a-z]{2})", re.I | re.S)
"""A length's size as TeX reads it, its signs aside: a decimal (a comma may be its
point), a hexadecimal ``"FF``, octal ``'77`` or a character's code `` `a ``, and a
unit. A run of digits is read whole from its start (possessive, and no match
begins inside one), so a long run costs linear time."""


def oversized_length(text: str) -> str | None:
    """The first length in a bank's ``text`` (``\\hspace{99999999pt}``) longer than
    a page, MAX_LENGTH_CM, or a ``fil`` beyond TeX's MAX_STRETCH, in a message's
    words; else None. Every length TeX reads there is checked, whatever its form."""
    if "{" not in text and "[" not in text or not _may_hold_length(text):
        return None
    for argument in _ARGUMENT.finditer(text):
        for found in _LENGTH.finditer(next(group for group in argument.groups() if group is not None)):
            problem = _too_long(found)
            if problem is not None:
                return problem
    return None


_LONE_COLUMN_LETTER = re.compile(r"[pmbw](?<!\w[pmbw])[ \t\r\n]*\{")
"""_ARGUMENT's last branch, ``\\b[pmbw]...``, with the letter first so that the
search skips to candidate letters (three times faster on the bank's texts)."""


def _may_hold_length(text: str) -> bool:
    """Whether ``text`` holds anything _ARGUMENT could match: a word each of its
    first three branches needs, or a lone column letter before a brace."""
    return ("space" in text or "\\\\" in text or "tabular*" in text
            or _LONE_COLUMN_LETTER.search(text) is not None)


def _too_long(found: re.Match) -> str | None:
    """What is wrong with one length ``found`` by _LENGTH (its size), or None."""
    number, unit = found.group(1), found.group(2).lower()
    if number[0] == "`":
        size = float(ord(number[-1]))
    elif number[0] in "\"'":
        size = float(int(number[1:], 16 if number[0] == '"' else 8))
    else:
        size = float(number.replace(",", "."))
    written = " ".join(found.group(0).split())[:40]
    if unit.startswith("fil"):
        if size > MAX_STRETCH:
            return f"asks for {written}: TeX reads at most {MAX_STRETCH}{unit}"
        return None
    if unit not in _PT_PER or size * _PT_PER[unit] <= MAX_LENGTH_CM * _PT_PER["cm"]:
        return None
    return (f"asks for a space of {written}, longer than a page: at most {MAX_LENGTH_CM:g} cm "
            "(TeX stops at 16383.99999pt: \"Dimension too large\")")


def tex_problem(text: str, filled: bool = False) -> str | None:
    """What is wrong with the TeX of a bank's ``text``, in words (``uses \\x:
    why``, ``asks for a space of ...``), or None: unlisted_tex's check, then
    oversized_length's."""
    command = unlisted_tex(text, filled)
    if command is not None:
        return f"uses {command}: {WHY if refused_tex(command) else WHY_UNLISTED}"
    return oversized_length(text)
