"""Reading CSV files people make in spreadsheets: the conventions shared by
the answers file (grading/answers_file.py), the roster (roster.py) and
``--overrides`` (marking/overrides.py).

- Encoding: ``--encoding`` if given, else UTF-8 with or without BOM, UTF-16/32
  by their BOM, else cp1252 (what older Excel writes); bytes invalid in it read
  as cp1252, but a file mixing UTF-8 with bytes that are not UTF-8 is refused
  (quizgen/text_encoding.py); a file with NULs in its first line (or many) is no text
  (``csv_text``, the one rule).
- Delimiter: ``,`` ``;`` or tab, the one the header line uses most (outside
  quotes), unless Excel's first line ``sep=;`` names it.
- Header names matched loosely (``Student ID`` is ``studentid``) against
  ``ALIASES`` (question ids and parts as people write them: quizgen/question_ids.py).

This module imports nothing of quizgen but ``errors``, ``input_files``, ``text_lines``, ``byte_order``,
``encoding_window`` and ``text_encoding``, so
every layer may use it (an LMS download is decoded and split by these rules too: quizgen/lms/responses.py)."""

from __future__ import annotations

import codecs
import csv
import itertools
import re
import unicodedata
import warnings
from pathlib import Path
from typing import NamedTuple

from quizgen.byte_order import utf16_hint
from quizgen.encoding_window import telling_window
from quizgen.errors import InputFileError, UsageError
from quizgen.text_encoding import FALLBACK_ERRORS, SAMPLE_BYTES, data_chunks, detect_encoding, refuse_mixed
from quizgen.wording import printable, shortened, thousands
from quizgen.input_files import SMALL_INPUT_BYTES, read_capped
from quizgen.text_lines import text_lines

MAX_CELL_CHARS = 1 << 20     # characters in one cell of any CSV input; a longer one makes its row bad
csv.field_size_limit(MAX_CELL_CHARS)   # one limit for the answers, a roster and overrides alike

NOT_TEXT = "found binary data (NUL bytes), not text"
DELIMITERS = {",": ",", ";": ";", "\t": "\t", "tab": "\t", "comma": ",", "semicolon": ";", "|": "|"}

# Header names, compared lower-case with accents and everything but letters and
# digits removed ("Student ID" is "studentid"); the first alias found wins.
ALIASES = {
    "student": ("studentid", "student", "studentnumber", "studentno", "studentcode", "learnerid",
                "learner", "pupil", "candidateid", "candidate", "idnumber", "userid", "username", "user", "login",
                "matrikelnummer", "etudiant", "numeroetudiant", "idetudiant", "matricule", "estudiante", "alumno",
                "email", "emailaddress", "adressedemessagerie", "correoelectronico", "sid", "id"),
    "question": ("questionid", "question", "questionno", "questionnumber", "qid", "qno", "q", "item",
                 "itemid", "problem", "task", "exercise", "frage", "aufgabe", "pregunta"),
    "part": ("part", "partid", "partletter", "subpart", "subquestion", "letter", "teil", "partie", "parte"),
    "answer": ("answer", "studentanswer", "answertext", "response", "responsetext", "reply", "submission",
               "value", "result", "antwort", "reponse", "respuesta", "answers"),
    "name": ("name", "studentname", "fullname", "displayname", "yourname", "nomcomplet", "nom", "nombre", "naam",
             "vollstandigername"),
}

_SEP_LINE = re.compile(r"sep=(.)")


def read_csv_text(path, what: str, encoding=None, option: str | None = None) -> str:
    """The whole text of a small CSV input (a roster, overrides) at ``path``,
    read by ``csv_text``'s rule, in ``encoding`` if given (``option``: the option naming it,
    ``--roster-encoding``; None: the file has none); one-line errors naming the file and ``what`` it is."""
    path, data = Path(path), read_capped(Path(path), SMALL_INPUT_BYTES, what)
    refuse_workbook(path, data, f"save the {what} sheet as CSV")
    return csv_text(path, data, encoding, f"the {what} file is not text; save it as CSV", option=option).text


def refuse_workbook(path, data: bytes, advice: str) -> None:
    """Refuse a zip archive (an .xlsx or .ods saved where a CSV was wanted), the one message
    for every CSV input; ``advice`` says what to do instead."""
    if data.startswith(b"PK\x03\x04"):
        raise InputFileError(f"{path}: found a zip archive (an .xlsx or .ods workbook?); {advice}")


def excel_sep_line(lines: list):
    """``(delimiter, lines to skip)``: Excel's optional first line ``sep=;``
    names the delimiter and is not part of the table; else ``(None, 0)``."""
    match = _SEP_LINE.fullmatch(lines[0].strip()) if lines else None
    return (match.group(1), 1) if match else (None, 0)


