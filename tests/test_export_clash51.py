"""Exporting a seed again with a larger --count keeps the earlier key's
secret, so that the codes of the quiz already in the LMS stay the same. When
that secret gives two variants of a template one code (about 1 in 10^4 at
10,000 variants), a fresh export draws another secret; this one must not, as
every earlier code would change and the earlier quiz's download could no
longer be graded: it is refused, nothing written (review 51b F8)."""

import json
from dataclasses import replace

import quizgen.lms.export as export
from quizgen.lms.exportkey import with_codes


def _clashing_for(secrets: set):
    """with_codes, but under a secret in ``secrets`` every variant of a slot shares its first's code."""
    def codes(slots, secret):
        coded = with_codes(slots, secret)
        if secret not in secrets:
            return coded
        return [replace(s, variants=tuple(replace(v, code=s.variants[0].code) for v in s.variants)) for s in coded]
    return codes


def _export(invoke, out, count):
    return invoke("export", "moodle", "--classes", "C1", "--count", count, "--seed", 7, "--out", out)


def test_a_kept_secret_that_would_give_two_variants_one_code_is_refused(invoke, tmp_path, monkeypatch):
    out = tmp_path / "questions.xml"
    assert _export(invoke, out, 1).exit_code == 0
    key = tmp_path / "questions-key.json"
    before = {path: path.read_bytes() for path in (out, key)}
    secret = json.loads(key.read_text(encoding="utf-8"))["secret"]
    monkeypatch.setattr(export, "with_codes", _clashing_for({secret}))
    result = _export(invoke, out, 2)
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert (f"{key} keeps the secret of the earlier export of this seed, so that its codes, which may already be in "
            "use, stay the same; with it two variants of mlm-") in said
    assert "choose another --out for this export (a key and codes of its own)" in said
    assert {path: path.read_bytes() for path in (out, key)} == before


def test_a_fresh_export_draws_another_secret_on_a_clash(invoke, tmp_path, monkeypatch):
    drawn = []

    def first_clashes(slots, secret):
        drawn.append(secret)
        return _clashing_for({drawn[0]})(slots, secret)
    monkeypatch.setattr(export, "with_codes", first_clashes)
    assert _export(invoke, tmp_path / "questions.xml", 2).exit_code == 0
    secret = json.loads((tmp_path / "questions-key.json").read_text(encoding="utf-8"))["secret"]
    assert len(set(drawn)) == 2 and secret == drawn[-1] != drawn[0]
