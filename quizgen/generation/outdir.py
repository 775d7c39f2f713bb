"""The output folder of ``generate``: nothing overwritten by surprise. A folder
holding another paper's key.json is refused unless ``--force``, and then that
paper's files, those its key lists, are removed (so is one holding no key.json but a file of a name
the paper's files take, a person's own problems.md, or one the key does not list); regenerating the same paper (same seed, templates,
questions per template and students: ``PaperId``) keeps its secret, so its
codes and bytes come out the same; so does one of other students with
``--force`` (a late joiner added), so that the papers printed keep their codes."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from quizgen.files import TooLarge, check_folder, check_target, read_json, refuse_clashes, write_files, FileTable
from quizgen.errors import UsageError
from quizgen.wording import printable, shortened
from quizgen.key.checks import is_listed
from quizgen.key.head import KeyHead
from quizgen.key.papercode import new_secret, secret_problem
from quizgen.paper_formats import paper_file
from quizgen.text.words import and_list, counted


@dataclass(frozen=True)
class OutFolder:
    """What ``generate`` may do in its folder: the secret to key the paper codes
    with, and the earlier paper's files to remove once the new files are written."""

    secret: str
    stale: tuple = ()

    def remove_stale(self, written) -> list:
        """Remove the earlier paper's files that the new paper did not replace;
        returns a warning for each that could not be removed (read-only, open
        elsewhere): the new paper is in place, so that is no reason to fail."""
        kept, warnings = set(written), []
        for path in self.stale:
            if path.name not in kept and path.is_file() and not path.is_symlink():
                try:
                    path.unlink()
                except OSError as exc:
                    warnings.append(f"could not remove {path}, a file of the earlier paper: "
                                    f"{exc.strerror or exc}; remove it by hand")
        return warnings


@dataclass(frozen=True)
class PaperId:
    """What makes two runs of ``generate`` the same paper: the seed, the
    templates, the questions per template and the students with a paper of
    their own (names, format and layout change how it looks, not what it asks)."""

    seed: str | None   # None: an earlier key that names no seed
    templates: tuple
    questions: int
    students: tuple = ()

    @classmethod
    def of_key(cls, head: KeyHead):
        """The PaperId of an earlier key.json (its head), or None when it is not one quizgen wrote."""
        if not head.written:
            return None
        return cls(head.seed, head.templates, head.questions, tuple(sorted(head.student_ids)))

    def same_questions(self, earlier) -> bool:
        """Whether ``earlier`` (a PaperId) asks the same questions: the seed, templates and count, whoever the students."""
        return (earlier.seed, earlier.templates, earlier.questions) == (self.seed, self.templates, self.questions)

    def differs_from(self, earlier) -> str:
        """How ``earlier`` (a PaperId) is another paper than this one, in words; "" when it is this one."""
        if earlier.seed != self.seed:
            return f"{_seed_words(earlier.seed)}, where this run's is {_short(self.seed)}"
        if earlier.templates != self.templates:
            return f"{counted(len(earlier.templates), 'template')} ({_first(earlier.templates)}), " \
                   f"where this run has {len(self.templates)} ({_first(self.templates)})"
        if earlier.questions != self.questions:
            return f"{counted(earlier.questions, 'question')}, where this run makes {self.questions}"
        if earlier.students != self.students:
            return f"papers of their own for {counted(len(earlier.students), 'student')}, " \
                   f"where this run makes them for {len(self.students)}" \
                if len(earlier.students) != len(self.students) else "papers of their own for other students"
        return ""


def _first(names: tuple, shown: int = 3) -> str:
    """The first ``shown`` of ``names``, each cut short, and how many more."""
    first = [_short(name) for name in names[:shown]]
    return and_list(first + [f"{len(names) - shown:,} more"]) if len(names) > shown else and_list(first)