def choose_delimiter(given, sep_hint, lines: list) -> str:
    """The delimiter: ``given`` (``--delimiter``: ``,`` ``;`` ``tab`` ...) if
    any, else the ``sep=`` line's, else the one of tab, ``;`` and ``,`` the
    first line with text uses most outside quotes (``,`` when none)."""
    if given is not None:
        if given not in DELIMITERS:
            raise UsageError(f"--delimiter must be ',', ';', 'tab' or '|', got {given!r}")
        return DELIMITERS[given]
    if sep_hint:
        return sep_hint
    header = next((line for line in lines if line.strip(" \t\r\n,;")), "")
    counts = {d: _count_outside_quotes(header, d) for d in ("\t", ";", ",")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


def _count_outside_quotes(line: str, char: str) -> int:
    count, quoted = 0, False
    for c in line:
        if c == '"':
            quoted = not quoted
        elif c == char and not quoted:
            count += 1
    return count


def sniffed_reader(text: str, delimiter=None, where: str = "", exact: bool = False):
    """``(reader, lines skipped)`` for a small CSV input's whole ``text`` (a roster, overrides, a
    gradebook template, an LMS download): the ``sep=`` line skipped, the delimiter chosen as above
    (``delimiter``: ``--delimiter``, if given), spaces after a delimiter ignored unless ``exact``,
    each row checked by RowGuard (``where`` starts its message). File line: ``reader.line_num + skipped``."""
    lines, head = text_lines(text), []
    for line in lines:   # up to the first line with text: the sep= line, or the header the delimiter is chosen by
        head.append(line)
        if line.strip(" \t\r\n,;"):
            break
    hint, skip = excel_sep_line(head)
    delimiter = choose_delimiter(delimiter, hint, head[skip:])
    return GuardedReader(itertools.chain(head[skip:], lines), delimiter, skip, where, skip_spaces=not exact), skip


def row_like(line: str, delimiter: str, cells: int) -> bool:
    """Whether a line inside an open quoted cell looks like a row of its own:
    ``cells`` delimiters or more before the quote that could close the cell
    (one followed by a delimiter or the line end; ``""`` is a quote inside the
    cell), or in the whole line when no quote could close it."""
    quote = line.find('"')
    while quote >= 0 and line[quote + 1:quote + 2] == '"':
        quote = line.find('"', quote + 2)
    closes = quote >= 0 and line[quote + 1:quote + 2] in (delimiter, "\r", "\n", "")
    return line.count(delimiter, 0, quote if closes else len(line)) >= cells


STRAY_QUOTE = ('a quote (") opened in this row is not closed on its line, so the lines after it were read into '
               "one cell; expected a quoted cell to close on its line: quote the whole cell or remove the quote")


class RowGuard:
    """The one check of a small CSV input's rows (its first non-blank row the
    header): a stray quote that read later lines into one cell, or a row
    with text past the columns the header names (a delimiter in an unquoted
    cell shifted it), is refused in one line naming the row's first line.
    A silently wrong roster or template is worse than a refusal."""

    def __init__(self, delimiter: str, where: str = ""):
        self.delimiter, self.where, self.header = delimiter, where, None

    def check(self, row: list, line: int, end: int, closed: bool = True) -> None:
        """Check ``row``, read from file line ``line`` to ``end``; ``closed``: whether its last quoted
        cell closed before the end of the file (a record of several lines with cells past the header's
        is a stray quote too). A cell's lines but the one it closes on (its own: Alt+Enter) may not look like rows."""
        if self.header is None:
            if any(cell.strip() for cell in row):
                self.header = row
            return
        width = named_width(self.header)
        continued = [part.rstrip("\r\n") for cell in row if "\n" in cell or "\r" in cell
                     for part in list(text_lines(cell))[1:-1]]   # the csv module's line ends, not U+2028's
        extra = [cell for cell in row[width:] if cell.strip()]
        if not closed or extra and end > line or any(row_like(part, self.delimiter, max(width - 1, 1))
                                                     for part in continued):
            raise InputFileError(f"{self.where}line {line}: {STRAY_QUOTE}")
        if extra:
            raise InputFileError(
                f"{self.where}line {line}: {len(row)} cells, but the header names {width} columns "
                f"({header_shown(self.header[:width])}); the cell {shortened(printable(extra[0].strip()), 40)!r} is "
                f"in no column; expected one cell a column: put a cell that holds the delimiter "
                f"{self.delimiter!r} in double quotes (\"Lovelace, Ada\", \"3,5\")")


def named_width(header: list) -> int:
    """How many columns ``header`` names: empty cells after the last name
    (which spreadsheets often save) name none."""
    names = [cell.strip() for cell in header]
    while names and not names[-1]:
        names.pop()
    return len(names)


class GuardedReader:
    """A csv.reader over ``lines`` whose every row RowGuard checks; a record
    the end of the file cut off inside its quote is a stray quote too."""

    def __init__(self, lines: list, delimiter: str, skip: int, where: str = "", skip_spaces: bool = True):
        self._ended = False
        self._reader = csv.reader(self._source(lines), delimiter=delimiter, skipinitialspace=skip_spaces)
        self.dialect, self.guard, self._skip = self._reader.dialect, RowGuard(delimiter, where), skip

    @property
    def line_num(self) -> int:
        """The file line (less the lines skipped) the latest row ended on."""
        return self._reader.line_num

    def _source(self, lines: list):
        yield from lines
        self._ended = True

    def __iter__(self):
        return self

    def __next__(self) -> list:
        start, ended_before = self._reader.line_num + 1 + self._skip, self._ended
        row = next(self._reader)
        self.guard.check(row, start, self._reader.line_num + self._skip, ended_before or not self._ended)
        return row


ENCODINGS_ACCEPTED = ("use an encoding that writes plain ASCII as itself (utf-8, cp1252, latin-1, shift_jis, gbk, "
                      "...) or utf-16/utf-32")
_ASCII = "".join(map(chr, range(0x20, 0x7F))) + "\t\r\n\\u0041\\x41+AGE-~{~}"   # escapes and shifts must read as typed


def given_encoding(encoding, option: str | None = "--encoding"):
    """The ``--encoding`` (``option``) asked for, if it names a text encoding a spreadsheet
    writes: UTF-16/32, or one that reads and writes ASCII as itself (utf-8,
    cp1252, shift_jis...); not rot13 or base64 (not text), unicode_escape,
    utf-7, idna or punycode (``\\x00`` or ``+`` would not read as typed), EBCDIC."""
    if encoding is None:
        return None
    try:
        info = codecs.lookup(encoding)
    except (LookupError, ValueError) as exc:
        raise UsageError(f"{option}: unknown encoding {shortened(printable(encoding))!r}; "
                         "use utf-8, utf-16, utf-32, cp1252, ...") from exc
    if not getattr(info, "_is_text_encoding", True):
        raise UsageError(f"{option}: {encoding!r} is not a text encoding; use utf-8, utf-16, utf-32, cp1252, ...")
    if not (info.name.startswith(("utf-16", "utf-32")) or _keeps_ascii(info)):
        raise UsageError(f"{option}: {encoding!r} is not a plain text encoding a spreadsheet writes; "
                         f"{ENCODINGS_ACCEPTED}")
    return info.name


def _keeps_ascii(info: codecs.CodecInfo) -> bool:
    """Whether the codec reads printable ASCII, tab and line ends as themselves
    (``\\x41`` and UTF-7's ``+AGE-`` too), as every encoding a spreadsheet writes (but UTF-16/32) does,
    with the stray-byte fallback every CSV input is read with (idna has none)."""
    try:
        with warnings.catch_warnings():   # unicode_escape warns of the probe's ``\\]``
            warnings.simplefilter("ignore")
            return info.incrementaldecoder(FALLBACK_ERRORS).decode(_ASCII.encode("ascii"), True) == _ASCII
    except (UnicodeError, ValueError, TypeError):
        return False


class CsvText(NamedTuple):
    """A CSV input's text and the encoding it was read in."""

    encoding: str
    text: str


def csv_text(path, data: bytes, encoding=None, not_text: str = NOT_TEXT, final: bool = True,
             option: str | None = "--encoding") -> CsvText:
    """``data`` (the bytes of the CSV input at ``path``, all of them when
    ``final``) as text: in ``encoding`` (``--encoding``) if given, else the
    one detected; refused as ``{path}: {not_text}`` when it is no text. The one
    rule every CSV input is read by: the answers file, an LMS download, a roster, overrides
    (``option``: the option naming its encoding, which advice names; None: a file with none, overrides)."""
    given = given_encoding(encoding, option)
    encoding = given or detect_encoding(telling_window(data, SAMPLE_BYTES) if final else data[:SAMPLE_BYTES])
    if not encoding.replace("_", "-").startswith(("utf-16", "utf-32")) and _binary(data[:SAMPLE_BYTES]):
        raise InputFileError(f"{path}: {not_text}{utf16_hint(data[:SAMPLE_BYTES], option)}")
    if given and given.startswith("utf-32"):
        _strictly(path, data[:SAMPLE_BYTES], given, final, option)
    if not given and final:
        refuse_mixed(path, data_chunks(data), encoding, option)
    return CsvText(encoding, _decoded(path, data, encoding, final, option))


def _strictly(path, sample: bytes, encoding: str, final: bool, option: str | None) -> None:
    """Refuse a file that is not UTF-32 when ``--encoding`` says it is: its
    start must decode without a stray byte (read leniently, a UTF-8 file's every
    four bytes are out of range, each read back as cp1252: the file, misread)."""
    try:
        codecs.getincrementaldecoder(encoding)().decode(sample, final=final and len(sample) < SAMPLE_BYTES)
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: cannot be read as {encoding} (bytes {exc.start}-{exc.end - 1}: {exc.reason}); "
                             + (f"try another {option}, or leave it out to detect it" if option else "save it as UTF-8")) from exc


