"""Messages put "an" before a word starting with a vowel: "an id of 250 characters",
"found an int", where they said "a id", "a int"."""

import pytest

from quizgen.wording import a_word

BASE = "id: {id}\nclass: {cls}\ntitle: T\npoints: 1\n"


@pytest.mark.parametrize("word, said", [("id", "an id"), ("int", "an int"), ("class", "a class"),
                                        ("Undefined", "an Undefined"), ("tuple", "a tuple")])
def test_a_word_takes_the_article_its_first_letter_asks(word, said):
    assert a_word(word) == said


@pytest.mark.parametrize("values, said", [({"id": "a" * 250, "cls": "C51"}, "t.yaml:1: id: an id of 250"),
                                          ({"id": "t", "cls": "C" + "1" * 249}, "t.yaml:2: class: a class of 250")])
def test_a_name_over_the_limit_is_said_with_its_article(invoke, tmp_path, values, said):
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "t.yaml").write_text(BASE.format(**values), encoding="utf-8")
    result = invoke("validate", tmp_path / "bank")
    assert result.exit_code != 0
    assert f"{said} characters exceeds the limit of 100" in result.output, result.output
