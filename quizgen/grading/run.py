"""``grade``: a class's answers file graded against key.json, streaming (rows
are read, graded and written one at a time, so memory grows with the number of
students and question parts, never with the number of rows), then the reports.

Where each piece lives: key_index.py the key made ready for lookups,
students.py the student registry, rows.py the one pass over the rows,
outcome.py what a row earned, writer.py graded.csv's rows, tally.py the
totals, matrix.py the final verdicts per student and part, report.py the
reports."""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from quizgen.background import Background, resolve_jobs
from quizgen.errors import InputFileError, OutputError
from quizgen.commit import one_commit
from quizgen.files import streamed_files
from quizgen.grading.answers_file import open_answers
from quizgen.grading.belong import check_belong, check_codes
from quizgen.grading.belong_early import check_early
from quizgen.grading.unknown_labels import unknown_labels_line
from quizgen.grading.collector import collector_paused
from quizgen.grading.decisions import read_decisions
from quizgen.grading.dropped import settle_class
from quizgen.grading.feedback_files import MANIFEST, write_sheet_files
from quizgen.grading.file_warnings import file_warnings, stray_columns
from quizgen.grading.key_index import (KeyIndex, found_key_note, key_shown, load_key, marking_policy, tolerance_override,
                                       traps_covered)
from quizgen.grading.attempt_choice import AttemptChoice
from quizgen.grading.lms_input import lms_inputs, moodle_maximum
from quizgen.grading.look_at import look_at_lines, unanswered_lines
from quizgen.grading.lost_tag import untagged_lines
from quizgen.grading.made_from import MadeFrom, check_made_from, record_name
from quizgen.grading.outcome import localised
from quizgen.grading.matrix import AnswerGrid, Slot, VerdictMatrix
from quizgen.grading.output_options import GradeOutputs
from quizgen.grading.outputs import class_report_texts, write_extra_outputs
from quizgen.grading.paper_written import PapersWritten
from quizgen.grading.paths import (extra_roles, files_read, output_paths, refuse_empty_out, refuse_missing_banks,
                                   refuse_sheet_clashes, run_files)
from quizgen.grading.report import (question_rows, question_stats, report_markdown, roster_order, student_rows,
                                    student_sections, student_totals)
from quizgen.grading.rows import finish_graded, grade_file
from quizgen.grading.run_settings import marked_with
from quizgen.grading.same_id import answers_state, clashing_ids
from quizgen.grading.stale import remove_stale_outputs
from quizgen.grading.no_id import no_id_notes, no_id_places
from quizgen.grading.off_roster import graded_off_roster, lost_zeros, roster_twins_warnings
from quizgen.grading.student_notes import reconciliation_lines, zero_marked
from quizgen.grading.students import Students
from quizgen.grading.swapped_ids import swapped_notes
from quizgen.grading.tally import Tally, count_latest, key_trap_wording
from quizgen.grading.mixed_rows import mixed_lines
from quizgen.grading.timestamps import resubmission_lines, unread_time_lines
from quizgen.key.parts import trap_names
from quizgen.lms.papers import still_open_ids, unlisted_ids, unmarked_absent
from quizgen.report.html import prepare_page
from quizgen.roster import read_roster
from quizgen.ui import progress_bar


