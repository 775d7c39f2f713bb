"""Session 28 (hostile28): labels generate writes that grade refused, raw HTML
from a bank in Markdown outputs, long drill names, key paths, binary pipes."""

from __future__ import annotations

import pytest

from quizgen.key.checks import MAX_ID
from run_support import cpu_seconds


def _roster(tmp_path, student_id: str):
    path = tmp_path / "roster.csv"
    path.write_text(f"student_id,name\n{student_id},Long\ns2,B\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("seed, student_id", [("7" * 190, None), ("5", "s" * MAX_ID), ("1" * 45, "s" * 161)])
def test_generate_refuses_labels_grade_would_refuse(tmp_path, invoke, seed, student_id):
    """A 190-character seed, or a 200-character roster id, made question seeds
    of 218+ characters: generate wrote a key.json grade refused. Now generate
    refuses in one line (the value cut), and writes nothing."""
    args = ["generate", "--seed", seed, "--out", tmp_path / "out", "--classes", "C10"]
    args += ["--students", _roster(tmp_path, student_id)] if student_id else []
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "too long" in result.output
    assert "characters)" in result.output and len(result.output) < 400
    assert not (tmp_path / "out").exists()


def test_a_huge_seed_is_refused_at_once(tmp_path, invoke):
    """A 100,000-digit seed was accepted, and echoed whole in the summary line."""
    result = invoke("generate", "--seed", "7" * 100_000, "--out", tmp_path / "out", "--classes", "C10")
    assert result.exit_code == 2
    assert "(100,000 characters)" in result.output and len(result.output) < 300


@pytest.mark.slow
def test_the_longest_labels_generate_allows_are_graded(tmp_path, invoke):
    """At the limit, the key generate writes is one grade reads (the limit comes from MAX_ID)."""
    from quizgen.bank.loader import load_bank, select
    from quizgen.generation.quiz import REDRAW_TAIL

    template_id = select(load_bank(()), "C10")[0].id
    room = MAX_ID - len(f"/{template_id}/0{REDRAW_TAIL}")
    seed = "7" * 20
    roster = _roster(tmp_path, "s" * (room - len(seed) - 1))
    assert invoke("generate", "--seed", seed, "--students", roster, "--out", tmp_path / "out",
                  "--classes", "C10").exit_code == 0
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\ns2,Q1,a,5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "out" / "key.json", "--out", tmp_path / "g")
    assert result.exit_code == 0, result.output
    too_long = _roster(tmp_path, "s" * (room - len(seed)))
    assert invoke("generate", "--seed", seed, "--students", too_long, "--out", tmp_path / "out2",
                  "--classes", "C10").exit_code == 2


HTML_BANK = r"""id: hostile-html
class: C71
title: "<script>alert(1)</script>"
points: 1
params:
  a: {integer: {min: 1, max: 5}}
let:
  v: "a * 2"
stem: |
  Value {{ a }}, $a<b$ and \(c < d\). <iframe src="javascript:alert(7)"></iframe> \<b>
parts:
  - name: v
    points: 1
    type: integer
    ask: "What is 2a? <img src=x onerror=alert(2)>"
    answer: v
solution:
  forecast: "<svg onload=alert(3)>"
  steps:
    - title: "<u>Double</u>"
      why: "{% filter replace('x', '') %}<imgx src=x onerror=alert(4)>{% endfilter %}"
      work: "{{ v }} <br>"
  verify: "ok <i>"
canonical:
  params: {a: 2}
  expect: {v: 4}
"""


def test_bank_html_is_escaped_in_every_markdown_output(tmp_path, invoke):
    """A user bank's stem, part and worked steps were copied into problems.md,
    solutions.md and the feedback sheets as raw HTML (the title was escaped).
    Now every < outside maths is escaped as the title's is; maths keeps its <."""
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "t.yaml").write_text(HTML_BANK, encoding="utf-8")
    out = tmp_path / "out"
    assert invoke("generate", "--bank", bank, "--classes", "C71", "--seed", 2, "--out", out).exit_code == 0
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\ns2,Q1,a,999\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", out / "key.json", "--bank", bank, "--feedback", tmp_path / "fb",
                    "--out", tmp_path / "g")
    assert result.exit_code == 0, result.output
    texts = [(out / "problems.md").read_text(encoding="utf-8"), (out / "solutions.md").read_text(encoding="utf-8"),
             (tmp_path / "fb" / "s2.md").read_text(encoding="utf-8")]
    for text in texts:
        assert "\\<iframe" in text and "$a< b$" in text and "$c < d$" in text and "\\<b>" in text
        assert "<" not in text.replace("\\<", "").replace("$a< b$", "").replace("$c < d$", "")
    assert "\\<img src=x" in texts[0] and "\\<svg" in texts[1] and "\\<img src= onerror=alert(4)" in texts[1]


