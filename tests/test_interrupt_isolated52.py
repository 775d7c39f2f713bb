"""No test sends SIGINT to pytest's own process: one that did could land in a
garbage-collector callback (hypothesis keeps one) and print a KeyboardInterrupt
traceback in a passing run (round 52's review, F5). Such tests run the
interrupt in a process of their own (interrupt_support.run_interrupted)."""

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def _self_interrupts(path: Path) -> list:
    """The lines of ``path`` that call os.kill or signal.raise_signal with SIGINT (not in a child's script text)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("kill", "raise_signal", "pthread_kill") \
                and any(isinstance(arg, ast.Attribute) and arg.attr == "SIGINT" for arg in node.args):
            found.append(node.lineno)
    return found


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_no_test_interrupts_its_own_process():
    assert {p.name: lines for p in sorted(TESTS.glob("*.py")) if (lines := _self_interrupts(p))} == {}
