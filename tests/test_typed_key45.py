"""The typed key is whole (issue 11, rev45c F3): KeyQuestion and Trap read and
write themselves as Key and KeyPart do, over the same readers and writers;
generate's checks of an earlier key.json read it through one typed reader of
its head (quizgen/key/head.py), not as dicts of their own; and statuses are
compared as the Status enum, never as strings typed beside it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from quizgen.errors import InputFileError
from quizgen.key import model
from quizgen.key.head import KeyHead
from quizgen.key.load import load_key_file
from quizgen.key.model import KeyQuestion, Trap

ROOT = Path(__file__).resolve().parents[1]
ROSTER = "student_id,name\ns001,Ada\ns002,Alan\n"


@pytest.fixture(scope="module")
def worked(tmp_path_factory):
    """The worked examples' key (every shipped class, words and numbers, recipes)."""
    from click.testing import CliRunner

    from quizgen.cli import main
    out = tmp_path_factory.mktemp("worked") / "quiz"
    result = CliRunner().invoke(main, ["generate", "--worked-examples", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / "key.json"


def test_a_question_writes_its_whole_record_and_reads_it_back(worked):
    key = load_key_file(worked)
    whole = key.to_json(compact=False)["questions"]
    for question, record in zip(key.questions, whole):
        assert question.to_json() == record
        back = KeyQuestion.from_json(json.loads(json.dumps(record)))
        assert back == question and back.to_json() == record


def test_a_trap_writes_its_record_and_reads_it_back_with_or_without_its_value(worked):
    key = load_key_file(worked)
    traps = 0
    for question in key.questions:
        for part in question.parts:
            for trap, written in zip(part.traps, part.to_json()["traps"]):
                assert Trap.from_json(trap.to_json()) == trap
                assert Trap.from_json(written) == trap   # a key's record, its instance's value beside
                traps += 1
    assert traps > 20


def test_a_bad_question_or_trap_record_is_one_error_naming_where():
    with pytest.raises(InputFileError, match=r"^q\.json: parts: expected at least one part"):
        KeyQuestion.from_json({"id": "Q1", "template": "t", "parts": []}, "q.json")
    with pytest.raises(InputFileError, match=r"^t\.json: code: "):
        Trap.from_json({"code": "Not A Code", "feedback": ""}, "t.json")
    record = {"id": "Q1", "template": "t", "parts": [{"part": "a", "type": "numeric", "points": 1, "traps": [],
                                                       "answer": "0.5", "exact": "1/3", "value": 0.5}]}
    with pytest.raises(InputFileError, match=r"^q\.json: parts\[0\]\.value: 0\.5 is not the value of its exact form"):
        KeyQuestion.from_json(record, "q.json")


def test_generate_reads_an_earlier_key_by_its_head_only(tmp_path, invoke, monkeypatch):
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    args = ["generate", "--seed", 7, "--classes", "C1,C7", "--students", tmp_path / "roster.csv",
            "--out", tmp_path / "quiz"]
    assert invoke(*args).exit_code == 0
    data = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    head = KeyHead.from_json(data)
    assert (head.written, head.seed, head.templates, head.questions, head.student_ids) == \
        (True, "7", tuple(sorted(data["templates"])), 2, ("s001", "s002"))
    assert head.secret == data["secret"] and head.printed == data["printed"]
    assert sorted(head.drawn) == sorted([("", "Q1"), ("", "Q2"), ("s001", "Q1"), ("s001", "Q2"),
                                         ("s002", "Q1"), ("s002", "Q2")])

    def whole_read(*_args, **_kwargs):
        raise AssertionError("generate read the earlier key whole")
    monkeypatch.setattr(model, "read_key", whole_read)
    before = (tmp_path / "quiz" / "key.json").read_bytes()
    assert invoke(*args).exit_code == 0   # the same paper again: its secret kept, its draws held to the key
    assert (tmp_path / "quiz" / "key.json").read_bytes() == before


@pytest.mark.parametrize("data", [{}, {"questions": []}, {"templates": [], "questions": []},
                                  {"templates": {}, "questions": [], "students": ["s1"]}])
def test_a_key_quizgen_did_not_write_has_a_head_that_says_so(data):
    head = KeyHead.from_json(data)
    assert not head.written and head.drawn == {}


STATUS_WORDS = ("correct", "partial", "imprecise", "incorrect", "needs_review", "invalid", "blank",
                "unknown_question", "unknown_student", "superseded")
_WORD = "|".join(STATUS_WORDS)
_COMPARED = re.compile(rf"""(?:==|!=)\s*["']({_WORD})["']|["']({_WORD})["']\s*(?:==|!=)""")
_LISTED = re.compile(rf"""\bin \(\s*["']({_WORD})["']\s*,(?:\s*["']({_WORD})["']\s*,?)*\s*\)""")
_RETURNED = re.compile(rf"""\breturn ["']({_WORD})["']""")
_ASSIGNED = re.compile(rf"""^\s*REVIEW = ["']({_WORD})["']""", re.MULTILINE)
_KEYED = re.compile(rf"""\{{["']({_WORD})["']: """)


def test_statuses_are_compared_as_the_enum_not_as_strings_typed_beside_it():
    """A status written as a string beside ``Status`` (``status == "correct"``,
    ``in ("needs_review", "blank")``, ``return "partial"``) is a second spelling
    of it, which a renamed or added status would silently miss."""
    allowed = {("quizgen/grading/mixed_rows.py", '== "blank"')}   # why a line's part went ungraded: blank or too long
    found = []
    for path in sorted((ROOT / "quizgen").rglob("*.py")):
        if path.name == "status.py":
            continue
        text, name = path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        for pattern in (_COMPARED, _LISTED, _RETURNED, _ASSIGNED, _KEYED):
            for match in pattern.finditer(text):
                if (name, match.group(0)) not in allowed:
                    found.append(f"{name}:{text.count(chr(10), 0, match.start()) + 1}: {match.group(0)}")
    assert not found, "\n".join(found)
