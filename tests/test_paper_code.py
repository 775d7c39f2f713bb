"""Paper codes: short, readable, stable, and not derivable without the secret."""

import re

from quizgen.key.papercode import (ALPHABET, codes_match, display_code, high_entropy_seed, new_secret,
                                   normalise_code, paper_code)


def test_codes_are_short_and_unambiguous():
    code = paper_code(new_secret(), "42")
    assert len(code) == 8 and set(code) <= set(ALPHABET)
    assert not set("ILOU") & set(ALPHABET)
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", display_code(code))


def test_codes_are_stable_and_differ_across_papers():
    secret = "0123456789abcdef0123456789abcdef"
    assert paper_code(secret, "42/s001") == paper_code(secret, "42/s001")
    codes = {paper_code(secret, f"42/s{n:03d}") for n in range(2000)}
    assert len(codes) == 2000


def test_codes_need_the_secret():
    label = "42"
    assert paper_code(new_secret(), label) != paper_code(new_secret(), label)
    assert paper_code("a" * 32, label) != paper_code("b" * 32, label)
    secrets_ = {new_secret() for _ in range(50)}
    assert len(secrets_) == 50 and all(re.fullmatch(r"[0-9a-f]{32}", s) for s in secrets_)


def test_what_students_write_is_normalised():
    code = "7KQ2M90D"
    for written in ("7kq2-m90d", " 7KQ2 M9OD ", "7kq2_m9od"):
        assert normalise_code(written) == code
        assert codes_match(written, code)
    assert normalise_code("1I1L") == "1111"
    assert normalise_code("7KQ2-M9U!") == ""
    assert not codes_match("7KQ2-M90E", code)


def test_default_seeds_have_high_entropy():
    seeds = {high_entropy_seed() for _ in range(100)}
    assert len(seeds) == 100 and max(seeds) > 2 ** 40
