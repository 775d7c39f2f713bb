"""Paper codes: what a paper prints instead of its seed.

A code is a keyed hash of the paper's seed label: HMAC-SHA256 with a random
secret kept in key.json only, written as 8 characters of Crockford's base32
(digits and capitals without I, L, O, U), so nobody can work back from a
code to a seed, or from a seed to a code, without the secret. Students'
handwriting is read back by ``normalise_code``."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

from quizgen.wording import a_word, printable, shortened

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"    # Crockford's base32
CODE_LENGTH = 8                                  # 40 bits
SECRET_BYTES = 16
_READ_AS = {"O": "0", "I": "1", "L": "1"}       # what Crockford reads ambiguous letters as


def new_secret() -> str:
    """A fresh secret for one generated set of papers (32 hex digits)."""
    return secrets.token_hex(SECRET_BYTES)


SECRET_SHAPE = f"{2 * SECRET_BYTES} hexadecimal digits"
"""What every secret quizgen writes is (``new_secret``), as messages say it."""


def secret_problem(secret) -> str:
    """What is wrong with a secret read back from a key ("" when nothing): it
    must be as ``new_secret`` writes it, else the key was edited (a short
    secret is guessable; a lone surrogate could not even be hashed)."""
    if isinstance(secret, str) and len(secret) == 2 * SECRET_BYTES and all(c in "0123456789abcdef" for c in secret):
        return ""
    found = repr(shortened(printable(secret), 24)) if isinstance(secret, str) else a_word(type(secret).__name__)
    return f"its secret should be {SECRET_SHAPE}, as quizgen writes it; found {found}"


def high_entropy_seed() -> int:
    """A default seed that cannot be guessed by trying small numbers."""
    return secrets.randbelow(2 ** 63)


def paper_code(secret: str, seed_label: str, length: int = CODE_LENGTH) -> str:
    """The code of the paper with ``seed_label`` (``42`` or ``42/s001``) under ``secret``."""
    if not secret:
        raise ValueError("a paper code needs a secret")
    digest = hmac.new(secret.encode("utf-8"), str(seed_label).encode("utf-8"), hashlib.sha256).digest()
    number = int.from_bytes(digest, "big")
    return "".join(ALPHABET[(number >> (5 * k)) & 31] for k in range(length))


def display_code(code: str) -> str:
    """A code as printed, in two groups of four: ``7KQ2-M9XD``."""
    return f"{code[:4]}-{code[4:]}" if len(code) == 8 else code


def normalise_code(text: str) -> str:
    """A code as a student wrote it, in the canonical form: case, spaces and
    dashes ignored, fullwidth forms read as ASCII (NFKC: ``Ｙ８Ｊ５－ＡＨＡＱ``, as
    an East Asian input method types it), O read as 0 and I or L as 1; '' when it holds anything else."""
    text = str(text)
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    cleaned = "".join(ch for ch in text.upper() if ch not in " -_\t.")
    cleaned = "".join(_READ_AS.get(ch, ch) for ch in cleaned)
    return cleaned if cleaned and all(ch in ALPHABET for ch in cleaned) else ""


def codes_match(written: str, code: str) -> bool:
    """True when what a student wrote is ``code`` (compared in constant time)."""
    return hmac.compare_digest(normalise_code(written), normalise_code(code))


_LOOK_ALIKE_CODES = {frozenset(pair) for pair in ("S5", "Z2", "B8", "G6", "Q0", "D0")}
"""Code characters handwriting mixes up (O, I and L are read as 0 and 1 already)."""


def code_slip(written: str, code: str) -> str:
    """How ``written`` is one slip of the pen from ``code`` (both as written or
    printed): ``8 for B, which look alike``, ``8 for B``, ``two neighbours
    swapped``, ``a character left out`` or ``a character too many``; "" when
    it is the code itself, unreadable, or further from it than one slip."""
    w, c = normalise_code(written), normalise_code(code)
    if not w or not c or w == c:
        return ""
    if len(w) == len(c):
        apart = [k for k in range(len(w)) if w[k] != c[k]]
        if len(apart) == 1:
            x, y = w[apart[0]], c[apart[0]]
            return f"{x} for {y}" + (", which look alike" if frozenset((x, y)) in _LOOK_ALIKE_CODES else "")
        if len(apart) == 2 and apart[1] == apart[0] + 1 and w[apart[0]] == c[apart[1]] and w[apart[1]] == c[apart[0]]:
            return "two neighbours swapped"
        return ""
    shorter, longer = sorted((w, c), key=len)
    if len(longer) - len(shorter) == 1 and any(longer[:k] + longer[k + 1:] == shorter for k in range(len(longer))):
        return "a character left out" if w is shorter else "a character too many"
    return ""
