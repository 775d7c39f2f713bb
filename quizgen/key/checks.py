"""Typed reading of key.json fields: each check returns the clean value or
raises InputFileError with one line naming the file, the JSON path of the
field and what was expected, e.g.
``key.json: questions[3].parts[1].points: expected a number >= 0, got "lots"``.

The key is a contract between generate, grade, drill and validate, and may
be edited by hand or crafted: nothing in it is trusted before these checks."""

from __future__ import annotations

import math
import re

from quizgen.errors import InputFileError
from quizgen.wording import printable, shortened, thousands
from quizgen.maths.parser import PART_NAME_TEXT, RESERVED_NAMES
from quizgen.paper_formats import made_from

KINDS = ("numeric", "integer", "word")
MAX_POINTS = 1e6          # more points than this on one part is a mistake, not a mark scheme
MAX_TEXT = 100_000        # characters in one text field (feedback, exact form, ...)
MAX_ID = 200              # characters in an id, part letter, code or template name
MAX_TITLE = 300           # characters in a template's title, a label on papers, the key and the report
MAX_STUDENT_ID = 255      # characters in a student id: an LMS's (Moodle's user.idnumber, Canvas's sis_user_id) hold 255
MAX_NAME = 1_000          # characters in a student's name: a display name (an LMS's runs long), not an id
MAX_SIGFIGS = 15          # a double holds no more significant figures
MAX_OPTION_DEPTH = 16     # lists and objects nested in one choice option (the bank's nest 2)
MAX_OPTION_VALUES = 10_000   # values in one choice option, as many as a template's list may hold


class Where:
    """A JSON path inside one key file, for error messages: ``questions[3].parts[1]``.
    Made for every field read, so it only links to its parent; the text is
    built when a message needs it."""

    __slots__ = ("source", "parent", "step")

    def __init__(self, source: str, parent: "Where | None" = None, step=None):
        self.source, self.parent, self.step = source, parent, step

    def __truediv__(self, step) -> "Where":
        return Where(self.source, self, step)

    @property
    def path(self) -> str:
        steps, node = [], self
        while node is not None and node.parent is not None:
            steps.append(node.step)
            node = node.parent
        text = ""
        for step in reversed(steps):
            if isinstance(step, int):
                text += f"[{step}]"
            elif step.isidentifier() and len(step) <= 40:   # a longer one is cut by shown
                text += f".{step}" if text else step
            else:
                text += f"[{shown(step)}]"
        return text

    def fail(self, message: str) -> InputFileError:
        """The error for a problem at this path (to be raised)."""
        path = self.path
        where = f"{path}: " if path else ""
        return InputFileError(f"{self.source}: {where}{message}")


def shown(value, limit: int = 40) -> str:
    """``value`` as JSON-like text cut to ``limit`` characters, for messages."""
    if isinstance(value, str):
        text = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    elif isinstance(value, dict):
        text = "an object"
    elif isinstance(value, list):
        text = "a list"
    elif isinstance(value, int) and abs(value) >= 10 ** 30:
        text = "a number with more than 30 digits"
    else:
        text = repr(value)
    return shortened(printable(text), limit)


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def number(value, where: Where, minimum=None, maximum=None, positive=False, what="a number") -> float:
    """A finite JSON number within the bounds (an int stays an int)."""
    if is_number(value):
        try:
            x = float(value)
        except OverflowError:
            x = math.inf
        if math.isfinite(x) and (minimum is None or x >= minimum) and (maximum is None or x <= maximum) \
                and (not positive or x > 0):
            return value if isinstance(value, int) else x   # ints stay ints: 4 points print as 4
    bounds = " > 0" if positive else (f" >= {minimum:g}" if minimum is not None else "")
    if maximum is not None:
        bounds += f" and <= {maximum:g}"
    raise where.fail(f"expected {what}{bounds}, got {shown(value)}")


ANSWER_RANGE = 1e-300, 1e300
"""An answer's or trap's value is 0 or has a size in this range, as generate
makes them (quizgen/generation/sampling.py): a value beyond it (5e-324,
1e308) cannot be rounded to significant figures in floats."""


