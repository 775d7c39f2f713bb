"""The grader's fast paths give what the careful ones give: a block of lines
read by a plain csv.reader, graded.csv's second copy moved in blocks, and the
carried-rounding sets kept per question instance (docs/performance.md)."""

import csv
import io
import random

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import canonical_instance
from quizgen.grading import csv_rows
from quizgen.grading.answers_file import open_answers
from quizgen.grading.writer import RowSet, rewrite_graded
from quizgen.maths.numbers import significant
from quizgen.marking.forms import NUMBER, Reading
from tests.paper_support import part_rules
from quizgen.marking.rules import mark_value

HEADER = "student_id,question_id,part,answer"
ODD = ['"no, all at once"', '"0.71', '0.5"', '"two\nlines"', '"', '=1+2', "x" * 300, "", '"a "" quote"']


def awkward_text(seed: int, rows: int = 6000) -> str:
    """A long file, mostly plain rows, with quoted cells, stray quotes and
    records over several lines spread through it (across many blocks)."""
    rng = random.Random(seed)
    lines = [HEADER]
    for i in range(rows):
        answer = rng.choice(ODD) if rng.random() < 0.02 else f"0.{i:04d}"
        lines.append(f"s{i % 97},Q{i % 3 + 1},a,{answer}")
    return rng.choice(["\n", "\r\n", "\r"]).join(lines) + "\n"


def records(path):
    return [(line, list(cells), problem) for line, cells, *_, problem in open_answers(path).records()]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_plain_blocks_read_as_the_careful_reader_does(tmp_path, monkeypatch, seed):
    path = tmp_path / "answers.csv"
    path.write_text(awkward_text(seed), encoding="utf-8", newline="")
    fast = records(path)
    monkeypatch.setattr(csv_rows, "_plain_rows", lambda lines, delimiter: None)   # every line read carefully
    careful = records(path)
    assert fast == careful
    assert sum(problem is not None for *_, problem in fast) > 0


def test_a_block_ending_inside_an_open_quote_is_read_carefully():
    assert csv_rows._plain_rows(["a,b,c,d\n", 'a,b,c,"no, then\n'], ",") is None
    assert csv_rows._plain_rows(["a,b,c,d\n", 'a,b,c,"no, done"\n'], ",") == [list("abcd"), ["a", "b", "c", "no, done"]]


@pytest.mark.slow
@pytest.mark.parametrize("multiline", [True, False])
def test_the_second_copy_of_graded_csv_changes_only_the_marked_rows(multiline, tmp_path):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["student_id", "answer", "status", "score", "expected", "misconception", "feedback", "reason", "note"])
    for i in range(20_000):
        answer = ("two\nlines, quoted ü" if multiline else "one line, quoted ü") if i % 997 == 0 else f"0.{i}"
        writer.writerow([f"s{i}", answer, "correct", "1", "0.5", "", "", "", ""])
    text = "\ufeff" + out.getvalue()
    marked = RowSet()
    for row in (0, 997, 998, 5_000, 19_999):
        marked.add(row)
    graded = tmp_path / "graded.csv"
    graded.write_bytes(text.encode("utf-8"))
    rewrite_graded(graded, marked, ",", {}, multiline)
    before = list(csv.reader(io.StringIO(text[1:], newline="")))
    after = list(csv.reader(io.StringIO(graded.read_bytes().decode("utf-8")[1:], newline="")))
    assert len(after) == len(before)
    changed = [i - 1 for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert changed == [0, 997, 998, 5_000, 19_999]
    assert all(after[i + 1][2] == "superseded" and after[i + 1][:2] == before[i + 1][:2] for i in changed)


def test_kept_carried_rounding_sets_give_the_same_marks():
    bank = {t.cls: t for t in load_bank()}
    instance = canonical_instance(bank["C7"])
    rules = part_rules(instance)
    # a recipe with a step (loss_y0's 1 - p): from their own p the step's roundings reach more than one value
    rule = next(r for r in rules.values() if r.recipe is not None and r.recipe.intermediates)
    kept = {}
    for earlier in (0.2315, 0.2, 0.25, 0.2315):
        for x in (0.26, 0.263, 0.2634, 0.2640, 1.47, 1.5):   # 0.2640: -ln(0.768), 1 - 0.2315 rounded at 3 figures
            reading = Reading(NUMBER, x, len(significant(x, 4)))
            alone = mark_value(rule, reading, {"p": earlier}, instance.env)
            assert mark_value(rule, reading, {"p": earlier}, instance.env, carried=kept) == alone
    assert kept   # some answer needed a carried-rounding set, now kept
