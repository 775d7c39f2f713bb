"""Round 27's speed-ups of grade's pass keep each verdict and do less: a
refused answer text is read once for every paper (``kept_values.kept_reading``);
ECF finds the parts it re-marks once per template layout (``ecf_pass._layout``);
the careful marker writes the expected answer out only for feedback that says it."""

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.grading import kept_values
from quizgen.grading.ecf_pass import _dependents
from quizgen.grading.key_index import KeyIndex
from quizgen.key.load import load_key_file
from quizgen.grading.kept_values import KEPT_READING
from quizgen.grading.part_checker import PartChecker
from quizgen.key.model import KeyPart
from quizgen.key.status import Status
from quizgen.marking import early
from quizgen.marking.rules import PartRule


def _numeric(value: float) -> KeyPart:
    return KeyPart.from_json({"part": "a", "name": "a", "type": "numeric", "points": 1.0, "value": value,
                              "exact": repr(value), "answer": repr(value), "tolerance": {"sigfigs": 3}})


def test_a_refused_short_text_is_read_once_for_every_paper(monkeypatch):
    read, calls = kept_values.read_number, []
    monkeypatch.setattr(kept_values, "read_number", lambda *args, **kw: calls.append(args) or read(*args, **kw))
    kept_values._kept_reading.cache_clear()
    papers = [PartChecker(_numeric(value)) for value in (0.716, 0.0523, 12.5)]
    verdicts = [checker("((1+2)") for checker in papers]
    assert len(calls) == 1   # the reading is the text's, whatever the instance
    assert {(v.status, v.reason) for v in verdicts} == {(Status.INVALID, verdicts[0].reason)} and verdicts[0].reason
    assert [v.expected for v in verdicts] == ["0.716", "0.0523", "12.5"]


def test_a_long_refused_text_is_read_each_time_and_alike(monkeypatch):
    read, calls = kept_values.read_number, []
    monkeypatch.setattr(kept_values, "read_number", lambda *args, **kw: calls.append(args) or read(*args, **kw))
    kept_values._kept_reading.cache_clear()
    text = "I worked it out from the mean of the losses, " * 2
    assert KEPT_READING < len(text)
    checker = PartChecker(_numeric(0.716))
    assert checker(text) == checker(text) and len(calls) == 2


@pytest.fixture(scope="module")
def own_papers(tmp_path_factory):
    """A per-student key of C2 and C10 (parts worked from earlier parts) for four students."""
    folder = tmp_path_factory.mktemp("own")
    (folder / "roster.csv").write_text("student_id\n" + "".join(f"s{k}\n" for k in range(4)), encoding="utf-8")
    result = CliRunner().invoke(main, ["generate", "--seed", "27", "--classes", "C2,C10", "--students",
                                       str(folder / "roster.csv"), "--out", str(folder / "quiz")])
    assert result.exit_code == 0, result.output
    return KeyIndex(load_key_file(folder / "quiz" / "key.json"), False, None, "key.json")


@pytest.mark.slow
def test_ecf_reads_each_template_layout_once_and_each_paper_keeps_its_checkers(own_papers):
    memo = {}
    first, second = (_dependents(own_papers.papers[n], memo) for n in (1, 2))
    assert first and [d[0] for d in first] == [d[0] for d in second]
    for mine, theirs in zip(first, second):
        assert mine[2:] == theirs[2:] and all(a is b for a, b in zip(mine[2:], theirs[2:]))   # one layout, shared
    assert [d[1] for d in first] == [own_papers.papers[1].checkers[d[0]] for d in first]
    assert all(a[1] is not b[1] for a, b in zip(first, second))   # each paper's own checker


def test_an_answer_no_rounding_reaches_never_writes_out_the_expected_answer(monkeypatch):
    rule = PartRule("p", "(a)", "numeric", 0.7153, {"sigfigs": 3}, (), None, ())
    assert early.too_early(rule, 0.72, 2).endswith("(expected 0.715)")
    monkeypatch.setattr(early, "expected", lambda rule: pytest.fail("expected written for nothing"))
    assert early.too_early(rule, 3.5, 2) == "" and early.too_early(rule, 0.5, 3) == ""


def test_a_right_word_answer_makes_no_trap_words_and_a_trap_word_still_names_its_trap():
    part = KeyPart.from_json({"part": "a", "name": "a", "type": "word", "points": 2.0, "accept": ["all at once"],
                              "traps": [{"code": "left_to_right", "feedback": "BERT reads both sides.",
                                         "words": ["left to right", "one by one"]}]})
    checker = PartChecker(part)
    assert checker("All at once").status is Status.CORRECT
    assert checker._trap_words is None   # a right answer pays for no trap set-up
    verdict = checker("One by one")
    assert (verdict.status, verdict.misconception, verdict.expected) == (Status.INCORRECT, "left_to_right",
                                                                         "all at once")
    assert set(checker._trap_words) == {"left to right", "one by one"}
