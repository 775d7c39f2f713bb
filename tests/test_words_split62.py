"""words.py (400 lines) split by what each part does: the listed phrases found in a sentence
(phrases.py), near spellings and opposites (spelling.py), and what an answer was read to mean
(word_reading.py); words.py keeps reading and marking a word answer. Each module is under the
project's 400 lines, and one word answer reads as before through any of them."""

import inspect

import pytest

from quizgen.marking import phrases, spelling, word_reading, words


@pytest.mark.parametrize("module", [words, phrases, spelling, word_reading])
def test_each_word_module_is_short(module):
    assert len(inspect.getsource(module).splitlines()) <= 400


def test_each_owns_its_part():
    assert phrases.read_phrases("not left to right", {"": frozenset({"bidirectional"}),
                                                      "t": frozenset({"left to right"})}, {}) \
        == word_reading.WordReading("accept")
    assert spelling.misspelt("avrage", {"": frozenset({"average"})})
    assert spelling.opposites("defined", "undefined") and not spelling.misspelt("defined", {"": {"undefined"}})
    assert words.read_words("not left to right", ["bidirectional"], {"t": ["left to right"]}).status == "accept"
