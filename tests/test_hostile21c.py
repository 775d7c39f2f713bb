"""A bank whose draws do too much work in all (hostile review 21c): each draw
may stay under the budget of one instance while a run of many instances would
take hours. Drawing one template's instances in one run (a paper's questions,
an export's variants, a drill session, the probe draws) shares a budget of
counted work; past it, generate, export and drill stop with one line naming
the template file, how many instances were drawn, why and what to change."""

import re
import time

import pytest

from quizgen.bank import budget
from quizgen.bank.budget import DrawLedger
from quizgen.errors import BankLimitError
from quizgen.generation.sampling import sample_instance
from run_support import cpu_seconds

TEMPLATE = """id: heavy-draws
class: C30
title: "Heavy draws"
points: 1

params:
  v: {vector: {size: SIZE, min: 0.05, max: 0.95, step: 0.05}}

constraints:
  - "CONSTRAINT"

let:
  a: "v[0]"
  s: "SUM"
  one: "1"
MAX_TRIES
stem: |
  Some numbers.

parts:
  - name: one
    ask: "What is one?"
    answer: one
    decimals: 0

solution:
  forecast: "One."
  steps:
    - title: "Read"
      why: "It is one."
      work: "$1$"
  verify: "One."

canonical:
  params:
    v: [0.05]
"""
# 160 list items never evaluated (``or`` stops at the first true operand) still count as work
HEAVY = "+".join("sum(list(" + ",".join(["a"] * 80) + "))" for _ in range(2))


def bank(tmp_path, constraint, size=10000, max_tries="", s="sum(v)"):
    """A one-template bank (class C30) in ``tmp_path/bank``."""
    folder = tmp_path / "bank"
    folder.mkdir()
    text = TEMPLATE.replace("CONSTRAINT", constraint).replace("SIZE", str(size)).replace("SUM", s)
    (folder / "c30.yaml").write_text(text.replace("MAX_TRIES", max_tries))
    return folder


def one_line(result, folder) -> str:
    """The single error line of ``result``, checked to name the template file (exit 2, no traceback)."""
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(lines) == 1, result.stderr
    assert lines[0].startswith(f"quizgen: error: {folder / 'c30.yaml'}:")   # :line: key: where most were rejected
    assert ": drawing heavy-draws stopped after " in lines[0]
    assert lines[0].endswith("loosen the constraints, lower max_tries or shrink the vectors")
    return lines[0]


@pytest.mark.slow
def test_a_run_of_costly_draws_stops_with_one_line_and_writes_nothing(invoke, tmp_path):
    """Every draw passes, but each does so much work that 20 of them are over the run's budget."""
    folder, out = bank(tmp_path, f"sum(v) > 0 or {HEAVY} > 0"), tmp_path / "out"
    start = cpu_seconds()
    line = one_line(invoke("generate", "--bank", folder, "--classes", "C30", "--count", 20, "--seed", 1,
                           "--out", out), folder)
    assert cpu_seconds() - start < 10
    assert re.search(r"stopped after 16 instances: each draw is too slow \([\d,]+ units of work a try\)", line)
    assert not out.exists()


@pytest.mark.slow
def test_the_run_stops_at_the_same_draw_with_any_number_of_jobs(invoke, tmp_path):
    """Work is counted, not timed: the line is the same in one process or two."""
    folder = bank(tmp_path, f"sum(v) > 0 or {HEAVY} > 0")
    lines = {one_line(invoke("generate", "--bank", folder, "--classes", "C30", "--count", 20, "--seed", 1,
                             "--jobs", jobs, "--out", tmp_path / f"out{jobs}"), folder) for jobs in (1, 2)}
    assert len(lines) == 1


@pytest.mark.slow
def test_rejected_draws_are_named_as_the_reason(invoke, tmp_path):
    """A constraint no draw passes, each try costly: stopped long before max_tries."""
    folder = bank(tmp_path, f"sum(v) < 0 and {HEAVY} > 0", max_tries="max_tries: 10000\n")
    line = one_line(invoke("generate", "--bank", folder, "--classes", "C30", "--seed", 1,
                           "--out", tmp_path / "out"), folder)
    assert re.search(r"stopped after 0 instances: too many rejected draws \((\d+) of \1; all of them here: "
                     r"constraint 'sum\(v\) < 0 and .*' failed\)", line)
    assert re.search(r"c30\.yaml:\d+: constraints\.0: drawing", line)   # review 57a F6


