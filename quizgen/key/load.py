"""Reading key.json from disk into a checked :class:`~quizgen.key.model.Key`.

Whatever the file holds, the outcome is a Key or one InputFileError line
(exit 2) naming the file: not JSON, nesting too deep for the decoder,
an integer of more than 4,300 digits (Python's limit), NaN or Infinity, a field of the
wrong type or out of range (see quizgen/key/checks.py), a key written by a
newer quizgen."""

from __future__ import annotations

import codecs
import json
import re
import sys
from pathlib import Path

from quizgen.byte_order import bom_encoding, unmarked_utf16
from quizgen.errors import InputFileError
from quizgen.wording import printable, quoted, shortened, thousands
from quizgen.input_files import MAX_KEY_BYTES, read_capped
from quizgen.json_names import Twice, line_twice, refuse_twice
from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.model import Key

KEY_CSV_COLUMNS = ("question_id", "part", "class", "answer", "points", "template", "exact")
"""key.csv's columns (key/writer.py writes them; with student papers, ``student_id`` comes first):
that file given as the key is named for what it is."""
MAX_INT_DIGITS = 4300   # Python's default limit on turning digits into an int; no key comes near it


class _LongInteger(Exception):
    """An integer in the key's text too long to read; ``digits`` is its text (a
    signal, no ValueError: the JSON reader's own ValueErrors are told apart from it)."""

    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def load_key_file(path) -> Key:
    """The key in the key.json at ``path``, checked."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_KEY_BYTES:
            raise InputFileError(f"{path}: the key is over {thousands(MAX_KEY_BYTES // 1024 ** 2)} MiB; "
                                 "expected the key.json written by quizgen generate")
        data = read_capped(path, MAX_KEY_BYTES, "key", lambda block: _json_start(block, path))
        encoding = bom_encoding(data) or "utf-8"   # UTF-16 or UTF-32 by its mark, as a key saved again by an editor
        text = data.decode(encoding)
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: key file not found") from exc
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: cannot read the key: not {encoding.upper().replace('-SIG', '')} text "
                             f"(byte {thousands(_file_offset(exc.start, encoding))}: {exc.reason}); "
                             "save key.json as UTF-8, as quizgen generate writes it") from exc
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read the key ({getattr(exc, 'strerror', None) or exc})") from exc
    return Key.from_json(parse_key_text(text, str(path)), str(path))


def _file_offset(start: int, encoding: str) -> int:
    """The file's byte offset of a decoding error at ``start``: Python's
    utf-8-sig counts from after the byte-order mark it strips (UTF-16 and
    UTF-32 count from the file's start)."""
    return start + len(codecs.BOM_UTF8) if encoding == "utf-8-sig" else start


_JSON_STARTS = frozenset('{["-0123456789tfn')


def _json_start(block: bytes, path) -> None:
    """Refuse a key whose first block cannot start JSON (``/dev/zero``, a PDF) at
    once, as the answers reader does, rather than after reading MAX_KEY_BYTES; UTF-16 with no mark named."""
    encoding = bom_encoding(block) or "utf-8"
    if encoding == "utf-8" and unmarked_utf16(block):   # never JSON as UTF-8: a NUL at every other byte
        raise InputFileError(f"{path}: cannot read the key: it looks like UTF-16 without a byte-order mark; "
                             "save key.json as UTF-8, as quizgen generate writes it, or as UTF-16 with its byte-order mark")
    start = codecs.getincrementaldecoder(encoding)(errors="replace").decode(block[:4096]).lstrip("\ufeff \t\r\n")
    if start and start[0] not in _JSON_STARTS:
        found = "found binary data (NUL bytes)" if start[0] == "\x00" else _first_line_said(start)
        if _key_csv(start):
            raise InputFileError(f"{path}: cannot read the key: this is the key.csv quizgen generate writes for "
                                 f"reading by eye, not JSON; grade reads the key.json written beside it: --key "
                                 f"{Path(path).with_name('key.json')}")
        raise InputFileError(f"{path}: cannot read the key: {found}, not JSON; expected the key.json written by "
                             "quizgen generate")


def _key_csv(start: str) -> bool:
    """Whether a file's text ``start`` opens with key.csv's header (the natural guess for "the key")."""
    cells = start.splitlines()[0].strip().split(",")
    return tuple(cells[1:] if cells[:1] == ["student_id"] else cells) == KEY_CSV_COLUMNS


def _first_line_said(start: str) -> str:
    """What a refused key's first line begins with, tabs as spaces (a line
    break or tab shown as ``?`` read like a damaged file), and a table's
    separators named: an answers file or roster passed as the key."""
    line = start.splitlines()[0]
    said = f"it starts with {shortened(printable(line[:20].replace(chr(9), ' ')), 20)!r}"
    if any(separator in line for separator in (",", ";", "\t")):
        said += ", a table's first line (an answers file or a roster?)"
    return said


def parse_key_text(text: str, source: str):
    """key.json's text as JSON data, every decoding failure one InputFileError line."""
    try:
        data = _decoded(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{source}: {json_problem(exc, text)}; expected "
                             "the key.json written by quizgen generate") from exc
    except RecursionError as exc:
        raise InputFileError(f"{source}: nested too deeply to be a key; expected the key.json "
                             "written by quizgen generate") from exc
    except Twice as twice:
        line = line_twice(text, parse_constant=_no_constant)
        raise InputFileError(f"{source}: {f'line {line}: ' if line else ''}the name {quoted(twice.name)} is given "
                             "twice in one object (JSON keeps the second); quizgen generate never writes that: "
                             "regenerate the key (the same --seed and options)") from None
    except _LongInteger as exc:
        line = text.count("\n", 0, max(text.find(exc.digits), 0)) + 1
        raise InputFileError(f"{source}: line {line}: an integer of {thousands(len(exc.digits.lstrip('-')))} digits "
                             f"(at most {thousands(MAX_INT_DIGITS)} are read); expected the key.json "
                             "written by quizgen generate") from exc
    except ValueError as exc:   # NaN, Infinity
        raise InputFileError(f"{source}: {str(exc).splitlines()[0][:120]}; expected the key.json "
                             "written by quizgen generate") from exc
    if _SURROGATE_ESCAPE.search(text):   # only an escape makes one: the text itself was UTF-8
        checks.refuse_lone_surrogates(data, Where(source))
    return data


def _decoded(text: str):
    """key.json's text as JSON data. The interpreter itself refuses an integer
    of more than MAX_INT_DIGITS digits when its limit is that or lower (the
    default): the text is then read without a call per integer (``_bounded_int``,
    a tenth of the parse of a 2,000-student key), and read again with it
    only to say where such an integer is (any other refusal but the JSON
    reader's is made again the same way, so every message is as before)."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if 0 < limit <= MAX_INT_DIGITS:
        try:
            return json.loads(text, parse_constant=_no_constant, parse_float=_Floats().__getitem__,
                              object_pairs_hook=refuse_twice)
        except json.JSONDecodeError:
            raise
        except ValueError:
            pass
    return json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int, parse_float=_Floats().__getitem__,
                      object_pairs_hook=refuse_twice)


class _Floats(dict):
    """{a number's text in the JSON: its float}, filled as the key is read, so that a
    value written many times (a parameter's grid, 0.5, 2.5) is one float, not one
    per place: a 2,000-student key's 337,000 floats are 73,000 values, 8 MB of
    objects cut to 2 MB, which grade's forked processes each held and copied
    (docs/performance.md, the fifty-sixth round). A text read again is a
    dictionary look-up in C, so the parse costs no more CPU than before."""

    def __missing__(self, text: str) -> float:
        value = self[text] = float(text)
        return value


_JSON_WORDS = {"Unterminated string starting at": "a string is not closed", "Expecting value": "a value is missing",
               "Expecting ',' delimiter": "a comma is missing",
               "Expecting ':' delimiter": "a colon is missing",
               "Expecting property name enclosed in double quotes": "expected a name in double quotes",
               "Extra data": "more text after the JSON's end",
               "Invalid control character at": "a control character inside a string"}
"""The JSON reader's messages, some cut short ("starting at"), said whole."""


def json_problem(exc: json.JSONDecodeError, text: str) -> str:
    """What is wrong with JSON ``text``, where: empty, cut short (the error is at
    its end: a file truncated while copied), or the reader's message in words."""
    if not text.strip():
        return "the file is empty"
    if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):   # it ran to the end
        return f"line {exc.lineno}: the JSON ends before it is complete (the file looks cut short)"
    return f"line {exc.lineno}, column {exc.colno}: not valid JSON ({_JSON_WORDS.get(exc.msg, exc.msg)})"


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""JSON's escape of half a UTF-16 pair (a whole pair, an emoji, is read as one character)."""


def _bounded_int(digits: str) -> int:
    """A JSON integer, refused before conversion when too long: Python's own
    refusal is a long message of its internals."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _LongInteger(digits)
    return int(digits)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a key may hold")
