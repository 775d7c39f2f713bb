"""One-number answers of a Moodle download a spreadsheet saved again: such a
save stores a cell that looks like a number as one and writes it back in
General format, so a right ``2.10`` arrives as ``2.1``. The key
built from such a download says ``"answers_rounded_by": "spreadsheet"``, and
grade then takes the right answer with the zeros at its end left off as
correct on a question of one part (whose Moodle cell is the bare number; a
Cloze cell, ``part 1: 0.820; ...``, is text and keeps its zeros), the figures
typed being past checking, as on a Canvas download (marking/carried_words.py,
ZEROS_UNSEEN). Here: those answers found, the one warning naming them, and
``--saved-by``, the instructor's word on where the download came from when its
cells cannot show it (a re-save whose grades have no end zero
to drop and whose text shows nothing is not seen)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from quizgen.errors import UsageError
from quizgen.key.status import Status
from quizgen.lms.papers import DOWNLOAD_LINE
from quizgen.marking.carried_words import ZEROS_UNSEEN
from quizgen.wording import first_few, thousands

_ACCEPTED = ZEROS_UNSEEN.partition("{")[0]   # the feedback's fixed words, which such a verdict begins with
SAVED_BY = ("auto", "moodle", "spreadsheet")
"""``grade --saved-by``: auto (the download's own signs decide), moodle (Moodle's own file: the strict
rule), spreadsheet (saved again by one: its one-number answers' end zeros are past checking)."""
_SAID = "as --saved-by spreadsheet says"


def resave_signs(saved_by: str, signs: str, kept: str) -> str:
    """What shows that a spreadsheet saved the Moodle download again, as the warnings name it, or "" for
    none: ``signs`` (those its text and cells show) unless ``kept`` (a grade a save would have rewritten,
    lms.resave_signs.numbers_kept) or ``saved_by`` says otherwise (SAVED_BY)."""
    if saved_by == "moodle":
        return ""
    if saved_by == "spreadsheet":
        return ", ".join(filter(None, (_SAID, signs)))
    return "" if kept else signs


def refuse_saved_by(saved_by: str, path, kind, header=None) -> None:
    """Refuse, in one line, --saved-by moodle or spreadsheet for the file at ``path`` when it is no Moodle
    download (``kind``: lms_kind's): nothing else has one-number answers whose end zeros a save drops.
    The answers file quizgen built from a download (``header`` holds its DOWNLOAD_LINE column) is graded
    by the rule its key records, so the advice there is to grade the download itself with the option."""
    if saved_by not in SAVED_BY:
        raise UsageError(f"--saved-by must be one of {', '.join(SAVED_BY)}, got {saved_by!r}")
    if saved_by == "auto" or kind == "moodle":
        return
    name = Path(path).name
    if kind != "canvas" and DOWNLOAD_LINE in (cell.strip().lower() for cell in header or ()):
        raise UsageError(f"--saved-by is for a Moodle responses download: {name} is the answers file quizgen built "
                         "from a download, graded by the rule its key records (whether a spreadsheet saved the "
                         f"download again); to choose the rule, grade the download itself with --saved-by {saved_by}")
    what = "a Canvas download, whose figures Canvas rewrites itself" if kind == "canvas" else "an answers file"
    raise UsageError(f"--saved-by is for a Moodle responses download: {name} is {what}; leave --saved-by out")


def one_part_credits(credits):
    """``credits`` (marking.rule_model.Credits) for a one-part question of such a download: the right
    answer with its end zeros left off is correct, said in ZEROS_UNSEEN's words."""
    return replace(credits, zeros_optional=True, zeros_said=ZEROS_UNSEEN)


def zeros_dropped(grid, answers: tuple) -> list:
    """``(question, answer)`` for each answer the pass graded correct as the right answer with its
    end zeros dropped (its feedback in ZEROS_UNSEEN's words, given on a one-part question alone:
    one_part_credits), in the built answers file's order: ``grid`` (matrix.AnswerGrid) holds each
    answer's row and outcome, ``answers`` each row's ``(question, answer)``. Read once the answers
    are marked, so a re-saved download is graded once (an override's mark stands for its answer)."""
    rows = sorted(row for row, outcome in zip(grid.rows, grid.outcomes)
                  if outcome.status is Status.CORRECT and outcome.feedback.startswith(_ACCEPTED))
    return [answers[row] for row in rows]


def dropped_warning(path, dropped: list, signs: str) -> list:
    """The one warning on the answers ``zeros_dropped`` found in the download at ``path``, whose
    ``signs`` show a spreadsheet's save: accepted as correct, and how to mark their figures."""
    if not dropped:
        return []
    shown = first_few([f"{question} {answer}" for question, answer in dropped])
    return [f"{Path(path).name}: {thousands(len(dropped))} answer(s) to one-number questions are the right answer "
            f"with the zeros at its end left off ({shown}): the download was saved again by a spreadsheet "
            f"({signs}), which writes 2.10 back as 2.1, so the figures typed cannot be checked and they are "
            "marked correct; to mark the figures as typed, grade the download as Moodle wrote it (download it "
            "again and grade it without opening it in a spreadsheet)"
            + ("" if signs.startswith(_SAID) else ", or, if it is Moodle's own file, grade with --saved-by moodle")]