def _seed_words(seed) -> str:
    """An earlier key's seed in a message: ``seed 42``, or ``no seed in it`` for a key that names none."""
    return "no seed in it" if seed is None else f"seed {_short(seed)}"


def _short(text, limit: int = 40) -> str:
    """A seed or template name from a key, as a one-line message shows it: printable, at most ``limit`` characters."""
    return shortened(printable(text), limit)


@dataclass(frozen=True)
class EarlierKey:
    """The key.json in generate's folder: where it is, whether it is there, and
    what the checks read of it (its PaperId, None when it is no key quizgen
    wrote; its secret; the ids of its students' own papers). Only these are
    kept: the whole key of a 2,000-student roster held through the run raised
    generate's peak by about 65 MB. ``files``: the names of the files its run
    wrote, as it lists them (None: a key written before that list)."""

    path: Path
    present: bool = False
    paper: PaperId | None = None
    secret: object = None
    student_ids: tuple = ()
    printed: object = None   # its "printed" record as read, checked where used (generation/printed.py)
    drawn: dict = field(default_factory=dict)   # its exact answers by question, digested (generation/redraws.py)
    files: frozenset | None = None

    def owns(self, name: str) -> bool:
        """Whether the folder's file ``name`` is of this key's paper, so that a run
        may replace or remove it: named as a paper's file is
        (paper_formats.paper_file) and listed in the key (a listed .tex's PDF and LaTeX log too);
        for a key written before the list (or one not read), the name alone
        decides, as it did then. The list narrows that rule, never widens it;
        a folder with no key.json holds no file of a paper."""
        if not self.present or not paper_file(name):
            return False
        return self.files is None or is_listed(name, self.files)

    @classmethod
    def of(cls, path: Path, head: KeyHead | None) -> "EarlierKey":
        """What the checks use of the key at ``path`` (its head, None when unreadable)."""
        if head is None:
            return cls(path, True)
        files = None if head.files is None else frozenset(head.files)
        return cls(path, True, PaperId.of_key(head), head.secret, head.student_ids, head.printed, head.drawn, files)


def earlier_key(out_dir, force: bool = False) -> EarlierKey:
    """The key.json already in ``out_dir``, read once for every check of the
    run; a folder that cannot be one (a file, /dev/null) is refused first."""
    folder = check_folder(out_dir)  # before any work: /dev/null or a file is bad input
    key_path = folder / "key.json"
    if not key_path.is_file():
        return EarlierKey(key_path)
    return EarlierKey.of(key_path, _earlier_key(key_path, force))


def prepare_out_dir(out_dir, paper: PaperId | None, force: bool = False, earlier: EarlierKey | None = None,
                    fresh=new_secret) -> OutFolder:
    """Check ``out_dir`` before writing ``paper`` (None: a fresh seed, so any
    earlier paper there is another one). Raises UsageError (exit 2) when the
    folder holds another paper's key and ``force`` is not given: a seed alone
    does not make the same paper (other classes, counts or students).
    ``earlier``: the folder's key as ``earlier_key`` read it (read here when None);
    ``fresh()``: the secret of a paper the folder holds no key of."""
    earlier = earlier or earlier_key(out_dir, force)
    if not earlier.present:
        return OutFolder(fresh())
    key_path, earlier_id = earlier.path, earlier.paper
    stale = tuple(p for p in sorted(key_path.parent.iterdir()) if earlier.owns(p.name))
    difference = "unreadable" if earlier_id is None else \
        f"{_seed_words(earlier_id.seed)}, where this run draws a fresh one" if paper is None else paper.differs_from(earlier_id)
    if not difference or (force and paper is not None and earlier_id is not None and paper.same_questions(earlier_id)):
        # a late joiner (other students, the same questions): the printed papers keep their codes
        return OutFolder(_kept_secret(key_path, earlier.secret, force), stale)
    if not force and earlier_id is None:
        raise UsageError(f"{key_path} is not a key quizgen can read (not JSON, cut short or edited), and "
                         "its paper may already be handed out; choose another --out folder, or pass --force to "
                         "replace that paper")
    if not force and paper is not None and paper.students and earlier_id.students and paper.same_questions(earlier_id):
        raise UsageError(f"{key_path} is the key of papers of the same seed and questions for other students "
                         f"({difference}): pass --force to {_roster_change(earlier_id.students, paper.students)}; every "
                         "other paper and its code stay as printed. Or choose another --out folder")
    if not force:
        raise UsageError(f"{key_path} is the key of another paper ({difference}), which may already be handed "
                         f"out; choose another --out folder, or pass --force to replace that paper")
    return OutFolder(fresh(), stale)


