"""Where one ``quizgen grade`` spends its wall time, stage by stage:

    python benchmarks/stages.py answers.csv --key key.json --out out/graded.csv
    python benchmarks/stages.py --no-marking answers.csv --key key.json --out out/graded.csv

Runs grade in this interpreter and prints, for each stage, when it started
and ended (seconds since start), and the CPU seconds it took (a shared
machine's load moves wall times more), in the main process and in the
later parts' processes: the imports, reading key.json (JSON parse and typed
key apart), the key index, each part's pass and ECF, the merge, and the
reports (the class report's in the process that computes it). The stages that run before or after the parts run alone, so their
sum is a floor under this design, whatever the pass costs.

``--no-marking`` replaces the part checker's verdict with "correct" without
reading the answer, to measure everything grade does besides marking (the
output is then wrong; it goes to the folder you name). It is a measurement
of the design, never a mode of quizgen."""

from __future__ import annotations

import os
import sys
import time

START = time.perf_counter()
MAIN = os.getpid()

import importlib  # noqa: E402

from quizgen.cli import main  # noqa: E402  (imports count in the wall time)
from quizgen.grading.part_checker import PartChecker  # noqa: E402

# Each stage is named by the module that defines it; every module holding a
# reference to it gets the timed copy, so a stage is caught wherever it is called.
STAGES = [("quizgen.key.load:parse_key_text", "key.json: JSON parse"),
          ("quizgen.key.model:read_key", "key.json: typed key"),
          ("quizgen.grading.key_index:KeyIndex", "key index"),
          ("quizgen.grading.answer_pass:pass_rows", "pass over the rows"),
          ("quizgen.grading.ecf_pass:carry_errors_forward", "ECF"),
          ("quizgen.grading.ecf_split:carry_forward_in_parts", "ECF, questions shared out"),
          ("quizgen.grading.parallel:merge_later_part", "merge a later part"),
          ("quizgen.grading.belong:check_belong", "belongs to this key"),
          ("quizgen.grading.tally:count_columns", "tally: each part's counts"),
          ("quizgen.grading.tally:count_rows", "tally: each student's counts"),
          ("quizgen.grading.rows:finish_graded", "graded.csv's second copy"),
          ("quizgen.grading.grade_result:result_of", "totals and statistics"),
          ("quizgen.grading.class_files:write_reports", "students, questions, report.md"),
          ("quizgen.grading.outputs:report_students", "class report: each student's verdicts"),
          ("quizgen.report.analysis:analyse", "class report: item analysis"),
          ("quizgen.grading.outputs:class_report_texts", "class report: analysis, items, HTML (all)"),
          ("quizgen.grading.outputs:write_extra_outputs", "HTML report, items (waits for its process)")]


def stage_function(where: str):
    """The function (or class) ``module:name`` names; an error if it has moved."""
    module_name, name = where.split(":")
    return getattr(importlib.import_module(module_name), name)


def timed(where: str, label: str) -> int:
    """Replace the stage in every quizgen module holding it with a copy that prints its start and end;
    how many modules hold it."""
    function = stage_function(where)

    def wrapper(*args, **kwargs):
        begin, cpu = time.perf_counter(), time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            end, cpu = time.perf_counter(), time.process_time() - cpu
            place = "main  " if os.getpid() == MAIN else "later "
            print(f"{place} {label:44s} {begin - START:6.3f} -> {end - START:6.3f}  ({end - begin:.3f} s, "
                  f"CPU {cpu:.3f} s)", file=sys.stderr)
    holders = [module for module_name, module in list(sys.modules.items())
               if module_name.startswith("quizgen") and any(value is function for value in vars(module).values())]
    for module in holders:
        for name, value in list(vars(module).items()):
            if value is function:
                setattr(module, name, wrapper)
    return len(holders)


def run_grade(argv: list) -> None:
    print(f"main   {'imports':44s} {0:6.3f} -> {time.perf_counter() - START:6.3f}", file=sys.stderr)
    for where, label in STAGES:
        timed(where, label)
    if argv and argv[0] == "--no-marking":
        argv = argv[1:]
        PartChecker.__call__ = lambda self, text: self.correct
    try:
        main(["grade", *argv], standalone_mode=False)
    except SystemExit:
        pass
    print(f"main   {'end':44s} {time.perf_counter() - START:6.3f}", file=sys.stderr)


if __name__ == "__main__":
    run_grade(sys.argv[1:])
