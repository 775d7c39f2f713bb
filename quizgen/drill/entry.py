"""``quizgen drill`` as one library call: the learner's record (``--stats``) or a
session (session.run_drill), and the rule that joins them (--stats reads the
progress file --no-save promises not to read)."""

from __future__ import annotations

from quizgen.drill.session import run_drill
from quizgen.drill.state_file import StoppedWaiting
from quizgen.drill.summary import stats_report
from quizgen.drill.terminal import columns
from quizgen.errors import InputFileError, UsageError


def drill(inp, out, err, *, stats: bool = False, save: bool = True, state=None, banks=(), **session):
    """Show the record at ``state`` on ``out`` (its notes as warnings on ``err``) when ``stats``, else run a
    drill on the streams (``session``: run_drill's other options) and return its DrillResult; ``stats``
    with ``save`` false is refused in one line, so a library caller meets the rule the CLI does. Text is
    wrapped to the terminal's width (terminal.columns) unless ``session`` gives one."""
    if stats and not save:   # --no-save promises no progress file is read
        raise UsageError("--stats shows the progress file, which --no-save reads and writes none of: leave one out")
    if not stats:
        if inp is None:   # started with standard input closed (quizgen drill <&-): Python gives no sys.stdin
            raise InputFileError("standard input is closed, and the drill reads your answers from it: run it at "
                                 "a terminal, or give it a file of answers (< answers.txt)")
        try:
            return run_drill(inp, out, err, state=state, save=save, banks=banks, **{"width": columns(out), **session})
        except StoppedWaiting as stopped:   # Ctrl-C before the first question, as q: a line, exit 0
            out.write(f"{stopped}\n")
            out.flush()
            return None
    report, note = stats_report(state, banks, columns(out))
    err.writelines(f"quizgen: warning: {line}\n" for line in (note.splitlines() if note else ()))
    err.flush()
    out.write(report + "\n")
    out.flush()
    return None
