"""docs/maths.md says what quizgen/maths/ imports of the rest of quizgen; it
named only quizgen.errors while the parser and settle.py import quizgen.wording
(round 52's review, F12). The sentence is held to the imports here."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _imported_outside_maths() -> set:
    found = set()
    for path in (ROOT / "quizgen" / "maths").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            found |= {n for n in names if n.startswith("quizgen.") and not n.startswith("quizgen.maths")}
    return found


def test_maths_md_names_every_module_outside_maths_it_imports():
    text = " ".join((ROOT / "docs" / "maths.md").read_text(encoding="utf-8").split())
    said = re.search(r"imports nothing of quizgen except (.*?), so ", text)
    assert said, "maths.md's sentence on what maths/ imports is gone"
    assert set(re.findall(r"`(quizgen\.[\w.]+)`", said[1])) == _imported_outside_maths()
