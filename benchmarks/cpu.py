"""One quizgen command run in this interpreter, reporting its wall time and the
CPU time of the main process and of the processes it started (grade's second
half and class report, generate's workers) on stderr:

    python benchmarks/cpu.py grade answers.csv --key key.json --out out/ --jobs 2
"""

import resource
import sys
import time

start = time.perf_counter()
from quizgen.cli import main  # noqa: E402  (imports count in the wall time, as for a user)

try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"wall {time.perf_counter() - start:.2f} s, main process CPU {own.ru_utime + own.ru_stime:.2f} s, "
      f"children CPU {children.ru_utime + children.ru_stime:.2f} s", file=sys.stderr)
