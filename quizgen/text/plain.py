"""Plain text for a terminal: template text (the Markdown subset with ``$...$``,
``\\[...\\]`` and ``$$...$$`` LaTeX maths, each shown inline) turned into readable
ASCII maths (``\\frac{a}{b}`` becomes ``a/b``, ``e^{x}`` becomes ``e^(x)``), and
wrapped to a terminal's width."""

from __future__ import annotations

import re
import textwrap

from quizgen.text.md_escape import MD_UNESCAPE
from quizgen.text.spans import MATHS, spans, substituted

WIDTH = 80

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\\$|[{}^_]|\s+|.", re.S)

_WORDS = {name: name for name in (
    "ln log exp sin cos tan sinh cosh tanh max min sup inf lim det dim sum prod arg "
    "softmax sigmoid argmax argmin").split()}
_GREEK = {name: name for name in (
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma "
    "tau upsilon phi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega").split()}
_GREEK.update(varepsilon="epsilon", vartheta="theta", varphi="phi", varrho="rho", varsigma="sigma")
_OPERATORS = {
    "approx": "~", "cdot": "*", "times": "x", "div": "/", "pm": "+/-", "mp": "-/+",
    "leq": "<=", "le": "<=", "geq": ">=", "ge": ">=", "neq": "!=", "ne": "!=", "equiv": "==",
    "sim": "~", "simeq": "~", "propto": "~", "ll": "<<", "gg": ">>", "in": "in", "notin": "not in",
    "to": "->", "rightarrow": "->", "Rightarrow": "=>", "leftarrow": "<-", "mapsto": "->",
    "implies": "=>", "iff": "<=>", "mid": "|", "setminus": "minus", "cup": "union", "cap": "and",
}
_SYMBOLS = {
    "ldots": "...", "cdots": "...", "dots": "...", "infty": "inf", "top": "T", "prime": "'",
    "partial": "d", "nabla": "grad", "langle": "<", "rangle": ">", "lvert": "|", "rvert": "|",
    "vert": "|", "lVert": "||", "rVert": "||", "Vert": "||", "lceil": "ceil(", "rceil": ")",
    "lfloor": "floor(", "rfloor": ")", "checkmark": "(ok)", "circ": "o", "degree": " degrees",
    "emptyset": "{}", "varnothing": "{}", "forall": "for all", "exists": "there is", "neg": "not ", "lnot": "not ",
    "land": "and", "lor": "or", "star": "*", "ast": "*", "bullet": "*", "percent": "%",
}
_SPACES = {",": " ", ";": " ", ":": " ", ">": " ", " ": " ", "!": "", "\\": " ", "quad": " ",
           "qquad": " ", "enspace": " ", "thinspace": " ", "displaystyle": "", "textstyle": "",
           "limits": "", "nolimits": "", "nonumber": "", "notag": ""}
_TEXT_LIKE = set("text textrm textit textbf texttt textsf textnormal mathrm mathit mathbf mathsf "
                 "mathtt mathcal mathbb mathfrak boldsymbol bm mbox emph operatorname".split())
_ACCENTS = {"hat": "_hat", "widehat": "_hat", "bar": "_bar", "overline": "_bar", "tilde": "_tilde",
            "widetilde": "_tilde", "dot": "_dot", "ddot": "_ddot", "vec": "", "underline": "",
            "mathring": ""}
_DELIMITER_SIZES = set("left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr "
                       "Biggl Biggr".split())
_FRACTIONS = {"frac", "dfrac", "tfrac", "cfrac"}


def to_plain(text: str) -> str:
    """Template text as plain text: maths in ASCII, bold marks dropped, one line per
    paragraph and per ``- `` bullet, paragraphs separated by a blank line. Not wrapped."""
    blocks = [_block_lines(block) for block in re.split(r"\n\s*\n", str(text).strip())]
    return "\n\n".join("\n".join(lines) for lines in blocks if lines)


def _block_lines(block: str) -> list:
    """A block's lines: each bullet item on its own line, other text joined up."""
    lines = []
    for raw in block.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("- ") or not lines or (not raw[:1].isspace() and lines[-1].startswith("- ")):
            lines.append(line)
        else:
            lines[-1] += " " + line
    return [_inline(line) for line in lines]


