"""The key file of an LMS export: what the instructor keeps so that ``grade``
can name the variants again.

Students see each question's tag ``[quizgen:<template>:<code>]``, where the
code is a keyed hash of the variant's seed label (quizgen.key.papercode),
never the seed label itself, which would let anyone with quizgen regenerate
the answers. The key file beside the export (``questions.xml`` ->
``questions-key.json``) holds the seed, the export's code (what names the
export in the LMS instead of the seed), the secret and what was sampled, from
which ``grade`` recomputes every variant's code and so reads a code back as
its seed label."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from quizgen.key.checks import CLASS_PATTERN
from quizgen.errors import InputFileError, UsageError
from quizgen.wording import named_first, printable, shortened
from quizgen.files import TooLarge, read_json
from quizgen.input_files import read_capped
from quizgen.key import checks
from quizgen.key.model import EXPORT_KEY_FORMAT
from quizgen.key.papercode import new_secret, paper_code, secret_problem
from quizgen.lms.fingerprints import export_fingerprints

FORMAT = EXPORT_KEY_FORMAT
VERSION = 1
DEFAULT_KEY_NAMES = {"moodle": "questions-key.json", "canvas": "quiz-key.json"}
"""The key file of each export's default ``--out`` (questions.xml, quiz.zip)."""
EXPORT_KEY_BYTES = 8 << 20
"""An export key is a few KiB (9 bytes a variant for its answers' digest: 10 templates of 10,000 variants
make 0.9 MB): a bigger file (a class's key.json) is no export's and is not read through."""


def key_path_for(out) -> Path:
    """The key file written beside the export ``out``: ``<stem>-key.json``."""
    out = Path(out)
    return out.with_name(f"{out.stem}-key.json")


def export_secret(key_path: Path, lms: str, seed, classes: str, count: int, slots: list,
                  force: bool = False) -> tuple:
    """``(secret, kept)``: the secret to key the codes with, ``kept`` when it is
    the earlier key's, as this is that export again (same seed: same codes,
    same bytes), else a fresh one.
    Another export's key is never replaced without ``force`` (exit 2), nor
    one of the same seed whose variants ``slots`` would lose (other classes,
    a smaller count, another LMS): the quiz made from it could not be graded."""
    if not key_path.exists():
        return new_secret(), False
    try:
        earlier = read_json(key_path, EXPORT_KEY_BYTES)
    except (RecursionError, TooLarge):   # nested too deeply for the JSON reader, or too big: no export's key
        earlier = None
    if _is_export_key(earlier) and str(earlier.get("seed")) == str(seed) and _valid_secret(earlier.get("secret")):
        lost = "" if force else _what_is_lost(earlier, lms, classes, count, slots)
        if lost:
            raise UsageError(f"{key_path} is the key of {lost}; choose another --out, or pass --force to "
                             "replace that export's key")
        return earlier["secret"], True
    if not force:
        raise UsageError(f"{key_path} is the key of another export, which may already be in use; "
                         "choose another --out, or pass --force to replace that export's key")
    return new_secret(), False


def _what_is_lost(earlier: dict, lms: str, classes: str, count: int, slots: list) -> str:
    """What the ``earlier`` export key is and what replacing it by this
    export's would lose, for the refusal, or "" when every earlier variant is still described
    (the same LMS, its templates kept, at least its count)."""
    if earlier.get("lms") != lms:
        return (f"a {shortened(printable(earlier.get('lms')).capitalize(), 20)} export, which may already be in use; "
                f"this {lms.capitalize()} export would replace it (both keys are this one file)")
    templates = [t for t in earlier.get("templates", []) if isinstance(t, str)]
    count_before = earlier.get("count") if isinstance(earlier.get("count"), int) else 0
    moved = earlier.get("redrawn") if isinstance(earlier.get("redrawn"), dict) else {}
    kept = {(slot.template, v.id) for slot in slots for v in slot.variants}
    lost = sum((t, _label(earlier["seed"], t, k, moved)) not in kept for t in templates for k in range(count_before))
    if not lost:
        return ""
    return (f"an export of classes {shortened(printable(earlier.get('classes')))}, count {count_before}, which may "
            f"already be in use; this one (classes {shortened(printable(classes))}, count {count}) would drop {lost} of its "
            f"{len(templates) * count_before} variants, and its quiz could no longer be graded")


def _label(seed, template: str, k: int, moved: dict) -> str:
    """The seed label of the k-th variant of ``template`` in an export key (``moved``: its ``redrawn``)."""
    from quizgen.generation.quiz import seed_label   # the sampler and the bank only when an export is read

    label = moved.get(template, {}).get(str(k)) if isinstance(moved.get(template), dict) else None
    return label if isinstance(label, str) else seed_label(seed, template, k)


