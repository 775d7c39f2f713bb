"""Fuzzing the readers of the instructor's own files (policy.yaml,
overrides.csv, the roster) and key.json with hypothesis: whatever they hold,
the outcome is a value or one InputFileError line naming the file, never
another exception, a message over several lines or one of unbounded length.
Each example below the properties is an input the fuzzing found."""

import copy
import csv
import io
import json
import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from fuzz_support import mutated
from property_sizes import many_copy, quick

from quizgen.errors import InputFileError
from quizgen.key.model import Key
from quizgen.marking.overrides import parse_overrides
from quizgen.marking.policy import parse_policy
from quizgen.marking.student_ids import normalise_id
from quizgen.roster import parse_roster

MANY = settings(deadline=10000, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
MESSAGE_LIMIT = 1000


def assert_one_line(error, source):
    message = str(error)
    assert "\n" not in message and "\r" not in message, message
    assert len(message) < MESSAGE_LIMIT, len(message)
    assert message.startswith(source), message


def read_or_refuse(reader, text, source):
    """What ``reader`` reads of ``text``, or None when it refuses it in one line naming ``source``."""
    try:
        return reader(text, source)
    except InputFileError as error:
        assert_one_line(error, source)
        return None


# ------------------------------------------------------------------ policy.yaml

YAML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 30, 10 ** 30) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10)
POLICY_KEYS = st.sampled_from(["ecf_credit", "imprecise_credit", "traps", "points", "C7", "p", "x"])
POLICIES = st.dictionaries(POLICY_KEYS, st.one_of(YAML_VALUES, st.dictionaries(POLICY_KEYS, YAML_VALUES, max_size=3)),
                           max_size=4)
POLICY_READ = "ecf_credit: 0.5\nimprecise_credit: 0.25\npoints: {C7: {p: 2.5}}\n"   # an example read
POLICY_REFUSED = "\x1f"   # and one refused: PyYAML's ReaderError, a message over two lines
POLICY_TEXT = given(st.one_of(st.text(max_size=200), POLICIES.map(lambda data: json.dumps(data, allow_nan=True))))


@quick(MANY)
@POLICY_TEXT
@example(POLICY_READ)
@example(POLICY_REFUSED)
@example('{"ecf_credit": 2}')                   # out of range: to be refused, else the read checks catch it
@example('{"points": {"C7": {"p": -1}}}')
@example('a: "\x00"')
@example('{"traps": {"\\n"}}')         # a key holding a line break, repeated in the message
@example("[" * 600)               # RecursionError in the YAML composer
@example("traps: {" + "x: {" * 600)
@example(json.dumps({"ecf_credit": ["x" * 100] * 12}))   # the whole value was repeated: 1,200 characters
@pytest.mark.slow
def test_any_policy_text_is_read_or_refused_in_one_line(text):
    policy = read_or_refuse(parse_policy, text, "policy.yaml")
    if policy is not None:   # as Policy promises: credits are fractions 0..1, points finite and not negative
        assert policy.ecf_credit is None or 0 <= policy.ecf_credit <= 1, policy   # None: each template's own
        assert all(0 <= share <= 1 for share in policy.template_ecf.values()) and \
            0 <= policy.imprecise_credit <= 1, policy
        assert all(math.isfinite(points) and points >= 0
                   for per_part in policy.points.values() for points in per_part.values()), policy.points


test_any_policy_text_many = many_copy(test_any_policy_text_is_read_or_refused_in_one_line, POLICY_TEXT, MANY)


@pytest.mark.parametrize("points", [".inf", "1" + "0" * 99, "10000001"])
def test_policy_points_beyond_any_mark_scheme_are_refused(points):
    with pytest.raises(InputFileError, match=r"^policy.yaml:1: points.C7.p: expected a number of points"):
        parse_policy(f"points: {{C7: {{p: {points}}}}}", "policy.yaml")


def test_policy_points_within_range_still_read():
    assert parse_policy("points: {C7: {p: 2.5, q: 0}}", "p").points == {"C7": {"p": 2.5, "q": 0}}


