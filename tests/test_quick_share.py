"""The quick share's list of timed-out tests (tests/slow_tests.txt): what it names
exists, and conftest marks exactly those tests `slow`."""

import re
from pathlib import Path
from types import SimpleNamespace

import conftest

TESTS = Path(__file__).parent


def test_every_listed_test_is_defined_in_its_file():
    """A renamed or deleted test leaves a stale line that would mark nothing."""
    missing = []
    for node_id in sorted(conftest.listed_slow(conftest.SLOW_LIST)):
        file_name, *names = node_id.split("::")
        source = (TESTS.parent / file_name).read_text(encoding="utf-8")
        function = re.sub(r"\[.*$", "", names[-1])
        if not re.search(rf"^\s*def {re.escape(function)}\(", source, re.MULTILINE):
            missing.append(node_id)
    assert missing == []


def test_the_list_reads_node_ids_and_skips_its_header(tmp_path):
    listed = tmp_path / "slow.txt"
    listed.write_text("# how it was made\ntests/test_a.py::test_b[x-1]\n\ntests/test_c.py::test_d\n", encoding="utf-8")
    assert conftest.listed_slow(listed) == {"tests/test_a.py::test_b[x-1]", "tests/test_c.py::test_d"}
    assert conftest.listed_slow("") == frozenset()


def test_only_the_listed_tests_are_marked_slow(tmp_path, monkeypatch):
    listed = tmp_path / "slow.txt"
    listed.write_text("tests/test_a.py::test_b[1]\n", encoding="utf-8")
    monkeypatch.setenv("QUIZGEN_SLOW_LIST", str(listed))
    items = [SimpleNamespace(nodeid=node_id, marks=[]) for node_id in
             ("tests/test_a.py::test_b[1]", "tests/test_a.py::test_b[2]")]
    for item in items:
        item.add_marker = item.marks.append
    conftest.pytest_collection_modifyitems(items)
    assert [[mark.name for mark in item.marks] for item in items] == [["slow"], []]