def _binary(sample: bytes) -> bool:
    """NUL bytes in the first line or in more than 1 byte of 10: not a text
    file (a stray NUL inside a cell is only a bad cell, named by its line)."""
    first_line = sample.lstrip(b"\r\n").split(b"\n", 1)[0]
    return b"\x00" in first_line or sample.count(b"\x00") * 10 > len(sample)


def _decoded(path, data: bytes, encoding: str, final: bool, option: str | None) -> str:
    """``data`` decoded: bytes invalid in ``encoding`` read as cp1252, a BOM
    dropped; one line for an encoding that cannot read it."""
    decoder = codecs.getincrementaldecoder(encoding)(errors=FALLBACK_ERRORS)
    try:
        text = decoder.decode(data, final=final)
    except UnicodeError as exc:
        raise InputFileError(f"{path}: cannot be read as {encoding} ({exc}); "
                             + (f"try another {option}, or leave it out to detect it" if option else "save it as UTF-8")) from exc
    return text.lstrip("\ufeff")


_HINT = re.compile(r"(?<!\s)\s*+\([^()]*+\)\s*+$")   # a match starts where its run of spaces does: linear


def norm_header(text: str) -> str:
    """A header name reduced for matching: lower case, no accents, letters and
    digits only, without a closing hint in brackets (a form's ``Student ID (e.g.
    S012)`` is ``studentid``; a header that is only brackets keeps them)."""
    text = str(text).replace("\ufeff", "")
    text = _HINT.sub("", text) or text
    text = unicodedata.normalize("NFKD", text).casefold()
    return "".join(c for c in text if c.isalnum() and c.isascii())