@pytest.mark.slow
def test_export_and_drill_stop_the_same_way(invoke, tmp_path):
    """export moodle writes no file; the drill stops when the session's draws are over budget."""
    folder = bank(tmp_path, f"sum(v) > 0 or {HEAVY} > 0")
    out = tmp_path / "q.xml"
    one_line(invoke("export", "moodle", "--bank", folder, "--classes", "C30", "--count", 20, "--seed", 1,
                    "--out", out), folder)
    assert not out.exists()
    drilled = invoke("drill", "--bank", folder, "--classes", "C30", "--count", 30, "--seed", 1, "--no-save",
                     input="s\n" * 30)
    assert "stopped after 16 instances" in one_line(drilled, folder)


def test_the_ledger_allows_one_instance_its_budget_and_a_run_its_average():
    """DRAW_WORK for the instance being drawn; the run DRAW_WORK plus RUN_WORK an instance made."""
    class Template:
        id, path = "t", "bank/t.yaml"
    ledger = DrawLedger(Template)
    ledger.begin()
    ledger.charge(budget.DRAW_WORK, kept=True)           # one instance may take all of DRAW_WORK
    for _ in range(3):
        ledger.begin()
        ledger.charge(budget.RUN_WORK, kept=True)        # and each later one its average share
    ledger.begin()
    with pytest.raises(BankLimitError, match=r"^bank/t\.yaml: drawing t stopped after 4 instances: each draw is too slow "):
        ledger.charge(budget.RUN_WORK + 1, kept=False)


@pytest.mark.slow
def test_the_shipped_bank_is_far_inside_the_budget(bank):
    """200 draws of every shipped template cost each under a fiftieth of the average allowed."""
    for template in bank:
        ledger = DrawLedger(template)
        for k in range(200):
            sample_instance(template, f"budget/{template.id}/{k}", ledger=ledger)
        assert ledger.spent < 200 * budget.RUN_WORK / 50, template.id


@pytest.mark.slow
def test_the_review_s_slow_bank_stops_within_seconds(invoke, tmp_path):
    """The review's bank: 200 items, a constraint about one draw in 2,500 passes; it ran 83 s with no warning."""
    folder = bank(tmp_path, "sum(v) < 87 and s > 0", size=200, max_tries="max_tries: 10000\n",
                  s="sum(-log(v))")
    start = time.monotonic()
    result = invoke("generate", "--bank", folder, "--classes", "C30", "--count", 20, "--seed", 1,
                    "--out", tmp_path / "out")
    lines = result.stderr.strip().splitlines()
    if lines and ": constraints.0: time to draw one instance exceeds the limit" in lines[0]:
        # a machine busy enough to take 10 s over one instance's tries meets the time limit first:
        # the same refusal, at the constraint that rejected the tries (bank/budget.py)
        assert result.exit_code == 2 and len(lines) == 1
        assert lines[0].startswith(f"quizgen: error: {folder / 'c30.yaml'}:")
        return
    line = one_line(result, folder)
    assert "too many rejected draws" in line and time.monotonic() - start < 40


def test_one_try_over_the_budget_is_stopped_inside_the_try(tmp_path, monkeypatch):
    """rev-hostile21e: a try's work was counted when the try ended, so one try of
    many heavy lets over a long list ran on for seconds past the budget; it is now
    refused at the let or constraint that takes it over, naming it."""
    from quizgen.bank.loader import load_template

    template = load_template(bank(tmp_path, "sum(v) > 0") / "c30.yaml")
    monkeypatch.setattr(budget, "DRAW_WORK", 30_000)   # the let s = sum(v) over 10,000 items alone is 40,000
    with pytest.raises(BankLimitError, match=r"one draw alone needs more than 30,000 units of work \(by 'sum\(v\) > 0'"):
        sample_instance(template, "inside/0")
