"""A question's views: everything the layouts print about it, rendered once per
format and kept on the question (its full view, and the summary a whole
document needs: id, title, points and its printed problem and solution blocks)."""

from __future__ import annotations

from functools import lru_cache

from quizgen.bank.budget import NESTING, limit_error
from quizgen.bank.loader import builtin_templates_dir, shipped
from quizgen.bank.texts import located_error
from quizgen.errors import TemplateError
from quizgen.generation.problem_figure import figure_markup
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import CANONICAL
from quizgen.maths.draw_numbers import exact_in_numbers
from quizgen.maths.numbers import fixed, significant
from quizgen.maths.printing import to_latex
from quizgen.maths.tolerance import DEFAULT_SIGFIGS
from quizgen.paper_formats import FORMATS
from quizgen.text.fractions import display_fractions
from quizgen.text.render import render_layout, render_many
from quizgen.text.tex_paragraphs import tex_paragraphs

PAPER_CREDIT = (": an answer worked that way, with intermediates kept to at least 4 significant figures as the "
                "questions ask, is marked correct too. By default the grading also accepts intermediates kept to 3, "
                "a margin below the 4 asked (a course's marking policy may require 4), and may mark an "
                "answer carried from fewer as rounded too early.")
"""What ANSWERS_NOTE says of an answer worked with rounded intermediates where quizgen grade marks it: the
paper's 4 figures, and the default policy's 3 (issue 12 asks both; docs/grading.md, "Why the paper asks 4")."""
LMS_CREDIT = (". This quiz checks an answer against the key answer's rounding window only, so an answer worked "
              "that way, with intermediates kept to at least 4 significant figures, may be marked wrong here; it "
              "is credited if your instructor regrades the quiz's answers with quizgen.")
"""The same for a worked solution inside an LMS quiz (quizgen.lms.variants): the LMS's own numeric
window marks such an answer wrong; quizgen grade of the download (carried rounding) credits it."""
ANSWERS_NOTE = ("These come from unrounded values. The working rounds at every step, so its result can differ in "
                "the last digit, at times in the last one asked for{credit} {each} is written to 4 significant "
                "figures{places}{asked}, and with more figures where all it shows after the third figure would be a 5 "
                "that was itself rounded (0.787468 is written 0.78747, not 0.7875), since rounding that again to "
                "3 figures could go the wrong way.{near_one}")
"""How a paper's worked answers are rounded: printed once above the first question
of the solutions and of a feedback sheet (paper_answers_note), and under each
numeric question of an LMS quiz (``{credit}``: PAPER_CREDIT; LMS_CREDIT in an LMS
quiz, where ``{each}`` says "Each answer here"); ``{places}`` says when the part's
decimal places show more figures (``key_answer``'s rule); ``{asked}`` when a part's tolerance asks more
(key/compact.written_answer: a ``sigfigs`` rule over 4, an ``rtol`` or ``atol`` window)."""
NEAR_ONE = (" The working keeps a probability over 0.9 to 4 significant figures of its distance from 1 (0.93401 "
            "beside an answer of 0.9340): the loss of a probability near 1 depends on those figures.")
"""ANSWERS_NOTE's ``{near_one}``: a habit of the shipped bank's worked solutions, said only where every
question on the paper is the shipped bank's (a user's template need not keep it)."""


def paper_answers_note(questions: list) -> str:
    """The one ANSWERS_NOTE the worked solutions print above a paper's first
    question ('' when no question has a numeric answer): the questions' own
    when they all say the same, else the one for parts of several decimals."""
    notes = {q["answers_note"] for q in questions if q["numeric"]}
    if len(notes) <= 1:
        return notes.pop() if notes else ""
    rules = [q["answers_rule"] for q in questions if q["numeric"]]
    rule = (frozenset([1, 2]), frozenset().union(*(r[1] for r in rules)), any(r[2] for r in rules))
    return answers_note(rule, near_one=all(note.endswith(NEAR_ONE) for note in notes))


