"""Where ``grade`` writes, and the one rule that keeps it off what it reads:
every output (graded.csv, the reports, the items CSV, the gradebook, each
feedback sheet) is compared with every input (the answers, the key, the
roster, the overrides, the policy, the gradebook template, the bank's
templates, an LMS download and the files built from it) before anything is
written (each looked up in a table of the inputs, files.FileTable), and a
clash is refused in one line naming both (files.refuse_clashes); so is an
output named as one of the paper's files beside the key (key.csv, problems.md)."""

from __future__ import annotations

from pathlib import Path

from quizgen.errors import UsageError
from quizgen.key.checks import is_listed
from quizgen.paper_formats import paper_file
from quizgen.files import check_length, is_folder, out_is_folder, refuse_clashes
from quizgen.out_option import default_output_folder
from quizgen.grading.made_from import record_name
from quizgen.grading.output_options import GradeOutputs, output_names

OUTPUT_ROLES = {"graded": "the graded file", "students": "the students CSV", "questions": "the questions CSV",
                "report": "the Markdown report", "items": "the items CSV", "html": "the HTML report",
                "gradebook": "the gradebook"}
"""Each output of grade in words, by its role in ``GradeResult.paths``."""


def refuse_missing_banks(banks) -> None:
    """Refuse a ``--bank`` that is no folder (missing, a file, a FIFO), as list
    and generate do: grade went on without the worked solutions it was asked for."""
    for bank in banks or ():
        from quizgen.bank.loader import template_files   # only then: grading a plain file loads no bank code

        template_files(bank)


def output_paths(answers_path: Path, out, key_path, outputs: GradeOutputs | None = None,
                 reads: dict | None = None, lead: str | None = None, listed=None) -> dict:
    """The graded file, named after the answers (``week1.csv`` gives
    ``week1-graded.csv``) beside them unless ``out`` names a file or a folder,
    and the reports beside it. No output may be an input: the answers file,
    the key, or any of ``reads`` (``{path: role}``, from files_read); nor a file
    of the paper beside the key (``listed``: the key's ``files``, Key.files); ``lead``
    says what named the outputs (default: ``--out``, or the answers file).
    A name longer than the folder allows is refused (files.check_length)."""
    default_name = f"{answers_path.stem}-graded.csv"
    graded = Path(out) if out else default_output_folder(answers_path) / default_name
    if is_folder(graded) or out_is_folder(out, bare_name_too=True):
        graded = graded / default_name
    stem, folder = graded.stem, graded.parent
    paths = {"graded": graded, "students": folder / f"{stem}-students.csv",
             "questions": folder / f"{stem}-questions.csv", "report": folder / f"{stem}-report.md"}
    paths.update({role: folder / name for role, name in output_names(outputs or GradeOutputs(), stem).items()})
    writes = {**_in_words(paths), folder / record_name(graded): "the record of the answers graded"}
    for path in writes:   # a name too long is refused now, not after grading, halfway through the renames
        check_length(path)
    protected = {answers_path: "the answers file", **({Path(key_path): "the key"} if key_path is not None else {}),
                 **(reads or {})}
    lead = lead or (f"--out {out}" if out else f"the outputs named after {answers_path.name}")
    refuse_clashes(writes, protected, lead, "choose another --out")
    _refuse_paper_files([*([Path(out)] if out else []), *writes], key_path, lead, paths["report"], listed)
    _refuse_feedback_clash(getattr(outputs, "feedback", None), paths, protected)
    return paths


def _refuse_paper_files(paths: list, key_path, lead: str, report: Path, listed=None) -> None:
    """Refuse (UsageError) an output, or an ``--out`` folder, that is one of the
    files of the paper in the key's folder: the paper a person prints or checks by
    eye would be replaced by graded rows. A file the key
    lists (``listed``, key.json's ``files``: a ``--split`` or ``--only`` student's
    problems-s001.md too) is refused, in any case of its letters, there or not; so is a
    name generate writes (paper_formats.paper_file): a paper's own (key.csv, problems.md,
    solutions.pdf) whether or not it is there yet, a split file's (problems-s001.md)
    only when it is there, since ``solutions-graded.csv`` or ``problems-report.md`` are
    no names of the paper's files. The ``report``
    (``<stem>-report.md``) is refused by the list alone: grade names it, and an earlier run's is grade's own."""
    if key_path is None:
        return
    folder = _resolved(Path(key_path).parent)
    listed = {name.casefold() for name in listed or ()}
    for path in paths:
        if _resolved(path.parent) != folder:
            continue
        if is_listed(path.name.casefold(), listed):
            raise UsageError(f"{lead}: {path} is a file of the paper beside the key {key_path} (the key lists it "
                             "among the files generate wrote); grade never replaces one: choose another --out")
        found = paper_file(path.name)
        if not found or path == report or (found.group(2) and not path.exists()):
            continue
        raise UsageError(f"{lead}: {path} is named as a file of the paper beside the key {key_path} (generate "
                         "writes that name); grade never replaces one: choose another --out")


