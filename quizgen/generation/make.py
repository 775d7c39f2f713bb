"""Making a quiz: sampling the questions of the class paper and of every
student's paper, and (for ``generate``) rendering each question's blocks and
key record at once, in chunks spread over worker processes."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.bank.budget import forget_sizes
from quizgen.errors import UsageError
from quizgen.generation.quiz import (Question, Quiz, StudentPaper, check_labels, new_seed, seed_label,
                                     student_seed)
from quizgen.key.entries import key_text
from quizgen.generation.distinct import distinct_instances, ran_out_warning
from quizgen.generation.failures import DrawFailures
from quizgen.generation.canonical_params import check_canonical_params
from quizgen.generation.sampling import canonical_instance
from quizgen.generation.spool import BLOCKS
from quizgen.generation.views import question_summary
from quizgen.generation.workers import chunked, ordered_map
from quizgen.maths.printing import forget_printed
from quizgen.ui import progress_bar

MAX_COUNT = 10_000   # questions per template on one paper (each student's own paper comes from --students)


def check_count(count: int, meaning: str = "questions per template") -> None:
    """``--count`` from 1 to MAX_COUNT: a mistyped 100000000 would fill memory
    long before the first file is written. ``meaning``: what the command's
    --count counts (export: "variants per slot")."""
    if not 1 <= count <= MAX_COUNT:
        raise UsageError(f"--count must be from 1 to {MAX_COUNT:,} ({meaning}), got {count}")


def make_quiz(templates: list, seed=None, count: int = 1, worked_examples: bool = False,
              students=(), jobs: int = 1, formats=(), progress: bool = False, spool=None) -> Quiz:
    """``count`` instances of each template (or the canonical one each), numbered Q1, Q2, ...;
    with ``students`` (roster rows), also one :class:`StudentPaper` of their own per student.
    With ``formats``, each question's views in those formats and its key entry are
    made at once, in ``jobs`` processes (same output for any number of jobs); with
    a ``spool`` (quizgen.generation.spool), their printed blocks wait there, not in memory."""
    check_count(count)
    if worked_examples and students:
        raise UsageError("--students and --worked-examples do not combine: "
                         "every student would get the same canonical paper")
    ran_out, failures = set(), DrawFailures()
    if worked_examples:
        instances = [_canonical(t) for t in templates]
        seed = "canonical"
    else:
        check_labels(seed, [t.id for t in templates], count, [s.student_id for s in students],
                     getattr(students, "where", None))
        seed = new_seed() if seed is None else seed
        if formats:
            return _prepared_quiz(templates, seed, count, students, jobs, tuple(formats), progress, spool)
        instances = _sample_all(templates, seed, count, ran_out, failures)
    quiz = Quiz(seed=seed, questions=_numbered(instances), worked_examples=worked_examples)
    for student in students:
        variant = student_seed(seed, student.student_id)
        quiz.papers.append(StudentPaper(student.student_id, student.name, variant,
                                        _numbered(_sample_all(templates, variant, count, ran_out, failures))))
    quiz.warnings += ([ran_out_warning(ran_out)] if ran_out else []) + failures.warnings(templates)
    return quiz


def _canonical(template):
    """The template's canonical instance, refused when a canonical value is one it could never draw."""
    check_canonical_params(template)
    return canonical_instance(template)


CHUNK = 100


class PlanItem(NamedTuple):
    """One question of the plan a worker makes: its id on the paper, its template (by index in the
    templates given to the workers) and the seed label it is drawn from."""

    qid: str
    template: int
    label: str


def _prepared_quiz(templates, seed, count, students, jobs, formats, progress, spool) -> Quiz:
    """Sample every paper's questions and make their views and key entries, in
    chunks of CHUNK questions spread over ``jobs`` processes."""
    papers = [(str(seed), seed)] + [(s.student_id, student_seed(seed, s.student_id)) for s in students]
    plan = [PlanItem(f"Q{n + 1}", index, seed_label(variant, t.id, k))
            for _, variant in papers
            for n, (index, t, k) in enumerate((i, t, k) for i, t in enumerate(templates) for k in range(count))]
    chunks = _runs_chunked(plan, count)
    order = None if spool is not None else costliest_first(chunks, templates)
    questions, ran_out, seen, failures = [], set(), {}, DrawFailures()
    with progress_bar(progress, len(plan), "Generating") as bar:
        for chunk, short, failed in ordered_map(_make_chunk, chunks, jobs, _init_worker, (templates, formats), order):
            shared_texts(chunk, seen)
            if spool is not None:
                spool.hold(chunk)
            questions += chunk
            ran_out |= short
            failures.merge(failed)
            bar.update(len(chunk))
    per_paper = len(templates) * count
    quiz = Quiz(seed=seed, questions=questions[:per_paper], spool=spool)
    quiz.warnings += ([ran_out_warning(ran_out)] if ran_out else []) + failures.warnings(templates)
    for n, student in enumerate(students, start=1):
        quiz.papers.append(StudentPaper(student.student_id, student.name, papers[n][1],
                                        questions[n * per_paper:(n + 1) * per_paper]))
    return quiz