def answers_rule(parts) -> tuple:
    """What the answers note says of a question's ``parts`` (part specs), as written_answer writes
    their answers: the decimal places over 0 the numeric ones set, the significant figures over 4
    a ``sigfigs`` rule of theirs asks, and whether one has an ``rtol`` or ``atol`` window."""
    numeric = [part for part in parts if part.kind == "numeric"]
    rules = [part.tolerance or {} for part in numeric]
    windows = [rule for rule in rules if "rtol" in rule or "atol" in rule]
    return (frozenset(part.decimals for part in numeric if part.decimals and part.decimals > 0),
            frozenset(rule["sigfigs"] for rule in rules if rule.get("sigfigs", 0) > 4 and rule not in windows),
            bool(windows))


def answers_note(rule: tuple, credit: str = PAPER_CREDIT, near_one: bool = True) -> str:
    """ANSWERS_NOTE for numeric parts written as ``rule`` (answers_rule) says: to their decimal
    places at least (an answer of 1 or more has 4 decimals, so 5 figures), and to the figures
    their tolerance asks; ``credit`` says how an answer worked with rounded intermediates is marked."""
    return _answers_note(*rule, credit, near_one)


@lru_cache(maxsize=256)
def _answers_note(shown: frozenset, figures: frozenset, window: bool, credit: str, near_one: bool) -> str:
    """:func:`answers_note` for the parts' ``shown`` decimals (those over 0), the ``figures`` over
    4 they ask and whether one has a ``window``, written once per kind of question: every question
    of a template has the same note."""
    if len(shown) == 1:
        d = next(iter(shown))
        places = f", or to {d} decimal places where that shows more (an answer of {10 ** max(4 - d, 0):g} or more)"
    else:
        places = ", or to the decimal places its part sets where that shows more" if shown else ""
    each = "Each answer here" if credit == LMS_CREDIT else "Each answer"   # an LMS quiz's note is under one question
    return ANSWERS_NOTE.format(places=places, asked=_asked(figures, window), credit=credit, each=each,
                               near_one=NEAR_ONE if near_one else "")


def _asked(figures: frozenset, window: bool) -> str:
    """ANSWERS_NOTE's ``{asked}``: the more figures a part's tolerance asks, which its answer is written to."""
    if len(figures) == 1:
        n = next(iter(figures))
        said = f", or to {n} where its part asks for {n}"
    else:
        said = ", or to as many as its part asks for where that is more" if figures else ""
    return said + (", or with more decimal places where its part's tolerance is narrower than that rounding"
                   if window else "")


MATH_FORMATS = ("tex", "md")
"""Formats whose worked solutions print display-size fractions (text/fractions.py); not in
the check: it is a sentence of running text, where a display-size fraction opens a gap
between its lines on the printed page and sets huge inline in MathJax/KaTeX."""


def question_view(question: Question, fmt: str, rounding_rule: str | None = None) -> dict:
    """Everything a layout needs about one question, rendered for ``fmt`` (kept on the question);
    ``rounding_rule``: what ``{{ rounding_rule }}`` prints instead of the paper's (an LMS export's own)."""
    kept = fmt if rounding_rule is None else (fmt, rounding_rule)
    view = question.views.get(kept)
    if view is None:
        try:
            view = question.views[kept] = _make_view(question, fmt, rounding_rule)
        except TemplateError as exc:
            raise located_error(question.instance, fmt, exc) from exc
        except RecursionError:   # an exact value deeper than its printers go: the template's limit
            raise limit_error(question.instance.template, ("parts",), *NESTING) from None
    return view


