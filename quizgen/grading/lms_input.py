"""``quizgen grade`` on an LMS export: a Moodle quiz "Responses" download or a
Canvas "Student Analysis" CSV of a quiz made by ``quizgen export``, told apart
from an ordinary answers file by its header. The variants the students saw are
regenerated from the seed labels the question texts' codes stand for (read
back through the export's key file, quizgen.lms.exportkey; an older export's
tags hold the seed labels themselves) (quizgen.lms.papers),
and the key and the long answers file built from them are written beside the
outputs (``<stem>-key.json``, ``<stem>-answers.csv``), so the export is graded
through the normal path and can be graded again from those two files."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from quizgen.commit import one_commit
from quizgen.csv_input import header_shown
from quizgen.errors import InputFileError, UsageError
from quizgen.files import out_is_folder, refuse_clashes, write_files
from quizgen.out_option import default_output_folder
from quizgen.grading.answers_file import EXPECTED, header_row, plain_answers_header
from quizgen.grading.attempt_choice import AttemptChoice, attempt_note, chosen_attempts, refuse_attempt_for_answers
from quizgen.grading.download_warnings import (absent_warning, canvas_cut, cut_warning, filled_warning,
                                               test_student_note, unnamed_warning, unordered_warning)
from quizgen.grading.export_key_found import export_key_for, export_keys_found, found_key_refusal
from quizgen.grading.file_text import csv_start
from quizgen.grading.output_options import refuse_gradebook_key, refuse_idle_bank
from quizgen.grading.read_as import download_read_as, spreadsheet_signs
from quizgen.grading.resaved_zeros import dropped_warning, refuse_saved_by, resave_signs, zeros_dropped
from quizgen.key.download_fields import maximum_and_places
from quizgen.lms.attempts import retried_note
from quizgen.lms.download_kind import DOWNLOADS, MOODLE_ENGLISH, as_written_by_the_lms, grade_column, lms_kind
from quizgen.lms.untagged import graded_untagged


def download_header(path, encoding=None, delimiter=None) -> list:
    """The header cells of the CSV file at ``path``, read as an answers file's
    are (encoding and delimiter detected unless given); one line when it is no text."""
    return _download_start(path, encoding, delimiter)[0]


def _download_start(path, encoding=None, delimiter=None) -> tuple:
    """``(header cells, delimiter, encoding, sep line)`` of the CSV file at ``path``, read as an
    answers file's are (the delimiter: ``delimiter``, else the ``sep=`` line's,
    else the header's most used; ``sep line``: whether it has Excel's); one line when it is no text."""
    start = csv_start(Path(path), Path(path), encoding, delimiter, EXPECTED)
    header = header_row(Path(path), start.lines, start.delimiter, start.skip)[0]
    return header, start.delimiter, start.encoding, start.skip > 0


def in_dialect(answers: str, delimiter: str) -> str:
    """The long answers CSV ``answers`` (``,``-separated) with ``delimiter``
    between its cells: the built answers file keeps the download's dialect, so
    that it, and the outputs grading it, read as the download would (a ``;``
    file, one a spreadsheet saved again in a decimal-comma locale, is read and
    written with decimal commas; docs/grading.md)."""
    if delimiter == ",":
        return answers
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(csv.reader(io.StringIO(answers, newline="")))
    return out.getvalue()


def moodle_maximum(path, encoding=None, delimiter=None) -> tuple:
    """``(maximum, places)``: the quiz's maximum grade in Moodle (its grade
    item's), from the ``Grade/10.00`` column of the download at ``path``, and
    the decimal places it is shown with (2 there), which are the quiz's
    "Decimal places in grades": Moodle rounds the heading to them
    (attemptsreport.php, add_grade_columns: quiz_format_grade), so ``Grade/8``
    may be a maximum of 7.5; ``(None, None)`` without one (or 0)."""
    return maximum_in(_start_if_file(path, encoding, delimiter)[0])


def maximum_in(header) -> tuple:
    """``(maximum, places)`` of the Moodle download whose header cells are ``header`` (moodle_maximum)."""
    number = grade_column(header)[1]
    return maximum_and_places(number) if number and float(number) else (None, None)


def _maximum_text(header) -> str:
    """The quiz's maximum grade in Moodle as the key built from the download keeps it, ``"10.00"`` (its places
    Moodle's, a decimal point), or "" without one: a run grading the built files scales to it again."""
    most, places = maximum_in(header)
    return f"{most:.{places}f}" if most else ""


