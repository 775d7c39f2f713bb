"""A list parameter's missing field (``{{ z.length }}``) was told in Python's
terms, "'tuple object' has no attribute 'length'" (round 52's review, F3):
now as the author wrote it, a list, with how to reach its values and length."""

import pytest

from quizgen.errors import TemplateError
from quizgen.text.render import render_string


@pytest.mark.parametrize("value", [(1.0, 2.0, 3.0), ["a", "b"]], ids=["numbers", "words"])
def test_a_lists_field_is_said_in_the_authors_terms(value):
    with pytest.raises(TemplateError) as caught:
        render_string("over all {{ z.length }} tokens", {"z": value}, "md")
    assert str(caught.value) == ("undefined name in template text: z is a list, which has no field 'length' "
                                 "(its values are z[0], z[1], ...; its length is z | length)")
    assert render_string("{{ z | length }}", {"z": value}, "md") == str(len(value))   # as the message says


def test_a_records_field_is_said_as_before():
    with pytest.raises(TemplateError) as caught:
        render_string("{{ scene.word }}", {"scene": {"words": [1]}}, "md")
    assert "scene has no field 'word' in this draw (its fields: words; did you mean 'words'?)" in str(caught.value)