def _make_view(question: Question, fmt: str, rounding_rule: str | None) -> dict:
    """The view of :func:`question_view`: every text piece of the question rendered in one go."""
    inst = question.instance
    context = inst.context if rounding_rule is None else {**inst.context, "rounding_rule": rounding_rule}
    template = inst.template
    solution = template.solution
    steps = solution["steps"]
    sources = [template.stem, solution["forecast"], solution["verify"]]
    sources += [pv.part.ask for pv in inst.parts]
    sources += [s[key] for s in steps for key in ("title", "why", "work")]
    stem, forecast, verify, *rest = render_many(sources, context, fmt)
    asks, texts = rest[:len(inst.parts)], rest[len(inst.parts):]
    if fmt in MATH_FORMATS:   # the worked solution's paragraphs, not the question's own text nor the check
        forecast, *texts = [display_fractions(t) for t in (forecast, *texts)]
    points, is_shipped = template.part_points(), shipped(template)
    return {
        "id": question.id, "cls": template.cls, "title": template.title, "points": template.points,
        "template": template.id,   # named with the question when the PDF loses its foot (pdf.py)
        "points_text": points_text(template.points), "stem": stem,
        "stem_paragraphs": tex_paragraphs(stem) if fmt in ("tex", "pdf") else None,   # \qzbeside's pieces
        "figure": figure_markup(inst, fmt),
        "parts": [_part_view(pv, ask, share, len(steps), inst.env) for pv, ask, share in zip(inst.parts, asks, points)],
        "numeric": any(pv.part.kind == "numeric" for pv in inst.parts),
        "answers_note": answers_note(answers_rule(pv.part for pv in inst.parts), near_one=is_shipped),
        "answers_rule": answers_rule(pv.part for pv in inst.parts),   # paper_answers_note's, for several questions
        "forecast": forecast,
        "forecast_shows": tuple(solution.get("forecast_shows", ())),   # parts whose answer it states (the drill)
        "steps": [{"title": texts[i], "why": texts[i + 1], "work": texts[i + 2],
                   "shows": tuple(step.get("shows", ()))}   # parts whose answer the step states (the drill)
                  for i, step in zip(range(0, len(texts), 3), steps)],
        "verify": verify,
        "reference": reference_differences(inst),
        "shipped": is_shipped,   # the paper's own conventions hold for it (paper_view's own_conventions)
    }


REFERENCE_NOTE = ("This key is worked from unrounded values, and {count} of the reference's answers differ from "
                  "it in their last figure: {pairs}. Each pair agrees to the 3 significant figures asked for, and "
                  "the grader accepts both.")
"""Under the worked examples' solutions (``paper_reference_note``): the key is not the reference's to 4
figures; each pair says why when its template's ``canonical.why`` does (docs/authoring.md)."""


def reference_differences(inst) -> tuple:
    """(part letter, the reference's number, the key's to as many figures, why or "")
    for each numeric part of the reference's own example (the canonical draw) whose
    key, rounded to the figures the reference prints, is not the reference's number
    (why: the template's ``canonical.why`` for the part)."""
    if inst.seed_label != CANONICAL:
        return ()
    expect, why, found = inst.template.canonical.get("expect", {}), inst.template.canonical.get("why") or {}, []
    for pv in inst.parts:
        stated = expect.get(pv.part.name)
        if pv.part.kind != "numeric" or isinstance(stated, (bool, str)) or stated is None:
            continue
        figures = len(repr(float(stated)).lstrip("-0.").replace(".", "").rstrip("0") or "0")
        ours = significant(float(pv.value), figures)
        if float(ours) != float(stated):
            found.append((pv.letter, repr(float(stated)), ours, why.get(pv.part.name, "").strip()))
    return tuple(found)


def paper_reference_note(questions: list) -> str:
    """REFERENCE_NOTE for the questions' differences from the reference ('' when none)."""
    pairs = [(q["id"], *found) for q in questions for found in q.get("reference", ())]
    if not pairs:
        return ""
    shown = [f"{qid}({letter}) {stated} in the reference, {ours} here" + (f" ({why})" if why else "")
             for qid, letter, stated, ours, why in pairs]
    return REFERENCE_NOTE.format(count=_COUNT.get(len(pairs), str(len(pairs))), pairs="; ".join(shown))


_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


