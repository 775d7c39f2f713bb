"""What an LMS export needs of the bank, as plain data: for each question slot
(a template) its variants, each with its stem, parts, answers, tolerances,
traps, worked solution and figure already rendered as HTML.

This is the ONE module of quizgen.lms that reads generation and key internals
(``sample_instance``, ``question_view``, the key's ``part_record``): when they
change, only this module changes. The writers (moodle.py, canvas.py) see only
the dataclasses below."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from html import escape

from quizgen.bank.loader import load_bank, select, shipped
from quizgen.errors import UsageError
from quizgen.generation.distinct import distinct_instances
from quizgen.generation.failures import DrawFailures
from quizgen.generation.make import check_count
from quizgen.generation.quiz import Question, check_labels, seed_label
from quizgen.generation.views import LMS_CREDIT, answers_note, question_view
from quizgen.generation.workers import ordered_map
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.key.entries import key_entry, key_part, trap_feedback
from quizgen.lms.fingerprints import check_variant, parts_fingerprint
from quizgen.lms.html import markdown_html, shown_maths
from quizgen.lms.window import answer_window, canvas_window
from quizgen.text.answers import in_plain


@dataclass(frozen=True)
class Trap:
    """A misconception a wrong answer reveals: its code, wrong value (with the
    half-width the grader accepts) or words, the feedback naming it, and the
    share of the part's points it still earns (``credit``, 0 to 1)."""

    code: str
    value: float | None
    tolerance: float | None
    feedback: str
    words: tuple = ()
    credit: float = 0.0


@dataclass(frozen=True)
class VariantPart:
    """One part of a variant: the ask (HTML), its kind, the exact answer as a
    float with the grader's absolute half-width, or the accepted words; ``shown``
    and ``margin``, Moodle's right answer and tolerance as text (lms/window.py:
    the answer rounded to the figures asked; "" for a word part)."""

    letter: str
    ask_html: str
    kind: str
    value: float | None
    tolerance: float | None
    words: tuple
    points: float
    traps: tuple
    shown: str = ""
    margin: str = ""
    canvas_margin: str = ""   # Canvas's: both ties inside (lms/window.canvas_window)

    @property
    def is_word(self) -> bool:
        """Whether the answer is words (short answer) rather than a number."""
        return self.kind == "word"

    def whole_neighbours(self) -> tuple:
        """``(trap, n)`` for each whole number ``n`` just below or above a count's trap value that is no
        whole number (C6's 4.5: 4 and 5), which ``quizgen grade`` names as that trap (marking/slips.py,
        ``trap_matched``), so the LMS names it there too; in trap order, leaving out the
        answer, any trap's own value and a neighbour an earlier trap took."""
        if self.kind != "integer":
            return ()
        taken = {self.value, *(t.value for t in self.traps)}
        found = []
        for trap in self.traps:
            if trap.value is None or not math.isfinite(trap.value) or trap.value.is_integer():
                continue
            for n in (math.floor(trap.value), math.ceil(trap.value)):
                if float(n) not in taken:
                    taken.add(float(n))
                    found.append((trap, float(n)))
        return tuple(found)


@dataclass(frozen=True)
class Variant:
    """One variant of a slot: the numbers one student sees. ``id`` is its seed
    label (``{seed}/{template}/{k}``), which regenerates it exactly; ``code``,
    when set, is the keyed code students see instead (quizgen.lms.exportkey)."""

    id: str
    template: str
    cls: str
    title: str
    points: float
    stem_html: str
    parts: tuple
    solution_html: str
    figure_svg: str | None = None
    solution_figure_svg: str | None = None
    code: str = ""
    fingerprint: str = ""   # its answers' digest, kept in the export key (lms/fingerprints.py)

    @property
    def label(self) -> str:
        """What the LMS may show of the variant's identity: its code, or the
        seed label when there is no code (slots made without an export key)."""
        return self.code or self.id

    @property
    def tag(self) -> str:
        """What names the variant in the LMS (the question text's tag line,
        Moodle's question ID number): ``quizgen:<template>:<label>``."""
        return f"quizgen:{self.template}:{self.label}"


