"""How a CSV input's bytes are told as text when no ``--encoding`` is given:
a byte-order mark, else UTF-8 when its telling bytes decode as UTF-8, else
cp1252 (what older Excel writes), bytes invalid in the encoding read as cp1252
(``FALLBACK_ERRORS``); and the one refusal of a file that mixes UTF-8 with
another encoding (two exports pasted together), which read either way would
re-spell the other lines' ids. Imports only ``errors`` and ``byte_order``."""

from __future__ import annotations

import codecs
import itertools
import re

from quizgen.byte_order import bom_encoding
from quizgen.errors import InputFileError

SAMPLE_BYTES = 64 * 1024     # bytes looked at to detect the encoding
FALLBACK_ERRORS = "quizgen-cp1252"
CHUNK_BYTES = 1 << 20        # bytes of a file checked at a time (it is not held whole)

_MULTIBYTE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
                        rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
                        rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}")
"""One well-formed UTF-8 sequence of two to four bytes (a letter such as ``ë`` or a byte-order mark)."""


def _cp1252_or_latin1(error: UnicodeDecodeError):
    """Decode bytes that are not valid in the file's encoding as cp1252 (or
    Latin-1 for the five bytes cp1252 leaves undefined), so reading never fails."""
    bad = error.object[error.start:error.end]
    return "".join(_byte_char(b) for b in bad), error.end


def _byte_char(byte: int) -> str:
    try:
        return bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:
        return chr(byte)


codecs.register_error(FALLBACK_ERRORS, _cp1252_or_latin1)


def detect_encoding(sample: bytes) -> str:
    """utf-8-sig, utf-32 or utf-16 by their byte-order mark (byte_order.bom_encoding,
    the rule templates are read by too), else utf-8 when the first bytes
    decode as UTF-8, else cp1252 (what older Excel writes)."""
    marked = bom_encoding(sample)
    if marked is not None:
        return marked
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=len(sample) < SAMPLE_BYTES)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def data_chunks(data: bytes):
    """A factory of ``data``'s chunks, for the checks below on bytes held whole."""
    return lambda: (data[i:i + CHUNK_BYTES] for i in range(0, len(data), CHUNK_BYTES))


def file_chunks(path):
    """A factory of the chunks of the file at ``path``, read a chunk at a time."""
    def chunks():
        with open(path, "rb") as handle:
            while chunk := handle.read(CHUNK_BYTES):
                yield chunk
    return chunks


def refuse_mixed(path, chunks, encoding: str, option: str | None = None) -> None:
    """Refuse, in one line naming the line and the byte, a file read as
    ``encoding`` (detected: utf-8, utf-8-sig or cp1252) with a byte that is not
    UTF-8 and a line of multi-byte UTF-8 (every byte of it UTF-8): it mixes
    encodings, and no one of them reads all its lines. A file with no such
    line is cp1252 (older Excel), its every byte read. ``option``: the option that
    names the file's encoding (``--encoding``, ``--roster-encoding``), which the
    refusal offers for a cp1252 file whose line of letters such as ``É`` and a
    no-break space is UTF-8 by chance (bytes C9 A0)."""
    if encoding not in ("utf-8", "utf-8-sig", "cp1252"):
        return
    bad = first_not_utf8(chunks())
    if bad is None or not _utf8_line(chunks()):
        return
    byte = _byte_at(chunks(), bad)
    raise InputFileError(f"{path}: line {_line_at(chunks(), bad)}: byte 0x{byte:02X} (byte {bad + 1:,} of the file) "
                         "is not UTF-8, while other lines are UTF-8: the file mixes two encodings (two files "
                         "pasted together?), and read either way some of its lines would change; "
                         "save the file again as UTF-8 (retyping the letter on that line)"
                         + (f", or, if every line is cp1252 (older Excel), give {option} cp1252" if option else ""))


def first_not_utf8(chunks) -> int | None:
    """The offset of the first byte of ``chunks`` that is not UTF-8 (a sequence cut off at the end
    included), or None."""
    offset, carry, chunk = 0, b"", b""
    for chunk in chunks:
        data = carry + chunk
        if data.isascii():
            offset, carry = offset + len(data), b""
            continue
        try:
            _, used = codecs.utf_8_decode(data, "strict", False)
        except UnicodeDecodeError as exc:
            return offset + exc.start
        offset, carry = offset + used, data[used:]
    return offset if carry else None


def _utf8_line(chunks) -> bool:
    """Whether a line of ``chunks`` holds multi-byte UTF-8 and no byte that is not UTF-8 (a
    cp1252 line may hold a pair that is UTF-8 too, ``Ã©``, beside bytes that are not)."""
    carry = b""
    for chunk in itertools.chain(chunks, [b"\n"]):
        data = carry + chunk
        cut = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
        if _block_utf8_line(data[:cut]):
            return True
        carry = data[cut:]
    return False


def _block_utf8_line(block: bytes) -> bool:
    """_utf8_line for ``block``, whole lines."""
    done = 0
    for match in _MULTIBYTE.finditer(block):
        if match.start() < done:
            continue
        start = max(block.rfind(b"\n", 0, match.start()), block.rfind(b"\r", 0, match.start())) + 1
        done = min((i for i in (block.find(b"\n", match.end()), block.find(b"\r", match.end())) if i >= 0),
                   default=len(block))
        try:
            block[start:done].decode("utf-8")
        except UnicodeDecodeError:
            continue
        return True
    return False


def _byte_at(chunks, offset: int) -> int:
    for chunk in chunks:
        if offset < len(chunk):
            return chunk[offset]
        offset -= len(chunk)
    raise ValueError("offset past the end")


def _line_at(chunks, offset: int) -> int:
    """The line (from 1) of the byte at ``offset``: line ends are ``\\r\\n``, ``\\r`` or ``\\n``, as the csv reader's."""
    ends, last = 0, b""
    for chunk in chunks:
        part = chunk[:offset]
        ends += part.count(b"\n") + part.count(b"\r") - part.count(b"\r\n") - (last == b"\r" and part[:1] == b"\n")
        offset -= len(part)
        last = part[-1:] or last
        if offset <= 0:
            break
    return ends + 1