def _inline(text: str) -> str:
    def maths(start: int, end: int) -> str:
        cut = 1 if text[start] == "$" and text[start + 1] != "$" else 2
        return math_to_plain(text[start + cut:end - cut])

    # every kind of maths, displayed too, shown inline, found in linear time (else a ReDoS: 20,000 ``\\(`` take 2.5 s)
    line = substituted(text, spans(text, MATHS), maths, _text_outside_maths)
    return re.sub(r"(?<=\S) {2,}", " ", line)


def _text_outside_maths(piece: str) -> str:
    """Text between formulas: bold marks dropped and the template's escapes shown as their characters."""
    # an escape outside maths (``\}``, ``\%``, ``\*``: md_escape.MD_UNESCAPE) shows its character, as the
    # PDF and the LMS quizzes do; a ``\\`` (a TeX line break) is kept whole
    return MD_UNESCAPE.sub(lambda found: found.group(1) or found.group(0), _BOLD.sub(r"\1", piece))


def math_to_plain(latex: str) -> str:
    """One LaTeX formula as readable ASCII: ``\\frac{e^{2}}{e^{2} + e + 1}`` gives
    ``e^2/(e^2 + e + 1)``. Never fails: unknown commands lose their backslash."""
    tokens = _TOKEN.findall(str(latex))
    text, _ = _Reader(tokens).sequence(0, closing=False)
    text = re.sub(r"\blog_(\d+)\b", r"log\1", " ".join(text.split()))
    return re.sub(r"([(\[]) | (?=[)\]])", r"\1", text)


class _Reader:
    """A small recursive reader over LaTeX tokens that writes plain text."""

    def __init__(self, tokens: list):
        self.tokens = tokens

    def sequence(self, i: int, closing: bool):
        """Read until a closing brace (when ``closing``) or the end; return (text, next index)."""
        out = []
        while i < len(self.tokens):
            token = self.tokens[i]
            if token == "}":
                if closing:
                    return "".join(out), i + 1
                i += 1
                continue
            piece, i = self.item(i)
            out.append(piece)
        return "".join(out), i

    def item(self, i: int):
        """Read one item (a group, script, command or character) starting at ``i``."""
        token = self.tokens[i]
        if token == "{":
            return self.sequence(i + 1, closing=True)
        if token in ("^", "_"):
            arg, i = self.argument(i + 1)
            return _script(token, arg), i
        if token.isspace() or token == "~":
            return " ", i + 1
        if token.startswith("\\"):
            return self.command(token[1:], i + 1)
        return token, i + 1

    def argument(self, i: int):
        """Read one macro argument: a braced group or a single item."""
        while i < len(self.tokens) and self.tokens[i].isspace():
            i += 1
        if i >= len(self.tokens):
            return "", i
        if self.tokens[i] == "}":
            return "", i
        return self.item(i)

    def command(self, name: str, i: int):
        """Read a command's arguments (if it takes any) and write its plain form."""
        if name in _FRACTIONS:
            top, i = self.argument(i)
            bottom, i = self.argument(i)
            return _fraction(top, bottom) + " " * self._next_is_alnum(i), i
        if name == "sqrt":
            if i < len(self.tokens) and self.tokens[i] == "[":
                while i < len(self.tokens) and self.tokens[i] != "]":
                    i += 1
                i += 1
            arg, i = self.argument(i)
            return f"sqrt({arg.strip()})", i
        if name in _TEXT_LIKE:
            return self.argument(i)
        if name in _ACCENTS:
            arg, i = self.argument(i)
            return arg.strip() + _ACCENTS[name], i
        if name in _DELIMITER_SIZES:
            return self.delimiter(i)
        if name in _OPERATORS:
            return f" {_OPERATORS[name]} ", i
        if name in _SPACES:
            return _SPACES[name], i
        if len(name) == 1 and not name.isalpha():
            return name, i
        word = _WORDS.get(name) or _GREEK.get(name) or _SYMBOLS.get(name) or name
        after = self._skip_spaces(i)
        if name in _WORDS and after < len(self.tokens) and self.tokens[after][1:] in _FRACTIONS:
            fraction, i = self.item(after)   # \ln\frac{p}{1-p} is ln(p/(1 - p)), never (ln p)/(1 - p)
            return f"{word}({fraction.strip()})", i
        if name not in _GREEK and name not in _SYMBOLS and i < len(self.tokens) and self.tokens[i] == "{":
            arg, i = self.argument(i)
            return f"{word}({arg.strip()})", i
        if name != "arg" and word[-1:].isalpha() and self._next_is_alnum(i):
            word += " "
        return word, i

    def delimiter(self, i: int):
        """The delimiter after ``\\left``, ``\\right``, ``\\big``...: ``.`` is none."""
        while i < len(self.tokens) and self.tokens[i].isspace():
            i += 1
        if i >= len(self.tokens):
            return "", i
        token = self.tokens[i]
        if token == ".":
            return "", i + 1
        if token.startswith("\\"):
            return self.command(token[1:], i + 1)
        return token, i + 1

    def _skip_spaces(self, i: int) -> int:
        while i < len(self.tokens) and self.tokens[i].isspace():
            i += 1
        return i

    def _next_is_alnum(self, i: int) -> bool:
        """True when the next token would run into a word just written (``\\ln p``)."""
        if i >= len(self.tokens):
            return False
        token = self.tokens[i]
        if token.startswith("\\"):
            return token[1:] in _WORDS or token[1:] in _GREEK or token[1:] in _FRACTIONS
        return token[:1].isalnum() or token == "{"