def answer_value(value, where: Where) -> float:
    """A part's or trap's value: a finite number, 0 or of a size within ANSWER_RANGE."""
    x = number(value, where)
    if x != 0 and not ANSWER_RANGE[0] <= abs(x) <= ANSWER_RANGE[1]:
        raise where.fail(f"expected 0 or a number of size {ANSWER_RANGE[0]:g} to {ANSWER_RANGE[1]:g}, "
                         f"got {shown(value)}")
    return x


def integer(value, where: Where, minimum: int, maximum: int, written: bool = False) -> int:
    """A whole JSON number (not true/false) from ``minimum`` to ``maximum`` (compared
    first: a whole number of 400 digits has no float); ``written``: a JSON integer
    only, as quizgen writes it, ``5.0`` refused (a key's ``version``)."""
    if is_number(value) and minimum <= value <= maximum and float(value).is_integer():
        if written and not isinstance(value, int):
            raise where.fail(f"expected a whole number from {minimum} to {maximum} written without a decimal point, "
                             f"got {shown(value)}")
        return int(value)
    raise where.fail(f"expected a whole number from {minimum} to {maximum}, got {shown(value)}")


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair: JSON's ``\\ud800`` escape reads as one, and no file
(a report, a CSV) can be written with it in UTF-8."""


def text(value, where: Where, limit: int = MAX_TEXT, empty: bool = True) -> str:
    """A JSON string of at most ``limit`` characters (non-empty unless
    ``empty``) that can be written as UTF-8."""
    if isinstance(value, str) and len(value) <= limit and (empty or value.strip()):
        problem = surrogate_problem(value)
        if problem is not None:
            raise where.fail(problem)
        return value
    if isinstance(value, str) and len(value) > limit:
        raise where.fail(f"expected text of at most {thousands(limit)} characters, got {thousands(len(value))}")
    raise where.fail(f"expected {'text' if empty else 'non-empty text'}, got {shown(value)}")


def label(value, where: Where) -> str:
    """An id, part letter, code or name: non-empty text, or a whole number (written as text)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** 12:
        return str(value)
    return text(value, where, MAX_ID, empty=False)


CLASS_PATTERN = re.compile(r"^C[1-9][0-9]{0,5}$")
"""A scenario class's name, C1, C2, ..., in a template (bank/schema.py) and an export key's
``classes`` (lms/exportkey.py) alike: here, below both, so that grade reads it without the bank."""


CODE_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
"""A misconception code, in the bank's templates (bank/trap_schema.py) and in a
key alike: lower_snake_case, so a code is a plain word in every output (no
formula, TeX or direction control for a hand-edited key to slip into a report)."""
CODE_RULE = "lower_snake_case (a lower-case letter, then lower-case letters, digits and _)"


PART_NAME_PATTERN = re.compile(PART_NAME_TEXT)
"""A part's name, in the bank's templates (bank/schema.py) and in a key's ECF recipes
(marking/recipes.py reads ``part:<name>``) alike: a template's part that another part's
answer reads must be named so that its recipe reads back, so every part is."""
PART_NAME_RULE = ("a part name is a letter or _, then letters, digits and _ (no spaces or punctuation), "
                  f"at most {MAX_ID} characters, e.g. mean_loss")


QUESTION_ID_PATTERN = re.compile(r"Q[1-9][0-9]{0,8}[a-z]?")
"""A key's question id as quizgen writes them: Q1, Q2, ... (Q2b for a Canvas part's
question group, lms/papers.py); so an id is a plain word in every output."""


def question_id(value, where: Where) -> str:
    """A question's id: text of QUESTION_ID_PATTERN (a hand-edited ``=HYPERLINK(...)`` is refused)."""
    found = text(value, where, MAX_ID, empty=False)
    if not QUESTION_ID_PATTERN.fullmatch(found):
        raise where.fail(f"expected a question id Q1, Q2, ..., as generate writes them, got {shown(found)}")
    return found


def code(value, where: Where) -> str:
    """A misconception code: text (a number is a mistake) of CODE_PATTERN, the bank's rule."""
    found = text(value, where, MAX_ID, empty=False)
    if not CODE_PATTERN.fullmatch(found):
        raise where.fail(f"expected a misconception code in {CODE_RULE}, as the bank writes them, "
                         f"got {shown(found)}")
    return found