def export_code(seed, secret: str) -> str:
    """The code naming the whole export where the LMS shows it (Moodle's
    category root, Canvas's quiz identifier): a keyed code of the seed, as
    each variant's code is of its seed label, so the seed never reaches the LMS."""
    return paper_code(secret, str(seed))


def with_codes(slots: list, secret: str) -> list:
    """``slots`` with each variant's code under ``secret`` (the tag students see)."""
    return [replace(slot, variants=tuple(replace(v, code=paper_code(secret, v.id)) for v in slot.variants))
            for slot in slots]


def export_key_data(lms: str, seed, secret: str, classes: str, count: int, banks, slots: list) -> dict:
    """The key file's data. ``redrawn`` lists the variants drawn from another
    seed label than ``seed_label(seed, template, k)`` (a repeat redrawn);
    ``answers`` fingerprints each variant's answers (lms/fingerprints.py)."""
    from quizgen import __version__
    from quizgen.generation.quiz import seed_label

    redrawn = {}
    for slot in slots:
        moved = {str(k): v.id for k, v in enumerate(slot.variants) if v.id != seed_label(seed, slot.template, k)}
        if moved:
            redrawn[slot.template] = moved
    return {"format": FORMAT, "version": VERSION, "quizgen": __version__, "lms": lms, "seed": seed,
            "code": export_code(seed, secret), "secret": secret, "classes": classes,
            "templates": [s.template for s in slots], "count": count,
            "banks": [str(Path(b).resolve()) for b in banks], "redrawn": redrawn,
            "answers": export_fingerprints(slots)}


def key_json(data: dict) -> str:
    """The key file's text."""
    return json.dumps(data, indent=1) + "\n"


def _unread_reason(path: Path) -> str:
    """Why an export key could not be read, naming the key beside an export passed in its place."""
    if not path.is_file():
        return "no such file" if not path.exists() else "not a file"
    if path.suffix.lower() in (".xml", ".zip"):
        return f"this is the export itself, not its key (--key {key_path_for(path)})"
    return "cannot be read as JSON"


def load_export_key(path) -> dict:
    """The data of the export key file at ``path``; one line when it is not one."""
    try:
        data = read_json(Path(path), EXPORT_KEY_BYTES)
    except TooLarge as exc:
        raise InputFileError(f"{exc} beside an export; pass the key file quizgen export wrote beside its output") from exc
    except RecursionError as exc:   # a JSON reader's limit: as the key reader (quizgen.key.load) says
        raise InputFileError(f"{path}: nested too deeply to be a key; pass the key file quizgen export wrote "
                             "beside its output") from exc
    if data is None:
        raise InputFileError(f"{path}: {_unread_reason(Path(path))}; pass the key file quizgen export wrote "
                             "beside its output")
    if not _is_export_key(data):
        raise UsageError(f"--key {path}: not the key file of 'quizgen export' (format {FORMAT!r}); pass the "
                         "<export>-key.json written beside the exported questions")
    version = data.get("version")
    if version.__class__ is not int or version != VERSION:
        newer = version.__class__ is int and version > VERSION
        shown = shortened(json.dumps(version), 20) if "version" in data else "missing"   # as the file writes it
        raise InputFileError(f"{path}: version {shown}: "
                             + (f"written by a newer quizgen (this one reads version {VERSION}); upgrade quizgen"
                                if newer else f"expected {VERSION}, as export writes it; the export key was edited"))
    problem = secret_problem(data["secret"]) if "secret" in data else ""
    if problem:
        raise InputFileError(f"{path}: {problem}: the export key was edited; pass the key "
                             "file quizgen export wrote beside its output")
    if not (_valid_secret(data.get("secret")) and isinstance(data.get("templates"), list)
            and isinstance(data.get("count"), int) and isinstance(data.get("redrawn", {}), dict)):
        raise InputFileError(f"{path}: the export key lacks its secret, templates or count; "
                             "it was edited or cut short")
    if not _seed_written(data.get("seed")):
        raise InputFileError(f"{path}: seed: expected the export's seed, text or a whole number, as export writes "
                             "it; the export key was edited")
    answers = data.get("answers", {})
    if not (isinstance(answers, dict) and all(isinstance(t, str) and isinstance(d, str) for t, d in answers.items())):
        raise InputFileError(f"{path}: answers: expected each template's variant digests as text, as export "
                             "writes them; the export key was edited")
    if "lms" in data and data["lms"] not in DEFAULT_KEY_NAMES:
        raise InputFileError(f"{path}: lms: expected {' or '.join(DEFAULT_KEY_NAMES)}, as export writes it, "
                             f"found {shortened(json.dumps(data['lms']), 20)}; the export key was edited")
    if not _classes_written(data.get("classes")):
        raise InputFileError(f"{path}: classes: expected 'all' or class names such as C1,C7, as export writes it, "
                             f"found {shortened(json.dumps(data.get('classes')), 20)}; the export key was edited")
    if not _folder_list(data.get("banks", [])):
        raise InputFileError(f"{path}: banks: expected a list of folder paths, as export writes it; "
                             "the export key was edited")
    from quizgen.generation.make import MAX_COUNT

    if not 1 <= data["count"] <= MAX_COUNT:   # the codes are recomputed for every variant: a bound on the work
        raise InputFileError(f"{path}: count {data['count']} is not from 1 to {MAX_COUNT:,}, as export writes it")
    return data


