"""The fifty-sixth round's generate changes keep every result: a part's trap words
found apart are remembered (separation._check_words), words that clash never are."""

from types import SimpleNamespace

import pytest

from quizgen.generation import separation
from quizgen.generation.separation import Rejected


def _part(accept, *traps):
    """A stand-in for sampling.PartValue: what _check_words reads."""
    return SimpleNamespace(part=SimpleNamespace(name="loss"), accept=tuple(accept),
                           traps=[SimpleNamespace(code=code, words=tuple(words)) for code, words in traps])


def test_words_that_clash_fail_every_time():
    clash = _part(["yes"], ("flip", ["Yes."]))
    for _ in range(3):
        with pytest.raises(Rejected, match="trap flip word 'yes' is also accepted"):
            separation._check_words(clash)
    twice = _part(["yes"], ("a", ["no"]), ("b", ["No"]))
    for _ in range(3):
        with pytest.raises(Rejected, match="word 'no' is in two traps"):
            separation._check_words(twice)


def test_words_apart_are_remembered_and_others_still_checked():
    separation._WORDS_APART.clear()
    apart = _part(["yes"], ("a", ["no"]), ("b", ["maybe"]))
    separation._check_words(apart)
    assert len(separation._WORDS_APART) == 1
    separation._check_words(apart)
    assert len(separation._WORDS_APART) == 1
    with pytest.raises(Rejected):   # the same words with one more trap word: checked, not taken as seen
        separation._check_words(_part(["yes"], ("a", ["no"]), ("b", ["maybe", "yes"])))


def test_remembered_sets_are_bounded(monkeypatch):
    monkeypatch.setattr(separation, "WORDS_APART_LIMIT", 3)
    separation._WORDS_APART.clear()
    for n in range(10):
        separation._check_words(_part(["yes"], ("a", [f"no{n}"])))
    assert len(separation._WORDS_APART) <= 3