def lms_kind_of(path, encoding=None, delimiter=None) -> str | None:
    """``"moodle"`` or ``"canvas"`` when the file at ``path`` is an LMS export, else None."""
    header, *_ = _start_if_file(path, encoding, delimiter)
    return lms_kind(header) if header is not None else None


def _start_if_file(path, encoding, delimiter) -> tuple:
    """``(header cells, delimiter, encoding, sep line)`` of the regular file at ``path`` (_download_start),
    or Nones for a pipe (read once, as an answers file) or a file open_answers will report."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None, None, None, None
        return _download_start(path, encoding, delimiter)
    except (OSError, InputFileError):
        return None, None, None, None


@dataclass(frozen=True)
class LmsInput:
    """What ``grade`` grades for its answers argument (``lms_inputs``): the files
    built from an LMS download, or the answers, key and out as given."""

    answers: Path   # the answers file to grade: the one built from a download, else the one given
    key: object     # its key: the one built, else as given (a path, a dict or None)
    out: object     # grade's --out: for a download, <stem>-graded.csv when none or a folder was given
    warnings: list = field(default_factory=list)   # the download's, to show among the answers file's
    built: bool = False   # True: ``answers`` and ``key`` were built from an LMS download
    notes: list = field(default_factory=list)       # which attempts were graded, the export key found
    found_key: Path | None = None   # the export key found and used for want of --key (an input, never replaced)
    unkeyed: tuple = ()     # a Moodle download's students named by the other id column than --gradebook-key
    canvas_ids: tuple = ()  # a Canvas download's students named by Canvas's user id, for want of a sis_id
    untagged: tuple = ()    # ((download, kind, cells),): question cells with no tag, warned of once marked
    key_banks: tuple = ()   # the bank folders the export key named, loaded for want of --bank
    read_as: str = ""   # the download's kind, delimiter and encoding, as the summary names the file read
    resaved: str = ""   # the signs that a spreadsheet saved the download again (read_as.spreadsheet_signs), or ""
    resaved_rows: tuple = ()   # then: the download's name and each built row's (question, answer)

    def zeros_warning(self, grid) -> list:
        """Once the answers are marked (``grid``, matrix.AnswerGrid), the warning on those a
        spreadsheet's save dropped the end zeros of, accepted as correct (resaved_zeros.py)."""
        if not self.resaved_rows:
            return []
        name, answers = self.resaved_rows
        return dropped_warning(name, zeros_dropped(grid, answers), self.resaved)


