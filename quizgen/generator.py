"""The generator: picks templates, fills them with seeded random parameters,
and turns the instances into problem and solution documents plus the key."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

from .bank import builtin_templates_dir, load_bank, select
from .errors import UsageError
from .exact import to_latex
from .formatting import key_answer
from .output import write_files
from .render import jinja_context, render_layout, render_many
from .sampling import Instance, canonical_instance, sample_instance

DOC_FORMATS = ("md", "tex")


@dataclass
class Question:
    """An instance with its place on the paper (Q1, Q2, ...)."""

    id: str
    instance: Instance


@dataclass
class Quiz:
    """A generated problem set: its seed and its questions in order."""

    seed: object
    questions: list
    title: str = "BERT mathematics: problem set"
    worked_examples: bool = False
    meta: dict = field(default_factory=dict)


def seed_label(seed, template_id: str, index: int) -> str:
    """The per-instance seed: independent of other templates, so adding one
    template or class to a quiz never changes the numbers of the others."""
    return f"{seed}/{template_id}/{index}"


def make_quiz(templates: list, seed=None, count: int = 1, worked_examples: bool = False) -> Quiz:
    """``count`` instances of each template (or the canonical one each), numbered Q1, Q2, ..."""
    if count < 1:
        raise UsageError(f"--count must be 1 or more, got {count}")
    if worked_examples:
        instances = [canonical_instance(t) for t in templates]
        seed = "canonical"
    else:
        seed = new_seed() if seed is None else seed
        instances = [sample_instance(t, seed_label(seed, t.id, k)) for t in templates for k in range(count)]
    questions = [Question(f"Q{i + 1}", inst) for i, inst in enumerate(instances)]
    return Quiz(seed=seed, questions=questions, worked_examples=worked_examples)


def new_seed() -> int:
    """A fresh seed for a quiz when none is given (printed so it can be reused)."""
    return secrets.randbelow(1_000_000)


def question_view(question: Question, fmt: str) -> dict:
    """Everything a layout needs about one question, rendered for ``fmt``."""
    inst = question.instance
    template = inst.template
    solution = template.solution
    steps = solution["steps"]
    sources = [template.stem, solution["forecast"], solution["verify"]]
    sources += [pv.part.ask for pv in inst.parts]
    sources += [s[key] for s in steps for key in ("title", "why", "work")]
    stem, forecast, verify, *rest = render_many(sources, jinja_context(inst.env), fmt)
    asks, texts = rest[:len(inst.parts)], rest[len(inst.parts):]
    share = template.points / len(inst.parts)
    return {
        "id": question.id, "cls": template.cls, "title": template.title, "points": template.points,
        "stem": stem,
        "parts": [{"letter": pv.letter, "ask": ask, "points": share,
                   "answer": _answer_text(pv), "latex": to_latex(pv.value) if pv.value is not None else None}
                  for pv, ask in zip(inst.parts, asks)],
        "forecast": forecast,
        "steps": [{"title": texts[i], "why": texts[i + 1], "work": texts[i + 2]}
                  for i in range(0, len(texts), 3)],
        "verify": verify,
    }


def _answer_text(pv) -> str:
    if pv.part.kind == "word":
        return pv.accept[0]
    return key_answer(pv.value, pv.part.kind, pv.part.decimals)


def render_documents(quiz: Quiz, fmt: str, solutions: bool = True, layouts=None) -> dict:
    """The problem (and solution) documents of ``quiz`` as {file name: text}."""
    if fmt not in DOC_FORMATS:
        raise UsageError(f"--format must be one of {', '.join(DOC_FORMATS)}, got {fmt!r}")
    layouts = layouts or builtin_templates_dir()
    views = [question_view(q, fmt) for q in quiz.questions]
    context = {"quiz": quiz, "questions": views, "total_points": sum(v["points"] for v in views)}
    docs = {f"problems.{fmt}": render_layout(f"problems.{fmt}.j2", fmt, layouts, **context)}
    if solutions:
        docs[f"solutions.{fmt}"] = render_layout(f"solutions.{fmt}.j2", fmt, layouts, **context)
    return docs


def key_entry(question: Question) -> dict:
    """The answer-key record of one question: everything the grader needs."""
    from .key import json_params, part_record

    inst = question.instance
    return {
        "id": question.id, "template": inst.template.id, "class": inst.template.cls,
        "title": inst.template.title, "points": inst.template.points, "seed": inst.seed_label,
        "params": json_params(inst.params),
        "parts": [part_record(pv, inst, inst.template.points / len(inst.parts)) for pv in inst.parts],
    }


def generate(out_dir, classes: str = "all", count: int = 1, seed=None, fmt: str = "md",
             solutions: bool = True, worked_examples: bool = False, banks=()) -> Quiz:
    """Generate a problem set and write it to ``out_dir``: problems, solutions,
    key.json and key.csv. Nothing is written unless every file rendered."""
    from .key import key_files

    templates = select(load_bank(banks), classes)
    quiz = make_quiz(templates, seed=seed, count=count, worked_examples=worked_examples)
    files = render_documents(quiz, fmt, solutions)
    files.update(key_files(quiz))
    write_files(Path(out_dir), files)
    return quiz

