"""hostile25: hostile input found by a reviewer. A Moodle question cell of many
``[quizgen:`` took quadratic time (96 KB: 21 s), a dash run exponential (26
dashes and a letter: 13 s); read_json read a key.json of any size and refused
a BOM; generate reused any secret of a hand-edited key; its refusal repeated
unbounded names; --key /dev/stdin was read twice; a '|'-separated download
was told to switch language; a roster kept a dict per student."""

import csv
import io
import json
import random
import re
import subprocess
import sys

import pytest

import quizgen.files as files
from quizgen.lms.assignment import assignment_name
from quizgen.lms.responses import TAG
from quizgen.marking.asides import may_mean_no_value, non_answer
from quizgen.roster import Student, parse_roster
from run_support import cpu_seconds

QUIZGEN = [sys.executable, "-m", "quizgen"]
OLD_TAG = re.compile(r"\[quizgen:([^:\]\s]+):([^\]]+?)(?::([a-z]+))?\]")
PART = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "answer": "0.408",
        "abs_tolerance": 0.0005, "misconceptions": []}


def _seconds(call, *args) -> float:
    start = cpu_seconds()
    call(*args)
    return cpu_seconds() - start


def test_a_cell_of_many_tag_openings_is_read_in_linear_time():
    """10,000 openings and no ']' (110 KB) took the pattern about 35 s; the scanner a few ms."""
    assert _seconds(TAG.search, "[quizgen:a:" * 10_000) < 3
    assert _seconds(TAG.search, "[quizgen: x" * 10_000 + "]") < 3


def _last_match(text: str):
    """The pattern's match at the last place it matches: the tag line ends the question text (review 51b F2)."""
    return next(filter(None, (OLD_TAG.match(text, start) for start in range(len(text), -1, -1))), None)


@pytest.mark.slow
def test_the_tag_scanner_reads_as_the_pattern_did():
    pieces = ["[quizgen:", "]", ":", "a", "b", "Z", " ", "1", "/", "\u00a0", "[", "x:y", ":ab]"]
    rnd = random.Random(25)
    for _ in range(20_000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12)))
        old, new = _last_match(text), TAG.search(text)
        assert (old and old.groups()) == (new and new.groups()), text
    assert TAG.search("Q [quizgen:nsp:42/nsp/0:b]").groups() == ("nsp", "42/nsp/0", "b")


def test_a_long_canvas_header_cell_of_spaces_is_read_in_linear_time():
    """``(.*?)\\s*\\((\\d+)\\)`` took quadratic time on a cell of spaces (100,000: about 15 s)."""
    assert _seconds(assignment_name, "a" + " " * 100_000 + "(1") < 2
    assert assignment_name("Quiz 1 (Retake)  (456)") == "quiz 1 (retake)"
    assert assignment_name("Quiz (x)") == "quiz (x)" and assignment_name("a\nb (1)") == "a\nb (1)"


def test_a_run_of_dashes_before_a_letter_is_refused_at_once():
    """``[-]+(?:\\s*[-]+)*`` read a run of n dashes in 2**n ways: 28 and a letter took about a minute."""
    assert _seconds(non_answer, "-" * 28 + "x") < 3
    assert _seconds(may_mean_no_value, "-" * 28 + "x", ["undefined"]) < 3
    assert non_answer("- - --") and non_answer("\u2014") and not non_answer("-x")


def _paper(invoke, folder, *extra):
    return invoke("generate", "--seed", 7, "--classes", "C1", "--count", 1, "--out", folder, *extra)


def test_an_earlier_key_over_the_limit_is_one_line_naming_it(invoke, tmp_path, monkeypatch):
    assert _paper(invoke, tmp_path / "p").exit_code == 0
    monkeypatch.setattr(files, "MAX_JSON_BYTES", 1 << 20)
    key = tmp_path / "p" / "key.json"
    key.write_bytes(key.read_bytes() + b" " * (1 << 20))
    result = _paper(invoke, tmp_path / "p")
    assert result.exit_code == 2 and f"{key}: over 1 MiB" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert _paper(invoke, tmp_path / "p", "--force").exit_code == 0


