"""``quizgen grade`` as one library call: the outputs it asks for gathered
(GradeOutputs), the class graded (run.grade), the run's objects left to the
operating system at exit, and what the command prints and exits with."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.wording import printable
from quizgen.grading.collector import left_at_exit
from quizgen.grading.grade_result import GradeResult
from quizgen.grading.output_options import GradeOutputs
from quizgen.grading.summary import summary_text
from quizgen.grading.run import grade


class Graded(NamedTuple):
    """A grade command's run: its result, the warnings to print (each one printable line), the
    summary, and the exit code (1 when an output was not made as asked: GradeResult.unfinished)."""

    result: GradeResult
    warnings: list
    summary: str
    exit_code: int


def grade_command(answers, *, html: bool = True, gradebook=None, gradebook_template=None, gradebook_item=None,
                  gradebook_key: str = "idnumber", feedback=None, feedback_format: str = "md", paper: str = "a4",
                  banks=(), zero_absent: bool = False, **options) -> Graded:
    """Grade ``answers`` as ``quizgen grade`` does: the extra outputs named by the keywords above
    (GradeOutputs' fields), every other option ``grade``'s. For a command's process: once the
    files are written, the key's objects are left to the OS at exit (collector.left_at_exit)."""
    outputs = GradeOutputs(html=html, gradebook=gradebook, gradebook_template=gradebook_template,
                           gradebook_item=gradebook_item, gradebook_key=gradebook_key, feedback=feedback,
                           feedback_format=feedback_format, paper=paper, banks=banks, zero_absent=zero_absent)
    result = grade(answers, outputs=outputs, **options)
    left_at_exit()   # every output is written: the key's objects are the OS's to reclaim, not the last collection's
    return Graded(result, [printable(line) for line in result.warnings], summary_text(result),
                  1 if result.unfinished else 0)
