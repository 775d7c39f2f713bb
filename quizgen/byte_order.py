"""The byte-order-mark rule, written once: which encoding a file's first bytes
name (safe_yaml.yaml_text for templates and --policy, csv_input.detect_encoding
for the answers, a roster, overrides and LMS downloads). Imports nothing of quizgen."""

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
