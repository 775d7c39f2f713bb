"""The byte-order-mark rule, written once: which encoding a file's first bytes
name (safe_yaml.yaml_text for templates and --policy, text_encoding.detect_encoding
for the answers, a roster, overrides and LMS downloads), and the look of UTF-16 with
no mark, which is named, never guessed (``utf16_hint``: the advice a refusal of such a
file, or of a marked one read with another --encoding, gives). Imports nothing of quizgen."""

from __future__ import annotations

import codecs

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
"""Byte-order marks and the encodings they name, UTF-32's first: its little-endian
mark starts like UTF-16's (FF FE 00 00 is UTF-32, not UTF-16 and a NUL)."""


def bom_encoding(data: bytes) -> str | None:
    """``utf-8-sig``, ``utf-16`` or ``utf-32`` when ``data`` starts with that
    encoding's byte-order mark, else None."""
    return next((name for bom, name in _BOMS if data.startswith(bom)), None)


def unmarked_utf16(sample: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when NULs stand at every other byte of ``sample``'s start and
    text at the others, as UTF-16 without a byte-order mark writes plain text; else None (all NULs,
    ``/dev/zero``, is no text). Said in a refusal's advice, as a file is read by its mark alone."""
    head = sample[:200]
    for name, zeros, text in (("utf-16-le", head[1::2], head[0::2]), ("utf-16-be", head[0::2], head[1::2])):
        if len(zeros) >= 4 and zeros.count(0) >= 0.9 * len(zeros) and text.count(0) * 2 < len(text):
            return name
    return None


def utf16_hint(sample: bytes, option: str | None) -> str:
    """The advice on a file refused as binary data that is UTF-16 or UTF-32: by its mark
    (read with another --encoding), to leave the option out; with no mark, to save it as
    UTF-8 or, where ``option`` names the file's encoding (``--encoding``, the answers file's;
    ``--roster-encoding``), to name the encoding. "" for other binary data."""
    marked = bom_encoding(sample)
    if marked in ("utf-16", "utf-32"):
        how = f"leave {option} out to read it so" if option else "save it as UTF-8"
        return f" (it is {marked.upper()}, as its byte-order mark says: {how})"
    name = unmarked_utf16(sample)
    how = f"give {option} {name}" if option else "as UTF-16 with its byte-order mark, as Excel's \"Unicode text\" does"
    return f" (it looks like UTF-16 without a byte-order mark: save it as UTF-8, or {how})" if name else ""