MAX_TRAP_NAME = 80
"""The most characters of a trap's ``name``, in the bank (bank/trap_schema.py) and in a key
alike: a label read inside a sentence ("Your answer matches the misconception "..."") fits
one line of the drill, and a cell of the class report."""
TRAP_NAME_EXAMPLE = "a trap's name is a short label in words, e.g. \"log base 10 instead of ln\""


def trap_name_problem(name: str) -> str | None:
    """What is wrong with a trap's name (spaces around it aside), or None: the one
    rule, for the bank's ``name:`` and key.json's ``name``, that it is one line of
    plain printable text (no control, separator or invisible formatting character,
    so no direction override reaches a report) of at most MAX_TRAP_NAME characters."""
    name = name.strip()
    if not name:
        return TRAP_NAME_EXAMPLE
    if "\n" in name:
        return "a trap's name is one line: it is read inside a sentence"
    if not name.isprintable():   # a carriage return, a line or paragraph separator, an invisible format mark
        return ("a trap's name is plain printable text: it holds a control, separator or invisible "
                "formatting character")
    if len(name) > MAX_TRAP_NAME:
        return f"a trap's name is a short label: {len(name)} characters, at most {MAX_TRAP_NAME}"
    return None


MAX_UNITS = 8
_UNIT = re.compile(r"[^\W\d_]{2,20}(?: [^\W\d_]{1,20}){0,2}")   # bits, params, attention heads
_NOT_UNITS = frozenset({name.casefold() for name in RESERVED_NAMES}
                       | {"hundred", "thousand", "million", "billion", "trillion", "percent"})
"""Words an answer's number is read with (constants, functions, number words): never a part's unit."""
UNITS_RULE = ("units is a list of 1 to 8 short unit words, letters only (no digits), "
              "e.g. [bits, bit] or [parameters, params]")


