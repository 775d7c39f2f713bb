"""The checked fields a template's record in key.json gives each of its
questions (or a whole question record holds itself): class, title, points,
the ECF recipes, and the template's ECF credit, written only below 1."""

from __future__ import annotations

from quizgen.key import checks
from quizgen.key.checks import Where
from quizgen.key.recipes import read_recipes
from quizgen.maths.shares import MIN_SHARE, read_share

ECF_CREDIT_VERSION = 6
"""The key version of a key in which some template sets ``ecf_credit`` below 1: a quizgen
that reads up to version 5 would ignore the field and give ECF full marks, so it must
refuse the key ("upgrade quizgen") rather than mark it otherwise; other keys keep theirs."""

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
        fields["ecf_credit"] = _share(record["ecf_credit"], where / "ecf_credit")
    return fields


def template_head(fields: dict) -> tuple:
    """The values of ``HEAD`` in order, from a template's ``question_fields`` (defaults where absent)."""
    return tuple(fields.get(name, default) for name, default in HEAD)


def _share(value, where: Where) -> float:
    """An ECF credit: a number from 0 to 1, 0 or at least 0.0001 (the share rule of maths/shares.py)."""
    share = read_share(float(checks.number(value, where, 0, 1)))   # a JSON number, then the one rule (-0.0 is 0)
    if share is None:
        raise where.fail(f"expected 0 or a share of at least {MIN_SHARE:g} (scores are shown to 4 decimals), "
                         f"got {float(value):g}")
    return share


def version_with(credits, version: int) -> int:
    """``version``, or ECF_CREDIT_VERSION when any of the questions' ECF ``credits`` is below 1."""
    return ECF_CREDIT_VERSION if any(credit != 1.0 for credit in credits) else version