@contextmanager
def lms_inputs(path, key, out, encoding, banks, *, id_key: str = "idnumber", delimiter=None,
               reads: dict | None = None, choice: AttemptChoice = AttemptChoice(), gradebook: str | None = None,
               key_forced: str = "", sheets: bool = True, saved_by: str = "auto"):
    """An LmsInput to grade: for an LMS export, the files ``lms_grading_files``
    builds, written in a one_commit (grade's, which is open around this block):
    when grading then fails, those of a former run are put back as they were,
    and the files and folders made are removed; for any other file, as given
    (refused in one line naming it when ``key`` is the key of an LMS export,
    which grades only that LMS's download). ``reads``: ``{path: role}`` of the
    run's other inputs, which the built files may not replace
    (grading/paths.files_read). ``choice`` (attempt_choice.AttemptChoice): which
    attempt of a student with several is graded. Options that do nothing for the
    file are refused in one line: --attempt, when given, for a file that is no
    download, and ``id_key`` email for one that is no Moodle download unless
    ``gradebook`` is moodle, and ``banks`` for a file that is no download unless
    ``sheets`` (feedback sheets asked: refuse_idle_bank). ``key_forced``: the option (--force-key) that grades a
    download of seed labels with an export key of another seed, with a warning. ``saved_by``
    (resaved_zeros.SAVED_BY): what saved a Moodle download last, auto (its own signs say), refused
    otherwise for any other file."""
    start = _start_if_file(path, encoding, delimiter)   # read once
    header, dialect, read_encoding, _ = start
    kind = lms_kind(header) if header is not None else None
    if not kind:
        _check_not_export_key(path, key, header, encoding, delimiter)
        if os.path.exists(path):   # a missing file is open_answers' to name
            refuse_attempt_for_answers(path, choice)
            refuse_gradebook_key(id_key, gradebook, path, kind)
            refuse_idle_bank(banks, sheets)
            refuse_saved_by(saved_by, path, kind, header)
        yield LmsInput(answers=path, key=key, out=out)
        return
    refuse_gradebook_key(id_key, gradebook, path, kind)
    refuse_saved_by(saved_by, path, kind)
    header = as_written_by_the_lms(header)
    with one_commit(hold=False):   # inside grade's commit, handed to it when this block ends well
        read = lms_grading_files(path, key, out, encoding, banks, id_key=id_key, delimiter=delimiter, kind=kind,
                                 reads=reads, start=start, choice=choice, key_forced=key_forced, saved_by=saved_by)
        fallback = tuple(read.fallback)
        yield LmsInput(answers=read.answers, key=read.key, out=read.out, built=True,
                       warnings=_download_warnings(read, path, kind, choice, header), notes=read.notes,
                       found_key=read.found_key, unkeyed=fallback if kind == "moodle" else (),
                       canvas_ids=fallback if kind == "canvas" else (),
                       untagged=((Path(path).name, kind, read.untagged),), key_banks=tuple(read.key_banks),
                       read_as=download_read_as(kind, dialect, read_encoding), resaved=read.resaved,
                       resaved_rows=(Path(path).name, read.answered) if read.answered else ())


def _download_warnings(read, path, kind: str, choice: AttemptChoice, header) -> list:
    """The warnings on the download at ``path`` that ``read`` (a DownloadReading) found, in the order
    shown: the bank folders loaded, seed labels of another seed than the key's (--force-key), rows
    naming no student, Canvas users with a sis_id on some rows only (graded as one student), question
    groups not given, attempts not ordered, Canvas answers cut to 4 decimals (its untagged cells are
    warned of once marked)."""
    return (read.loaded + read.other_seed + unnamed_warning(path, read.skipped, kind) + filled_warning(path, read.filled)
            + absent_warning(path, read.absent)
            + unordered_warning(path, read.unordered, choice.rule, header) + cut_warning(path, read.cut))


def _check_not_export_key(path, key, header, encoding, delimiter) -> None:
    """Refuse, naming the answers file, a file that is no LMS download graded
    with the key of an LMS export: the file is what is wrong, not the key.
    ``header``: the file's, if already read."""
    from quizgen.lms.exportkey import export_key_lms

    if key is None or isinstance(key, dict) or not _regular(key):
        return   # a pipe (--key /dev/stdin) is read once, by the key reader: a look here would leave it empty
    lms = export_key_lms(key)
    if lms not in DOWNLOADS:
        return
    if header is None:
        header = download_header(path, encoding, delimiter)   # a file that is no text says so itself
    split = _split_by(header)
    if split:
        advice = (f"its header is separated by {split!r}, which quizgen does not detect by itself: pass "
                  f"--delimiter '{split}', or save the download again as comma, semicolon or tab separated CSV")
    elif plain_answers_header(header):
        advice = "a CSV of answers to a generated paper needs the key.json that quizgen generate wrote beside the paper"
    else:
        advice = MOODLE_ENGLISH if lms == "moodle" else "download the quiz's Student Analysis again"
    raise InputFileError(f"{path}: not {DOWNLOADS[lms]}, which --key {Path(key).name} (the key of a "
                         f"{lms.capitalize()} export) grades; found {header_shown(header)}; {advice}")


def _split_by(header) -> str:
    """The delimiter a one-cell ``header`` of an LMS download was saved with
    (``|``: one quizgen reads only when --delimiter names it), or ""."""
    if not header or len(header) != 1:
        return ""
    return next((d for d in ("|", ",", ";", "\t") if d in header[0] and lms_kind(header[0].split(d))), "")


