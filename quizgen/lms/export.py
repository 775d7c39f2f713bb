"""The export commands' library calls: sample the variants, write the file and,
beside it, the key file the instructor keeps (quizgen.lms.exportkey)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from quizgen.background import resolve_jobs
from quizgen.errors import UsageError
from quizgen.wording import named_few, printable
from quizgen.files import out_is_folder, write_files
from quizgen.generation.quiz import given_seed, guessable_seed_warning
from quizgen.key.papercode import high_entropy_seed, new_secret
from quizgen.lms.canvas import CANVAS_ROUNDING_RULE, canvas_zip, safe_ident
from quizgen.lms.exportkey import export_code, export_secret, export_key_data, key_json, key_path_for, with_codes
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.window import window_lost
from quizgen.out_option import refuse_empty_out
from quizgen.option_text import refuse_control
from quizgen.report.formatting import number_text
from quizgen.text.words import counted
from quizgen.lms.variants import slots as make_slots
from quizgen.marking.canvas_kept import CANVAS_DECIMALS, plain, stored_short


class Export(NamedTuple):
    """What an export wrote: its slots (variants coded), seed, key file and
    what the instructor should know (one line each)."""

    slots: list
    seed: object
    key_path: Path
    warnings: tuple = ()
    path: Path | None = None   # the export written: --out, or its default name in the folder --out named

    def summary(self, out, item: str, group: str) -> str:
        """The line ``quizgen export`` prints: ``Wrote 20 questions in 2 categories to ...``
        (``item`` and ``group``: what the LMS calls a variant and a slot, singular)."""
        variants = sum(len(slot.variants) for slot in self.slots)
        size = f", {file_size(self.path.stat().st_size)}" if self.path is not None and self.path.is_file() else ""
        return (f"Wrote {counted(variants, item)} in {counted(len(self.slots), group)} to {self.path or out} "
                f"(seed {self.seed}{size}); keep the key file {self.key_path} to grade")

    def slot_marks(self) -> str:
        """The lines ``export moodle`` prints after its summary: the maximum mark to set for each slot
        of the quiz, its question's points on the paper. A random question's slot starts at 1, and
        Moodle's Cloze import ignores ``<defaultgrade>``, giving the sum of the part weights."""
        total = number_text(sum(slot.points for slot in self.slots))
        lines = [f"  Q{s.number} {s.cls} {s.template}: {number_text(s.points)}" for s in self.slots]
        return "\n".join([f"Set each slot's maximum mark in the Moodle quiz (its Questions page) to the question's "
                          f"points on the paper, {total} in all (Moodle's Cloze import ignores them, and a random "
                          "question's slot starts at 1):", *lines])


def write_moodle(out, classes: str = "all", count: int = 10, seed=None, banks=(), force: bool = False,
                 jobs: int = 1) -> Export:
    """Write the Moodle XML of ``count`` variants per selected template to
    ``out`` and its key file beside it (``seed`` None: a fresh one), sampled
    in ``jobs`` processes (0: one per CPU; the same files for any number)."""
    done = _export("moodle", out, classes, count, seed, banks, force,
                   lambda slots, seed, secret: moodle_xml(slots, root=f"quizgen {export_code(seed, secret)}"),
                   jobs=jobs)
    return done._replace(warnings=done.warnings + moodle_window_warnings(done.slots, done.path.name))


def moodle_window_warnings(slots: list, name: str) -> tuple:
    """One line per template part some of whose variants have an answer so
    small that Moodle's own slack (1e-14, added to every tolerance) is wide
    beside half a unit of the figures asked (lms/window.window_lost): Moodle
    then marks right answers quizgen marks wrong, 0 among them."""
    found = {}
    for slot in slots:
        for variant in slot.variants:
            for part in variant.parts:
                if part.margin and window_lost(part.kind, part.shown, part.margin):
                    found.setdefault((variant.template, part.letter), []).append(part.shown)
    return tuple(f"{name}: the answer to {template} ({letter}) is too small for Moodle in {len(shown)} variant(s) "
                 f"(e.g. {shown[0]}): Moodle adds 1e-14 to every tolerance, so it accepts answers quizgen grade "
                 "marks wrong, 0 among them; grade the download with quizgen grade, or ask for the answer in a "
                 "larger unit"
                 for (template, letter), shown in found.items())


