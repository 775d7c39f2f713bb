"""Instructions per generated question, counted by valgrind's callgrind: a
figure that does not drift with the machine's load, for judging a change to
the generator (wall times here vary by up to 40% from minute to minute).

    python benchmarks/instructions.py          # needs valgrind (apt-get install valgrind)

It makes 10 and then 310 questions (all classes in turn, views in Markdown and
key entries, pickled for the main process, as a --jobs worker does) under
callgrind and divides the difference by 300, so start-up and loading the bank
cancel out.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys


def make_questions(count: int) -> None:
    """What one generate worker does for ``count`` questions."""
    import gc
    import pickle

    gc.disable()
    from quizgen.bank.loader import load_bank
    from quizgen.generation.make import _init_worker, _make_chunk
    from quizgen.generation.quiz import seed_label

    templates = load_bank()
    _init_worker(templates, ("md",))
    plan = [(f"Q{i + 1}", i % len(templates), seed_label(1, templates[i % len(templates)].id, i))
            for i in range(count)]
    pickle.dumps(_make_chunk(plan), protocol=pickle.HIGHEST_PROTOCOL)


def instructions(count: int) -> int:
    """Instructions callgrind counts for a run that makes ``count`` questions."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, "--child", str(count)],
                         capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        return make_questions(int(sys.argv[2]))
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    per_question = (instructions(310) - instructions(10)) / 300
    print(f"{per_question / 1e6:.3f} million instructions per question")


if __name__ == "__main__":
    main()
