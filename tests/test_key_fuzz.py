"""Random key JSON thrown at grade (issue 14): a key is either graded against
(exit 0, every answer row accounted for) or refused in one line with exit 2;
never a traceback."""

import pytest
import csv
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.cli import main

SETTINGS = settings(deadline=None, max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
VALID_PART = {"part": "a", "type": "numeric", "value": 0.4076, "answer": "0.4076", "points": 2,
              "tolerance": {"sigfigs": 3}, "misconceptions": [{"code": "sign", "value": -0.4076, "feedback": "f"}]}
ANSWERS = "student_id,question_id,part,answer\ns1,Q1,a,0.408\ns2,Q1,a,-0.4076\ns3,Q1,b,1\n"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
FIELDS = ["part", "type", "value", "answer", "points", "tolerance", "misconceptions", "accept", "decimals"]


@st.composite
def keys(draw):
    """A valid key with some of its fields replaced by random JSON."""
    part = dict(VALID_PART)
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=3, unique=True)):
        part[field] = draw(json_values)
    question = {"id": draw(st.sampled_from(["Q1", "Q1", "", 7, None])), "parts": [part]}
    return draw(st.sampled_from([{"questions": [question]}, {"questions": question},
                                 {"format": "quizgen-key", "version": draw(json_values), "questions": [question]}]))


KEYS = given(key=keys())


@quick(SETTINGS)
@KEYS
@pytest.mark.slow
def test_random_keys_are_graded_or_refused_in_one_line(tmp_path_factory, key):
    from click.testing import CliRunner

    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "key.json").write_text(json.dumps(key))
    (folder / "answers.csv").write_text(ANSWERS)
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv")])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    if result.exit_code == 0:
        with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
            assert len(list(csv.reader(handle))) == 4   # the header and every answer row
    else:
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("quizgen: error: ")


test_random_keys_many = many_copy(test_random_keys_are_graded_or_refused_in_one_line, KEYS, SETTINGS)