def refuse_remaking_another(earlier: EarlierKey, paper: PaperId | None, known=()) -> None:
    """Refuse ``--only`` (remake some students' papers, the key untouched)
    unless the folder's key is of this very paper: the same seed, templates,
    questions and students, as a full run regenerating it would need
    (``known``: the ids of the templates of the banks loaded, to name a --bank left out)."""
    if not earlier.present:
        raise UsageError(f"--only remakes papers already made, beside their key, and {earlier.path.parent} holds "
                         "no key.json; make the class's papers first (without --only)")
    earlier_id = earlier.paper
    if earlier_id is None:
        raise UsageError(f"--only remakes papers beside their key, and {earlier.path} is not a key quizgen can "
                         "read (not JSON, cut short or edited)")
    missing = [name for name in earlier_id.templates if name not in set(known)]
    if known and missing:   # a paper of a user bank remade without its --bank: said plainly
        one = len(missing) == 1
        raise UsageError(f"--only: {earlier.path} is the key of a paper made with {'template' if one else 'templates'}"
                         f" {_first(tuple(missing))}, which no loaded bank holds; add --bank with the folder of the "
                         "bank that paper was made from (and that run's --seed, --classes, --count and --students)")
    difference = f"{_seed_words(earlier_id.seed)}, where this run draws a fresh one" if paper is None \
        else paper.differs_from(earlier_id)
    if difference:
        raise UsageError(f"--only: {earlier.path} is the key of another paper ({difference}); give the --seed, "
                         "--classes, --count and --students of the run that made it")


def _roster_change(earlier: tuple, now: tuple) -> str:
    """What ``--force`` does to the papers of the ``earlier`` students for the
    students ``now``: those added get a paper, those gone lose theirs, in words."""
    added, gone = len(set(now) - set(earlier)), len(set(earlier) - set(now))
    said = ([f"add the papers of {counted(added, 'new student')}"] * bool(added)
            + [f"remove those of {counted(gone, 'student')} no longer listed"] * bool(gone))
    return and_list(said) or "write them again"


def refuse_overwriting_inputs(out_dir, names, stale, reads: dict) -> None:
    """Refuse in one line (exit 2), before anything is written, a run whose
    files ``names`` in ``out_dir`` (or the earlier paper's ``stale`` files it
    removes) are one of its inputs ``reads`` ({path: role}: the --students
    roster saved as key.csv there would be replaced by the answer key)."""
    if not reads:
        return
    names = dict.fromkeys(names)   # in order: the first clash is named
    roles = {"key.csv": "the answer key", "key.json": "the key"}
    writes = {Path(out_dir) / name: roles.get(name, "the paper's file") for name in names}
    advice = "keep the roster outside the paper's files, or choose another --out folder"
    refuse_clashes(writes, reads, f"--out {out_dir}", advice)
    inputs = FileTable(reads)
    for path in stale:
        found = inputs.find(path) if path.name not in names else None
        if found is not None:
            raise UsageError(f"--out {out_dir}: {path}, a file of the earlier paper there, would be removed, "
                             f"and it is {found[1]}; {advice}")