@dataclass
class GradeResult:
    """What ``grade`` did: counts per Status, per-student totals (StudentTotal),
    per-question-part statistics (QuestionStats), the misconceptions' feedback,
    the files written, and ``matrix``: every student's final verdict on every
    question part (a VerdictMatrix, students in the order of ``students``)."""

    answers_path: Path
    key_name: str
    form: str
    delimiter: str
    encoding: str
    rows: int
    counts: dict
    students: list
    questions: list
    feedback: dict
    paths: dict = field(default_factory=dict)
    matrix: VerdictMatrix | None = None
    notes: list = field(default_factory=list)
    warnings: list = field(default_factory=list)   # e.g. overrides that matched no answer
    absent: list = field(default_factory=list)     # ids of who gave no answer (roster students, zero_marked)
    shared_ids: list = field(default_factory=list)   # ids whose rows name two people (same_id.py)
    roster_notes: list = field(default_factory=list)   # what reconciling students and key found
    made_rows: int = 0   # rows --overrides added for parts with no answer row (counted in ``counts``)
    decimal_comma: bool = False   # the outputs write decimal commas (AnswersFile.writes_comma): reports, summary
    files: dict = field(default_factory=dict)   # {path: role} of every file read or written but the sheets
    off_roster: tuple = ()   # ids graded though not on --roster; ``roster_ids``: the roster's (for hints)
    zero_marked: list = field(default_factory=list)   # ids in ``absent`` marked only by overrides scoring 0
    roster_ids: tuple = ()
    papered: frozenset = frozenset()   # the ids of ``off_roster`` with a paper of their own in the key: no hint
    papers_used: dict = field(default_factory=dict)   # {student id: paper_written.Written}: graded on the code they wrote
    held: frozenset = frozenset()   # normal ids of a Moodle attempt still open, or none: no LMS gradebook grade
    unlisted: frozenset = frozenset()   # normal ids of roster students an LMS download lacks: no LMS gradebook grade
    zeros_lost: dict = field(default_factory=dict)   # {LMS download's id: the roster's, its leading zeros kept}
    settings: str = ""   # "Marked with: ..." (run_settings.marked_with), at the top of the reports
    names: dict = field(default_factory=dict)   # {code: name}: the key's names of its traps (key.parts.trap_names)


@collector_paused()
def grade(answers, key=None, out=None, *, delimiter=None, decimal_comma=None, rtol=None, atol=None,
          decimal_mark="auto", encoding=None, progress: bool = False, outputs: GradeOutputs | None = None,
          policy=None, ecf_credit=None, overrides=None, roster=None, force: bool = False, jobs: int | None = None,
          paper_as_written: bool = False, attempt: str | None = None, force_key: bool = False,
          replace_outputs: bool = False) -> GradeResult:
    """Grade the answers file ``answers`` against ``key`` (a key.json path, its
    data as a dict, or None to find key.json beside the answers, in the working
    directory or in its quiz/ folder, the first found, with a note when it is not
    beside the answers). Writes ``<answers stem>-graded.csv`` beside the answers (``out``
    chooses another path, or a folder) and, beside it, ``<stem>-students.csv``,
    ``<stem>-questions.csv`` and ``<stem>-report.md``, all atomically.
    ``decimal_comma`` reads commas between digits as decimal points (None: as the file shows), and
    ``decimal_mark`` ("auto": the mark read, "point", "comma") is the one every output writes.
    ``rtol``/``atol`` replace every part's tolerance; ``progress`` shows a
    progress bar on stderr when it is a terminal, and off one a line every 30 s while
    PDF feedback sheets compile (generation.pdf.compile_documents, as generate's). ``outputs`` (GradeOutputs)
    chooses the class report (``<stem>-report.html`` and ``<stem>-items.csv``,
    on by default), a gradebook file and feedback sheets (see outputs.py).
    ``policy`` (a policy.yaml path) and ``ecf_credit`` set the careful marker's
    credits, ``overrides`` (an overrides.csv path) applies human decisions,
    ``roster`` (a roster CSV path) names who should have answered; answers
    that look written for another key stop grading unless ``force_key``, and
    outputs another answers file made in the same folder are kept unless
    ``replace_outputs`` (``force``: both, the older option; docs/grading.md); ``paper_as_written`` grades a student whose answers all
    carry another paper's code against that paper (paper_written.py). With ``jobs`` > 1 (default: one per CPU) a big file
    is graded in up to ``jobs`` processes at once, and the class report's
    item analysis is computed in a second process while the totals and the
    other reports are written; the output is the same. ``attempt``: which
    attempt of an LMS download's student with several is graded, ``highest``
    (quizgen's score; ties: the later; also when None, the option not given),
    ``last`` or ``first`` (attempt_choice.py)."""
    refuse_empty_out(out)
    key_forced, out_forced = forced_by(force, force_key, "--force-key"), forced_by(force, replace_outputs,
                                                                                   "--replace-outputs")
    outputs, jobs, override, marking = _options(outputs, jobs, rtol, atol, policy, ecf_credit)
    refuse_missing_banks(outputs.banks)
    choice = AttemptChoice(attempt, marking, override, decimal_comma)
    others = {"roster": roster, "overrides": overrides, "policy": policy, "outputs": outputs}   # with the gradebook
    with one_commit(hold=False) as commit, \
            lms_inputs(answers, key, out, encoding, outputs.banks, id_key=outputs.gradebook_key, delimiter=delimiter,
                       reads=files_read(answers, key, **others), choice=choice,
                       gradebook=outputs.gradebook) as given:
        built, built_key, built_out, unnamed = given.answers, given.key, given.out, list(given.warnings)
        lms = given.built   # graded through the answers and key built from an LMS download
        key = given.found_key or key   # the download's export key, found for want of --key
        if lms:   # the download was read with --encoding; quizgen wrote ``built`` in UTF-8 and its delimiter
            outputs = _download_outputs(outputs, Path(answers), given.unkeyed,
                                        moodle_maximum(answers, encoding, delimiter))
            outputs = replace(outputs, canvas_ids=tuple(dict.fromkeys(given.canvas_ids)),
                              banks=given.key_banks or outputs.banks)
            encoding = None
        source = open_answers(built, delimiter=delimiter, decimal_comma=decimal_comma, encoding=encoding,
                              decimal_mark=decimal_mark)
        state = answers_state(source)   # same_id reads the file again: it must still be this one
        key_path, data = load_key(source.path, built_key)
        index = KeyIndex(data, source.decimal_comma, override, key_path.name if key_path else "the key", marking,
                         str(key_path) if key_path else None, source.writes_comma)
        source = replace(source, stray=stray_columns(source, index))   # an empty cell of such a column: no answer
        reads = files_read(answers, key if lms else key_path, **{**others, "outputs": outputs},
                           built=built if lms else None, built_key=key_path if lms else None)
        paths = output_paths(source.path, built_out, key_path, outputs, reads, f"--out {out}" if out else None)
        made = MadeFrom.of(answers, key if lms else key_path, paths["graded"].parent)   # the download, not built
        replaced = check_made_from(paths, made, out_forced, f"--out {out}" if out else f"the outputs of {answers}")
        shown = _key_named(index, source, key_path, found=key is None and not lms, lms=lms)
        code_warning = check_codes(source, index, shown, key_forced, key_path)   # before any output is made
        if not (key_forced or paper_as_written):   # a big file's answers clearly another key's: stop before the pass
            check_early(source, index, shown, key_path)
        decisions = read_decisions(overrides)
        class_roster = read_roster(roster) if roster is not None else None
        settings = marked_with(rtol=rtol, atol=atol, policy=policy, ecf_credit=ecf_credit, overrides=overrides,
                               roster=roster, paper_as_written=paper_as_written, attempt=attempt, forced=key_forced)
        students, grid = Students(index, class_roster), AnswerGrid(len(index.slots))
        written = PapersWritten(source, index, students, paper_as_written)   # before any row is graded
        tally = Tally(len(index.slots), partial(key_trap_wording, index.papers))
        names = {role: path.name for role, path in paths.items()}
        folder, record = paths["graded"].parent, record_name(paths["graded"])   # written with the outputs
        with streamed_files(folder, [*names.values(), record]) as handles:
            handles[record].write(made.text())
            graded_handle = handles[names["graded"]]
            graded = _graded_rows(source, index, students, grid, tally, graded_handle, progress, decisions, jobs,
                                  folder, prepare_page if outputs.html else None)
            labels = "" if lms else unknown_labels_line(tally, grid, source, shown, graded.rows, key_forced)   # C1 for Q1
            foreign = check_belong(index, students, grid, source.path, key_forced, shown, key_path)
            absent, marked = _add_roster(students, grid, tally, decisions, Path(answers).name if lms else source.path.name)
            clashed, clash_notes, clash_warnings = clashing_ids(source, students, absent, state)
            for number in clashed:   # not one student's resubmission: named by clash_notes instead
                tally.resubmitted.pop(number, None)
            off = graded_off_roster(students)   # once: every row read, the roster added
            roster_notes = reconciliation_lines(students, absent, off, marked) + clash_notes + written.notes(grid)
            roster_notes += swapped_notes(index, students, grid, absent + marked, [w.student_id for w in written.found],
                                          source)
            no_id_lines = tally.unplaced_lines.get("no_id", 0)
            no_id_at = no_id_places(tally.no_id_at, no_id_lines, students.roster)   # the roster read once for both
            roster_notes += no_id_notes(no_id_at, no_id_lines)
            matrix, names_of_traps = _matrix(index, students, grid), trap_names(index.key)   # the reports' both
            report_data = (matrix, list(students.names), data, roster_order(students), frozenset(marked),
                           student_sections(students), names_of_traps)   # made plain in the report's process
            with Background(class_report_texts, report_data, f"Class report: {source.path.stem}", outputs.html,
                            source.delimiter, source.writes_comma, roster_notes, written.review_reasons(), settings,
                            parallel=jobs > 1 and report_pays_for_a_process(students, index)) as report:
                count_latest(grid, tally)
                try:
                    finish_graded(graded, graded_handle, source, students)
                except OSError as exc:
                    raise _output_error(source, folder, exc) from exc
                result = _result(source, index, students, grid, tally, graded.rows, paths, absent + marked,
                                 roster_notes, marked, off, no_id_at, (matrix, names_of_traps))
                result.shared_ids, result.papers_used = [students.ids[n] for n in sorted(clashed)], written.taken
                result.settings = settings
                result.zeros_lost = lost_zeros(students) if students.lms else {}
                result.held = still_open_ids(index.key, class_roster, unmarked_absent(result))
                result.unlisted = unlisted_ids(index.key, result) if lms else frozenset()
                result.key_name = result.key_name if lms or key_path is None else key_shown(key_path, source.path)
                result.files = run_files(reads, paths)
                unnamed += untagged_lines(given.untagged, matrix, students)   # once marked: overrides may mark a lost tag's
                _add_warnings(result, source, index, students, decisions, data, override, unnamed,
                              (code_warning, labels, foreign), clash_warnings)
                result.warnings += replaced
                _add_notes(result, decisions, source, key_path if key is None and not lms else None, given.notes)
                _write_reports(result, handles, names)
                extra = {role: handles[names[role]] for role in extra_roles(paths) + ["report"]}
                write_extra_outputs(result, outputs, extra, report.result())
            # every file the run writes is one commit, opened before the first (the answers and key built
            # from an LMS download): the sheets are made (PDFs compiled), and then they and the other
            # outputs are renamed into place with Ctrl-C held: a run leaves all its files or none (a
            # rename failing after the sheets are in place puts them back, and the built files too)
            sheets = _feedback_sheets(result, index, outputs, source, graded_handle, progress) \
                if outputs.feedback else None
            commit.hold_signals()
            if sheets is not None:
                refuse_sheet_clashes(outputs.feedback, [*sheets, MANIFEST], result.files)
                result.paths["feedback"] = write_sheet_files(outputs.feedback, sheets, result.files, result.notes,
                                                             [t.student_id for t in result.students], result.warnings)
    remove_stale_outputs(result, outputs)   # once this run's files stand: an earlier run's that it did not write again
    return result


def _download_outputs(outputs: GradeOutputs, download: Path, unkeyed: list, maximum=None) -> GradeOutputs:
    """A run's outputs for an LMS download: the gradebook names it, its item (unless given) is named
    after it, and it knows the students named by the other id column and the quiz's maximum grade in
    Moodle (``maximum``, its Grade/10.00 column; None for none)."""
    outputs = replace(outputs, download=download.name, unkeyed=tuple(unkeyed), moodle_maximum=maximum)
    return outputs if outputs.gradebook_item is not None else replace(outputs, gradebook_item=download.stem)


def forced_by(force: bool, given: bool, option: str) -> str:
    """The option that lets a check through, as its warning names it: ``option`` when
    ``given``, else ``--force`` (which means both) when ``force``, else "" (refused)."""
    return option if given else "--force" if force else ""


def _options(outputs: GradeOutputs | None, jobs: int | None, rtol, atol, policy, ecf_credit) -> tuple:
    """(outputs, jobs, tolerance override, marking policy): the run's options checked and
    resolved before any file is read but the policy (a bad one stops the run here)."""
    outputs = outputs or GradeOutputs()
    outputs.check()
    jobs = resolve_jobs(jobs)
    return outputs, jobs, tolerance_override(rtol, atol), marking_policy(policy, ecf_credit)


def _key_named(index: KeyIndex, source, key_path: Path | None, found: bool, lms: bool) -> str:
    """How the checks of the answers' paper codes name the key: the download's, or its
    file beside the answers or its path (key_shown), ``found`` when no --key named it."""
    shown = index.name if lms or key_path is None else key_shown(key_path, source.path)
    return shown + " (found: no --key given)" if found else shown


def _graded_rows(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, graded_handle,
                 progress: bool, decisions, jobs: int, folder: Path, while_waiting=None):
    """Every row of the answers graded and written to graded.csv (``graded_handle``), under a
    progress bar; an OSError is the one-line OutputError, and a file with no rows stops the run.
    ``while_waiting``: done by the main process while a later part is still graded (the
    class report page's template compiled before the report's process is forked)."""
    try:
        with progress_bar(progress, source.path.stat().st_size, "Grading") as bar:
            graded = grade_file(source, index, students, grid, tally, graded_handle, bar, decisions, jobs,
                                while_waiting)
    except OSError as exc:
        raise _output_error(source, folder, exc) from exc
    if not graded.rows:
        raise InputFileError(f"{source.path}: no answers to grade: the file has its header and no answer "
                             "rows (downloaded before anyone answered?)")
    return graded


def _add_warnings(result: GradeResult, source, index: KeyIndex, students: Students, decisions, data, override,
                  unnamed: list, checks: tuple, clash_warnings: list) -> None:
    """``result.warnings``, what a person should check, in order: overrides that matched no
    answer, the paper-code and belonging ``checks`` (those that found something), traps the
    tolerance override marks right, the answers file's (file_warnings: a download's
    ``unnamed`` first), ids two people share, and roster entries that look alike."""
    result.warnings = ((decisions.unmatched if decisions is not None else [])
                       + [line for line in checks if line])
    result.warnings += traps_covered(data, override) + file_warnings(result, source, index, students,
                                                                      unnamed) + clash_warnings
    result.warnings += roster_twins_warnings(students)


def _add_notes(result: GradeResult, decisions, source, found_key: Path | None, attempt_notes: list) -> None:
    """``result.notes`` after the roster's: what the overrides added (and ``made_rows``), the
    key.json found with no --key (``found_key``, None when one was given or built), and which
    attempts of a download were graded."""
    result.notes += decisions.made_note() if decisions is not None else []
    result.made_rows = decisions.made if decisions is not None else 0
    result.notes += found_key_note(source.path, found_key) if found_key is not None else []
    result.notes += attempt_notes


def _feedback_sheets(result, index, outputs, source, graded_handle, progress: bool = False) -> dict:
    """Every student's feedback sheet, ``{name: text or bytes}``, read from graded.csv as written under its
    temporary name (not yet in place); their advice keeps the figures the policy's carried rounding asks;
    ``progress``: the PDF sheets' compiling shown as generate's PDFs' is (a bar, or a line every 30 s)."""
    from quizgen.grading.feedback_pdf import make_sheets   # its PDF and TeX machinery only when asked

    graded_handle.flush()
    written = replace(result, paths={**result.paths, "graded": Path(graded_handle.name)})
    return make_sheets(written, index.key, outputs, source.columns, source.writes_comma, index.policy.carried_figures,
                       progress)


def _output_error(source, folder: Path, exc: OSError) -> OutputError:
    return OutputError(f"grading stopped while reading {source.path} or writing in {folder}: {exc.strerror or exc}")