# ------------------------------------------------------------------ overrides and roster

CELLS = st.one_of(st.sampled_from(["student_id", "question_id", "part", "score", "status", "comment", "name",
                                   "s1", "Q1", "a", "0.5", "50%", "nan%", "inf", "correct", "", "a\nb", "x\r\ny",
                                   '"', "ID number", "Email address"]),
                  st.text(max_size=12))
TABLES = given(st.lists(st.lists(CELLS, max_size=7), max_size=8), st.sampled_from([",", ";", "\t"]),
               st.booleans())


OVERRIDES_HEADER = ["student_id", "question_id", "part", "score", "status"]
OVERRIDES_READ = ([["s1", "Q1", "a", "0.5", ""], ["s2", "Q1", "b", "", ""], ["", "", "", "", ""]], ",", True)
ROSTER_READ = ([["s1", "Ann"], ["s2", "Bo"]], ";", True)
TABLE_REFUSED = ([["a\nb"]], ",", False)   # a quoted header cell holding a line break came out on two lines


def nonblank(rows) -> int:
    return sum(any(cell.strip() for cell in row) for row in rows)


def as_csv(rows, delimiter):
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter).writerows(rows)
    return out.getvalue()


def read_overrides(rows, delimiter, headed):
    """``(overrides, undecided lines)`` read of the table, or None when refused."""
    undecided = []
    text = as_csv([OVERRIDES_HEADER] * headed + rows, delimiter)
    found = read_or_refuse(lambda text, source: parse_overrides(text, source, undecided), text, "overrides.csv")
    return None if found is None else (found, undecided)


@quick(MANY)
@TABLES
@example(*OVERRIDES_READ)
@example(*TABLE_REFUSED)
@example([["x" * 5000] * 100], ",", False)
@pytest.mark.slow
def test_any_overrides_table_is_read_or_refused_in_one_line(rows, delimiter, headed):
    read = read_overrides(rows, delimiter, headed)
    if read is not None:   # every row accounted for, once: a decision or a line left undecided
        found, undecided = read
        lines = [override.line for override in found] + undecided
        assert len(set(lines)) == len(lines), lines
        assert len(lines) == nonblank(rows) if headed else len(lines) <= nonblank(rows), (rows, lines)
        assert all(override.student_id and math.isfinite(override.score) and override.score >= 0
                   for override in found), found


def read_roster(rows, delimiter, headed):
    return read_or_refuse(parse_roster, as_csv([["student_id", "name"]] * headed + rows, delimiter), "roster.csv")


@quick(MANY)
@TABLES
@example(*ROSTER_READ)
@example([["s1", "Ann"], [" S1 ", "Bo"]], ",", True)   # one id twice: to be refused, else the read checks catch it
@example(*TABLE_REFUSED)
@example([["x" * 5000] * 100], ",", False)
@pytest.mark.slow
def test_any_roster_is_read_or_refused_in_one_line(rows, delimiter, headed):
    roster = read_roster(rows, delimiter, headed)
    if roster is not None:   # students, at most one a row, each id given and told from the others
        ids = [student.student_id for student in roster]
        assert 0 < len(ids) <= nonblank(rows), (rows, ids)
        assert all(sid and sid == sid.strip() for sid in ids), ids
        assert len({normalise_id(sid) for sid in ids}) == len(ids), ids


test_any_overrides_many = many_copy(test_any_overrides_table_is_read_or_refused_in_one_line, TABLES, MANY)
test_any_roster_many = many_copy(test_any_roster_is_read_or_refused_in_one_line, TABLES, MANY)


def test_the_fuzzed_readers_have_an_example_read_and_one_refused():
    """The properties' own examples reach both branches, and the reading one reads what it says."""
    policy = read_or_refuse(parse_policy, POLICY_READ, "policy.yaml")
    assert (policy.ecf_credit, policy.imprecise_credit, policy.points) == (0.5, 0.25, {"C7": {"p": 2.5}})
    assert read_or_refuse(parse_policy, POLICY_REFUSED, "policy.yaml") is None
    found, undecided = read_overrides(*OVERRIDES_READ)
    assert [(o.student_id, o.question_id, o.part, o.score, o.line) for o in found] == [("s1", "Q1", "a", 0.5, 2)]
    assert undecided == [3]
    assert read_overrides(*TABLE_REFUSED) is None
    assert [(s.student_id, s.name) for s in read_roster(*ROSTER_READ)] == [("s1", "Ann"), ("s2", "Bo")]
    assert read_roster(*TABLE_REFUSED) is None


