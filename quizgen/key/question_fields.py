"""The checked fields a template's record in key.json gives each of its
questions (or a whole question record holds itself): class, title, points,
the ECF recipes, and the template's ECF credit, written only below 1."""

from __future__ import annotations

from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.recipes import read_recipes

HEAD = (("cls", ""), ("title", ""), ("points", 0.0), ("recipes", None), ("ecf_credit", 1.0))
"""The fields, in KeyQuestion's order, that a question takes from its template, each with its default."""


def question_fields(record: dict, where: Where) -> dict:
    """The fields of ``HEAD`` that ``record`` holds, checked, as KeyQuestion takes them."""
    fields = {}
    if "class" in record:
        fields["cls"] = checks.text(record["class"], where / "class", checks.MAX_ID)
    if "title" in record:
        fields["title"] = checks.text(record["title"], where / "title")
    if "points" in record:
        fields["points"] = checks.number(record["points"], where / "points", 0, checks.MAX_POINTS)
    if "recipes" in record:
        fields["recipes"] = read_recipes(record["recipes"], where / "recipes")
    if "ecf_credit" in record:
        fields["ecf_credit"] = float(checks.number(record["ecf_credit"], where / "ecf_credit", 0, 1))
    return fields


def template_head(fields: dict) -> tuple:
    """The values of ``HEAD`` in order, from a template's ``question_fields`` (defaults where absent)."""
    return tuple(fields.get(name, default) for name, default in HEAD)