def _seed_written(seed) -> bool:
    """Whether an export key's ``seed`` is what export writes: text or a whole number (every variant's label is made from it)."""
    return (isinstance(seed, str) and 0 < len(seed.strip()) and len(seed) <= checks.MAX_ID) or (seed.__class__ is int)


def _classes_written(classes) -> bool:
    """Whether an export key's ``classes`` is what export writes: --classes as given, which export
    checked (bank/loader.py's select), so 'all' or comma-separated class names (C1, c7: any case,
    spaces around); null for a library call given None (every class)."""
    if classes is None:
        return True
    if not isinstance(classes, str) or len(classes) > checks.MAX_TEXT:
        return False
    names = [name.strip() for name in classes.split(",") if name.strip()]
    return classes.strip().lower() == "all" or bool(names) and all(CLASS_PATTERN.fullmatch(n.upper()) for n in names)


def _folder_list(banks) -> bool:
    """Whether an export key's ``banks`` is what export writes: a list of folder paths."""
    return isinstance(banks, list) and all(isinstance(b, str) and b.strip() and "\0" not in b for b in banks)


def key_banks(data: dict, key) -> list:
    """The bank folders an export key names (``load_export_key`` checked the
    list), each an existing folder, else one line naming the key."""
    for folder in data.get("banks", []):
        if not Path(folder).is_dir():
            raise InputFileError(f"{key}: banks: {folder} is not a folder; the export key names the bank folders "
                                 "its questions came from: pass --bank with the folder")
    return list(data.get("banks", []))


def code_labels(data: dict, wanted) -> dict:
    """{(template, code): seed label} for every variant the export key
    describes of the ``wanted`` templates (those the responses name)."""
    return {(template, paper_code(data["secret"], label)): label
            for (template, _), label in variant_labels(data, wanted).items()}


def variant_labels(data: dict, wanted) -> dict:
    """{(template, k): seed label} of the k-th variant of each of the ``wanted`` templates the export key names."""
    return {(template, k): _label(data["seed"], template, k, data.get("redrawn", {}))
            for template in {t for t in data["templates"] if isinstance(t, str)}.intersection(wanted)
            for k in range(data["count"])}


def coded_rows(rows: list) -> list:
    """The response rows that name their variant by code (not an older export's seed label)."""
    return [r for r in rows if r.template and "/" not in r.variant]   # a row of no attempt names none


def decode_rows(rows: list, key, responses, kind: str, forced_by: str = "", warned: list | None = None) -> tuple:
    """``(rows, key data or None)``: ``rows`` with each opaque code read back as
    its seed label through the export key at ``key``. Rows naming seed labels (an
    older export) pass unchanged. Stops in one line without the key (grade looks
    for one first: grading/export_key_found.py), or with the key of another export,
    also when every row names a seed label of another seed than the key's
    (``other_seed``; with ``forced_by``, the option given, that line goes to ``warned``);
    labels of other seeds beside the key's are warned of in ``warned`` (seeds_beside)."""
    coded = coded_rows(rows)
    if key is None:
        if coded:
            raise UsageError(f"{Path(responses).name}: its questions name their variants by code; pass the key "
                             "file quizgen export wrote beside the questions "
                             f"({DEFAULT_KEY_NAMES.get(kind, 'questions-key.json')} for its default --out)")
        return rows, None
    data = load_export_key(key)
    if data.get("lms") in DEFAULT_KEY_NAMES and kind in DEFAULT_KEY_NAMES and data["lms"] != kind:
        raise InputFileError(f"{Path(responses).name}: a {kind.capitalize()} download, but --key {Path(key).name} is "
                             f"the key of a {data['lms'].capitalize()} export; grade that export's "
                             f"{data['lms'].capitalize()} download with it (or pass the {kind.capitalize()} export's key)")
    if not coded and (line := other_seed(rows, data, key, responses)):
        if not forced_by:
            raise InputFileError(f"{line}; grade it without --key (its tags name the variants themselves; "
                                 "--bank for a bank of your own), or pass --force-key to grade it with this key anyway")
        if warned is not None:
            warned.append(f"{line}: graded anyway, as {forced_by} asks")
    elif warned is not None:
        warned += seeds_beside(rows, data, key, responses)
    labels = code_labels(data, {r.template for r in coded}) if coded else {}
    out = []
    for row in rows:
        if row.template and "/" not in row.variant:
            label = labels.get((row.template, row.variant))
            if label is None:
                raise _unknown_variant(row, responses, key, any((r.template, r.variant) in labels for r in coded))
            row = replace(row, variant=label)
        out.append(row)
    return out, data


