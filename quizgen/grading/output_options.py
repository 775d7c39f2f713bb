"""Which outputs ``grade`` writes beyond graded.csv and its tallies (GradeOutputs:
the class report, a gradebook file, feedback sheets) and the refusal, in one
line before anything is read, of options that cannot work together or that
would do nothing with the others given (``--gradebook-item`` without a Moodle
or Canvas gradebook, as ``--gradebook-template``); the outputs themselves are
written by outputs.py."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from quizgen.errors import UsageError
from quizgen.generation.printed import PAPER_SIZES
from quizgen.out_option import refuse_empty_folder
from quizgen.option_text import refuse_control

GRADEBOOKS = ("moodle", "canvas", "plain")


@dataclass
class GradeOutputs:
    """Which extra outputs ``grade`` writes: the class report (``html``; the
    items CSV comes with it), a gradebook (``gradebook`` one of GRADEBOOKS, with
    Canvas's exported ``gradebook_template`` (for Moodle, optional: its grade
    export or an earlier run's file, whose grades are kept), the assignment or grade item name
    ``gradebook_item`` and Moodle's ``gradebook_key``), and feedback sheets
    (into folder ``feedback``, ``feedback_format`` "md" or "pdf", PDFs on
    ``paper`` "a4" or "letter"; ``banks`` regenerate the worked solutions)."""

    html: bool = True
    gradebook: str | None = None
    gradebook_template: str | None = None
    gradebook_item: str | None = None
    gradebook_key: str = "idnumber"
    feedback: str | None = None
    banks: tuple = ()
    feedback_format: str = "md"
    paper: str = PAPER_SIZES[0]
    download: str = ""
    """The LMS download graded, by name (``responses.csv``), or "" for an answers file."""
    unkeyed: tuple = ()
    """The download's students named by the other id column than ``gradebook_key`` (no ID number, say)."""
    canvas_ids: tuple = ()
    """A Canvas download's students named by Canvas's own user id, for want of a sis_id: a Canvas
    gradebook template's ID column names them, never its SIS User ID (another student's may be the same number)."""
    zero_absent: bool = False
    """Give the students with no answer in an answers file 0 in a Moodle or Canvas gradebook (else no grade)."""
    moodle_maximum: float | None = None
    """The quiz's maximum grade in Moodle (a Responses download's ``Grade/10.00``): the Moodle file is scaled to it."""
    moodle_places: int | None = None
    """The decimal places ``moodle_maximum`` is shown with (2 in ``Grade/10.00``), to which Moodle rounded it."""
    download_resaved: str = ""
    """The signs that a spreadsheet saved the LMS download again (read_as.spreadsheet_signs), or ""."""
    unscaled_key: str = ""
    """The name of a Moodle download's built key graded again that keeps no ``moodle_maximum`` (one built
    by an older quizgen): its Moodle file holds the paper's points, said in a warning."""

    def check(self) -> None:
        """Refuse option combinations that cannot work, before grading starts."""
        refuse_empty_folder(self.feedback, "--feedback", "the feedback sheets")
        refuse_control("--gradebook-item", self.gradebook_item)
        if self.gradebook is not None and self.gradebook not in GRADEBOOKS:
            raise UsageError(f"--gradebook must be one of {', '.join(GRADEBOOKS)}, got {self.gradebook!r}")
        if self.gradebook == "canvas" and not self.gradebook_template:
            raise UsageError("--gradebook canvas needs --gradebook-template: the gradebook CSV exported from "
                             "Canvas (Grades > Export > Export Entire Gradebook)")
        if self.gradebook_template and self.gradebook not in ("canvas", "moodle"):
            raise UsageError("--gradebook-template is for --gradebook canvas or moodle")
        if self.gradebook_item is not None and self.gradebook not in ("canvas", "moodle"):
            raise UsageError("--gradebook-item is for --gradebook canvas or moodle (the column it names; the plain "
                             "gradebook has none)")
        if self.zero_absent and self.gradebook not in ("canvas", "moodle"):
            raise UsageError("--zero-absent is for --gradebook canvas or moodle (the students CSV and the plain "
                             "gradebook always score a student with no answer 0)")
        if self.feedback_format not in ("md", "pdf"):
            raise UsageError(f"--format must be md or pdf, got {self.feedback_format!r}")
        if self.paper not in PAPER_SIZES:
            raise UsageError(f"--paper must be {' or '.join(PAPER_SIZES)}, got {self.paper!r}")
        if self.paper != PAPER_SIZES[0] and self.feedback_format != "pdf":
            raise UsageError("--paper is the paper size of PDF feedback sheets: give --feedback DIR --format pdf too")
        if self.feedback_format == "pdf" and not self.feedback:
            raise UsageError("--format pdf is the format of the feedback sheets: give --feedback DIR too")
        if self.feedback_format == "pdf":
            from quizgen.grading.feedback_pdf import check_tex

            check_tex()   # before grading, so that nothing is written


def refuse_idle_bank(banks, sheets: bool) -> None:
    """Refuse ``--bank`` for an answers file when no feedback sheets are asked
    (``sheets``): there the bank only regenerates the sheets' worked solutions, so
    it would do nothing (a Moodle or Canvas download's questions read it too)."""
    if banks and not sheets:
        raise UsageError("--bank is for the feedback sheets' worked solutions (and a Moodle or Canvas download's "
                         "questions): give --feedback DIR too, or leave --bank out")


def output_names(outputs: GradeOutputs, stem: str) -> dict:
    """The extra files written beside graded.csv, by role."""
    names = {"items": f"{stem}-items.csv"}
    if outputs.html:
        names["html"] = f"{stem}-report.html"
    if outputs.gradebook:
        names["gradebook"] = f"{stem}-gradebook-{outputs.gradebook}.csv"
    return names


def refuse_gradebook_key(key: str, gradebook: str | None, answers, kind: str | None) -> None:
    """Refuse, in one line, ``--gradebook-key`` other than the default (``idnumber``) where it does
    nothing: it keys a Moodle gradebook and names a Moodle download's students, so with no
    ``--gradebook moodle`` the answers file ``answers`` must be a Moodle download (``kind``: the
    LMS of a download, None for an answers file). The default given explicitly cannot be told apart."""
    if key == "idnumber" or gradebook == "moodle" or kind == "moodle":
        return
    what = f"a {kind.capitalize()} download" if kind else "an answers file"
    raise UsageError(f"--gradebook-key {key} is for --gradebook moodle (keying its import) or a Moodle responses "
                     f"download (naming its students): {Path(answers).name} is {what}; give --gradebook moodle, "
                     "or leave --gradebook-key out")