def _script(mark: str, arg: str) -> str:
    """A superscript or subscript: bare when it is a whole number (or a plain
    name, for subscripts), else in parentheses: ``e^(x)``, ``e^2``, ``z_j``."""
    arg = " ".join(arg.split())
    if not arg:
        return ""
    if mark == "^" and arg in ("'", "''"):
        return arg
    bare = r"\d+|T" if mark == "^" else r"[A-Za-z0-9]+"
    return mark + arg if re.fullmatch(bare, arg) else f"{mark}({arg})"


def _fraction(top: str, bottom: str) -> str:
    return f"{_operand(top.strip(), allow_sign=True)}/{_operand(bottom.strip(), allow_sign=False)}"


def _operand(text: str, allow_sign: bool) -> str:
    """``text`` as one side of ``/``: parenthesised unless it is a single term."""
    if not text:
        return "()"
    body = text[1:] if allow_sign and text[0] == "-" else text
    if _single_term(body):
        return text
    return f"({text})"


def _single_term(text: str) -> bool:
    depth = 0
    for index, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and (char in " +*/=<>,~" or (char == "-" and index > 0 and text[index - 1] != "^")):
            return False
    return depth == 0 and bool(text) and text[0] != "-"


_GLUE = re.compile(r" (?=(?:[=+*/<>~-]|<=|>=|!=|->) )|(?<= [=+*/<>~-]) |(?<= <=| >=| !=| ->) "
                   r"|(?<=\bln) (?=\S)|(?<=\blog) (?=\S)|(?<=\bexp) (?=\S)")


def wrap(text: str, width: int = WIDTH, indent: str = "") -> str:
    """Plain text (from :func:`to_plain`) wrapped to ``width`` columns after ``indent``;
    bullets hang, and a short formula is kept on one line."""
    out = []
    for line in str(text).splitlines():
        if not line.strip():
            out.append("")
            continue
        bullet = line.startswith("- ")
        body = _glue(line[2:] if bullet else line, width // 2)
        first = indent + ("- " if bullet else "")
        rest = indent + ("  " if bullet else "")
        filled = textwrap.fill(body, width=max(width, len(first) + 10), initial_indent=first,
                               subsequent_indent=rest, break_long_words=False, break_on_hyphens=False)
        out.append(filled.replace("\x00", " "))
    return "\n".join(out)


def _glue(line: str, longest: int) -> str:
    """Binds operators to their neighbours (``a + b`` stays together) unless the
    formula so bound would be longer than ``longest``."""
    glued = _GLUE.sub("\x00", line)
    return re.sub(r"\S+", lambda m: m.group() if len(m.group()) <= longest else m.group().replace("\x00", " "),
                  glued)