def shared_texts(questions: list, seen: dict) -> None:
    """Each repeated text of ``questions``, as they arrive from a worker, made one
    string with the equal ones met before (``seen``: {text: text}): the template's
    key record, and the summary's title, class, points and answers note, and its
    answers rule (a tuple). Each chunk comes unpickled with its own copies, so
    without this the main process held one copy per chunk of every template's key
    record (2.4 KB) and of each paper's note on answers: about 11 MB for a
    2,000-student roster, and 10 MB more of answers rules (a tuple and two
    frozensets per question). The printed blocks, different for every question,
    are left as they are."""
    for question in questions:
        key = question.key
        if key is not None:
            question.key = key._replace(template=seen.setdefault(key.template, key.template),
                                        template_record=seen.setdefault(key.template_record, key.template_record))
        for summary in question.summaries.values():
            for name, value in summary.items():
                if value.__class__ in (str, tuple) and name not in BLOCKS:
                    summary[name] = seen.setdefault(value, value)


def costliest_first(chunks: list, templates: list) -> list:
    """The chunks' indices, the costliest first, for the workers to take in
    that order (longest processing time first): a class paper's chunks are
    whole runs of one template, ten chunks for two workers, and in bank order
    a costly run taken last kept one worker busy while the other sat idle.
    A question's cost is estimated by the work its template does per draw,
    its lets, constraints, parts and traps; ties keep plan order. Not used
    with a spool: its many like-sized chunks leave little idle time at the
    end, and a chunk that finishes before those ahead of it waits in memory."""
    weights = [len(t.lets) + len(t.constraints) + sum(1 + len(p.traps) for p in t.parts) for t in templates]
    costs = [sum(weights[item.template] for item in chunk) for chunk in chunks]
    return sorted(range(len(chunks)), key=lambda i: -costs[i])


_WORKER = {}


def _init_worker(templates, formats) -> None:
    """What every chunk of a run shares: the templates and the formats to render.
    Each worker compiles the Jinja2 texts of the templates it meets itself: a
    class paper's chunks are whole runs of one template, so the workers
    compile each template's texts once between them, at the same time, where
    the main process compiling them all before forking (as it once did) kept
    both workers waiting for it."""
    _WORKER.update(templates=templates, formats=formats)


def _runs_chunked(plan: list, count: int) -> list:
    """The plan in chunks of about CHUNK questions, never splitting one paper's
    run of ``count`` instances of a template (made distinct together)."""
    runs = chunked(plan, count)
    chunks, current = [], []
    for run in runs:
        if current and len(current) + len(run) > CHUNK:
            chunks.append(current)
            current = []
        current = current + run
    return chunks + ([current] if current else [])


def _make_chunk(chunk: list) -> tuple:
    """``(questions, templates that ran out of variants, DrawFailures)``: questions with their
    printed blocks and key entries (a worker's job); the instances and full
    views stay behind, only what the documents need travels."""
    templates, formats = _WORKER["templates"], _WORKER["formats"]
    questions, ran_out, failures = [], set(), DrawFailures()
    for run in _template_runs(chunk):
        template = templates[run[0].template]
        instances, short = distinct_instances(template, [item.label for item in run], failures)
        questions += [Question(item.qid, inst) for item, inst in zip(run, instances)]
        ran_out |= {template.id} if short else set()
    for question in questions:
        for fmt in formats:
            question_summary(question, fmt)
        key_text(question)
        question.instance, question.views, question.entry = None, {}, None
    forget_nodes()
    return questions, ran_out, failures


def forget_nodes() -> None:
    """Empty the memos keyed by expression node (sizes, printed texts) once a chunk is made.
    Every draw makes new nodes, so what they keep serves the chunk that made it: kept until
    full (65,536 and 32,768 nodes), they grew each worker by about 10 MB over 3,000
    questions, with the same CPU time as emptied after each chunk (docs/performance.md)."""
    forget_sizes()
    forget_printed()


def _template_runs(chunk: list) -> list:
    """The chunk's items (PlanItem) grouped into runs of consecutive items of one template;
    a paper's run of a template is whole within its chunk (``_runs_chunked``),
    and two papers' runs of the same template are told apart by their labels' paper."""
    runs = []
    for item in chunk:
        last = runs[-1][-1] if runs else None
        if last and last.template == item.template and _paper_of(last.label) == _paper_of(item.label):
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def _paper_of(label: str) -> str:
    """The paper part of a seed label ``{paper seed}/{template id}/{k}``."""
    return label.rsplit("/", 2)[0]


def _sample_all(templates: list, seed, count: int, ran_out: set, failures: DrawFailures) -> list:
    """``count`` distinct instances of each template, in template order, for one
    paper's seed; the ids of templates that ran out of variants go into ``ran_out``,
    the draws' failed expressions into ``failures``."""
    found = []
    for template in templates:
        instances, short = distinct_instances(template, [seed_label(seed, template.id, k) for k in range(count)],
                                              failures)
        found += instances
        ran_out |= {template.id} if short else set()
    return found


def _numbered(instances: list) -> list:
    """The instances as questions Q1, Q2, ... in order."""
    return [Question(f"Q{i + 1}", inst) for i, inst in enumerate(instances)]