def _regular(path) -> bool:
    """Whether ``path`` is a regular file (not a pipe or device, which can be read only once)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _loaded_note(key, folders: list) -> list:
    """A note (in a list, or none) naming the bank folders the export key named,
    whose templates were loaded: a key file is not to be trusted unseen."""
    if not folders:
        return []
    return [f"{key}: the templates in the bank folder(s) the export key names were loaded: "
            f"{', '.join(folders)} (pass --bank to choose the folders yourself)"]


def _output_places(path: Path, out) -> tuple:
    """``(folder, graded)`` for the download at ``path``: the folder the built files and
    the outputs go to (``out`` itself, a folder, or ``out``'s folder; else beside the
    download), and grade's --out there (``out``, a file, or ``<stem>-graded.csv``);
    ``out`` asked once whether it names a folder (files.out_is_folder)."""
    if not out:
        folder = default_output_folder(path)
    elif out_is_folder(out, bare_name_too=True):
        folder = Path(out)
    else:
        return Path(out).parent, out
    return folder, folder / f"{path.stem}-graded.csv"


@dataclass
class DownloadReading:
    """What ``lms_grading_files`` built from an LMS download and found in it on the way."""

    answers: Path   # the long answers file built (<stem>-answers.csv)
    key: Path       # the key built (<stem>-key.json)
    out: Path       # grade's --out: <stem>-graded.csv in the outputs' folder unless a file was given
    notes: list = field(default_factory=list)      # the export key found, the attempts graded, tries joined
    found_key: Path | None = None   # the export key found and used for want of --key
    loaded: list = field(default_factory=list)     # the warning naming the bank folders the export key named
    key_banks: list = field(default_factory=list)  # those folders, loaded for want of --bank
    skipped: list = field(default_factory=list)    # numbers of the rows that name no student
    fallback: list = field(default_factory=list)   # students named by the other id column than ``id_key``
    unordered: list = field(default_factory=list)  # students whose attempts have no readable start time
    absent: list = field(default_factory=list)     # Canvas question groups not given to a student
    cut: list = field(default_factory=list)        # Canvas answers that may be the right one cut (canvas_cut)
    untagged: list = field(default_factory=list)   # question cells of the attempts graded with no tag
    filled: dict = field(default_factory=dict)     # Canvas users with a sis_id on some rows only (canvas_students)
    other_seed: list = field(default_factory=list)  # the warning: seed labels of another seed, graded with --force-key
    resaved: str = ""   # the signs that a spreadsheet saved the download again (read_as.spreadsheet_signs), or ""
    answered: tuple = ()   # then: each built row's (question, answer), to find those whose zeros it dropped


def lms_grading_files(path, key, out, encoding, banks, *, id_key: str = "idnumber", delimiter=None,
                      kind: str | None = None, reads: dict | None = None, start: tuple | None = None,
                      choice: AttemptChoice = AttemptChoice(), key_forced: str = "",
                      saved_by: str = "auto") -> DownloadReading:
    """A DownloadReading: the long answers and the key to grade the LMS export at
    ``path`` (``key``: the key file of ``quizgen export``, which reads variant codes
    back as seed labels), written beside the outputs; ``out``, when not given or a
    folder, is ``<stem>-graded.csv`` there, so the outputs keep the export's name
    (``responses-graded.csv``, not the answers file's ``responses-answers-graded.csv``),
    as grade's outputs in a folder keep their default names. ``kind``: the LMS, when
    the caller has read it. The answers file is written with the download's delimiter
    (of ``start``, the download's header, delimiter, encoding and whether it has a
    ``sep=`` line, when the caller has read them: _download_start), so that grading it reads and writes as
    for the download itself. ``key`` None: the export's key file found as key.json is
    (export_key_found.py), said in a note. ``choice``: which attempt of a student with
    several is graded (default: the highest scoring), said in a note. ``key_forced``: the
    option that grades seed labels of another seed than the export key's (exportkey.other_seed).
    ``saved_by``: --saved-by, whether a spreadsheet saved a Moodle download again (resave_signs)."""
    from quizgen.lms.exportkey import decode_rows, key_banks as banks_named, variant_labels
    from quizgen.lms.fingerprints import expected_fingerprints
    from quizgen.lms.papers import grading_inputs
    from quizgen.lms.responses import read_responses

    path = Path(path)
    kind = kind or lms_kind_of(path, encoding, delimiter)
    found = export_keys_found(path, kind) if key is None else []   # the built files never replace one
    folder, graded = _output_places(path, out)
    answers_file, key_file = folder / f"{path.stem}-answers.csv", folder / f"{path.stem}-key.json"
    export_keys = {Path(k): "the export's key file" for k in ([key] if key is not None else found)}
    refuse_clashes({answers_file: "the answers file it builds", key_file: "the key it builds"},
                   {**(reads or {}), **export_keys}, f"grading {path.name}",
                   "rename the responses file or pass another --out")
    notes, other_seed, read = [], [], read_responses(path, encoding, prefer=id_key, delimiter=delimiter)
    rows, notes[:0] = read.rows, test_student_note(path.name, read.test_student)
    found_key = export_key_for(path, kind, rows, found, notes) if key is None else None
    key = found_key if key is None else key
    try:
        rows, export_key = decode_rows(rows, key, path, kind, key_forced, other_seed)
    except (InputFileError, UsageError) as exc:   # a key found, not given: said so, with the others found
        raise (exc if not found else type(exc)(found_key_refusal(exc, found, path))) from exc
    loaded = []
    if not banks and export_key and export_key.get("banks"):
        banks = loaded = banks_named(export_key, key)
    start = start if start and start[0] is not None else _download_start(path, encoding, delimiter)
    resaved = resave_signs(saved_by, ", ".join(filter(None, (spreadsheet_signs(*start[1:]), read.resaved))),
                           read.numbers_kept)
    how = {"banks": banks, "rounded_by": "canvas" if kind == "canvas" else "spreadsheet" if resaved else "",
           "order": (export_key or {}).get("templates", ()),
           "fingerprints": expected_fingerprints(export_key, variant_labels(export_key, {r.template for r in rows}))
           if export_key else {}}
    dialect = start[1]
    if choice.decimal_comma is None:   # as grade reads the built answers file: decimal commas unless ','-separated
        choice = replace(choice, decimal_comma=dialect != ",")
    try:
        rows, not_given = _graded_attempts(rows, choice, how, path.name, notes, read.absent)
        notes += retried_note(path.name, rows)
        inputs = grading_inputs(rows, **how, still_open=read.still_open, maximum=_maximum_text(start[0])
                                if kind == "moodle" else "")
    except InputFileError as exc:
        raise InputFileError(f"{path}: {exc}") from exc
    untagged = graded_untagged(read.untagged, rows, inputs.left)
    cut = canvas_cut(inputs) if kind == "canvas" else []
    answered = tuple((q, answer) for _, q, _, answer in inputs.rows) if how["rounded_by"] == "spreadsheet" else ()
    text = in_dialect(inputs.answers, dialect)
    answers, key_path = write_files(folder, {answers_file.name: text,
                                             key_file.name: json.dumps(inputs.key, indent=1) + "\n"})
    return DownloadReading(
        answers=answers, key=key_path, out=graded,
        notes=notes, found_key=found_key, loaded=_loaded_note(key, loaded), key_banks=list(loaded), skipped=read.skipped,
        fallback=read.fallback, unordered=read.unordered, absent=not_given, cut=cut, untagged=untagged,
        filled=read.filled, other_seed=other_seed, resaved=resaved, answered=answered)


def _graded_attempts(rows: list, choice, how: dict, download: str, notes: list | None, every_absent=()) -> tuple:
    """``(rows, not given)``: the rows of the attempt ``choice`` grades of each
    student (all of a student's with one), and the Canvas question groups not
    given in it (``(student, template, part)``, of ``every_absent``:
    ``(attempt, (student, template, part))`` of every attempt, so that an
    attempt given none counts too); the note naming the students with several
    added to ``notes``."""
    unread, empty = [], {(entry[0], attempt) for attempt, entry in every_absent}
    chosen = chosen_attempts(rows, choice, **how, unread=unread, empty=empty)
    pairs = {(r.student_id, r.attempt) for r in rows} | empty
    others = len({pair for pair in pairs if pair[0] in chosen}) - len(chosen)
    if notes is not None:
        notes += attempt_note(download, chosen, choice.rule, others, unread, choice.given)
    return ([row for row in rows if chosen.get(row.student_id, row.attempt) == row.attempt],
            [entry for attempt, entry in every_absent if chosen.get(entry[0], attempt) == attempt])