def write_canvas(out, title: str = "quizgen quiz", classes: str = "all", count: int = 10, seed=None,
                 banks=(), force: bool = False, jobs: int = 1) -> Export:
    """Write the Canvas QTI zip of ``count`` variants per selected template to
    ``out`` and its key file beside it (``seed`` None: a fresh one), sampled
    in ``jobs`` processes (0: one per CPU; the same files for any number)."""
    refuse_control("--title", title)
    done = _export("canvas", out, classes, count, seed, banks, force,
                   lambda slots, seed, secret: canvas_zip(slots, title, quiz_id=_quiz_id(seed, secret)),
                   rounding_rule=CANVAS_ROUNDING_RULE, jobs=jobs)
    return done._replace(warnings=done.warnings + canvas_decimals_warnings(done.slots, done.path.name)
                         + canvas_parts_warnings(done.slots, count, done.path.name))


def canvas_parts_warnings(slots: list, count: int, name: str) -> tuple:
    """One line when a template of several parts is exported with more than one
    variant: Canvas draws each part's variant on its own (each part is a question
    group of its own), so a student's parts of it mostly come from different
    variants, and no error is carried forward in that template (docs/lms.md)."""
    several = [slot.template for slot in slots if len(slot.variants[0].parts) > 1] if count > 1 else []
    if not several:
        return ()
    return (f"{name}: Canvas draws each part's variant on its own, so with --count {count} a student's parts of "
            f"a template of several parts ({named_few(several, 3)}) mostly come from different variants, with "
            "numbers that differ, and no error is carried forward there; export to Moodle for one variant a "
            "question, or to Canvas with --count 1 (docs/lms.md)",)


def canvas_decimals_warnings(slots: list, name: str) -> tuple:
    """One line per template part whose right answer, typed to the figures
    asked or more, Canvas would store outside its own window (it keeps 4
    decimal places: 0.000623 kept as 0.0006; 0.02045, four figures of
    0.020453, as 0.0204; quizgen.marking.canvas_kept): Canvas marks such a
    right answer wrong; grade, unless its rules accept it, sends it to a person."""
    found = {}
    for slot in slots:
        for variant in slot.variants:
            for part in variant.parts:
                if part.value is None or part.tolerance is None:
                    continue
                cut = stored_short(part.value, (part.shown, part.canvas_margin))   # Canvas's window (canvas.py)
                seen = found.setdefault((variant.template, part.letter), [0, 0, ""])
                seen[0] += bool(cut)
                seen[1] += 1
                seen[2] = seen[2] or (f"{cut[0][0]} is kept as {plain(cut[0][1])}" if cut else "")
    return tuple(f"{name}: Canvas keeps {CANVAS_DECIMALS} decimals of a typed number: in {broken} of {total} variant(s) "
                 f"of {template} ({letter}) the right answer, typed to the figures asked or more, can be stored outside "
                 f"Canvas's window ({example}), so Canvas marks it wrong (grade, unless its rules accept it, sends it to "
                 "a person: needs_review); "
                 "export this template to Moodle instead, or drop it from the Canvas quiz"
                 for (template, letter), (broken, total, example) in found.items() if broken)