def refuse_replacing_others(out_dir, names, earlier: EarlierKey, force: bool) -> None:
    """Refuse in one line (exit 2), before anything is written, a run that would
    write over a file (of its ``names``) that is not the folder's paper's: in a
    folder holding no key.json, a person's own problems.md or key.csv;
    beside a key.json, a file it does not list (``earlier.owns``), such
    as a solutions.md of the person's own beside a ``--no-solutions`` paper.
    ``force`` replaces it, as a folder holding another paper's key is replaced;
    a folder or device there is refused at once (files.check_target), which no --force replaces."""
    for name in names:
        path = Path(out_dir) / name
        check_target(path)
        if force or not (path.exists() or path.is_symlink()) or earlier.owns(name):
            continue
        if earlier.present:
            raise UsageError(f"--out {out_dir}: {path} is there already, and the folder's key.json does not list it "
                             "among the files of its paper, so it is not quizgen's (a file of your own?); generate "
                             "never replaces it: move it away, choose another --out folder, or pass --force to "
                             "replace it")
        raise UsageError(f"--out {out_dir}: {path} is there already, with no key.json beside it, so generate "
                         "cannot tell it is a file of a paper of its own (if it is, put that paper's key.json "
                         "back to make it again with its codes); generate never replaces it: choose another "
                         "--out folder, or pass --force to replace it")


def _kept_secret(key_path: Path, secret, force: bool) -> str:
    """The secret of the earlier key of this same paper, kept so that its codes
    stay the same; a fresh one when it has none (a key without paper codes).
    One that quizgen did not write (edited by hand: short, a lone surrogate)
    is refused unless ``force``, which draws a fresh one (new paper codes)."""
    if secret is None or secret == "":
        return new_secret()
    problem = secret_problem(secret)
    if not problem:
        return secret
    if force:
        return new_secret()
    raise UsageError(f"{key_path}: {problem}; restore the key as generate wrote it, or pass --force to make "
                     "this paper with a fresh secret (new paper codes)")


def _earlier_key(path: Path, force: bool = False) -> KeyHead | None:
    """The earlier key.json's head (key/head.py), or None when it cannot be read as a key
    (nested too deeply for the JSON reader, or with ``force`` over the size
    limit: not a key quizgen wrote); over the limit without ``force``, one line."""
    try:
        data = read_json(path)
    except RecursionError:
        return None
    except TooLarge as exc:
        if force:
            return None
        raise UsageError(f"{exc}; choose another --out folder, or pass --force to replace it") from exc
    return KeyHead.from_json(data) if isinstance(data, dict) else None


def list_in_key(earlier: EarlierKey, names) -> bool:
    """Add to the folder's key.json's ``files`` the paper's files among
    ``names`` that ``generate --only`` wrote and it does not list yet, so that a
    later run of the paper replaces them and one of another paper removes them.
    Only that line of the key changes, written as the
    key's writer wrote it, and the key is replaced atomically; a key with no
    list (every paper file its own, by name) or one edited by hand is left alone.
    Returns whether the key changed, for the summary to say so."""
    if earlier.files is None:
        return False
    new = [name for name in names if paper_file(name) and not earlier.owns(name)]
    if not new:
        return False
    text = earlier.path.read_text(encoding="utf-8")
    head = text.find('\n  "templates": ')
    line = KEY_FILES_LINE.search(text, 0, head) if head > 0 else None
    listed = json.loads(line[1]) if line is not None else None
    if listed is None or frozenset(listed) != earlier.files:
        return False
    grown = json.dumps([*listed, *new], ensure_ascii=False, separators=(",", ":"))   # as key/writer.py writes it
    grown_key = f'{text[:line.start()]}\n  "files": {grown},\n{text[line.end():]}'
    write_files(earlier.path.parent, {earlier.path.name: grown_key})
    return True


KEY_FILES_LINE = re.compile(r'\n  "files": (\[[^\n]*\]),\n')
"""The line of key.json's head that lists its paper's files (key/writer.py writes it so)."""
