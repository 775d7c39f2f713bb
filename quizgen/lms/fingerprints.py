"""Each exported variant's answers, fingerprinted in the export key, so that
grading a download regenerates the variants the students were given and no
others. grade draws every variant again from its seed label; a quizgen whose
bank or sampler changed since the export (a template edited, a draw rule
added) could draw other numbers from the same label, and would then mark the
students against answers they were never asked for. The export key keeps a
short digest of each variant's answers (``answers``: per template, one digest
per variant in order), and grade refuses a variant that no longer comes out so.
Only answers are digested: a change of wording or feedback grades the same."""

from __future__ import annotations

import base64
import hashlib

from quizgen.errors import InputFileError

DIGEST_BYTES = 5
"""40 bits, 8 base32 letters a variant: two different answers share one by chance once in a trillion."""


def parts_fingerprint(parts) -> str:
    """The digest of a variant's answers: each part's letter and exact answer
    (SymPy-syntax text, as key.json's ``exact``) or accepted words (``parts``:
    its KeyParts, as the key and the export both make them)."""
    text = "\n".join(f"{p.letter}={p.exact if p.exact is not None else repr(p.value)}" if p.kind != "word"
                     else f"{p.letter}:{'|'.join(sorted(set(p.accept)))}" for p in parts)
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=DIGEST_BYTES).digest()
    return base64.b32encode(digest).decode("ascii")


def export_fingerprints(slots: list) -> dict:
    """The export key's ``answers``: {template: its variants' digests in order, space-separated}."""
    return {slot.template: " ".join(v.fingerprint for v in slot.variants) for slot in slots}


def expected_fingerprints(data: dict, labels: dict) -> dict:
    """{seed label: digest} of the variants an export key (``data``) fingerprints;
    ``labels``: {(template, k): seed label} of its variants. An older export
    key with no ``answers`` gives none, and its variants are not checked."""
    answers = data.get("answers")
    if not isinstance(answers, dict):
        return {}
    expected = {}
    for (template, k), label in labels.items():
        digests = answers.get(template)
        digests = digests.split() if isinstance(digests, str) else []
        if k < len(digests):
            expected[label] = digests[k]
    return expected


def check_variant(label: str, template: str, parts, expected: dict) -> None:
    """Refuse, in one line, the variant drawn from ``label`` when its answers
    (``parts``) are not those the export fingerprinted for it."""
    digest = expected.get(label)
    if digest is not None and digest != parts_fingerprint(parts):
        raise InputFileError(f"the variant {label} of {template} now comes out with other answers than when it "
                             "was exported: this quizgen's bank or sampler is not the one that made the export, "
                             "so its students would be marked against numbers they were never given; grade with "
                             "the quizgen version (and --bank) that exported the quiz")