def _export(lms: str, out, classes, count, seed, banks, force, render, rounding_rule=None, jobs: int = 1) -> Export:
    """Sample (the stems printing the LMS's ``rounding_rule``, None: the paper's), code the
    variants with the key's secret, and write export and key together."""
    seed = given_seed(seed)   # as --seed reads it
    refuse_empty_out(out, f"export {lms}")
    guessable = guessable_seed_warning(seed, made="this export, every variant's answer with it", kept="its key file")
    seed = high_entropy_seed() if seed is None else seed
    out = export_path(lms, out)
    _check_suffix(lms, out)
    key_path = key_path_for(out)
    failed = []   # draws a failed expression threw away, warned of as generate does
    sampled = make_slots(classes, count, seed, banks, rounding_rule, failed, resolve_jobs(jobs))
    secret, kept = export_secret(key_path, lms, seed, classes, count, sampled, force)
    slots = with_codes(sampled, secret)
    while (clash := _first_clash(slots)) is not None:   # two variants of a template sharing a code: ~1e-4 at 10,000
        if kept:   # a new secret would change every code of the earlier export, whose quiz may be in use
            raise UsageError(_clash_refusal(key_path, *clash))
        secret = new_secret()
        slots = with_codes(sampled, secret)
    folder = out.parent if str(out.parent) else Path(".")
    write_files(folder, {out.name: render(slots, seed, secret),
                         key_path.name: key_json(export_key_data(lms, seed, secret, classes, count, banks, slots))})
    return Export(slots, seed, key_path, (*guessable, *failed, *size_warnings(lms, out)), path=out)


LARGE_EXPORT = 50 * 10 ** 6
"""Bytes of an export past which it may be over the LMS site's upload limit (Moodle's
"Maximum uploaded file size", PHP's upload_max_filesize; Canvas's import)."""


def file_size(size: int) -> str:
    """``15 KB``, ``14.6 MB``: a file's size (``size`` bytes) for a message."""
    return f"{max(size, 1) / 1000:,.0f} KB" if size < 10 ** 6 else f"{size / 10 ** 6:,.1f} MB"


def size_warnings(lms: str, out: Path) -> tuple:
    """One line when the export written to ``out`` is over LARGE_EXPORT: an LMS
    imports a file no bigger than its site allows, so the upload may be refused."""
    size = out.stat().st_size
    if size <= LARGE_EXPORT:
        return ()
    return (f"{out.name} is {file_size(size)}: {lms.capitalize()} imports a file only up to the site's maximum upload "
            "size (often 2 to 100 MB, set by its administrator); export fewer variants (--count) or classes "
            "(--classes) per file if the upload is refused",)


SUFFIXES = {"moodle": (".xml", "a Moodle XML file", "questions.xml"),
            "canvas": (".zip", "a Canvas QTI package (a zip)", "quiz.zip")}


def export_path(lms: str, out) -> Path:
    """The file an export writes: ``out``, or, when ``out`` is a folder (one that
    exists, or a path ending in a slash), the default name in it, as grade and
    review take a folder (``--out .`` writes ./questions.xml)."""
    return Path(out) / SUFFIXES[lms][2] if out_is_folder(out) else Path(out)


def _check_suffix(lms: str, out: Path) -> None:
    """Refuse an --out whose name says another format (Moodle XML written to quiz.zip)."""
    suffix, what, example = SUFFIXES[lms]
    name = out.name.lower()
    if not name.endswith(suffix) or name == suffix:
        raise UsageError(f"--out {printable(out)}: the {lms} export is {what}; give it a name ending in "
                         f"{suffix}, such as {example}, or a folder to write {example} in")


def _quiz_id(seed, secret: str) -> str:
    """The Canvas quiz's identifier (also its file's name in the zip): the export's code, not the seed."""
    return safe_ident(f"quizgen_{export_code(seed, secret)}")


def _first_clash(slots: list) -> tuple | None:
    """``(template, code)`` of the first two variants of one slot sharing a code
    (grade reads a code back to one variant), or None when every code is its variant's own."""
    for slot in slots:
        seen = set()
        for variant in slot.variants:
            if variant.code in seen:
                return slot.template, variant.code
            seen.add(variant.code)
    return None


def _clash_refusal(key_path: Path, template: str, code: str) -> str:
    """The one line refusing an export whose kept secret gives two variants one code: drawing
    a new secret, as for a fresh export, would silently change every code of the earlier export's quiz."""
    return (f"{printable(key_path)} keeps the secret of the earlier export of this seed, so that its codes, which may "
            f"already be in use, stay the same; with it two variants of {template} would share the code {code}, which "
            "grade could not tell apart; choose another --out for this export (a key and codes of its own), or export "
            "the earlier classes and --count again")