@pytest.mark.parametrize("filled, escaped", [
    ("a <b> c", "a \\<b> c"), ("$a<b$ <i>", "$a< b$ \\<i>"), ("$<img src=x onerror=f()>$", "$< img src=x onerror=f()>$"),
    ("$a < 2$, $a<2$", "$a < 2$, $a<2$"), ("\\<b>", "\\<b>"), ("\\\\<b>", "\\\\\\<b>"),
    ("$$\nx < y\n$$ <", "$$\nx < y\n$$ \\<"), ("no tags", "no tags")])
def test_html_escaped(filled, escaped):
    from quizgen.text.md_maths import html_escaped

    assert html_escaped(filled) == escaped


@pytest.mark.slow
def test_html_escaped_is_linear():
    """Many < each after a long run of backslashes: read once."""

    from quizgen.text.md_maths import html_escaped

    text = ("\\" * 1000 + "<") * 200
    start = cpu_seconds()
    assert html_escaped(text) == ("\\" * 1000 + "\\<") * 200
    assert cpu_seconds() - start < 5   # a guard against the quadratic scan (minutes), not a timing: about 0.05 s


def _progress(cards: dict) -> str:
    import json

    return json.dumps({"format": "quizgen-progress", "version": 1, "clock": 1, "sessions": 1,
                       "classes": {"C1": {"box": 1, "due": 3, "seen": 1, "right": 0}}, "misconceptions": cards})


@pytest.mark.parametrize("name, fields", [("x" * 100_000, {"count": 1}), ("x" * 100_000, {"box": 1, "due": 1,
                                          "seen": 1, "right": 0}), ("y" * MAX_ID, {"count": 1})])
def test_long_misconception_names_are_cut_in_messages(name, fields):
    """A 100,000-character name was echoed whole by the progress file's errors;
    now a name over MAX_ID (a key's longest trap code) is refused, shown cut."""
    from quizgen.drill.record import BadProgressFile
    from drill_support import strict_parse as parse

    with pytest.raises(BadProgressFile) as caught:
        parse(_progress({name: fields}))
    assert len(str(caught.value)) < 200
    if len(name) > MAX_ID:
        assert "(100,000 characters) is over 200 characters" in str(caught.value)


def test_a_name_at_the_limit_is_read():
    from drill_support import strict_parse as parse

    progress = parse(_progress({"y" * MAX_ID: {"box": 1, "due": 1, "seen": 1, "right": 0}}))
    assert "y" * MAX_ID in progress.misconceptions


def test_drill_stats_warning_for_a_long_name_is_short(tmp_path, invoke):
    state = tmp_path / "s.json"
    state.write_text(_progress({"x" * 100_000: {"count": 10 ** 70}}), encoding="utf-8")
    result = invoke("drill", "--seed", 1, "--classes", "C1", "--state", state, "--stats")
    warning = result.output.split("\n", 1)[0]   # the warning; --stats' own table and legend follow
    assert "(100,000 characters)" in warning and len(warning) < 1000


def test_a_recipe_error_names_the_key_as_typed(tmp_path, invoke, monkeypatch):
    """Every key error names the key's path as typed but the recipe check's, which gave its base name."""
    import json

    monkeypatch.chdir(tmp_path)
    assert invoke("generate", "--classes", "C1", "--seed", 1, "--out", "km").exit_code == 0
    data = json.loads((tmp_path / "km" / "key.json").read_text(encoding="utf-8"))
    (recipes,) = [t["recipes"] for t in data["templates"].values() if "loss" in t.get("recipes", {})]
    recipes["loss"]["recipe"] = "1/0"
    (tmp_path / "km" / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", "a.csv", "--key", "km/bad.json")
    assert result.exit_code == 2
    assert result.output.startswith("quizgen: error: km/bad.json: templates.") and "recipes.loss.recipe" in result.output


def _key_folder(tmp_path):
    import json

    part = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "answer": "0.408",
            "abs_tolerance": 0.0005, "misconceptions": []}
    (tmp_path / "key.json").write_text(json.dumps({"questions": [{"id": "Q1", "parts": [part]}]}), encoding="utf-8")
    return tmp_path / "key.json"