@dataclass(frozen=True)
class Slot:
    """A question slot: one template and its variants (one LMS category or group)."""

    number: int
    template: str
    cls: str
    title: str
    points: float
    variants: tuple


def slots(classes: str = "all", count: int = 10, seed=1, banks=(), rounding_rule: str | None = None,
          warnings: list | None = None, jobs: int = 1) -> list:
    """One :class:`Slot` per selected template, each with ``count`` variants
    sampled exactly as ``quizgen generate --seed`` samples them (the k-th
    variant of a template is the k-th question ``--count`` would give);
    ``rounding_rule``: the LMS's own ``{{ rounding_rule }}`` (None: the paper's).
    ``warnings`` receives generate's warning on draws a failed expression threw away.
    The slots are made in ``jobs`` processes, a template each (generation/workers.py):
    the same slots for any number."""
    check_count(count, "variants per slot")
    templates, failures = select(load_bank(banks), classes, banks), DrawFailures()
    check_labels(seed, [t.id for t in templates], count)   # a seed label grade would refuse: before any sampling
    runs = [(i, tuple(seed_label(seed, t.id, k) for k in range(count)), rounding_rule) for i, t in enumerate(templates)]
    made = []
    for t, (variants, failed) in zip(templates, ordered_map(_slot_variants, runs, jobs, _hold, (templates,))):
        made.append(Slot(len(made) + 1, t.id, t.cls, t.title, t.points, variants))
        failures.merge(failed)
    if warnings is not None:
        warnings += failures.warnings(templates)
    return made


_WORKER = {}   # the templates a worker's runs name by index (``_hold``)


def _hold(templates: list) -> None:
    """What every run of ``slots`` shares, kept once per worker: the templates."""
    _WORKER["templates"] = templates


def _slot_variants(run: tuple) -> tuple:
    """``(variants, DrawFailures)`` of one template's run (its index, seed labels and the LMS's
    rounding rule): its distinct instances rendered as variants (a worker's job)."""
    index, labels, rounding_rule = run
    template, failures = _WORKER["templates"][index], DrawFailures()
    instances = distinct_instances(template, list(labels), failures)[0]
    return tuple(instance_variant(inst, rounding_rule) for inst in instances), failures


def variant(template, label: str, rounding_rule: str | None = None) -> Variant:
    """The variant of ``template`` drawn from seed label ``label``, its text
    printing ``rounding_rule`` for ``{{ rounding_rule }}`` (None: the paper's)."""
    return instance_variant(sample_instance(template, label), rounding_rule)


def instance_variant(inst, rounding_rule: str | None = None) -> Variant:
    """The variant of the drawn instance ``inst`` (its template's, named by its seed label),
    rendered as ``variant`` renders it: a slot's run renders the instances it drew, not drawn again."""
    template, label = inst.template, inst.seed_label
    view = question_view(Question("Q1", inst), "md", rounding_rule)
    feedback = trap_feedback(inst, inst.parts)
    records = [key_part(pv, inst, share, texts)
               for pv, share, texts in zip(inst.parts, template.part_points(), feedback)]
    parts = tuple(_part(record, shown) for record, shown in zip(records, view["parts"]))
    figure = view["figure"] or {}
    return Variant(id=label, template=template.id, cls=template.cls, title=template.title,
                   points=template.points, stem_html=markdown_html(view["stem"]), parts=parts,
                   solution_html=_solution_html(_lms_note(view, inst)), figure_svg=figure.get("problem") or None,
                   solution_figure_svg=figure.get("solution") or None, fingerprint=parts_fingerprint(records))


def _part(part, shown: dict) -> VariantPart:
    """A key part (quizgen.key KeyPart) and its rendered view as a :class:`VariantPart`."""
    word = part.kind == "word"
    traps = tuple(Trap(code=t.code, value=value, tolerance=None if value is None else part.trap_half_width(i),
                       feedback=shown_maths(t.feedback), words=_once(t.words), credit=t.credit)
                  for i, (t, value) in enumerate(zip(part.traps, part.trap_values)))
    return VariantPart(letter=part.letter, ask_html=markdown_html(shown["ask"], block=False),
                       kind=part.kind, value=None if word else part.value,
                       tolerance=None if word else part.half_width(),
                       words=_once(part.accept) if word else (), points=shown["points"],
                       traps=traps, **_moodle_window(part))


