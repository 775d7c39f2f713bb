"""Making a quiz: sampling the questions of the class paper and of every
student's paper, and (for ``generate``) rendering each question's blocks and
key record at once, in chunks spread over worker processes."""

from __future__ import annotations

from quizgen.errors import UsageError
from quizgen.generation.quiz import Question, Quiz, StudentPaper, new_seed, seed_label, student_seed
from quizgen.key.entries import key_text
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.generation.views import question_summary
from quizgen.generation.workers import chunked, ordered_map
from quizgen.ui import progress_bar


def make_quiz(templates: list, seed=None, count: int = 1, worked_examples: bool = False,
              students=(), jobs: int = 1, formats=(), progress: bool = False) -> Quiz:
    """``count`` instances of each template (or the canonical one each), numbered Q1, Q2, ...;
    with ``students`` (roster rows), also one :class:`StudentPaper` of their own per student.
    With ``formats``, each question's views in those formats and its key entry are
    made at once, in ``jobs`` processes (same output for any number of jobs)."""
    if count < 1:
        raise UsageError(f"--count must be 1 or more, got {count}")
    if worked_examples and students:
        raise UsageError("--students and --worked-examples do not combine: "
                         "every student would get the same canonical paper")
    if worked_examples:
        instances = [canonical_instance(t) for t in templates]
        seed = "canonical"
    else:
        seed = new_seed() if seed is None else seed
        if formats:
            return _prepared_quiz(templates, seed, count, students, jobs, tuple(formats), progress)
        instances = _sample_all(templates, seed, count)
    quiz = Quiz(seed=seed, questions=_numbered(instances), worked_examples=worked_examples)
    for student in students:
        variant = student_seed(seed, student.student_id)
        quiz.papers.append(StudentPaper(student.student_id, student.name, variant,
                                        _numbered(_sample_all(templates, variant, count))))
    return quiz


CHUNK = 100


def _prepared_quiz(templates, seed, count, students, jobs, formats, progress) -> Quiz:
    """Sample every paper's questions and make their views and key entries, in
    chunks of CHUNK questions spread over ``jobs`` processes."""
    papers = [(str(seed), seed)] + [(s.student_id, student_seed(seed, s.student_id)) for s in students]
    plan = [(f"Q{n + 1}", index, seed_label(variant, t.id, k))
            for _, variant in papers
            for n, (index, t, k) in enumerate((i, t, k) for i, t in enumerate(templates) for k in range(count))]
    chunks = chunked(plan, CHUNK)
    if jobs > 1 and len(chunks) > 1:
        _warm_up(templates, formats, plan)
    questions = []
    with progress_bar(progress, len(plan), "Generating") as bar:
        for chunk in ordered_map(_make_chunk, chunks, jobs, _init_worker, (templates, formats)):
            questions += chunk
            bar.update(len(chunk))
    per_paper = len(templates) * count
    quiz = Quiz(seed=seed, questions=questions[:per_paper])
    for n, student in enumerate(students, start=1):
        quiz.papers.append(StudentPaper(student.student_id, student.name, papers[n][1],
                                        questions[n * per_paper:(n + 1) * per_paper]))
    return quiz


_WORKER = {}


def _init_worker(templates, formats) -> None:
    """What every chunk of a run shares: the templates and the formats to render."""
    _WORKER.update(templates=templates, formats=formats)


def _warm_up(templates: list, formats: tuple, plan: list) -> None:
    """Make one question of each template before the workers start, so that
    they inherit its compiled Jinja2 templates instead of each compiling them."""
    _init_worker(templates, formats)
    firsts = {}
    for item in plan:
        firsts.setdefault(item[1], item)
    _make_chunk(list(firsts.values()))


def _make_chunk(chunk: list) -> list:
    """Questions with their printed blocks and key entries (a worker's job); the
    instances and full views stay behind, only what the documents need travels."""
    templates, formats = _WORKER["templates"], _WORKER["formats"]
    questions = [Question(qid, sample_instance(templates[index], label)) for qid, index, label in chunk]
    for question in questions:
        for fmt in formats:
            question_summary(question, fmt)
        key_text(question)
        question.instance, question.views, question.entry = None, {}, None
    return questions


def _sample_all(templates: list, seed, count: int) -> list:
    """``count`` instances of each template, in template order, for one paper's seed."""
    return [sample_instance(t, seed_label(seed, t.id, k)) for t in templates for k in range(count)]


def _numbered(instances: list) -> list:
    """The instances as questions Q1, Q2, ... in order."""
    return [Question(f"Q{i + 1}", inst) for i, inst in enumerate(instances)]
