"""The two rules of docs/architecture.md that a development tool beside the
repository checks (structure_check.py), kept by the suite as well so that a
clone without it still enforces them: no module of quizgen over 400 lines, and
no import cycle between modules (imports inside functions count)."""

import pytest
import ast
from pathlib import Path

import quizgen

PACKAGE = Path(quizgen.__file__).parent
LIMIT = 400


def modules() -> dict:
    """``{dotted name: path}`` of every module of the package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path, name: str, known: dict) -> set:
    """The quizgen modules the module ``name`` imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for alias in node.names:   # a submodule by its name, else the module the name is taken from
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in out if m in known and m != name}


@pytest.mark.slow
def test_no_module_is_over_the_line_budget():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert long == {}


@pytest.mark.slow
def test_no_two_modules_import_each_other_however_indirectly():
    known = modules()
    graph = {name: imports(path, name, known) for name, path in known.items()}
    state, cycles = {}, []

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycles.append(trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []
