"""``grade``: a class's answers file graded against key.json, streaming (rows
are read, graded and written one at a time, so memory grows with the number of
students and question parts, never with the number of rows), then the reports.

Where each piece lives: key_index.py the key made ready for lookups, students.py the student registry,
rows.py the one pass over the rows, outcome.py what a row earned, writer.py graded.csv's rows, tally.py
the totals, matrix.py the final verdicts per student and part, report.py the reports."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import NamedTuple

from quizgen.background import Background
from quizgen.errors import InputFileError, OutputError
from quizgen.wording import commas_written, thousands_kept
from quizgen.commit import one_commit
from quizgen.files import streamed_files
from quizgen.grading.answers_file import open_answers
from quizgen.grading.belong import check_belong, check_codes
from quizgen.grading.belong_early import check_early
from quizgen.grading.belong_note import key_check_note
from quizgen.grading.unknown_labels import unknown_labels_line
from quizgen.grading.collector import collector_paused
from quizgen.grading.decisions import read_decisions
from quizgen.grading.dropped import settle_class
from quizgen.grading.feedback_files import MANIFEST, write_grade_sheets
from quizgen.grading.file_warnings import stray_columns
from quizgen.grading.grade_result import GradeResult, add_notes, add_warnings, result_of
from quizgen.grading.key_index import KeyIndex, key_shown, load_key
from quizgen.grading.attempt_choice import AttemptChoice
from quizgen.grading.lms_input import LmsInput, lms_inputs, moodle_maximum
from quizgen.grading.lost_tag import untagged_lines
from quizgen.grading.made_from import MadeFrom, check_made_from, record_name
from quizgen.locks import hold_folders
from quizgen.grading.class_files import report_pays_for_a_process, verdict_matrix, write_reports
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.output_options import GradeOutputs
from quizgen.grading.outputs import ReportInputs, class_report_texts, write_extra_outputs
from quizgen.grading.paper_written import PapersWritten
from quizgen.out_option import refuse_empty_out
from quizgen.grading.paths import (extra_roles, files_read, output_paths, refuse_missing_banks,
                                   refuse_sheet_clashes, run_files)
from quizgen.grading.totals import roster_order, student_sections
from quizgen.grading.rows import finish_graded, grade_file
from quizgen.grading.run_options import download_outputs, forced_by, key_named, key_outputs, run_options
from quizgen.report.title import exam_words, report_title
from quizgen.grading.run_settings import ecf_credit_note, marked_with, version_one_note
from quizgen.grading.same_id import answers_state, clashing_ids
from quizgen.grading.stale import remove_stale_outputs
from quizgen.grading.no_id import no_id_notes, no_id_places
from quizgen.grading.off_roster import graded_off_roster, lost_zeros
from quizgen.grading.student_notes import (all_blank, blank_file_warning, blank_line, no_part_answered, no_part_line,
                                           no_part_words, reconciliation_lines, zero_marked)
from quizgen.grading.students import Students
from quizgen.grading.swapped_ids import swapped_notes
from quizgen.grading.tally import Tally, count_columns, count_rows, key_trap_wording
from quizgen.key.parts import trap_names
from quizgen.lms.papers import roster_open_attempts, still_open_ids, unlisted_ids, unmarked_absent
from quizgen.report.html import prepare_page
from quizgen.roster import read_roster
from quizgen.ui import progress_bar


class _Asked(NamedTuple):
    """grade's arguments that its steps read after the options are resolved, by name."""

    answers: object
    key: object
    out: object
    delimiter: object
    decimal_comma: object
    decimal_mark: str
    encoding: object
    overrides: object
    roster: object   # the --roster path and its --roster-encoding (None: detected), or None
    paper_as_written: bool
    key_forced: str   # the option that lets answers that look another key's through, or ""
    out_forced: str   # the option that lets another answers file's outputs be replaced, or ""
    override: object  # the tolerance override (key_index.tolerance_override)
    marking: object   # the marking policy (key_index.marking_policy)
    others: dict      # the run's other input files by role, and its outputs (paths.files_read)


@dataclass
class _Inputs:
    """What grade has read and checked before the pass, and the registries the pass fills."""

    given: LmsInput   # the answers and key to grade: those given, or those built from an LMS download
    key: object       # the key as given, or the download's export key found for want of --key
    outputs: GradeOutputs
    source: object    # the answers file opened (answers_file.AnswersFile)
    state: object     # the answers file as it was read (same_id.answers_state)
    key_path: Path | None
    data: dict        # the key's data
    index: KeyIndex
    reads: dict       # {path: role} of the files the run reads
    paths: dict       # {role: path} of the outputs
    made: MadeFrom
    replaced: list    # warnings on the outputs of another answers file replaced
    shown: str        # how the checks name the key
    code_warning: str
    decisions: object   # the --overrides read, or None
    class_roster: object   # the --roster read, or None
    students: Students
    grid: AnswerGrid
    written: PapersWritten
    tally: Tally


class _Checks(NamedTuple):
    """The checks made once every row is graded, each a line or "": the paper codes' (made before the pass), long-form
    labels that name no part, answers another key's, and the note (belong_note's KeyCheckNote): too few, or a wrong key."""

    codes: str
    labels: str
    foreign: str
    few: str


class _Reconciled(NamedTuple):
    """Who should have answered and who did, once every row is graded and the roster added."""

    absent: list        # numbers of the roster's students who gave no answer
    marked: list        # numbers of those marked only by overrides scoring 0 (zero_marked)
    unplaced: list      # numbers of those whose rows answer no part of their paper (no_part_answered)
    blanked: list       # numbers of those whose every answer is blank (all_blank): absent too
    clashed: list       # numbers of the ids whose rows name two people
    warnings: list      # ids two people share (clashing_ids), a file whose every answer is blank
    off: tuple          # graded_off_roster's: (ids graded though not on --roster, those with a paper)
    roster_notes: list  # what reconciling students and key found
    no_id_at: str       # the lines of answers with no student id (no_id_places)


@collector_paused()
def grade(answers, key=None, out=None, *, delimiter=None, decimal_comma=None, rtol=None, atol=None,
          decimal_mark="auto", encoding=None, progress: bool = False, outputs: GradeOutputs | None = None,
          policy=None, ecf_credit=None, overrides=None, roster=None, roster_encoding=None, force: bool = False,
          jobs: int | None = None, paper_as_written: bool = False, attempt: str | None = None, force_key: bool = False,
          replace_outputs: bool = False, saved_by: str = "auto") -> GradeResult:
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
    ``roster`` (a roster CSV path, in ``roster_encoding`` if given) names who should have answered; answers
    that look written for another key stop grading unless ``force_key``, and
    outputs another answers file made in the same folder are kept unless
    ``replace_outputs`` (``force``: both, the older option; docs/grading.md); ``paper_as_written`` grades a student whose answers all
    carry another paper's code against that paper (paper_written.py). With ``jobs`` > 1 (default: one per CPU) a big file
    is graded in up to ``jobs`` processes at once, and a class paper's
    report's item analysis is computed in a second process while the totals and the
    other reports are written; the output is the same. ``attempt``: which attempt of an LMS download's student
    with several is graded, ``highest`` (quizgen's score; ties: the later; also when None, the option not given),
    ``last`` or ``first`` (attempt_choice.py); ``saved_by``: what saved a Moodle download last (resaved_zeros.py)."""
    refuse_empty_out(out)
    key_forced, out_forced = forced_by(force, force_key, "--force-key"), forced_by(force, replace_outputs,
                                                                                   "--replace-outputs")
    outputs, jobs, override, marking = run_options(outputs, jobs, rtol, atol, policy, ecf_credit)
    refuse_missing_banks(outputs.banks)
    choice = AttemptChoice(attempt, marking, override, decimal_comma)
    others = {"roster": roster, "overrides": overrides, "policy": policy, "outputs": outputs}   # with the gradebook
    asked = _Asked(answers=answers, key=key, out=out, delimiter=delimiter, decimal_comma=decimal_comma,
                   decimal_mark=decimal_mark, encoding=encoding, overrides=overrides,
                   roster=None if roster is None else (roster, roster_encoding), paper_as_written=paper_as_written,
                   key_forced=key_forced, out_forced=out_forced, override=override, marking=marking, others=others)
    with one_commit(hold=False) as commit, \
            lms_inputs(answers, key, out, encoding, outputs.banks, id_key=outputs.gradebook_key, delimiter=delimiter,
                       reads=files_read(answers, key, **others), choice=choice, sheets=bool(outputs.feedback),
                       gradebook=outputs.gradebook, key_forced=key_forced, saved_by=saved_by) as given, thousands_kept():
        run = _read_inputs(asked, given, outputs, commit)
        names = {role: path.name for role, path in run.paths.items()}
        folder, record = run.paths["graded"].parent, record_name(run.paths["graded"])   # written with the outputs
        with streamed_files(folder, [*names.values(), record]) as handles:
            handles[record].write(run.made.text())
            graded, checks = _grade_rows(asked, run, handles[names["graded"]], progress, jobs, folder)
            settings = marked_with(rtol=rtol, atol=atol, policy=policy, ecf_credit=ecf_credit, overrides=overrides,
                                   roster=roster, paper_as_written=paper_as_written, attempt=attempt, forced=key_forced,
                                   saved_by=saved_by, applied=run.decisions.counted() if run.decisions else "")
            settings += "".join(f" Note: {note}." for note in _key_notes(run, asked.marking))   # report.md, the page
            people = _reconcile(asked, run)
            result = _write_outputs(asked, run, graded, people, checks, settings, handles, names, jobs)
            _write_sheets(result, run, handles[names["graded"]], commit, progress)
        remove_stale_outputs(result, run.outputs)   # this run's files in place, its lock still held
    return result


def _read_inputs(asked: _Asked, given: LmsInput, outputs: GradeOutputs, commit) -> _Inputs:
    """The answers file opened and the key loaded and indexed, the output paths held against the
    inputs and their folders locked to the commit's end, the paper-code checks made (before any
    output), the overrides and roster read, and the empty registries the pass fills."""
    lms = given.built   # graded through the answers and key built from an LMS download
    key = given.found_key or asked.key   # the download's export key, found for want of --key
    encoding = asked.encoding
    if lms:   # the download was read with --encoding; quizgen wrote the built answers in UTF-8 and its delimiter
        outputs = download_outputs(outputs, Path(asked.answers), given.unkeyed,
                                   *moodle_maximum(asked.answers, encoding, asked.delimiter))
        outputs = replace(outputs, canvas_ids=tuple(dict.fromkeys(given.canvas_ids)),
                          banks=given.key_banks or outputs.banks, download_resaved=given.resaved)
        encoding = None
    source = open_answers(given.answers, delimiter=asked.delimiter, decimal_comma=asked.decimal_comma,
                          encoding=encoding, decimal_mark=asked.decimal_mark)
    commas_written(source.writes_comma)   # every count said from here on is grouped as its reader writes decimals
    state = answers_state(source)   # same_id reads the file again: it must still be this one
    key_path, data = load_key(source.path, given.key)
    index = KeyIndex(data, source.decimal_comma, asked.override, key_path.name if key_path else "the key",
                     asked.marking, str(key_path) if key_path else None, source.writes_comma)
    source = replace(source, stray=stray_columns(source, index))   # an empty cell of such a column: no answer
    reads = files_read(asked.answers, key if lms else key_path, **{**asked.others, "outputs": outputs},
                       built=given.answers if lms else None, built_key=key_path if lms else None)
    out = asked.out
    paths = output_paths(source.path, given.out, key_path, outputs, reads, f"--out {out}" if out else None, data.files)
    named = f"--out {out}" if out else f"the outputs named after {Path(asked.answers).name}"   # in a lock's refusal
    hold_folders(commit, ((paths["graded"].parent, "--out", paths["graded"].name, named), (outputs.feedback, "--feedback")))
    made = MadeFrom.of(asked.answers, key if lms else key_path, paths["graded"].parent)   # the download, not built
    replaced = check_made_from(paths, made, asked.out_forced, f"--out {out}" if out else f"the outputs of {asked.answers}")
    shown = key_named(index, source, key_path, found=key is None and not lms, lms=lms)
    code_warning = check_codes(source, index, shown, asked.key_forced, key_path)   # before any output is made
    if not (asked.key_forced or asked.paper_as_written):   # a big file's answers clearly another key's: stop now
        check_early(source, index, shown, key_path)
    decisions = read_decisions(asked.overrides)
    class_roster = None if asked.roster is None else read_roster(asked.roster[0], encoding=asked.roster[1])
    students = Students(index, class_roster)
    outputs = key_outputs(outputs, index.key, key_path, lms)   # a built key's Moodle maximum
    return _Inputs(given=given, key=key, outputs=outputs, source=source, state=state, key_path=key_path, data=data,
                   index=index, reads=reads, paths=paths, made=made, replaced=replaced, shown=shown,
                   code_warning=code_warning, decisions=decisions, class_roster=class_roster, students=students,
                   grid=AnswerGrid(len(index.slots)),
                   written=PapersWritten(source, index, students, asked.paper_as_written),   # before any row is graded
                   tally=Tally(len(index.slots), partial(key_trap_wording, index.papers)))


def _grade_rows(asked: _Asked, run: _Inputs, graded_handle, progress: bool, jobs: int, folder: Path) -> tuple:
    """``(graded, checks)``: the pass and ECF over every row (rows.grade_file), then the checks that
    need it done: rows whose labels name no part, answers that belong to another key (or too few to tell)."""
    source, index, grid, tally = run.source, run.index, run.grid, run.tally
    graded = _graded_rows(source, index, run.students, grid, tally, graded_handle, progress, run.decisions, jobs,
                          folder, prepare_page if run.outputs.html else None)
    labels = "" if run.given.built else unknown_labels_line(tally, grid, source, run.shown, graded.rows,
                                                            asked.key_forced, index)   # C1 for Q1
    foreign = check_belong(index, run.students, grid, source.path, asked.key_forced, run.shown, run.key_path)
    few = key_check_note(index, run.students, grid, foreign or asked.key_forced, run.shown)   # or a wrong key's sign
    return graded, _Checks(codes=run.code_warning, labels=labels, foreign=foreign, few=few)


def _reconcile(asked: _Asked, run: _Inputs) -> _Reconciled:
    """The roster's students added (those with no answer, absent), ids two people share told from
    resubmissions, and the notes on who answered, who should have, and lines with no id."""
    students, grid, tally = run.students, run.grid, run.tally
    answers_name = Path(asked.answers).name if run.given.built else run.source.path.name
    absent, marked, dropped = _add_roster(students, grid, tally, run.decisions, answers_name)
    clashed, clash_notes, clash_warnings = clashing_ids(run.source, students, absent, run.state)
    for number in clashed:   # not one student's resubmission: named by clash_notes instead
        tally.resubmitted.pop(number, None)
    off = graded_off_roster(students)   # once: every row read, the roster added
    unplaced = no_part_answered(grid, absent + marked)
    blanked = all_blank(grid, absent + marked + unplaced, tally.unread)
    roster_notes = reconciliation_lines(students, absent, off, marked) + no_part_line(students, unplaced, tally.unread)
    roster_notes += blank_line(students, blanked)
    warnings = clash_warnings + blank_file_warning(answers_name, len(students) - len(absent) - len(marked), blanked, dropped)
    roster_notes += clash_notes + run.written.notes(grid)
    roster_notes += swapped_notes(run.index, students, grid, absent + marked, [w.student_id for w in run.written.found],
                                  run.source)
    no_id_lines = tally.unplaced_lines.get("no_id", 0)
    no_id_at = no_id_places(tally.no_id_at, no_id_lines, students.roster)   # the roster read once for both
    roster_notes += no_id_notes(no_id_at, no_id_lines)
    return _Reconciled(absent=absent, marked=marked, unplaced=unplaced, blanked=blanked, clashed=clashed,
                       warnings=warnings, off=off, roster_notes=roster_notes, no_id_at=no_id_at)


def _write_outputs(asked: _Asked, run: _Inputs, graded, people: _Reconciled, checks: _Checks, settings: str,
                   handles: dict, names: dict, jobs: int) -> GradeResult:
    """The class report started (in its own process when it pays), graded.csv finished, the
    result made with its warnings and notes, and every report and extra output written."""
    source, index, students, grid, tally = run.source, run.index, run.students, run.grid, run.tally
    outputs = run.outputs
    matrix, names_of_traps = verdict_matrix(index, students, grid), trap_names(index.key)   # the reports' both
    unplaced = no_part_words(people.unplaced, tally.unread, people.blanked)
    exact = count_columns(grid, tally)   # each part's counts, its ECF answers' for the report too
    report_data = ReportInputs(matrix=matrix, names=list(students.names), key=run.data, order=roster_order(students),
                               absent=frozenset(people.marked), sections=student_sections(students),
                               named=names_of_traps, unplaced=unplaced, ecf=tally.slot_ecf)   # made plain there
    graded_handle = handles[names["graded"]]
    key_name = key_named(index, source, run.key_path, found=False, lms=bool(run.given.built))
    title = report_title(index.key.codes, source.path.name, key_name, index.key.printed)   # exam and files (46)
    with Background(class_report_texts, report_data, title, outputs.html,
                    source.delimiter, source.writes_comma, people.roster_notes, run.written.review_reasons(), settings, checks.few,
                    parallel=jobs > 1 and report_pays_for_a_process(students, index)) as report:
        count_rows(grid, tally, exact)   # while the report is made
        try:
            finish_graded(graded, graded_handle, source, students)
        except OSError as exc:
            raise _output_error(source, run.paths["graded"].parent, exc) from exc
        result = result_of(source, index, students, grid, tally, rows=graded.rows, paths=run.paths,
                           absent=people.absent + people.marked + people.unplaced + people.blanked,
                           roster_notes=people.roster_notes, marked=people.marked, blanked=people.blanked, off=people.off,
                           no_id_at=people.no_id_at, made=(matrix, names_of_traps))
        lms, key_path = run.given.built, run.key_path
        result.shared_ids, result.papers_used = [students.ids[n] for n in sorted(people.clashed)], run.written.taken
        result.unplaced = {students.ids[n]: words for n, words in unplaced.items()}
        result.settings, result.exam, result.read_as = settings, exam_words(index.key.printed), run.given.read_as
        result.zeros_lost = lost_zeros(students) if students.lms else {}
        result.held = still_open_ids(index.key, run.class_roster, unmarked_absent(result))
        result.roster_open = roster_open_attempts(run.class_roster, index.key)   # a later attempt the download lacks
        result.unlisted = unlisted_ids(index.key, result) if lms else frozenset()
        result.key_name = result.key_name if lms or key_path is None else key_shown(key_path, source.path)
        result.files = run_files(run.reads, run.paths)
        unnamed = run.given.warnings + run.given.zeros_warning(grid) + untagged_lines(run.given.untagged, matrix, students)
        add_warnings(result, source, index, students, run.decisions, run.data, asked.override, unnamed, checks,
                     people.warnings)   # once marked: overrides may mark a lost tag's cell
        result.warnings += run.replaced
        add_notes(result, run.decisions, source, key_path if run.key is None and not lms else None, run.given.notes)
        result.notes += _key_notes(run, asked.marking)   # and the summary's notes
        write_reports(result, handles, names)
        extra = {role: handles[names[role]] for role in extra_roles(run.paths) + ["report"]}
        write_extra_outputs(result, outputs, extra, report.result())
    return result


def _key_notes(run: _Inputs, policy) -> list:
    """The notes on what the key itself decided: a version-1 key graded without what needs
    recipes (run_settings.version_one_note), its templates' own ECF credits (ecf_credit_note)."""
    notes = (version_one_note(run.data, run.key_path.name if run.key_path else "the key"),
             ecf_credit_note(run.data, policy))
    return [note for note in notes if note]


def _write_sheets(result: GradeResult, run: _Inputs, graded_handle, commit, progress: bool) -> None:
    """The feedback sheets, when asked, made and written into the run's one commit.

    Every file the run writes is one commit, opened before the first (the answers and key built
    from an LMS download): the sheets are made (PDFs compiled), and then they and the other
    outputs are renamed into place with Ctrl-C held: a run leaves all its files or none (a
    rename failing after the sheets are in place puts them back, and the built files too)."""
    outputs = run.outputs
    sheets = _feedback_sheets(result, run.index, outputs, run.source, graded_handle, progress) \
        if outputs.feedback else None
    commit.hold_signals()
    if sheets is not None:
        refuse_sheet_clashes(outputs.feedback, [*sheets, MANIFEST], result.files)
        write_grade_sheets(result, outputs.feedback, sheets, run.index.key)


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
    register its students who gave none. Returns their numbers, those zero_marked (only 0 overrides),
    and how many of the file's students were taken out (for blank_file_warning)."""
    before = len(students)
    settle_class(students, grid, tally, answers_name)
    dropped = before - len(students)
    absent = students.add_roster()
    grid.grow(len(students))
    tally.grow(len(students))
    return absent, zero_marked(grid, tally.unread, absent) if decisions is not None and decisions.made else [], dropped
