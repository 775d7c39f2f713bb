"""The class report: item analysis of a graded class (``-items.csv``), Markdown
sections for the grading report, and a self-contained HTML page (``-report.html``).

Grading hands over plain data: the key's parts (``Part``) and, per student, one
final ``Verdict`` per part (``None`` where the student's paper has no such part).
docs/report.md describes the interface, every statistic and how to read it."""

from __future__ import annotations

from quizgen.files import write_files
from quizgen.report.analysis import analyse
from quizgen.report.html import report_html
from quizgen.report.model import Analysis, Part, Student, Trap, Verdict
from quizgen.report.sections import add_sections
from quizgen.report.tables import items_csv, markdown_sections

__all__ = ["Analysis", "Part", "Student", "Trap", "Verdict", "analyse",
           "items_csv", "markdown_sections", "report_html", "write_class_report"]


def write_class_report(parts, students, out_folder, stem: str, title: str = "Class report",
                       analysis: Analysis = None) -> dict:
    """Write ``<stem>-items.csv`` and ``<stem>-report.html`` into ``out_folder``
    atomically; returns ``{"items": path, "html": path}``. Pass ``analysis`` (from
    ``analyse``) to reuse one already computed for the Markdown sections."""
    analysis = analysis or analyse(parts, students)
    if not analysis.sections:
        add_sections(analysis, parts, students)
    names = {"items": f"{stem}-items.csv", "html": f"{stem}-report.html"}
    paths = write_files(out_folder, {names["items"]: items_csv(analysis),
                                     names["html"]: report_html(analysis, title)})
    return dict(zip(names, paths))

