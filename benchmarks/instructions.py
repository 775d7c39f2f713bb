"""Instructions per generated question, counted by valgrind's callgrind: a
figure that does not drift with the machine's load, for judging a change to
the generator (wall times here vary by up to 40% from minute to minute).

    python benchmarks/instructions.py          # needs valgrind (apt-get install valgrind)

It makes 10 and then 310 questions (all classes in turn, views in Markdown and
key entries, pickled for the main process, as a --jobs worker does) under
callgrind and divides the difference by 300, so start-up and loading the bank
cancel out.

    python benchmarks/instructions.py --run 40   # runs of 40 instances of each template

``--run N`` makes each template's questions as one paper's run of N instead
(first one of each template, then N of each), as ``generate --count N`` does:
instances that share an answer with an earlier one of the run are redrawn,
so the count includes the redraws a real paper costs (``--count 1000`` redraws
about one instance in seven; a run of 40 fewer).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys


def make_questions(count: int, run: int = 1) -> None:
    """What one generate worker does for ``count`` questions (in runs of
    ``run`` instances of one template; with runs, ``count`` is per template)."""
    import gc
    import pickle

    gc.disable()
    from quizgen.bank.loader import load_bank
    from quizgen.generation.make import PlanItem, _init_worker, _make_chunk
    from quizgen.generation.quiz import seed_label

    templates = load_bank()
    _init_worker(templates, ("md",))
    if run == 1:
        plan = [PlanItem(f"Q{i + 1}", i % len(templates), seed_label(1, templates[i % len(templates)].id, i))
                for i in range(count)]
        pickle.dumps(_make_chunk(plan), protocol=pickle.HIGHEST_PROTOCOL)
        return
    for i, template in enumerate(templates):
        chunk = [PlanItem(f"Q{k + 1}", i, seed_label(1, template.id, k)) for k in range(count)]
        pickle.dumps(_make_chunk(chunk), protocol=pickle.HIGHEST_PROTOCOL)


def instructions(count: int, run: int = 1) -> int:
    """Instructions callgrind counts for a process that makes ``count`` questions (runs of ``run``)."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, "--child", str(count), str(run)],
                         capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        return make_questions(int(sys.argv[2]), int(sys.argv[3]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=int, help="runs of RUN instances of each template, redraws included (2 or more)")
    run = parser.parse_args().run
    if run is not None and run < 2:
        parser.error("--run needs 2 or more")
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    if run:
        per_question = (instructions(run, run) - instructions(1, run)) / (10 * (run - 1))
    else:
        per_question = (instructions(310) - instructions(10)) / 300
    print(f"{per_question / 1e6:.3f} million instructions per question")


if __name__ == "__main__":
    main()
