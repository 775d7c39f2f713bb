"""The package layering docs/architecture.md states, checked on every import
(imports inside functions count): a package imports only packages at or
below its own layer. ``structure_check`` finds module cycles; this finds a
package reaching up (grading and report imported each other's modules
without a module cycle)."""

import pytest
import re
from pathlib import Path

import quizgen

PACKAGE = Path(quizgen.__file__).parent
LAYERS = [{"errors"}, {"maths"}, {"text"}, {"bank"}, {"generation"}, {"marking"}, {"report", "lms"}, {"grading"},
          {"validation"}, {"drill"}, {"cli"}]
LEVEL = {name: level for level, names in enumerate(LAYERS) for name in names}


_IMPORT = re.compile(r"^\s*(?:from|import)\s+quizgen\.(\w+)", re.M)


def imported_packages(path: Path) -> set:
    """The quizgen packages (and cli) that the module at ``path`` imports, anywhere
    in it: every import statement starts a line (a regular expression reads them
    ten times faster than the parser would)."""
    return set(_IMPORT.findall(path.read_text(encoding="utf-8")))


def owner(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


@pytest.mark.slow
def test_no_module_imports_a_package_above_its_own_layer():
    reaching_up = []
    for path in sorted(p for p in PACKAGE.rglob("*.py") if owner(p) in LEVEL):
        level = LEVEL[owner(path)]
        above = sorted(name for name in imported_packages(path) if LEVEL.get(name, -1) > level)
        if above:
            reaching_up.append(f"{path.relative_to(PACKAGE)} imports {above}")
    assert not reaching_up, reaching_up


def test_errors_the_bottom_layer_imports_nothing_of_quizgen():
    """Round 39: errors.py imported quizgen.text.words (named_first) below the layer it sits at."""
    assert imported_packages(PACKAGE / "errors.py") == set()


def test_the_check_sees_imports_inside_functions(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from quizgen.grading.report import summary_text\n", encoding="utf-8")
    assert imported_packages(module) == {"grading"}


KEY_MAKERS = ("key/entries.py", "key/writer.py", "marking/recipes.py", "marking/percent.py")
"""The modules that make keys from generated instances, and the two marking modules they use:
generation/make.py calls them, so they sit at the generation layer (docs/architecture.md)."""
_MODULE = re.compile(r"^\s*(?:from|import)\s+quizgen\.(\w+)\.(\w+)", re.M)


def test_the_key_makers_sit_at_the_generation_layer():
    """rev43d F3: generation reaches marking through key/entries.py, which the package
    check passed over (key/ is in no layer); only these two marking modules may be used."""
    allowed = {("marking", "recipes"), ("marking", "percent")}
    reaching_up = []
    for name in KEY_MAKERS:
        text = (PACKAGE / name).read_text(encoding="utf-8")
        above = sorted(f"{package}.{module}" for package, module in _MODULE.findall(text)
                       if LEVEL.get(package, -1) > LEVEL["generation"] and (package, module) not in allowed)
        reaching_up += [f"{name} imports {above}"] * bool(above)
    assert not reaching_up, reaching_up
    for name in ("marking/recipes.py", "marking/percent.py"):   # maths and errors only: the layer stays sound
        assert imported_packages(PACKAGE / name) <= {"errors", "maths"}, name
