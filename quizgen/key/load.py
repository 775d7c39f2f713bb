"""Reading key.json from disk into a checked :class:`~quizgen.key.model.Key`.

Whatever the file holds, the outcome is a Key or one InputFileError line
(exit 2) naming the file: not JSON, nesting too deep for the decoder,
integers over Python's 4,300-digit limit, NaN or Infinity, a field of the
wrong type or out of range (see quizgen/key/checks.py), a key written by a
newer quizgen."""

from __future__ import annotations

import json
from pathlib import Path

from quizgen.errors import InputFileError
from quizgen.input_files import read_capped
from quizgen.key.model import Key

MAX_KEY_BYTES = 512 * 1024 ** 2   # 512 MiB: 60,000 students' own papers (2,000 make 15 MB)


def load_key_file(path) -> Key:
    """The key in the key.json at ``path``, checked."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_KEY_BYTES:
            raise InputFileError(f"{path}: the key is over {MAX_KEY_BYTES // 1024 ** 2:,} MiB; "
                                 "expected the key.json written by quizgen generate")
        text = read_capped(path, MAX_KEY_BYTES, "key").decode("utf-8-sig")
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: key file not found") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(f"{path}: cannot read the key ({getattr(exc, 'strerror', None) or exc})") from exc
    return Key.from_json(parse_key_text(text, str(path)), str(path))


def parse_key_text(text: str, source: str):
    """key.json's text as JSON data, every decoding failure one InputFileError line."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{source}: line {exc.lineno}: not valid JSON ({exc.msg}); expected "
                             "the key.json written by quizgen generate") from exc
    except RecursionError as exc:
        raise InputFileError(f"{source}: nested too deeply to be a key; expected the key.json "
                             "written by quizgen generate") from exc
    except ValueError as exc:   # an integer over the 4,300-digit conversion limit, NaN, Infinity
        raise InputFileError(f"{source}: {str(exc).splitlines()[0][:120]}; expected the key.json "
                             "written by quizgen generate") from exc


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a key may hold")
