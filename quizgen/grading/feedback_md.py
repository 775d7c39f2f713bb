"""Markdown feedback sheets with their figures as SVG files beside them.

Inline SVG in Markdown is dropped or shown as markup by many viewers (GitHub
sanitises it, pandoc leaves it out of PDF and DOCX, a plain-text reader sees
tags), so each loss-curve figure is written to its own ``.svg`` file and the
sheet shows it as a Markdown image whose alt text says in words what the
figure marks (``p = 0.6952 and -ln p = 0.3636``), for a reader that shows no
image. A figure the same on every sheet (two or more) that has its question (a class paper)
is written once, ``<question>-figure.svg``; any other is the student's own,
``<sheet>-<question>-figure.svg`` (a long sheet name cut so that its question
survives). The names are safe as the sheets' are, never
another file's in the folder, and the files are written with the sheets (one
atomic write, listed in the folder's list of sheets)."""

from __future__ import annotations

import re

from quizgen.generation.figures import X_MEANING, LossPoint, point_label
from quizgen.grading.feedback import foreign_stems, sheet_markdown, student_sheets
from quizgen.file_names import NAME_LIMIT
from quizgen.grading.feedback_names import safe_file_names
from quizgen.grading.outcome import comma_number
from quizgen.grading.sheet_index import with_index
from quizgen.text.md_escape import escaped_marks

FIGURE_EXT = ".svg"


def markdown_sheets(result, key, outputs, columns: tuple, comma: bool = False, carried: int = 0) -> dict:
    """``{"<student>.md": text, "<name>.svg": figure, "index.csv": index}``: every student's sheet,
    the figures they show and which sheet is whose, to write with ``write_sheet_files``; ``carried``:
    the policy's carried_figures (feedback.student_sheets)."""
    students, context = student_sheets(result, key, outputs, columns, comma, carried)
    sheets = sheets_of(students, context, outputs.feedback)
    result.warnings.extend(context.solutions.warning())
    return with_index(sheets, students, outputs.feedback, result.files)


def sheets_of(students, context, folder) -> dict:
    """``{"<stem>.md": text, "<name>.svg": figure}`` for ``students`` (as
    feedback.student_sheets gives them, the stems already safe in ``folder``):
    every class's sheets, or the PDF sheets that would not compile (feedback_pdf)."""
    images, figures = sheet_figures(students, context, folder)
    sheets = {f"{stem}.md": sheet_markdown(total, questions, number, *context, figures=images.get(number))
              for stem, total, questions, number in students}
    return {**sheets, **figures}


def sheet_figures(students, context, folder) -> tuple:
    """``({student number: {question position: Markdown image}}, {file name:
    SVG})`` for every worked solution with a figure, each drawing written once
    when it is the same for every student whose paper has its question.
    ``students`` and ``context``: as feedback.student_sheets gives them."""
    drawn = {}   # {question id: [(sheet stem, student number, question position, figure)]}
    for stem, _, questions, number in students:
        for at, question in enumerate(questions):
            view = context.solutions.view(question, "md", context.comma)
            if not isinstance(view, str) and view.get("figure"):
                drawn.setdefault(question.id, []).append((stem, number, at, view["figure"]))
    wanted = []   # (name wanted, [(student number, question position)], figure)
    for question_id, uses in drawn.items():
        if len(uses) > 1 and len({figure["solution"] for *_, figure in uses}) == 1:
            wanted.append((f"{question_id}-figure", [(number, at) for _, number, at, _ in uses], uses[0][3]))
        else:
            wanted += [(own_figure_name(stem, question_id), [(number, at)], figure) for stem, number, at, figure in uses]
    texts = [figure["solution"].strip() + "\n" for _, _, figure in wanted]
    taken = foreign_stems(folder, FIGURE_EXT, texts, [stem for stem, *_ in students])
    names = safe_file_names([name for name, _, _ in wanted], taken)
    images, files = {}, {}
    for name, (_, users, figure), text in zip(names, wanted, texts):
        files[name + FIGURE_EXT] = text
        for number, at in users:
            images.setdefault(number, {})[at] = f"![{figure_alt(figure, context.comma)}]({name}{FIGURE_EXT})"
    return images, files


def own_figure_name(stem: str, question_id: str) -> str:
    """``<sheet>-<question>-figure``, the sheet's stem cut so the whole fits in
    NAME_LIMIT: the question and ``-figure`` always survive (a long id's cut
    left only the sheet's stem, its figures then told apart by -2, -3)."""
    suffix = f"-{question_id}-figure"
    return stem[:max(1, NAME_LIMIT - len(suffix))] + suffix


def figure_alt(figure: dict, comma: bool = False) -> str:
    """What the solution's figure shows, in words (a reader with no image,
    pandoc's caption): the curve, its p axis in the template's words, and the
    point it marks with the numbers its label prints, as the figure's own title and label write them
    (the minus sign, p-hat as p and a combining circumflex: a screen reader said "p underscore hat"
    and "dash l n" of the ASCII), with decimal commas when ``comma``; Markdown's markup escaped (the
    name is TeX maths, not Markdown)."""
    said = []
    for line in point_label(LossPoint(figure["p"], figure.get("name", "p"), shown=figure.get("shown"))):
        name, _, number = line.partition(" = ")
        said.append(f"{name} = {comma_number(number, comma)}")
    axis = figure.get("axis") or X_MEANING   # the template's own words (C1: the true word), else the default
    return escaped_marks(f"The loss \u2212ln p against p, {axis}; the dot marks {' and '.join(said)}.", _ALT_MARKUP)


# What Markdown would read as markup in an image's alt text (a name's P(s < 1), [x]): escaped, a special
# token ([CLS]) kept bare, as escape_md does, but for an underscore inside a word (p_hat), which never marks emphasis.
_ALT_MARKUP = re.compile(r"[\\`*<>|\[\]$&]|(?<!\w)_|_(?!\w)")