def _resolved(folder: Path) -> Path:
    """``folder`` with its links followed, as far as it exists."""
    try:
        return folder.resolve()
    except (OSError, RuntimeError):
        return folder.absolute()


def _refuse_feedback_clash(feedback, paths: dict, protected: dict) -> None:
    """Refuse (before anything is written) a ``--feedback`` folder that is one
    of the run's outputs or inputs (``--out g.csv --feedback g.csv``): the
    sheets' folder and that file cannot both stand, and the sheets would be lost."""
    if feedback is not None:
        refuse_clashes({Path(feedback): "the feedback folder"}, {**_in_words(paths), **protected},
                       f"--feedback {feedback}", "choose another --feedback folder")


BUILT_FROM = "built from"
"""How a role names the answers and key files built from an LMS download (``files_read``)."""


ANSWERS_ROLE = "the answers file"
"""The role files_read gives the answers file as given (an LMS download, not the file built from it)."""


def files_read(answers, key, *, roster=None, overrides=None, policy=None, outputs: GradeOutputs | None = None,
                built=None, built_key=None) -> dict:
    """``{path: role}`` of every file ``grade`` reads: ``answers`` and ``key``
    as given (a key given as data is no file), the roster, overrides, policy
    and gradebook template, each file of the ``--bank`` folders, and, for an
    LMS download, the answers and key files built from it (``built``, ``built_key``)."""
    reads = {}
    named = [(answers, ANSWERS_ROLE), (key, "the key"), (roster, "the --roster file"),
             (overrides, "the --overrides file"), (policy, "the --policy file"),
             (getattr(outputs, "gradebook_template", None), "the --gradebook-template file"),
             (built, f"the answers file {BUILT_FROM} {Path(answers).name}"),
             (built_key, f"the key {BUILT_FROM} {Path(answers).name}")]
    for path, role in named:
        if isinstance(path, (str, Path)) and Path(path) not in reads:
            reads[Path(path)] = role
    for bank in getattr(outputs, "banks", ()) or ():
        for path in _bank_files(Path(bank)):
            reads.setdefault(path, "a --bank template")
    return reads


def _bank_files(bank: Path) -> list:
    """The files a ``--bank`` path names: itself, or every YAML file of a folder,
    even those the loader skips (``_draft.yaml``, bank/loader.template_files):
    no output may replace any of them."""
    if not bank.is_dir():
        return [bank]
    try:
        return [p for p in bank.iterdir() if p.suffix in (".yaml", ".yml")]
    except OSError:
        return []


def run_files(reads: dict, paths: dict) -> dict:
    """``{path: role}`` of every file the run reads (``reads``) or writes
    (``paths``, GradeResult.paths) but the feedback sheets."""
    return {**reads, **_in_words({role: path for role, path in paths.items() if role != "feedback"})}


def _in_words(paths: dict) -> dict:
    """``{path: its role in words}`` of outputs ``{role: path}`` (OUTPUT_ROLES)."""
    return {path: OUTPUT_ROLES.get(role, f"the {role} file") for role, path in paths.items()}


def refuse_sheet_clashes(folder, names, files: dict) -> None:
    """Refuse (before any sheet or output is in place) a sheet, figure or the
    sheets' list (``names`` in ``folder``) that is one of the run's ``files``
    through a link: their names are kept clear of those files (run_stems)."""
    folder = Path(folder)
    refuse_clashes({folder / name: "the feedback sheet" for name in names}, files, f"--feedback {folder}",
                   "choose another --feedback folder")


def extra_roles(paths: dict) -> list:
    """The roles of the outputs written by outputs.py."""
    return [role for role in paths if role not in ("graded", "students", "questions", "report")]