def units_problem(value) -> str | None:
    """What is wrong with a number part's unit words (the bank's ``units:``,
    key.json's ``"units"``), or None: ``UNITS_RULE``, one rule for both, so
    that every list the bank writes into a key reads back."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_UNITS:
        return f"{UNITS_RULE}; got {f'a list of {thousands(len(value))}' if isinstance(value, list) else shown(value)}"
    for unit in value:
        if not isinstance(unit, str) or not _UNIT.fullmatch(unit.strip()):
            return f"{UNITS_RULE}; {shown(unit)} is not one"
        if _NOT_UNITS.intersection(unit.casefold().split()):
            return f"{UNITS_RULE}; {shown(unit)} is a word an answer's number is read with (a constant, a " \
                   "function or a number word), never a unit"
    return None


def trap_name(value, where: Where) -> str:
    """A trap's ``name`` in a key: text (MAX_ID characters at most, before its
    spaces are taken off) that ``trap_name_problem`` finds nothing wrong with."""
    found = text(value, where, MAX_ID, empty=False)
    problem = trap_name_problem(found)
    if problem is not None:
        raise where.fail(f"{problem}, as the bank requires; got {shown(found)}")
    return found.strip()


def repeats(items):
    """``(k, j)`` for each item ``j`` equal to an earlier item ``k`` (its first):
    the one rule that each trap of a part has its own code, for the bank and the key."""
    first = {}
    for j, item in enumerate(items):
        k = first.setdefault(item, j)
        if k != j:
            yield k, j


def mapping(value, where: Where) -> dict:
    if isinstance(value, dict):
        return value
    raise where.fail(f"expected an object, got {shown(value)}")


def listing(value, where: Where) -> list:
    if isinstance(value, list):
        return value
    raise where.fail(f"expected a list, got {shown(value)}")


def words(value, where: Where) -> tuple:
    """A list of texts (accepted words, a trap's words)."""
    return tuple(text(w, where / i, MAX_ID * 5) for i, w in enumerate(listing(value, where)))


def kind(value, where: Where) -> str:
    if isinstance(value, str) and value in KINDS:
        return value
    raise where.fail(f"expected one of {', '.join(KINDS)}, got {shown(value)}")


def tolerance(value, where: Where) -> dict:
    """A tolerance rule: ``{"sigfigs": 1..15}`` or ``{"rtol": x, "atol": y}`` (x, y > 0)."""
    rule = mapping(value, where)
    clean = {}
    for name, setting in rule.items():
        if name == "sigfigs":
            clean[name] = integer(setting, where / name, 1, MAX_SIGFIGS)
        elif name in ("rtol", "atol"):
            clean[name] = number(setting, where / name, positive=True)
        else:
            raise where.fail(f"unknown tolerance {shown(name)} (expected sigfigs, rtol or atol)")
    if "sigfigs" in clean and len(clean) > 1:
        raise where.fail("give sigfigs, or rtol/atol, not both")
    return clean


def option(value, where: Where) -> None:
    """A choice parameter's option as generate writes it (key/entries.py
    ``choice_options``): a number, text, true/false, null, or a list or object
    of them nested at most MAX_OPTION_DEPTH deep and of at most
    MAX_OPTION_VALUES values, each text checked as any key text. Iterative,
    so deep nesting is one line."""
    stack, count = [(where, value, 0)], 0
    while stack:
        at, item, depth = stack.pop()
        count += 1
        if count > MAX_OPTION_VALUES:
            raise where.fail(f"an option of more than {thousands(MAX_OPTION_VALUES)} values; expected one as the "
                             "template wrote it (a scene, a claim and its wording)")
        if isinstance(item, (list, dict)):
            if depth >= MAX_OPTION_DEPTH:
                raise where.fail(f"lists or objects nested more than {MAX_OPTION_DEPTH} deep in one option; "
                                 "expected an option as the template wrote it")
            if isinstance(item, dict):
                for name, inner in item.items():
                    text(name, at, MAX_ID, empty=False)
                    stack.append((at / name, inner, depth + 1))
            else:
                stack.extend((at / i, inner, depth + 1) for i, inner in enumerate(item))
        elif isinstance(item, str):
            text(item, at)
        elif item is not None and not isinstance(item, bool):
            number(item, at)


def option_kind(value) -> str:
    """A choice option's kind, for the rule that a parameter's options share one."""
    return "a list" if isinstance(value, list) else "an object" if isinstance(value, dict) else "a single value"


def unique(items, where: Where, what: str) -> None:
    """Raise when two of ``items`` (strings) are the same, case and spaces aside."""
    seen = set()
    for i, item in enumerate(items):
        folded = str(item).strip().casefold()
        if folded in seen:
            raise (where / i).fail(f"{what} {shown(item)} appears twice")
        seen.add(folded)


def surrogate_problem(value: str) -> str | None:
    """What is wrong with text holding a lone surrogate, or None: the one
    wording for a key, a drill record's names and a bank's text."""
    lone = _LONE_SURROGATE.search(value)
    if lone is None:
        return None
    return f"text holds a lone surrogate U+{ord(lone.group()):04X} (half of a character), which no file can hold"


def refuse_lone_surrogates(data, where: Where) -> None:
    """Raise at the JSON path of the first text (a value or a name) in ``data``
    holding a lone surrogate: every field, also those read by a fast path.
    Iterative, so deep nesting cannot exhaust the stack."""
    stack = [(where, data)]
    while stack:
        at, item = stack.pop()
        if isinstance(item, str):
            problem = surrogate_problem(item)
            if problem is not None:
                raise at.fail(problem)
        elif isinstance(item, dict):
            for name, value in reversed(list(item.items())):
                stack.extend([(at / name, value), (at / name, name)])
        elif isinstance(item, list):
            stack.extend((at / i, value) for i, value in reversed(list(enumerate(item))))


def listed_files(data: dict):
    """key.json's ``"files"`` (the files its run wrote into its folder) as a tuple of
    names: None for a key written before that list, () for one that is no list of names."""
    if "files" not in data:
        return None
    files = data["files"]
    return tuple(files) if isinstance(files, list) and all(isinstance(name, str) for name in files) else ()


def is_listed(name: str, files) -> bool:
    """Whether the file ``name`` is among a key's listed ``files``: named there,
    or made from a document named there, as the PDF or LaTeX log of a ``.tex``
    (generate compiles it beside; quizgen/paper_formats.py)."""
    return name in files or made_from(name, files)
