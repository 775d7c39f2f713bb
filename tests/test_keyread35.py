"""The thirty-fifth round's cheaper reading of a per-student key and key index,
every value the same: a float written to fixed decimals by Python's own formatting unless it is
a tie at that place (maths/numbers.fixed), a trap value checked by comparisons
alone, the plain question made with its template's fields in order (key/model.py),
and each question's slots found once per question id and part letters
(KeyIndex.layout), not once per paper."""

from __future__ import annotations

import copy
import math
import random
import struct

import pytest

from quizgen.errors import InputFileError
from quizgen.generation.make import make_quiz
from quizgen.grading.key_index import KeyIndex
from quizgen.key import parts as key_parts
from quizgen.key.model import Key
from key_support import key_data
from quizgen.maths import numbers
from quizgen.maths.rounding import decimal_text
from quizgen.roster import Student
from quizgen.scores import score_total


@pytest.fixture(scope="module")
def student_key(bank):
    """key.json's data for a six-student quiz over every class."""
    quiz = make_quiz(bank, seed=5, students=[Student(f"s{n}", f"Student {n}") for n in range(6)])
    return key_data(quiz)


def test_fixed_leaves_only_a_tie_to_the_exact_rounding(monkeypatch):
    calls = []
    monkeypatch.setattr(numbers, "decimal_text", lambda value, places, shift=0: calls.append((value, places))
                        or decimal_text(value, places, shift))
    assert [numbers.fixed(0.12345, 3), numbers.fixed(-0.0001, 2), numbers.fixed(-0.0, 1), numbers.fixed(1e20, 0)] \
        == ["0.123", "0.00", "0.0", "100000000000000000000"]
    assert calls == []   # no tie: Python's formatting
    assert [numbers.fixed(0.125, 2), numbers.fixed(-2.5, 0), numbers.fixed(0.375, 2)] == ["0.13", "-3", "0.38"]
    assert calls == [(0.125, 2), (-2.5, 0), (0.375, 2)]   # ties, away from zero (formatting rounds them to even)
    assert numbers.fixed(math.inf, 2) == "inf" and numbers.fixed(7, 2) == "7.00"


def test_fixed_writes_every_float_as_the_exact_rounding_does():
    rng = random.Random(35)
    values = [0.0, -0.0, 0.5, -0.5, 2.5, 1e-300, -5e-324, 1e300, -1.7976931348623157e308]
    values += [rng.uniform(-10, 10) for _ in range(3000)]
    values += [rng.randint(-10 ** 6, 10 ** 6) / 2 ** rng.randint(0, 30) for _ in range(3000)]   # ties galore
    values += [struct.unpack("d", struct.pack("Q", rng.getrandbits(64)))[0] for _ in range(3000)]
    for value in filter(math.isfinite, values):
        for places in (0, 1, 2, 3, 4, 7, 12, 20):
            assert numbers.fixed(value, places) == decimal_text(value, places), (value, places)


def test_an_instance_part_s_own_spec_is_read_once_per_difference(student_key, monkeypatch):
    """Two instances overriding a part alike share one spec; points 1 and 1.0 stay apart (as
    written back)."""
    data = copy.deepcopy(student_key)
    papers = list(data["students"].values())
    records = [paper["questions"][0]["parts"][0] for paper in papers]
    for record, points in zip(records, (1, 1, 1.0, 1.0, 1, 1.0)):
        record["points"] = points
    data.pop("values_digest", None)
    read = []
    original = key_parts.read_spec
    monkeypatch.setattr(key_parts, "read_spec", lambda *a: read.append(a) or original(*a))
    key = Key.from_json(data)
    specs = [paper.questions[0].parts[0].spec for paper in key.papers]
    assert specs[0] is specs[1] is specs[4] and specs[2] is specs[3] is specs[5] and specs[0] is not specs[2]
    assert [spec.points.__class__ for spec in specs] == [int, int, float, float, int, float]
    written = [paper["questions"][0]["parts"][0]["points"] for paper in key.to_json()["students"].values()]
    assert [points.__class__ for points in written] == [int, int, float, float, int, float]


@pytest.mark.parametrize("value", [-1e-301, 1e301, math.inf, math.nan, "0.5", True])
def test_a_trap_value_out_of_range_is_still_refused(student_key, value):
    data = copy.deepcopy(student_key)
    record = next(part for paper in data["students"].values() for question in paper["questions"]
                  for part in question["parts"] if part.get("trap_values"))
    record["trap_values"][0] = value
    with pytest.raises(InputFileError, match=r"trap_values\[0\]: expected"):
        Key.from_json(data, "key.json")


def test_small_negative_and_zero_trap_values_are_plain(student_key):
    data = copy.deepcopy(student_key)
    record = next(part for paper in data["students"].values() for question in paper["questions"]
                  for part in question["parts"] if len(part.get("trap_values") or ()) >= 2)
    record["trap_values"][:2] = [-1e-300, -0.0]
    part = key_parts.plain_part(record, key_parts.PartSpec("a", traps=(None,) * len(record["trap_values"])))
    assert part is not None and part.trap_values[:2] == (-1e-300, -0.0)


def test_papers_share_each_question_s_layout(student_key):
    key = Key.from_json(student_key)
    index = KeyIndex(key, False, None, "key.json")
    first, second = index.papers[1], index.papers[2]
    assert len(first.placed) == 10 and all(a[1] is b[1] for a, b in zip(first.placed, second.placed))   # found once
    for paper, questions in zip(index.papers, [key.questions] + [p.questions for p in key.papers]):
        for question, slots in paper.placed:
            for slot, part in zip(slots, question.parts):
                assert paper.parts[slot] is part
                assert (index.slots[slot]["question_id"], index.slots[slot]["part"]) == (question.id, part.letter)
        every = [part for question in questions for part in question.parts]
        assert paper.max_score == score_total(part.points for part in every)
        assert paper.part_count == len(every)