def _add_roster(students: Students, grid: AnswerGrid, tally: Tally, decisions, answers_name: str) -> tuple:
    """Stop when no answer id is on --roster; take out those it lacks who gave no answer (dropped.py);
    register its students who gave none. Returns their numbers, and those zero_marked (only 0 overrides)."""
    settle_class(students, grid, tally, answers_name)
    absent = students.add_roster()
    grid.grow(len(students))
    tally.grow(len(students))
    return absent, zero_marked(grid, tally.unread, absent) if decisions is not None and decisions.made else []


def _result(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, rows: int, paths: dict,
            absent: list, roster_notes: list, marked: list, off: tuple, no_id_at: str, made: tuple) -> GradeResult:
    """What grade did (``made``: the VerdictMatrix and the key's trap names, made once for the class
    report too); a part's class size counts the students who answered something and have it on their
    paper, counted by their papers' masks (a per-student key's 2,000 papers share one)."""
    matrix, names = made
    sat = set(range(len(students.paper_numbers))) - set(absent)   # absent: who gave no answer, and ``marked``
    masks = matrix.paper_masks()
    per_mask = Counter(masks[n] for n in sat)
    class_sizes = [sum(n for mask, n in per_mask.items() if mask[slot]) for slot in range(len(index.slots))]
    totals = student_totals(tally, students)
    stats = question_stats(tally, index.slots, class_sizes)
    result = GradeResult(source.path, index.name, source.form, source.delimiter, source.encoding, rows,
                         dict(tally.status), totals, stats, dict(tally.feedback), paths, matrix)
    result.absent, result.zero_marked = [students.ids[n] for n in absent], [students.ids[n] for n in marked]
    result.names = names
    result.off_roster, result.roster_ids = tuple(off[0]), tuple(s.student_id for s in students.roster)
    result.papered = off[1]   # off: graded_off_roster's
    result.decimal_comma, result.roster_notes = source.writes_comma, roster_notes
    result.notes.extend(result.roster_notes)
    on_lines = tally.unplaced_lines if source.form == "wide" else None
    result.notes.extend(look_at_lines(result.matrix, result.counts, tally.slot_counts, tally.unread, on_lines, no_id_at,
                                      tally.header_at))
    result.notes.extend(unanswered_lines(stats) if source.form != "wide" else [])   # wide: the header warning says
    result.notes.extend(resubmission_lines(students.ids, tally.resubmitted, source.header, tally.time_order))
    result.notes.extend(mixed_lines(source, index, students, grid, tally.resubmitted))
    result.notes.extend(unread_time_lines(tally.time_order))
    return result


REPORT_PROCESS_CELLS = 5_000
"""Below this many student-part cells the class report is computed in the main
process: for 40 students x 27 parts it takes about 6 ms, less than forking
(docs/performance.md, "Fourteenth round")."""


def report_pays_for_a_process(students: Students, index: KeyIndex) -> bool:
    """True when the class report is big enough to compute in a forked process."""
    return len(students.names) * len(index.slots) >= REPORT_PROCESS_CELLS


def _matrix(index: KeyIndex, students: Students, grid: AnswerGrid) -> VerdictMatrix:
    """The public view of the grid: slot metadata, and each student's paper as a
    row of booleans (shared by the students of one paper)."""
    slots = [Slot(s["question_id"], s["part"], s["class"], s["template"], s["points"]) for s in index.slots]
    masks = [tuple(part is not None for part in paper.parts) for paper in index.papers]
    return VerdictMatrix(grid, list(students.ids), slots, [masks[n] for n in students.paper_numbers],
                         list(students.paper_numbers))


def _write_reports(result: GradeResult, handles: dict, names: dict) -> None:
    """The students and questions CSVs (the answers' separator and decimal mark) and report.md."""
    for role, rows in (("students", student_rows(result.students)), ("questions", question_rows(result.questions))):
        handle = handles[names[role]]
        handle.write("\ufeff")
        csv.writer(handle, delimiter=result.delimiter).writerows(localised(rows, result.decimal_comma))
    handles[names["report"]].write(report_markdown(result))