def other_seed(rows: list, data: dict, key, responses) -> str:
    """The line saying that the rows naming seed labels (an older export's
    download, whose tags hold no code) name none of the export key's seed, so
    the key is another export's, or "" (no such row, or one of its seed)."""
    labelled = [r for r in rows if r.template and "/" in r.variant]
    seed = str(data["seed"])
    if not labelled or any(r.variant.startswith(f"{seed}/{r.template}/") for r in labelled):
        return ""
    seeds = list(dict.fromkeys(r.variant.split(f"/{r.template}/", 1)[0] for r in labelled))
    shown = ", ".join(shortened(printable(s), 40) for s in seeds[:3]) + (", ..." if len(seeds) > 3 else "")
    return (f"{Path(responses).name}: its questions name their variants by seed label, of seed{'s'[:len(seeds) > 1]} "
            f"{shown} ({shortened(printable(labelled[0].variant), 100)}), but --key {key} is the key of an export "
            f"of seed {shortened(printable(seed), 40)}, which drew none of them")


def seeds_beside(rows: list, data: dict, key, responses) -> list:
    """The warning (in a list, or none) that rows naming seed labels name other
    seeds beside the export key's (two exports' questions in one quiz, or a key
    that shares one variant's seed), with how many download rows name each (a
    row naming one of this export's codes counts as the key's seed): each label
    draws its own numbers, but the key's banks and templates grade them all."""
    seed, rows_of, coded = str(data["seed"]), {}, False
    for r in rows:
        if r.template and r.variant:
            coded = coded or "/" not in r.variant
            label = r.variant.split(f"/{r.template}/", 1)[0] if "/" in r.variant else seed
            rows_of.setdefault(label, set()).add(r.row)
    if seed not in rows_of or len(rows_of) == 1:
        return []
    others = sorted(set(rows_of) - {seed}, key=lambda s: (-len(rows_of[s]), s))
    said = [f"seed {shortened(printable(s), 40)} on {len(rows_of[s])} row{'s'[:len(rows_of[s]) > 1]}" for s in others]
    shown = named_first(said[:3], len(said)) + " seeds" * (len(said) > 3)
    return [f"{Path(responses).name}: its questions name their variants by {'code and by ' * coded}seed label of "
            "more than one export: "
            f"seed {shortened(printable(seed), 40)} (--key {key}'s) on {len(rows_of[seed])} "
            f"row{'s'[:len(rows_of[seed]) > 1]}, {shown}; each label draws its own numbers, but with this key's "
            "banks and templates: check that the other export was made from the same bank"]


def _unknown_variant(row, responses, key, others_known: bool) -> InputFileError:
    """The one line for a response whose variant code the export key does not
    know, naming its row and student; when other codes are the key's, the
    tag was likely edited in the LMS rather than the key being another export's."""
    advice = ("the key knows the export's other codes: was this question's [quizgen:...] tag edited in the LMS?"
              if others_known else "pass the key file of the export this quiz was imported from")
    return InputFileError(f"{Path(responses).name}: {_whose(row)}variant {shortened(printable(row.variant))} of "
                          f"{shortened(printable(row.template), 100)} is not one of the export key {key}'s; {advice}")


def _whose(row) -> str:
    """``row 3 (student s2, Ann Lee): `` naming where in the export a response came from."""
    if row.row is None:
        return ""
    name = f", {shortened(printable(row.name))}" if row.name else ""
    return f"row {row.row} after the header (student {shortened(printable(row.student_id))}{name}): "


def export_key_lms(path) -> str | None:
    """The ``lms`` of the export key file at ``path``, or None when it is no
    export key (unreadable, not JSON, nested too deeply, another format, over
    EXPORT_KEY_BYTES): the key reader then says what is wrong with it, in one line."""
    try:
        data = json.loads(read_capped(path, EXPORT_KEY_BYTES, "key"))
    except (InputFileError, ValueError, RecursionError):
        return None
    return data.get("lms") if _is_export_key(data) else None


def _is_export_key(data) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def _valid_secret(secret) -> bool:
    """Whether ``secret`` is as quizgen writes one (papercode.secret_problem)."""
    return not secret_problem(secret)