def _moodle_window(part) -> dict:
    """Moodle's right answer and tolerance of a number part (lms/window.py), none for a word part."""
    if part.kind == "word":
        return {}
    answer, margin = answer_window(part.kind, part.tolerance, part.value, part.rational)
    return {"shown": answer, "margin": margin, "canvas_margin": canvas_window(part)[1]}


def _once(words) -> tuple:
    """``words`` in order, each once: a class whose label and name agree
    (NLI's "neutral") is one answer to the LMS, not two."""
    return tuple(dict.fromkeys(words))


def _lms_note(view: dict, inst) -> dict:
    """``view`` with the LMS's own answers note: the LMS marks an answer by the
    key answer's rounding window only, so it does not credit one worked with
    rounded intermediates, as quizgen grade of the download does (views.LMS_CREDIT)."""
    return {**view, "answers_note": answers_note(view["answers_rule"], LMS_CREDIT, near_one=shipped(inst.template))}


def _solution_html(view: dict) -> str:
    """The worked solution (forecast, numbered steps, check) as HTML, labelled
    as on the paper (templates/solution-question.md.j2: "**Forecast.**", each
    step "**Title.** *Why:* ...", "**Check.**"), so that a title does not run into its reason."""
    steps = "".join(f"<li><strong>{markdown_html(s['title'], block=False)}.</strong> "
                    f"<em>Why:</em> {markdown_html(s['why'], block=False)}<br>{markdown_html(s['work'], block=False)}"
                    "</li>" for s in view["steps"])
    # 3.449 × 10⁻⁵ below 0.001, as the papers show it (the answer Moodle and Canvas check stays a decimal)
    answers = ", ".join(f"({p['letter']}) {escape(in_plain(str(p['answer'])))}" for p in view["parts"])
    note = f" {escape(view['answers_note'])}" if view.get("numeric") else ""   # why the working may differ
    return (f"{_labelled('Forecast', view['forecast'])}<ol>{steps}</ol>{_labelled('Check', view['verify'])}"
            f"<p><strong>Answers:</strong> {answers}.{note}</p>")


def _labelled(label: str, text: str) -> str:
    """Template text as HTML paragraphs, the first starting with ``label`` in bold ("Forecast.")."""
    return markdown_html(f"**{label}.** {text.strip()}")


class NotInBank(UsageError):
    """Templates (``missing``) an LMS download's tags name that the bank does not
    hold: one line saying which, and to pass the bank the quiz came from."""

    def __init__(self, missing: list):
        super().__init__(f"template {', '.join(map(repr, missing))} of the LMS answers is not in the bank; "
                         "pass the --bank the quiz was exported from")
        self.missing = missing


def key_questions(wanted: list, banks=(), fingerprints: dict | None = None) -> list:
    """The key questions (``KeyQuestion``) of ``wanted``: (question id,
    template id, seed label) each, in that order. Each distinct one is drawn
    once: a class of thousands shares an export's few variants. A seed label
    "" asks for a question of the template whose variant is unknown (a cell
    that lost its tag: quizgen.lms.lost_tag): the template's parts and
    points, with no seed label, parameters or ECF recipes (its values, the
    canonical instance's, stand for none of the variants; grade marks no part
    of it by them). ``fingerprints``: {seed label: digest}, each variant drawn
    again refused unless its answers still have it (lms/fingerprints.py)."""
    templates = {t.id: t for t in load_bank(banks)}
    missing = sorted({template for _, template, _ in wanted if template not in templates})
    if missing:
        raise NotInBank(missing)
    made = {}
    for qid, template, label in wanted:
        if (qid, template, label) not in made:
            made[qid, template, label] = (key_entry(Question(qid, sample_instance(templates[template], label)))
                                          if label else _unknown_variant(qid, templates[template]))
            if label:
                check_variant(label, template, made[qid, template, label].parts, fingerprints or {})
    return [made[item] for item in wanted]


def _unknown_variant(qid: str, template):
    """The key question of ``template`` whose variant is unknown (key_questions)."""
    question = key_entry(Question(qid, canonical_instance(template)))
    return replace(question, seed="", params={}, recipes={})