def _fifo_fed(tmp_path, blocks):
    """A named pipe a thread writes ``blocks`` (an iterable of bytes) into until read no more."""
    import os
    import threading

    fifo = tmp_path / "answers.fifo"
    os.mkfifo(fifo)
    written = []

    def feed():
        try:
            with open(fifo, "wb") as pipe:
                for block in blocks:
                    pipe.write(block)
                    written.append(len(block))
        except OSError:   # the reader stopped (BrokenPipeError)
            pass

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return fifo, written, thread


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes")
def test_random_bytes_through_a_pipe_are_refused_at_their_first_block(tmp_path, invoke):
    """A pipe or device was copied whole (1 GiB of /dev/urandom, 30 s) before
    its first bytes were looked at; now its start is read as a file's is
    (binary data, its header) before the rest is copied."""
    import itertools
    import random

    noise = random.Random(28).randbytes(1 << 20)   # seeded: os.urandom's bytes now and then read as a header
    fifo, written, thread = _fifo_fed(tmp_path, itertools.repeat(noise, 200))
    result = invoke("grade", fifo, "--key", _key_folder(tmp_path), "--out", tmp_path / "out" / "g.csv")
    thread.join(10)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert any(said in result.stderr for said in ("line 1: expected a header", "binary data", "is not UTF-8"))
    assert sum(written) < 16 << 20   # refused after its first 4 MiB, not 200 MiB


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes")
@pytest.mark.slow
def test_an_endless_answers_pipe_is_still_capped(tmp_path, invoke, monkeypatch):
    import itertools

    import quizgen.grading.file_text as file_text

    monkeypatch.setattr(file_text, "MAX_PIPED_BYTES", 8 << 20)
    rows = b"s1,Q1,a,0.408\n" * 50_000
    fifo, _, thread = _fifo_fed(tmp_path, itertools.chain([b"student_id,question_id,part,answer\n"],
                                                           itertools.repeat(rows, 1000)))
    result = invoke("grade", fifo, "--key", _key_folder(tmp_path), "--out", tmp_path / "out" / "g.csv")
    thread.join(10)
    assert result.exit_code == 2 and "bytes came through this pipe or device" in result.stderr


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("rows", [1, 20_000])   # under and over the first block (HEAD_BYTES, made 128 KiB)
@pytest.mark.slow
def test_answers_through_a_pipe_are_graded_whole(tmp_path, invoke, monkeypatch, rows):
    import csv

    import quizgen.grading.file_text as file_text

    monkeypatch.setattr(file_text, "MAX_HEADER_BYTES", 128 << 10)
    monkeypatch.setattr(file_text, "HEAD_BYTES", (128 << 10) + 1)

    data = b"student_id,question_id,part,answer\n" + b"".join(b"s%d,Q1,a,0.408\n" % i for i in range(rows))
    fifo, _, thread = _fifo_fed(tmp_path, [data])
    result = invoke("grade", fifo, "--key", _key_folder(tmp_path), "--out", tmp_path / "g.csv")
    thread.join(10)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "g-students.csv", encoding="utf-8", newline="") as handle:
        assert sum(1 for _ in csv.reader(handle)) == rows + 1


@pytest.mark.parametrize("filled, escaped", [
    ("[x](javascript:alert(1))", "[x\\](javascript:alert(1))"),
    ("[x]: javascript:alert(1)\n[y][x]", "[x\\]: javascript:alert(1)\n[y][x]"),
    ("$[a](b)$ and [MASK] (3)", "$[a](b)$ and [MASK] (3)"), ("   [MASK]: $0.8$", "   [MASK]: $0.8$"),
    ("[x]: jav&#97;script:alert(1)", "[x\\]: jav&#97;script:alert(1)"), ("x\\](y)", "x\\](y)")])
def test_a_bank_text_links_nowhere(filled, escaped):
    """A link in a user bank's text (javascript: in a viewer) is written as text, not a link."""
    from quizgen.text.md_maths import html_escaped

    assert html_escaped(filled) == escaped