def test_a_header_still_shows_its_cells_as_written():
    with pytest.raises(InputFileError) as caught:
        parse_roster("Nom, Prénom\nx,y\n", "roster.csv")
    assert str(caught.value).endswith("found Nom, Prénom")
    with pytest.raises(InputFileError) as caught:
        parse_overrides("who,what\n", "overrides.csv")
    assert str(caught.value).endswith("found who, what")


# ------------------------------------------------------------------ key.json

PART = {"part": "a", "type": "numeric", "value": 0.4076, "answer": "0.4076", "points": 2,
        "tolerance": {"sigfigs": 3}, "misconceptions": [{"code": "sign", "value": -0.4076, "feedback": "f"}]}
V2_KEY = {"format": "quizgen-key", "version": 2, "seed": 1,
          "templates": {"t": {"class": "C1", "title": "T", "points": 2,
                              "parts": [{k: v for k, v in PART.items() if k not in ("value", "answer")}]}},
          "questions": [{"id": "Q1", "template": "t", "seed": "1/t/0", "params": {},
                         "parts": [{"value": 0.4076, "answer": "0.4076"}]}],
          "students": {"s1": {"name": "Ann", "seed": "1/s1", "questions": [
              {"id": "Q1", "template": "t", "seed": "1/s1/t/0", "params": {},
               "parts": [{"value": 0.5, "answer": "0.5"}]}]}}}
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 40, 10 ** 40) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8) | st.sampled_from(["", "Q1", "t", "numeric", "word", "a\nb", "x" * 300]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


KEYS = given(mutated(V2_KEY, JSON_VALUES))
KEY_REFUSED = {**V2_KEY, "questions": [{"id": "Q1"}]}   # a question with no template


@quick(MANY)
@KEYS
@example(V2_KEY)        # read
@example(KEY_REFUSED)   # refused
@pytest.mark.slow
def test_any_mutated_key_is_read_or_refused_in_one_line(data):
    try:
        key = Key.from_json(json.loads(json.dumps(data)), "key.json")
    except InputFileError as error:
        assert_one_line(error, "key.json")
        return
    values = [part.value for question in key.questions for part in question.parts if part.value is not None]
    assert key.questions and all(math.isfinite(value) for value in values)


test_any_mutated_key_many = many_copy(test_any_mutated_key_is_read_or_refused_in_one_line, KEYS, MANY)


def test_the_key_property_has_an_example_read_and_one_refused():
    key = Key.from_json(json.loads(json.dumps(V2_KEY)), "key.json")
    assert [(q.id, [part.value for part in q.parts]) for q in key.questions] == [("Q1", [0.4076])]
    with pytest.raises(InputFileError, match=r"^key.json: questions\[0\].template: "):
        Key.from_json(json.loads(json.dumps(KEY_REFUSED)), "key.json")


@pytest.mark.parametrize("template", [["t"], {"t": 1}])
def test_a_question_whose_template_is_not_text_is_refused(template):
    data = copy.deepcopy(V2_KEY)
    data["questions"][0]["template"] = template   # was TypeError: unhashable type
    with pytest.raises(InputFileError, match=r"^key.json: questions\[0\].template: expected text"):
        Key.from_json(data, "key.json")


def test_a_long_id_in_a_key_path_is_cut_in_the_message():
    data = copy.deepcopy(V2_KEY)
    data["students"]["s" * 100_000] = data["students"].pop("s1")   # the message held all 100,000 characters
    with pytest.raises(InputFileError) as caught:
        Key.from_json(data, "key.json")
    assert_one_line(caught.value, "key.json")
    assert 'students["sssss' in str(caught.value)