def header_shown(header) -> str:
    """A header's cells for a one-line message: spaces and line breaks inside
    a cell collapsed, each cell cut to 40 characters, at most 12 cells."""
    cells = [" ".join(cell.split())[:40] for cell in header or ()]
    return ", ".join(cells[:12]) + (", ..." if len(cells) > 12 else "") if cells else "nothing"


def doubled_column(where: str, header: list, first: int, second: int, what: str, expected: str) -> InputFileError:
    """The one line for two header columns naming one thing (an answers file's
    id or answer, a question part, a gradebook's id or item): which of them
    the file means cannot be known, and one was taken silently."""
    first_cell, second_cell = (shortened(printable(header[i]), 40) for i in (first, second))
    return InputFileError(f"{where}columns {first_cell!r} and {second_cell!r} both name {what}; expected {expected}")


def one_column_each(header: list, roles: dict, where: str, cells: list | None = None) -> None:
    """Refuse a header with two columns for one role (``student_id,Student ID``,
    ``answer,answer``, ``ID number`` twice, or ``Quiz 1`` and ``Quiz 1 (77)``):
    which column holds it cannot be known, and the first was taken silently.
    ``roles`` maps each role's words (``the student id``) to a test true of its
    columns' ``cells`` (the header's own unless given, as its normalised names);
    ``where`` starts the message."""
    for role, names_it in roles.items():
        columns = [i for i, name in enumerate(header if cells is None else cells) if names_it(name)]
        if len(columns) > 1:
            raise doubled_column(where, header, columns[0], columns[1], role, "one such column")


def one_column_each_at(header: list, normalised: list, roles: dict, where: str) -> None:
    """one_column_each for ``roles`` mapping each role's name to its column
    (None when absent): the columns whose ``normalised`` name is that one's."""
    one_column_each(header, {f"the {role}": normalised[column].__eq__ for role, column in roles.items()
                             if column is not None}, where, normalised)


def find_column(names: list, aliases) -> int | None:
    """The index of the first of ``aliases`` among normalised header ``names``, or None."""
    return next((names.index(alias) for alias in aliases if alias in names), None)


def csv_problem(exc) -> str:
    """What a csv.Error says, in the words of quizgen's limits: 'a cell is over
    1,048,576 characters' rather than the module's 'field larger than field limit'."""
    if "field larger than field limit" in str(exc):
        return f"a cell is over {thousands(MAX_CELL_CHARS)} characters (the limit)"
    return f"not valid CSV ({exc})"


def first_lines(reader, skip: int = 0):
    """``(file line, row)`` for each row of ``reader``, the line the row starts on: ``reader.line_num``
    after a row is its last line, and a quoted cell may span several (the RowGuard's line too)."""
    end = reader.line_num
    for row in reader:
        yield end + 1 + skip, row
        end = reader.line_num
