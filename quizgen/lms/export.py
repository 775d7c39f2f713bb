"""The export commands' library calls: sample the variants, write the file."""

from __future__ import annotations

from quizgen.files import write_file
from quizgen.lms.canvas import canvas_zip, safe_ident
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.variants import slots as make_slots


def write_moodle(out, classes: str = "all", count: int = 10, seed=1, banks=()) -> list:
    """Write the Moodle XML of ``count`` variants per selected template to
    ``out``; returns the slots written."""
    slots = make_slots(classes, count, seed, banks)
    write_file(out, moodle_xml(slots, root=f"quizgen seed {seed}"))
    return slots


def write_canvas(out, title: str = "quizgen quiz", classes: str = "all", count: int = 10, seed=1,
                 banks=()) -> list:
    """Write the Canvas QTI zip of ``count`` variants per selected template to
    ``out``; returns the slots written."""
    slots = make_slots(classes, count, seed, banks)
    write_file(out, canvas_zip(slots, title, quiz_id=safe_ident(f"quizgen_{seed}")))
    return slots
