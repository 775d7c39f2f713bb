"""docs/architecture.md names each module where it lives: a module of a subpackage
is named in that package's row of the package map, or by its path (`grading/run.py`),
and every path the page names is a module that exists.  (tests/test_docs.py checks
names alone, which a module named in another package's row would pass.)"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _package_rows(page: str) -> dict:
    rows = {}
    for line in page.splitlines():
        match = re.match(r"\| `([a-z_]+)/` \|", line)
        if match:
            rows[match.group(1)] = line
    return rows


def _misplaced(page: str) -> list:
    """Modules of a subpackage named neither in its row nor by their path."""
    rows = _package_rows(page)
    misplaced = []
    for path in sorted((ROOT / "quizgen").rglob("*.py")):
        rel = path.relative_to(ROOT / "quizgen")
        if len(rel.parts) == 1 or path.name == "__init__.py":
            continue
        if f"{rel.as_posix()}`" in page or f"`{path.name}`" in rows.get(rel.parts[0], ""):
            continue
        misplaced.append(rel.as_posix())
    return misplaced


def test_each_subpackage_module_is_named_in_its_own_row_or_by_its_path():
    misplaced = _misplaced(PAGE)
    assert not misplaced, f"docs/architecture.md does not name these in their package's row: {misplaced}"


def test_a_module_missing_from_its_row_is_caught():
    assert _misplaced(PAGE.replace("`kept_values.py`", "`kept_valuez.py`")) == ["grading/kept_values.py"]


def test_every_package_has_a_row_and_every_named_path_exists():
    packages = sorted(p.name for p in (ROOT / "quizgen").iterdir()
                      if p.is_dir() and (p / "__init__.py").exists())
    assert sorted(_package_rows(PAGE)) == packages
    named = set(re.findall(r"`((?:[a-z_]+/)+[a-z_]+\.py)`", PAGE))
    ghosts = sorted(p for p in named if not (ROOT / "quizgen" / p).exists() and not (ROOT / p).exists())
    assert not ghosts, f"docs/architecture.md names paths that do not exist: {ghosts}"