def test_an_earlier_key_saved_with_a_bom_keeps_its_secret(invoke, tmp_path):
    assert _paper(invoke, tmp_path / "p").exit_code == 0
    key = tmp_path / "p" / "key.json"
    secret = json.loads(key.read_text(encoding="utf-8"))["secret"]
    key.write_bytes(b"\xef\xbb\xbf" + key.read_bytes())
    assert _paper(invoke, tmp_path / "p").exit_code == 0
    assert json.loads(key.read_text(encoding="utf-8"))["secret"] == secret


@pytest.mark.parametrize("secret, shown", [("x", "'x'"), ("\ud800", "'?'"), ("a" * 5000, "aaa..."), (5, "an int")])
def test_a_hand_edited_secret_is_refused_in_one_line(invoke, tmp_path, secret, shown):
    assert _paper(invoke, tmp_path / "p").exit_code == 0
    key = tmp_path / "p" / "key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    key.write_text(json.dumps({**data, "secret": secret}), encoding="utf-8")
    result = _paper(invoke, tmp_path / "p")
    assert result.exit_code == 2, result.output
    assert f"{key}: its secret should be 32 hexadecimal digits" in result.stderr and shown in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and len(result.stderr) < 500
    assert _paper(invoke, tmp_path / "p", "--force").exit_code == 0
    assert re.fullmatch(r"[0-9a-f]{32}", json.loads(key.read_text(encoding="utf-8"))["secret"])


def test_the_refusal_of_another_paper_shortens_its_seed_and_templates(invoke, tmp_path):
    assert _paper(invoke, tmp_path / "p").exit_code == 0
    key = tmp_path / "p" / "key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    many = {f"t{k:04d}-" + "x" * 300: {} for k in range(1000)}
    key.write_text(json.dumps({**data, "templates": many}), encoding="utf-8")
    result = _paper(invoke, tmp_path / "p")
    assert result.exit_code == 2 and "and 997 more" in result.stderr and len(result.stderr) < 800, result.stderr
    key.write_text(json.dumps({**data, "seed": "9" * 5000}), encoding="utf-8")
    result = _paper(invoke, tmp_path / "p")
    assert result.exit_code == 2 and "99..." in result.stderr and len(result.stderr) < 800, result.stderr


@pytest.mark.slow
def test_a_key_through_a_pipe_is_read_once(tmp_path):
    """--key /dev/stdin: a look for an export key emptied the pipe, so the key
    reader found no JSON."""
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\n", encoding="utf-8")
    key = json.dumps({"questions": [{"id": "Q1", "parts": [PART]}]})
    done = subprocess.run(QUIZGEN + ["grade", "answers.csv", "--key", "/dev/stdin", "--out", "o/g.csv"],
                          input=key, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    graded = list(csv.DictReader(io.StringIO((tmp_path / "o" / "g.csv").read_text(encoding="utf-8-sig"))))
    assert [(r["student_id"], r["part"], r["status"]) for r in graded] == [("s1", "a", "correct")]   # not "incorrect"


def test_a_download_separated_by_bars_is_told_the_delimiter(invoke, tmp_path):
    from pathlib import Path

    assert invoke("export", "moodle", "--classes", "C1", "--count", 2, "--seed", 42,
                  "--out", tmp_path / "questions.xml").exit_code == 0
    download = (Path(__file__).parent / "data" / "lms" / "moodle_responses.csv").read_text(encoding="utf-8")
    (tmp_path / "bars.csv").write_text(download.replace(",", "|"), encoding="utf-8")
    for key in (["--key", tmp_path / "questions-key.json"], []):
        result = invoke("grade", tmp_path / "bars.csv", *key, "--out", tmp_path / "o/")
        assert result.exit_code == 2 and "pass --delimiter '|'" in result.stderr, result.stderr
        assert "language" not in result.stderr


def test_a_roster_keeps_no_dict_per_student():
    students = parse_roster("student_id,name\ns1,Ann\ns2,Bo\n")
    assert students == [Student("s1", "Ann"), Student("s2", "Bo")] and not hasattr(students[0], "__dict__")
    with pytest.raises(Exception, match=r"line 4: student_id 'S1' repeats line 2 \('s1'"):
        parse_roster("student_id,name\ns1,Ann\ns2,Bo\nS1,Al\n")