SUMMARY_KEYS = ("id", "cls", "title", "points", "points_text", "numeric", "answers_note", "answers_rule", "reference",
                "shipped")


def question_summary(question: Question, fmt: str, layouts=None) -> dict:
    """What a whole-document layout needs of one question: its id, title and points,
    whether it has a figure, and its problem and solution blocks and its rows of the
    solutions' answer table, printed by the per-question layouts (``problem-question.<fmt>.j2``,
    ``solution-question.<fmt>.j2``, ``key-rows.<fmt>.j2``): text, so that a spool holds them all."""
    summary = question.summaries.get(fmt)
    if summary is None:
        view = question_view(question, fmt)
        layouts = layouts or builtin_templates_dir()
        source = FORMATS[fmt].source if fmt in FORMATS else fmt   # a question's own format (validate's md, tex)
        summary = {key: view[key] for key in SUMMARY_KEYS}
        summary["figure"] = view["figure"] is not None
        for kind in ("problem", "solution"):
            summary[f"{kind}_block"] = render_layout(f"{kind}-question.{source}.j2", source, layouts, q=view)
        rows = [_key_row(pv, part) for pv, part in zip(question.instance.parts, view["parts"])]
        summary["key_block"] = render_layout(f"key-rows.{source}.j2", source, layouts, q=view, rows=rows)
        question.summaries[fmt] = summary
    return summary


def _key_row(pv, part: dict) -> dict:
    """A part's row of the solutions' answer table: its letter, its answer at the figures the
    paper asks (a numeric part with a ``sigfigs`` rule; else as the key writes it), the key's
    own answer, and its points."""
    spec, asked = pv.part.tolerance or {}, part["answer"]
    if pv.part.kind == "numeric" and pv.value is not None and "atol" not in spec and "rtol" not in spec:
        asked = significant(pv.value, spec.get("sigfigs", DEFAULT_SIGFIGS))
    return {"letter": part["letter"], "asked": asked, "answer": part["answer"], "points_text": part["points_text"]}


SPACE_CM = {"word": 0.6, "integer": 1.5, "numeric": 2.2}
"""Default working space under a part, in cm, by kind; numeric parts of a
question whose solution takes several steps get MULTI_STEP_CM more."""
MULTI_STEP_CM = 1.0


def working_space(part, steps: int) -> float:
    """The working space under ``part`` in cm: the template's ``space:``, else by
    kind (more for numeric parts of multi-step questions, less for word parts)."""
    if part.space is not None:
        return part.space
    extra = MULTI_STEP_CM if part.kind == "numeric" and steps > 2 else 0.0
    return SPACE_CM.get(part.kind, SPACE_CM["numeric"]) + extra


@lru_cache(maxsize=4096)
def points_text(points) -> str:
    """Points as printed on the paper: ``4``, ``1.5``, ``1.33`` (a template's
    few values, printed once: every instance prints the same)."""
    return fixed(points, 2).rstrip("0").rstrip(".")


def _part_view(pv, ask: str, share, steps: int, env: dict) -> dict:
    """One part of a question's view; ``latex``, the exact value for "exactly
    ...", is None where it would only repeat the printed answer (a count, 0, 0.25)."""
    answer = pv.written
    latex = _exact_latex(pv, answer, env) if pv.value is not None else None
    return {"letter": pv.letter, "ask": ask, "points": share, "points_text": points_text(share),
            "kind": pv.part.kind, "space": working_space(pv.part, steps), "answer": answer,
            "latex": None if latex == answer else latex}


def _exact_latex(pv, answer: str, env: dict) -> str:
    """LaTeX of a part's exact value: a rational one that the printed ``answer`` rounds
    as the part's answer expression with this draw's numbers put in, ``(1 - 0.07)^{10}``
    for 0.48398230717929318249 (exact arithmetic folds it to one number, where an
    irrational value keeps its own expression); any other as its value."""
    shown = exact_in_numbers(pv, answer, env)
    return to_latex(pv.value if shown is None else shown)
